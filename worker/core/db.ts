import { neonConfig, Pool } from "@neondatabase/serverless";
import { drizzle, type NeonDatabase } from "drizzle-orm/neon-serverless";
import { logEvent } from "./log";

export type Db = NeonDatabase<Record<string, never>>;

/** Where the database is: its connection string and, locally, the WebSocket-to-TCP proxy (worker/config.ts). */
export interface DatabaseConfig {
  url: string;
  wsProxy: string | undefined;
}

// A query outside a transaction is one HTTP request to the database's SQL endpoint (Neon's low-latency
// path for one-shot queries: no WebSocket, no Postgres start-up, a server-side connection pool), instead
// of a new WebSocket and a new Postgres session per request. Transactions still take a connection of the
// Pool over a WebSocket. Neon documents this option as experimental; the Worker tests run every feature
// through it against PGlite and PostgreSQL.
neonConfig.poolQueryViaFetch = true;

let localEndpoints: string | undefined;

/** Locally both paths go to the proxy in scripts/ws-proxy.ts (WebSocket at /v1, SQL over HTTP at /sql). */
function configureLocalProxy(proxy: string, databaseUrl: string) {
  const key = `${proxy} ${databaseUrl}`;
  if (key === localEndpoints) return;
  localEndpoints = key;
  neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  // The pipelined startup breaks SASL auth against PGlite; coalescing only adds latency here.
  neonConfig.pipelineConnect = false;
  neonConfig.coalesceWrites = false;
  // The driver's HTTP path drops the port of the connection string (Neon's is always the default), so
  // the local endpoint is told the database's address the way the WebSocket path is.
  const { hostname, port } = new URL(databaseUrl);
  neonConfig.fetchEndpoint = `http://${proxy}/sql?address=${hostname}:${port || "5432"}`;
}

/**
 * One Pool per request or per room operation (Workers cannot keep sockets across requests), closed by
 * the caller with `end()`. Queries go over HTTP; a transaction opens the Pool's one connection, which
 * serves that transaction only (`maxUses: 1`: it closes when released, so it never sits idle holding a
 * database session while the request goes on, which the local PGlite, one session at a time, needs).
 */
export function openDb(database: DatabaseConfig): { db: Db; end: () => Promise<void> } {
  if (database.wsProxy) configureLocalProxy(database.wsProxy, database.url);
  const pool = new Pool({ connectionString: database.url, max: 1, maxUses: 1 });
  // An idle client whose socket drops reports here (queries in flight get their own errors). A client
  // this pool is closing itself (the pool ending, or a transaction's connection after its one use) loses
  // its socket as expected: not worth a line. ("error" is the one Pool listener that keeps Pool.query on
  // the HTTP path.)
  let ending = false;
  pool.on("error", (error: Error, client: unknown) => {
    // pg's Client marks `_ending` when end() was called on it; it has no public flag for that.
    if (ending || (client as { _ending?: boolean } | undefined)?._ending) return;
    logEvent("warn", "db.idle_client_error", { error: error.message });
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
export async function withDb<T>(database: DatabaseConfig, fn: (db: Db) => Promise<T>) {
  const { db, end } = openDb(database);
  try {
    return await fn(db);
  } finally {
    await end();
  }
}

/** The Postgres error code of a failed query (Drizzle wraps the driver's error as its cause). */
export function pgCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ("code" in e && typeof e.code === "string") return e.code;
  }
  return undefined;
}
