import {
  Client,
  type CustomTypesConfig,
  type FullQueryResults,
  neon,
  neonConfig,
  Pool,
} from "@neondatabase/serverless";
import { drizzle, type NeonDatabase } from "drizzle-orm/neon-serverless";
import { pgCode, QUERY_READ_TIMEOUT } from "./db-errors";
import { errorName, logEvent } from "./log";

export type Db = NeonDatabase<Record<string, never>>;

/**
 * Where the database is (its connection string and, locally, the WebSocket-to-TCP proxy) and how long the
 * Worker waits for it (worker/config.ts). The waits are the client's own: a server that hangs (its host
 * frozen, the network dropping packets) enforces nothing, and every request would wait for the whole outage.
 */
export interface DatabaseConfig {
  url: string;
  wsProxy: string | undefined;
  /** A transaction's connection (WebSocket and Postgres start-up) not ready within this fails. */
  connectTimeoutMs: number;
  /** A statement not answered within this fails: over HTTP its fetch is aborted, in a transaction its connection closed. */
  queryTimeoutMs: number;
}

/**
 * The server's own limit on one statement (`statement_timeout`, set as the database's default by
 * migrations/0015_database_timeouts.sql, so it holds on every path: Neon's SQL over HTTP, its pooler and
 * direct sessions). The server cancels a slow statement and releases its locks; the client's query timeout
 * is longer, for a server that cannot answer at all.
 */
export const DB_STATEMENT_TIMEOUT_MS = 5_000;
/** The defaults of the client's waits (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS). */
export const DB_CONNECT_TIMEOUT_MS = 5_000;
export const DB_QUERY_TIMEOUT_MS = 8_000;

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
 * pg's Client gives up on a statement after `query_timeout` but keeps its connection, on which nothing more
 * is answered: the transaction's ROLLBACK would wait as long again. This one closes the connection at once,
 * so the rest of the transaction fails fast and the server (or Neon's proxy) rolls it back.
 */
class BoundedClient extends Client {
  constructor(config?: ConstructorParameters<typeof Client>[0]) {
    super(config);
    // A connection lost during a transaction fails its statements, and pg emits the loss on the client too,
    // which the Pool listens to only while the client is idle: unheard, that emit is an uncaught exception.
    this.on("error", () => {});
  }
}
const clientQuery = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;
BoundedClient.prototype.query = function query(this: Client, ...args: unknown[]) {
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) {
    result.catch((error: unknown) => {
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.connection.stream.destroy();
    });
  }
  return result;
} as Client["query"];

/** A statement as Drizzle hands it to the Pool outside a transaction. */
interface PoolStatement {
  text: string;
  values?: unknown[];
  rowMode?: "array";
  types?: CustomTypesConfig;
}

/**
 * A query outside a transaction is one HTTP request to the database's SQL endpoint (Neon's low-latency path
 * for one-shot queries: no WebSocket, no Postgres start-up, a server-side connection pool), instead of a new
 * WebSocket and a new Postgres session per request. The driver's own Pool.query does the same
 * (`poolQueryViaFetch`) but passes no fetch options, so nothing could end a fetch the database never answers:
 * this one aborts it after the query timeout. Transactions still take a connection of the Pool over a WebSocket.
 */
function queryOverHttp(database: DatabaseConfig) {
  const client = neon(database.url, { fullResults: true });
  return (statement: string | PoolStatement, values?: unknown[]) => {
    const {
      text,
      values: own,
      rowMode,
      types,
    } = typeof statement === "string" ? { text: statement } : statement;
    return client.query(text, values ?? own ?? [], {
      arrayMode: rowMode === "array",
      ...(types ? { types } : {}),
      fetchOptions: { signal: AbortSignal.timeout(database.queryTimeoutMs) },
    });
  };
}

/**
 * Ending a pool waits for its connection's goodbye, which a hung server never sends: a caller that awaits it
 * (a room's frame, a cron job) waits at most `ms`; the socket goes with the request or the object's context.
 */
function atMost(ending: Promise<void>, ms: number): Promise<void> {
  let timer = 0;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([ending, waited]).finally(() => clearTimeout(timer));
}

/**
 * A Pool for one request's or one room operation's transaction (Workers cannot keep sockets across requests),
 * closed by the caller with `end()`. Queries go over HTTP; a transaction opens the Pool's one connection, which
 * serves that transaction only (`maxUses: 1`: it closes when released, so it never sits idle holding a
 * database session while the request goes on, which the local PGlite, one session at a time, needs).
 * Every wait is bounded (DatabaseConfig): the connection, each statement, and the goodbye.
 */
