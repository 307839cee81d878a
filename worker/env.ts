import type { Brand } from "./brands/brand";
import type { Db } from "./core/db";

/** The Worker's bindings (wrangler.toml vars, secrets and bindings). */
export interface Bindings {
  ASSETS: Fetcher;
  UserRoom: DurableObjectNamespace;
  /** Postgres connection string (Neon in production, PGlite or a local server in development). */
  DATABASE_URL: string;
  /** host:port of the local WebSocket-to-TCP proxy; unset in production (Neon's own proxy). */
  DB_WS_PROXY?: string;
  /** At least 32 bytes, base64 or text: signs session and link tokens. */
  JWT_SECRET: string;
  APP_ENV: "local" | "production";
  ANGEL_REPLY_MIN_MS: string;
  ANGEL_REPLY_MAX_MS: string;
  /** Typing indicator before an angel message; the spec's 5000 ms unless shortened for tests. */
  TYPING_MS?: string;
}

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {}
  }
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    brand: Brand;
    db: Db;
    session: { accountId: number; clickid: string };
    requestId: string;
  };
}
