import { createApp } from "./app";
import { configOf } from "./config";
import { withDb } from "./core/db";
import { providerById } from "./payments/providers";
import { runRenewals } from "./payments/renewals.service";
import { announceSubscriptionEvents } from "./payments/subscription-mail";

export { UserRoom } from "../party/user-room";
export { OpsDesk } from "./ops/ops-desk";
export { RateLimiter } from "./ratelimit/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  /** The Cron Trigger (wrangler.toml): the renewals due at the scheduled time. */
  scheduled(controller, env, ctx) {
    const config = configOf(env);
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(
      withDb(config.database, async (db) => {
        const run = await runRenewals(db, (id, brandId) => providerById(config, db, id, brandId), now);
        await announceSubscriptionEvents({ env, config, db }, run.events);
      }),
    );
  },
} satisfies ExportedHandler<Cloudflare.Env>;
