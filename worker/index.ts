import { createApp } from "./app";
import { configOf } from "./config";
import { withDb } from "./core/db";
import { pgCode } from "./core/db-errors";
import { errorName, logEvent } from "./core/log";
import { runDigests } from "./notifications/email/email.service";
import { providerById } from "./payments/providers";
import { reconcilePayments } from "./payments/reconciliation.service";
import { runRenewals } from "./payments/renewals.service";
import { announceSubscriptionEvents } from "./payments/subscription-mail";
import { runDueErasures } from "./privacy/erasure.service";
import { auditRetention, runRetention } from "./privacy/retention.service";
import { deliverDuePostbacks } from "./tracking/postbacks.service";

export { UserRoom } from "../party/user-room";
export { OpsDesk } from "./ops/ops-desk";
export { RateLimiter } from "./ratelimit/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * The Cron Trigger (wrangler.toml): the renewals due at the scheduled time, and the reconciliation of the
   * recent payments whose outcome is not known yet, the trackers' due postbacks; each on its own, so one failing does not stop the other.
   */
  scheduled(controller, env, ctx) {
    const config = configOf(env);
    const now = new Date(controller.scheduledTime);
    // A job that fails (the database down or hung: every wait is bounded) stops and says so; the next run,
    // 15 minutes on, takes up what it left, and the charges' idempotency keys keep money moving once.
    const job = (name: string, run: Promise<unknown>) =>
      ctx.waitUntil(
        run.catch((error: unknown) =>
          logEvent("error", "cron.failed", { job: name, error: errorName(error), code: pgCode(error) }),
        ),
      );
    job(
      "renewals",
      withDb(config.database, async (db) => {
        const run = await runRenewals(db, (id, brandId) => providerById(config, db, id, brandId), now);
        await announceSubscriptionEvents({ env, config, db }, run.events);
      }),
    );
    job(
      "reconciliation",
      withDb(config.database, async (db) => {
        const run = await reconcilePayments(
          { db, env },
          (id, brandId) => providerById(config, db, id, brandId),
          now,
        );
        await announceSubscriptionEvents({ env, config, db }, run.events);
      }),
    );
    // The notification digests whose window is over: one mail per member.
    job(
      "notification-digests",
      withDb(config.database, (db) => runDigests(config, db, now)),
    );
    // The trackers' postbacks that are due (new ones, and failed ones whose backoff is over).
    job(
      "postbacks",
      withDb(config.database, (db) => deliverDuePostbacks(db, config, now)),
    );
    // The member's rights: the erasures whose grace period is over, then the retention periods.
    job(
      "member-rights",
      withDb(config.database, async (db) => {
        await runDueErasures({ db, env, config }, now);
        await auditRetention({ db }, await runRetention({ db, env, config }, now));
      }),
    );
  },
} satisfies ExportedHandler<Cloudflare.Env>;
