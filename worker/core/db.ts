import { neonConfig, Pool } from "@neondatabase/serverless";
import { drizzle, type NeonDatabase } from "drizzle-orm/neon-serverless";
import type { Bindings } from "../env";
import { logEvent } from "./log";

export type Db = NeonDatabase<Record<string, never>>;

let localProxy: string | undefined;

/**
 * One Pool per request or per room operation (Workers cannot keep sockets across requests), closed by
 * the caller with `end()`. Locally the driver goes through the WebSocket-to-TCP proxy in scripts/.
 */
export function openDb(env: Pick<Bindings, "DATABASE_URL" | "DB_WS_PROXY">): {
  db: Db;
  end: () => Promise<void>;
} {
  if (env.DB_WS_PROXY && env.DB_WS_PROXY !== localProxy) {
    localProxy = env.DB_WS_PROXY;
    const proxy = env.DB_WS_PROXY;
    neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    // The pipelined startup breaks SASL auth against PGlite; coalescing only adds latency here.
    neonConfig.pipelineConnect = false;
    neonConfig.coalesceWrites = false;
  }
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  // An idle client whose socket drops reports here (queries in flight get their own errors). Once the
  // pool is ending, the socket closing under it is expected and not worth a line.
  let ending = false;
  pool.on("error", (error: Error) => {
    if (!ending) logEvent("warn", "db.idle_client_error", { error: error.message });
  });
  return {
    db: drizzle({ client: pool }),
    end: () => {
      ending = true;
      return pool.end();
    },
  };
}

/** Runs `fn` with a database and closes the pool afterwards (for rooms and scripts, not requests). */
export async function withDb<T>(
  env: Pick<Bindings, "DATABASE_URL" | "DB_WS_PROXY">,
  fn: (db: Db) => Promise<T>,
) {
  const { db, end } = openDb(env);
  try {
    return await fn(db);
  } finally {
    await end();
  }
}
