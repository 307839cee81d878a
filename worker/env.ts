import type { operators } from "../drizzle/schema/ops";
import type { Brand } from "./brands/brand";
import type { Db } from "./core/db";
import type { OpsDesk } from "./ops/ops-desk";
import type { RateLimiter } from "./ratelimit/rate-limiter";

/** The Worker's bindings (wrangler.toml vars, secrets and bindings). */
export interface Bindings {
  ASSETS: Fetcher;
  UserRoom: DurableObjectNamespace;
  /** One sliding-window counter per rate-limit key (worker/ratelimit). */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** The operator console's leases: one object (named "desk") for the whole service (worker/ops). */
  OPS_DESK: DurableObjectNamespace<OpsDesk>;
  /** How long an operator holds a conversation after taking it, in ms (default 180000). */
  OPS_LEASE_MS?: string;
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
  /** Share (0-1) of a member's new likes that the angel likes back (worker/engagement/pressing.config.ts). */
  ANGEL_LIKE_BACK_RATE?: string;
  /** Delay window of an angel's like back in ms; the spec's 20000-40000 unless shortened for tests. */
  ANGEL_LIKE_BACK_MIN_MS?: string;
  ANGEL_LIKE_BACK_MAX_MS?: string;
  /** Delay window of an angel's visit after the member's activity in ms (20000-40000 by default). */
  ANGEL_VISIT_MIN_MS?: string;
  ANGEL_VISIT_MAX_MS?: string;
  /** At most one scheduled angel visit per member in this many ms (default 6 hours). */
  ANGEL_VISIT_COOLDOWN_MS?: string;
  /** Wait between two steps of the brain's schedule in ms (the spec's 20000-40000 unless shortened). */
  ANGEL_BRAIN_MIN_MS?: string;
  ANGEL_BRAIN_MAX_MS?: string;
  /** The deployed client version; a client that reports another one is told to reload. */
  SOFTWARE_VERSION?: string;
  /** The `ai` reply provider's OpenAI-compatible API base URL (e.g. https://api.openai.com/v1); off when unset. */
  AI_API_URL?: string;
  /** Its API key (secret). */
  AI_API_KEY?: string;
  /** The model name sent in each chat-completions call. */
  AI_MODEL?: string;
  /** Mailgun private API key (secret); with MAILGUN_DOMAIN set, mail goes out through Mailgun. */
  MAILGUN_API_KEY?: string;
  /** Mailgun sending domain, as in POST /v3/{domain}/messages. */
  MAILGUN_DOMAIN?: string;
  /** Mailgun API base URL; default https://api.mailgun.net (EU domains: https://api.eu.mailgun.net). */
  MAILGUN_API_BASE?: string;
  /** Mailgun HTTP webhook signing key (secret): verifies POST /cron/mailRemove. */
  MAILGUN_WEBHOOK_SIGNING_KEY?: string;
  /** Google OAuth client id (web application); without it (and the secret) Google sign-in answers 503. */
  GOOGLE_CLIENT_ID?: string;
  /** Google OAuth client secret (secret). */
  GOOGLE_CLIENT_SECRET?: string;
  /** Google's authorization endpoint; default https://accounts.google.com/o/oauth2/v2/auth (tests: the fake). */
  GOOGLE_AUTH_URL?: string;
  /** Google's token endpoint; default https://oauth2.googleapis.com/token (tests: the fake). */
  GOOGLE_TOKEN_URL?: string;
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
    /** The signed-in operator on /ops/api routes (worker/ops). */
    operator: typeof operators.$inferSelect;
    requestId: string;
  };
}
