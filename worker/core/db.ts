import { type FullQueryResults, neon, neonConfig, Pool } from "@neondatabase/serverless";
import { drizzle, type NeonDatabase } from "drizzle-orm/neon-serverless";
import { errorChain, errorName, logEvent } from "./log";

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
    logEvent("warn", "db.idle_client_error", { error: errorName(error), code: pgCode(error) });
  });
  return {
    db: drizzle({ client: pool }),
    end: () => {
      ending = true;
      return pool.end();
    },
  };
}

/**
 * A request's database, opened on first use: the same Db, but the Pool (and Drizzle over it) is made only
 * when a route touches it, and `end()` closes it only if it was made. The hot routes whose one statement
 * goes over `httpQuery` (the dispenser) never make one; building and ending a Pool per request cost about
 * as much Worker CPU as the bare handler's whole answer (docs/benchmarks.md). `end()` gives undefined when
 * there is nothing to close.
 */
export function lazyDb(database: DatabaseConfig): { db: Db; end: () => Promise<void> | undefined } {
  let opened: ReturnType<typeof openDb> | undefined;
  const real = () => {
    opened ??= openDb(database);
    return opened.db;
  };
  const db = new Proxy({} as Db, {
    get(_target, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, end: () => opened?.end() };
}

/** One statement's text and its parameters, as a client sends them. */
export type HttpQuery = (text: string, params: unknown[]) => Promise<FullQueryResults<false>>;

const httpQueries = new Map<string, HttpQuery>();

/**
 * A module-level SQL-over-HTTP client, for hot routes whose work is one statement outside a transaction:
 * it holds no socket (each query is a fetch of its own, which Workers allow across requests, unlike a
 * Pool's WebSocket), so one serves every request of the isolate without the Pool's set-up per request.
 */
export function httpQuery(database: DatabaseConfig): HttpQuery {
  if (database.wsProxy) configureLocalProxy(database.wsProxy, database.url);
  let query = httpQueries.get(database.url);
  if (!query) {
    const client = neon(database.url, { fullResults: true });
    query = (text, params) => client.query(text, params);
    httpQueries.set(database.url, query);
  }
  return query;
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

/**
 * SQLSTATE 08001 (sqlclient_unable_to_establish_sqlconnection): what a Postgres client reports when it cannot
 * reach the server at all, which has no code of its own to send.
 */
export const CONNECTION_FAILED = "08001";

/** How long a client should wait before retrying when the database is unreachable (Retry-After, seconds). */
export const DB_RETRY_AFTER_S = 5;

/**
 * The driver could not reach the database: its SQL endpoint's fetch failed (the proxy or Neon unreachable),
 * the endpoint answered 5xx (it could not reach Postgres), or a transaction's WebSocket closed or failed.
 */
function connectionLost(e: unknown): boolean {
  // The WebSocket's own error event, which the driver throws as it is (not an Error).
  if (typeof Event !== "undefined" && e instanceof Event) return true;
  if (!(e instanceof Error)) return false;
  if (e.name === "NeonDbError") {
    const { sourceError } = e as { sourceError?: unknown };
    return sourceError !== undefined || /^Server error \(HTTP status 5\d\d\)/.test(e.message);
  }
  // pg's Client, when the connection of a transaction goes away.
  return /^Connection terminated/.test(e.message);
}

/**
 * The SQLSTATE of a failed query: Postgres's own code (on Neon's NeonDbError over HTTP, on pg's DatabaseError
 * in a transaction, under Drizzle's wrapper), or CONNECTION_FAILED when the database could not be reached.
 * The one thing about a failed query that is logged: its message and its wrapper's carry the parameters.
 */
export function pgCode(error: unknown): string | undefined {
  let lost = false;
  for (const e of errorChain(error)) {
    const code = typeof e === "object" ? (e as { code?: unknown }).code : undefined;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    lost ||= connectionLost(e);
  }
  return lost ? CONNECTION_FAILED : undefined;
}

/**
 * The database is unreachable or refusing connections for now (connection exceptions of class 08, the
 * server shutting down or starting up, too many connections): a retry later may work, so the answer is 503.
 */
export function databaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  return code !== undefined && (code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code));
}
