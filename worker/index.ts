import { createApp } from "./app";

export { UserRoom } from "../party/user-room";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Cloudflare.Env>;
