import { createApp } from "./app";
import { configOf } from "./config";
import { withDb } from "./core/db";
import type { ProviderId } from "./payments/provider";
import { providerById } from "./payments/providers";
import { reconcilePayments } from "./payments/reconciliation.service";
import { runRenewals } from "./payments/renewals.service";
import { announceSubscriptionEvents } from "./payments/subscription-mail";

export { UserRoom } from "../party/user-room";
export { OpsDesk } from "./ops/ops-desk";
export { RateLimiter } from "./ratelimit/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * The Cron Trigger (wrangler.toml): the renewals due at the scheduled time, then the reconciliation of the
   * recent payments whose outcome is not known yet.
   */
  scheduled(controller, env, ctx) {
    const config = configOf(env);
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(
      withDb(config.database, async (db) => {
        const providerOf = (id: ProviderId) => providerById(config, db, id);
        const renewals = await runRenewals(db, providerOf, now);
        await announceSubscriptionEvents({ env, config, db }, renewals.events);
        const reconciled = await reconcilePayments({ db, env }, providerOf, now);
        await announceSubscriptionEvents({ env, config, db }, reconciled.events);
      }),
    );
  },
} satisfies ExportedHandler<Cloudflare.Env>;
