import { createApp } from "./app";

export { UserRoom } from "../party/user-room";
export { OpsDesk } from "./ops/ops-desk";
export { RateLimiter } from "./ratelimit/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Cloudflare.Env>;
