// The member's rights on the profile: the data archive (its one-time link, made at once and mailed too), the
// marketing consents (shown and changed), and the deletion of the account (its code by e-mail for members
// without a password, then the request itself).
import { createRoute } from "@hono/zod-openapi";
import { authContext, sessionAccount } from "../auth/session.service";
import { MarketingConsents } from "../contracts/consents";
import {
  DeletionAccepted,
  DeletionRequest,
  ExportLink,
  ExportTokenParams,
  ExportZip,
  Rights,
} from "../contracts/privacy";
import { formatUtcTime } from "../core/dates";
import { errorName, logEvent } from "../core/log";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody, OkResult } from "../core/openapi";
import { sendMail } from "../mail/mail.service";
import { endMemberSessions } from "../realtime/member-room";
import { auditRight } from "./audit.service";
import { changeMarketingConsents, consentStates, marketingConsents } from "./consents.service";
import { requestDeletion, sendDeletionCode } from "./deletion.service";
import { archiveFiles, createExportLink, redeemExportLink, zipStream } from "./export.service";

const common = { tags: ["privacy"], security: bearerSecurity };

const readRights = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "get",
  path: "/api/privacy",
  summary: "The member's consents and what the rights' forms need",
  responses: {
    200: { description: "The member's rights", ...json(Rights) },
    401: errorResponse("No valid session"),
  },
});

const changeConsents = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "put",
  path: "/api/privacy/consents",
  summary: "Give or withdraw the marketing consents (promotions, third parties); each change is recorded",
  request: jsonBody(MarketingConsents.partial()),
  responses: {
    200: { description: "The consents as they now stand", ...json(MarketingConsents) },
    400: errorResponse("invalid_input"),
    401: errorResponse("No valid session"),
  },
});

const requestExport = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/api/privacy/export",
  summary: "A one-time link to a zip of all the member's data (also mailed); a few a day",
  responses: {
    200: { description: "The link, good once until expiresAt", ...json(ExportLink) },
    401: errorResponse("No valid session"),
    429: errorResponse("too_many_exports"),
  },
});

const downloadExport = createRoute({
  method: "get",
  path: "/api/privacy/export/{token}",
  tags: ["privacy"],
  summary: "The member's data as a zip, made now; the link works once",
  request: { params: ExportTokenParams },
  responses: {
    200: { description: "The zip", content: { "application/zip": { schema: ExportZip } } },
    302: { description: "A used or expired link: to /profile, which says so" },
    400: errorResponse("invalid_input"),
  },
});

const deletionCode = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/api/privacy/deletion/code",
  summary: "Mail a code that confirms the deletion (members without a password); one a minute",
  responses: {
    200: { description: "Sent", ...json(OkResult) },
    400: errorResponse("password_account: confirm with the password instead"),
    401: errorResponse("No valid session"),
    429: errorResponse("too_many_attempts"),
  },
});

const deleteAccount = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/api/privacy/deletion",
  summary: "Delete the account: it stops now and is erased after the grace period, unless the member logs in",
  request: jsonBody(DeletionRequest),
  responses: {
    200: { description: "Stopped; erased at erasureDueAt", ...json(DeletionAccepted) },
    400: errorResponse("wrong_password (field password), wrong_code (field code)"),
    401: errorResponse("No valid session"),
    429: errorResponse("too_many_tries"),
  },
});

export const privacyRoutes = featureApp()
  .openapi(readRights, async (c) => {
    const account = await sessionAccount(c);
    const { rights } = c.var.config;
    return c.json(
      {
        hasPassword: account.passwordHash !== null,
        marketing: await marketingConsents(c.var.db, account.id),
        consents: await consentStates(c.var.db, account.id),
        deletionGraceDays: rights.deletionGraceDays,
        exportsPerDay: rights.exportsPerDay,
      },
      200,
    );
  })
  .openapi(changeConsents, async (c) => {
    const accountId = c.var.session.accountId;
    const before = await marketingConsents(c.var.db, accountId);
    const after = await changeMarketingConsents(c.var.db, accountId, c.req.valid("json"), "profile");
    if (before.promotions !== after.promotions || before.third_parties !== after.third_parties) {
      await auditRight(c.var.db, "consent_changed", accountId, { ...after });
    }
    return c.json(after, 200);
  })
  .openapi(requestExport, async (c) => {
    const account = await sessionAccount(c);
    const { rights } = c.var.config;
    const { token, expiresAt } = await createExportLink(c.var.db, account, {
      perDay: rights.exportsPerDay,
      ttlMs: rights.exportLinkTtlMs,
    });
    const url = `${new URL(c.req.url).origin}/api/privacy/export/${token}`;
    try {
      await sendMail(authContext(c), {
        template: "data_export",
        to: account.email,
        language: c.var.brand.public.language,
        link: url,
        facts: { date: formatUtcTime(expiresAt, c.var.brand.public.language) },
        accountId: account.id,
      });
    } catch (error) {
      // The page has the link too.
      logEvent("error", "privacy.export_mail_failed", { accountId: account.id, error: errorName(error) });
    }
    return c.json({ url, expiresAt: expiresAt.toISOString() }, 200);
  })
  .openapi(downloadExport, async (c) => {
    c.header("cache-control", "no-store");
    const account = await redeemExportLink(c.var.db, c.req.valid("param").token);
    if (!account || account.brandId !== c.var.brand.public.id)
      return c.redirect("/profile?dati=scaduto", 302);
    const files = await archiveFiles(c.var.db, c.var.brand, account);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(zipStream(c.env, files), 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${c.var.brand.public.id}-my-data-${day}.zip"`,
      "cache-control": "private, no-store",
    });
  })
  .openapi(deletionCode, async (c) => {
    await sendDeletionCode(authContext(c), await sessionAccount(c));
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(deleteAccount, async (c) => {
    const account = await sessionAccount(c);
    const dueAt = await requestDeletion(authContext(c), account, c.req.valid("json"));
    // Every tab reloads and every socket closes: the sessions ended with the request.
    await endMemberSessions(c.env, account.clickid, "account_deleted");
    return c.json({ erasureDueAt: dueAt.toISOString() }, 200);
  });
