// Locally, the reconciliation job's trigger (POST /dev/payments/reconcile): the Cron Trigger's code, run at
// a chosen time, optionally for one member's payments only.

import { createRoute, type z } from "@hono/zod-openapi";
import { accountIdOf } from "../auth/auth.service";
import { ReconcileAnswer, ReconcileRequest } from "../contracts/payments";
import { AppError } from "../core/errors";
import { localOnly } from "../core/middleware";
import { errorResponse, featureApp, json } from "../core/openapi";
import { providerById } from "./providers";
import { reconcilePayments } from "./reconciliation.service";
import { announceSubscriptionEvents } from "./subscription-mail";

const reconcileNow = createRoute({
  method: "post",
  path: "/dev/payments/reconcile",
  tags: ["dev"],
  summary: "Local only: runs the payment reconciliation job (the Cron Trigger's) as if the time were `now`",
  description:
    "clickid limits the run to one member's payments (tests side by side do not touch each other's).",
  middleware: [localOnly] as const,
  request: { body: { ...json(ReconcileRequest), required: true } },
  responses: {
    200: {
      description: "What the job did: payments checked, repaired, closed, open, skipped, failed",
      ...json(ReconcileAnswer),
    },
    404: errorResponse("in production, or no such member"),
  },
});

export const reconciliationRoutes = featureApp().openapi(reconcileNow, async (c) => {
  const body = c.req.valid("json");
  const now = body.now ? new Date(body.now) : new Date();
  const { config, db } = c.var;
  const member = body.clickid ? await accountIdOf(db, body.clickid) : null;
  if (body.clickid && !member) throw new AppError(404, "not_found", "No such member.");
  const only = member ? { accountId: member } : undefined;
  const { events, ...counts } = await reconcilePayments(
    { db, env: c.env },
    (id, brandId) => providerById(config, db, id, brandId),
    now,
    only,
  );
  await announceSubscriptionEvents({ env: c.env, config, db }, events);
  return c.json(counts satisfies z.infer<typeof ReconcileAnswer>, 200);
});
