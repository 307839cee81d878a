import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import {
  MailgunWebhook,
  MailRemoveResult,
  OutboxMessages,
  OutboxQuery,
  SmsOutboxMessages,
  SmsOutboxQuery,
  TelegramOutboxMessages,
} from "../contracts/mail";
import { AppError } from "../core/errors";
import { logEvent } from "../core/log";
import { localOnly } from "../core/middleware";
import { errorResponse, featureApp, htmlPage, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { pushOutboxHtml } from "../notifications/push-outbox.service";
import { telegramOutboxRows } from "../notifications/telegram/telegram.service";
import { changeMarketingConsents } from "../privacy/consents.service";
import { smsOutboxRows } from "../sms/sms.service";
import { listPostbacks } from "../tracking/postbacks.service";
import { outboxRows, suppressAddress } from "./mail.service";
import { checkSignature, rememberToken } from "./mailgun-signature";
import { outboxHtml } from "./outbox-page";

/**
 * Malformed JSON answers 400 in the app's error shape: the body validator's own HTTPException would
 * otherwise reach app.onError as an unexpected error (500).
 */
const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    throw new AppError(415, "unsupported_media_type", "body: send application/json", { field: "body" });
  }
  try {
    await c.req.json();
  } catch {
    throw new AppError(400, "invalid_input", "body: malformed JSON", { field: "body" });
  }
  await next();
});

const outboxPage = createRoute({
  method: "get",
  path: "/dev/outbox",
  tags: ["dev"],
  summary: "Local only: the mails kept instead of sent, newest first, as a page with clickable links",
  middleware: [localOnly] as const,
  request: { query: OutboxQuery },
  responses: {
    200: htmlPage("an HTML page"),
    404: errorResponse("in production"),
  },
});

const outboxJson = createRoute({
  method: "get",
  path: "/dev/outbox.json",
  tags: ["dev"],
  summary: "Local only: the mails kept instead of sent, newest first",
  middleware: [localOnly] as const,
  request: { query: OutboxQuery },
  responses: {
    200: {
      description: "messages, newest first",
      ...json(OutboxMessages),
    },
    404: errorResponse("in production"),
  },
});

const smsOutboxJson = createRoute({
  method: "get",
  path: "/dev/outbox/sms.json",
  tags: ["dev"],
  summary: "Local only: the text messages (SMS) kept instead of sent, newest first",
  middleware: [localOnly] as const,
  request: { query: SmsOutboxQuery },
  responses: {
    200: {
      description: "messages, newest first",
      ...json(SmsOutboxMessages),
    },
    404: errorResponse("in production"),
  },
});

const telegramOutboxJson = createRoute({
  method: "get",
  path: "/dev/outbox/telegram.json",
  tags: ["dev"],
  summary:
    "Local only: the Telegram messages kept instead of sent (brands without a bot token), newest first",
  middleware: [localOnly] as const,
  responses: {
    200: {
      description: "messages, newest first",
      ...json(TelegramOutboxMessages),
    },
    404: errorResponse("in production"),
  },
});

const mailRemove = createRoute({
  method: "post",
  path: "/cron/mailRemove",
  tags: ["mail"],
  summary: "Mailgun webhook: the recipient unsubscribed (or complained, or bounced for good)",
  middleware: [jsonBody] as const,
  request: { body: { ...json(MailgunWebhook), required: true } },
  responses: {
    200: {
      description: "accepted; suppressed says whether the event stopped mail to the recipient",
      ...json(MailRemoveResult),
    },
    400: errorResponse("the body is not Mailgun's event"),
    401: errorResponse("missing, wrong, stale or reused signature"),
  },
});

/** Mailgun events after which the address must get no more mail. */
function stopsMail(event: { event: string; severity?: string }): boolean {
  if (event.event === "unsubscribed" || event.event === "complained") return true;
  return event.event === "failed" && event.severity === "permanent";
}

export const mailRoutes = featureApp()
  .openapi(outboxPage, async (c) => {
    const { to } = c.req.valid("query");
    const [mails, sms, telegram, tracked, push] = await Promise.all([
      outboxRows(c.var.db, to),
      smsOutboxRows(c.var.db, undefined),
      telegramOutboxRows(c.var.db),
      listPostbacks(c.var.db, { brands: null, limit: 50 }),
      pushOutboxHtml(c.var.db),
    ]);
    return c.html(outboxHtml(mails, to, sms, telegram, tracked, push), 200);
  })
  .openapi(telegramOutboxJson, async (c) => {
    const rows = await telegramOutboxRows(c.var.db);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(smsOutboxJson, async (c) => {
    const rows = await smsOutboxRows(c.var.db, c.req.valid("query").to);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(outboxJson, async (c) => {
    const { to } = c.req.valid("query");
    const rows = await outboxRows(c.var.db, to);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(mailRemove, async (c) => {
    const body = c.req.valid("json");
    const verdict = await checkSignature(c.var.config.mailgunWebhookSigningKey, body.signature);
    if (verdict !== "ok") {
      logEvent(verdict === "unconfigured" ? "error" : "warn", "mail.webhook_refused", {
        requestId: c.var.requestId,
        reason: verdict,
      });
      throw new AppError(401, "invalid_signature", "The webhook signature is missing, wrong or stale.");
    }
    const event = body["event-data"];
    const signature = body.signature;
    if (!stopsMail(event)) {
      if (signature) rememberToken(signature.token, Number(signature.timestamp));
      logEvent("info", "mail.webhook_ignored", { requestId: c.var.requestId, mailEvent: event.event });
      return c.json({ result: "OK" as const, suppressed: false }, 200);
    }
    const email = event.recipient.toLowerCase();
    const updated = await suppressAddress(c.var.db, email, event.event);
    // An unsubscribe or a complaint is also the promotional consent withdrawn (GDPR art. 7(3)), recorded as such.
    if (event.event === "unsubscribed" || event.event === "complained") {
      for (const { id } of updated) {
        await changeMarketingConsents(c.var.db, id, { promotions: false }, "unsubscribe");
      }
    }
    if (signature) rememberToken(signature.token, Number(signature.timestamp));
    logEvent("info", "mail.unsubscribed", {
      requestId: c.var.requestId,
      mailEvent: event.event,
      accountIds: updated.map((a) => a.id),
    });
    return c.json({ result: "OK" as const, suppressed: true }, 200);
  });
