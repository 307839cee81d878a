// The member's plan after paying: the billing summary the profile shows (status, next billing date, the paylog
// with its receipts), the one-click unsubscribe (orders/unsubUser), the payment rules the payment page reads
// (pay_rules/get_pay_rules), and locally the renewal job's trigger (POST /dev/renewals/run).

import { createRoute, z } from "@hono/zod-openapi";
import { accountIdOf } from "../auth/auth.service";
import { sessionAccount } from "../auth/session.service";
import { Billing, ClickidBody, PayRules, RunRenewalsRequest, UnsubscribeAnswer } from "../contracts/billing";
import { AppError, forbidden } from "../core/errors";
import { loadFlow } from "../core/flows";
import { logEvent } from "../core/log";
import { localOnly, requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { memberRoom } from "../realtime/member-room";
import { billingSummary } from "./billing.service";
import { paymentSystemOf, providerById } from "./providers";
import { runRenewals } from "./renewals.service";
import { announceSubscriptionEvents } from "./subscription-mail";
import { keepsCard, UNSUBSCRIBED_LEVEL, unsubscribeMember } from "./subscriptions.service";

const billing = createRoute({
  method: "get",
  path: "/api/billing",
  tags: ["payments"],
  summary: "The member's plan status, next billing date and paylog (the own profile's billing section)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "The billing summary", ...json(Billing) },
    401: errorResponse("No valid session"),
  },
});

const unsubUser = createRoute({
  method: "post",
  path: "/orders/unsubUser",
  tags: ["payments"],
  summary: "One click: stops the member's plan from renewing; level 2 becomes 1, the paid period runs out",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(ClickidBody), required: true } },
  responses: {
    200: { description: "ok, or ko with disiscrizione_ko", ...json(UnsubscribeAnswer) },
    400: errorResponse("invalid_input"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

const payRules = createRoute({
  method: "post",
  path: "/pay_rules/get_pay_rules",
  tags: ["payments"],
  summary: "What the payment page may offer this member: methods, provider, descriptor, kept card",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(ClickidBody), required: true } },
  responses: {
    200: { description: "The rules", ...json(PayRules) },
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
  },
});

const runRenewalsNow = createRoute({
  method: "post",
  path: "/dev/renewals/run",
  tags: ["dev"],
  summary: "Local only: runs the renewal job (the Cron Trigger's) as if the time were `now`",
  description: "clickid limits the run to one member's plans (tests side by side do not renew each other's).",
  middleware: [localOnly] as const,
  request: { body: { ...json(RunRenewalsRequest), required: true } },
  responses: {
    200: {
      description: "What the job did to each subscription it handled",
      ...json(
        z.object({
          events: z.array(z.object({ kind: z.string(), subscriptionId: z.number().int() })),
          unsettled: z.number().int(),
        }),
      ),
    },
    404: errorResponse("in production"),
  },
});

export const subscriptionRoutes = featureApp()
  .openapi(billing, async (c) => {
    const account = await sessionAccount(c);
    return c.json((await billingSummary(c.var.db, account)) satisfies z.infer<typeof Billing>, 200);
  })
  .openapi(unsubUser, async (c) => {
    const { clickid } = c.req.valid("json");
    if (clickid !== c.var.session.clickid) throw forbidden();
    const outcome = await unsubscribeMember(c.var.db, c.var.session.accountId);
    const premiumLevel = Math.min(outcome.account?.premiumLevel ?? 0, UNSUBSCRIBED_LEVEL);
    if (outcome.result !== "unsubscribed" || !outcome.account) {
      return c.json({ status: "ko" as const, message: "disiscrizione_ko", premiumLevel }, 200);
    }
    logEvent("info", "payments.unsubscribed", { accountId: outcome.account.id });
    const { messageCredits, icebreakerCredits } = outcome.account;
    // Every tab learns the new level (the VIP entry comes back); a failure here leaves them to their next load.
    await (await memberRoom(c.env, clickid))
      .afterPurchase({ creditiMessaggi: messageCredits, creditiIcebreaker: icebreakerCredits, premiumLevel })
      .catch(() => undefined);
    return c.json({ status: "ok" as const, message: "disiscrizione_ok", premiumLevel }, 200);
  })
  .openapi(payRules, async (c) => {
    const { clickid } = c.req.valid("json");
    if (clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const flow = await loadFlow(c.var.db, account.fluxId);
    return c.json(
      {
        sistemi_pagamento: flow.sistemi_pagamento,
        payment_company: c.var.brand.public.payment_company,
        payment_system: paymentSystemOf(c),
        descriptor: c.var.brand.public.descriptor,
        currency: "EUR" as const,
        verificaEta: flow.verificaEta,
        verified: account.verifiedUser,
        actonfile: await keepsCard(c.var.db, account.id),
        premiumLevel: account.premiumLevel,
      },
      200,
    );
  })
  .openapi(runRenewalsNow, async (c) => {
    const body = c.req.valid("json");
    const now = body.now ? new Date(body.now) : new Date();
    const { config, db } = c.var;
    const member = body.clickid ? await accountIdOf(db, body.clickid) : null;
    if (body.clickid && !member) throw new AppError(404, "not_found", "No such member.");
    const only = member ? { accountId: member } : undefined;
    const run = await runRenewals(db, (id, brandId) => providerById(config, db, id, brandId), now, only);
    await announceSubscriptionEvents({ env: c.env, config, db }, run.events);
    return c.json(
      {
        events: run.events.map((e) => ({ kind: e.kind, subscriptionId: e.subscriptionId })),
        unsettled: run.unsettled,
      },
      200,
    );
  });