export function openDb(database: DatabaseConfig): { db: Db; end: () => Promise<void> } {
  if (database.wsProxy) configureLocalProxy(database.wsProxy, database.url);
  const pool = new Pool({
    connectionString: database.url,
    max: 1,
    maxUses: 1,
    connectionTimeoutMillis: database.connectTimeoutMs,
    query_timeout: database.queryTimeoutMs,
  });
  pool.Client = BoundedClient;
  // Drizzle calls the Pool's query for every statement outside a transaction; the overloads of pg's types
  // have no single signature to implement, hence the cast.
  pool.query = queryOverHttp(database) as unknown as Pool["query"];
  // An idle client whose socket drops reports here (queries in flight get their own errors). A client
  // this pool is closing itself (the pool ending, or a transaction's connection after its one use) loses
  // its socket as expected: not worth a line.
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
      return atMost(pool.end(), database.connectTimeoutMs);
    },
  };
}

/**
 * What `make` builds, once per isolate and database; the same address with other waits (a test's short ones) is
 * another database.
 */
function perDatabase<T>(made: Map<string, T>, database: DatabaseConfig, make: () => T): T {
  if (database.wsProxy) configureLocalProxy(database.wsProxy, database.url);
  const key = `${database.url} ${database.queryTimeoutMs}`;
  let value = made.get(key);
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

const statementDbs = new Map<string, Db>();

/**
 * The isolate's Drizzle for statements outside a transaction, made once per database: its Pool only carries
 * `queryOverHttp`, so it holds no socket and serves every request (as `httpQuery` does) without a Pool's and
 * Drizzle's set-up per request, which cost about as much Worker CPU as the bare handler's whole answer
 * (docs/benchmarks.md). It never connects: a transaction needs the request's own Pool (`lazyDb`).
 */
export function statementDb(database: DatabaseConfig): Db {
  return perDatabase(statementDbs, database, () => {
    const pool = new Pool({ connectionString: database.url });
    pool.query = queryOverHttp(database) as unknown as Pool["query"];
    pool.connect = (() => {
      throw new Error("the isolate's statement Db opens no connection: use the request's for a transaction");
    }) as unknown as Pool["connect"];
    return drizzle({ client: pool });
  });
}

/**
 * A request's database: its single statements go through the isolate's `statementDb`, and a Pool of its own
 * (see openDb) is made only when a route starts a transaction; `end()` closes it only if it was made, and
 * gives undefined when there is nothing to close.
 */
export function lazyDb(database: DatabaseConfig): { db: Db; end: () => Promise<void> | undefined } {
  let opened: ReturnType<typeof openDb> | undefined;
  const statements = statementDb(database);
  const ownPool = () => {
    opened ??= openDb(database);
    return opened.db;
  };
  const db = new Proxy({} as Db, {
    get(_target, key) {
      const target = key === "transaction" ? ownPool() : statements;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, end: () => opened?.end() };
}

/** One statement's text and its parameters, as a client sends them. */
export type HttpQuery = (text: string, params: unknown[]) => Promise<FullQueryResults<false>>;

/** Statements sent together and run in one transaction, all or nothing: their results in order. */
export type HttpBatch = (
  statements: { text: string; params: unknown[] }[],
) => Promise<FullQueryResults<false>[]>;

const httpClients = new Map<string, { query: HttpQuery; batch: HttpBatch }>();

/** The isolate's SQL-over-HTTP client for `database` (see httpQuery), made once. */
function httpClient(database: DatabaseConfig) {
  return perDatabase(httpClients, database, () => {
    const sql = neon(database.url, { fullResults: true });
    const bounded = () => ({ signal: AbortSignal.timeout(database.queryTimeoutMs) });
    return {
      query: (text, params) => sql.query(text, params, { fetchOptions: bounded() }),
      batch: (statements) =>
        sql.transaction(
          statements.map(({ text, params }) => sql.query(text, params)),
          { fetchOptions: bounded() },
        ),
    };
  });
}

/**
 * A module-level SQL-over-HTTP client, for hot routes whose work is one statement outside a transaction:
 * it holds no socket (each query is a fetch of its own, which Workers allow across requests, unlike a
 * Pool's WebSocket), so one serves every request of the isolate without the Pool's set-up per request.
 */
export function httpQuery(database: DatabaseConfig): HttpQuery {
  return httpClient(database).query;
}

/**
 * The same client's batch: statements that need no answer of the one before them to be written, run in one
 * transaction (Neon's non-interactive transactions) in one request, instead of a WebSocket's transaction and a
 * round trip per statement. A statement that fails undoes them all.
 */
export function httpBatch(database: DatabaseConfig): HttpBatch {
  return httpClient(database).batch;
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
