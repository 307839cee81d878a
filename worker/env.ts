import type { operators } from "../drizzle/schema/ops";
import type { Brand } from "./brands/brand";
import type { Config } from "./config";
import type { Db } from "./core/db";
import type { OpsDesk } from "./ops/ops-desk";
import type { RateLimiter } from "./ratelimit/rate-limiter";

/**
 * The Worker's bindings: Durable Object namespaces and assets, and the vars and secrets of wrangler.toml as
 * the strings they arrive as. Code reads the vars through the typed config (`worker/config.ts`), never here.
 */
export interface Bindings {
  ASSETS: Fetcher;
  /** The members' rooms (party/user-room.ts); untyped here because worker/ never imports party/. */
  UserRoom: DurableObjectNamespace;
  /** One sliding-window counter per rate-limit key (worker/ratelimit). */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** The operator console's leases: one object (named "desk") for the whole service (worker/ops). */
  OPS_DESK: DurableObjectNamespace<OpsDesk>;
  /** Photos (R2): members' uploads and the demo portraits, served by worker/photos with long cache headers. */
  PHOTOS: R2Bucket;
  /** The vars and secrets of docs/operations.md's configuration table, parsed by worker/config.ts. */
  [name: string]: unknown;
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
    config: Config;
    db: Db;
    session: { accountId: number; clickid: string };
    /**
     * On the routes whose one statement checks the session itself (requireSessionToken): the token's claims,
     * whose account that statement checks.
     */
    uncheckedSession: { accountId: number; clickid: string; sessionVersion: number; brandId: string };
    /** The signed-in operator on /ops/api routes (worker/ops). */
    operator: typeof operators.$inferSelect;
    requestId: string;
  };
}
