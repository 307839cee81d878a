// Local stand-in for Neon's two front doors, on one port:
//   - WebSocket: Neon's serverless driver sends raw Postgres wire bytes as binary WebSocket messages to
//     ws://<proxy>/v1?address=host:port; this serves them on a server session kept between sockets, as
//     Neon's pooled endpoint does (scripts/pg-session-pool.ts), or, against PGlite, pipes them to a session
//     of their own.
//   - SQL over HTTP: with `neonConfig.poolQueryViaFetch` the driver sends each query outside a transaction
//     as POST /sql (Neon's protocol: the connection string in a header, {query, params} or a batch
//     {queries} as JSON, text values and field types back); this runs it on a pooled connection, as Neon's
//     endpoint does with its server-side pool.
import http from "node:http";
import net from "node:net";
import pg from "pg";
import { type WebSocket, WebSocketServer } from "ws";
import { type ClientSession, SessionPool, serveClient, statementText } from "./pg-session-pool.ts";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export interface WsProxy {
  port: number;
  /** What the database has been asked so far (GET /counts answers the same). */
  counts: DatabaseCounts;
  stop(): Promise<void>;
}

/**
 * The transactions and statements the database was asked for through this proxy: an SQL-over-HTTP request is
 * one transaction (a batch too); on a session, a BEGIN opens one and every statement outside one is its own.
 * A test reads them before and after an operation to hold the operation to a budget of round trips, which
 * PGlite's statistics do not keep (pg_stat_database stays still there).
 */
export interface DatabaseCounts {
  transactions: number;
  statements: number;
}

/**
 * `serial` runs one session at a time (PGlite gives wrong results with concurrent connections); the
 * others wait their turn, and an HTTP query takes its turn like a session. Against a server, at most
 * SERVER_SESSIONS sessions run at once and the rest queue, as behind Neon's pooler: a burst of room
 * transactions (thousands of rooms) must wait for a connection, not fail with "too many clients".
 * A session ends when the client sends Terminate, because pglite-socket does not hang up by itself and
 * the driver's `pool.end()` would wait for ever.
 */
const SERVER_SESSIONS = 40;

export async function startWsProxy(opts: { port: number; serial: boolean }): Promise<WsProxy> {
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  const counts: DatabaseCounts = { transactions: 0, statements: 0 };
  const waiting: (() => void)[] = [];
  const limit = opts.serial ? 1 : SERVER_SESSIONS;
  let inUse = 0;
  const acquire = (): Promise<void> => {
    if (inUse < limit) {
      inUse++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  // A waiting session takes the freed slot over.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inUse--;
  };

  // Against a server, a client's goodbye returns its session to the pool for the next client.
  const sessions = opts.serial ? undefined : new SessionPool();
  wss.on("connection", (ws, req) => {
    const address = new URL(req.url ?? "/", "http://proxy").searchParams.get("address") ?? "";
    const [host = "", portText] = address.split(":");
    const port = Number(portText);
    const countStatement = sessionCounter(counts);
    let early = Buffer.alloc(0);
    let session: ClientSession | undefined;
    let waiting = false;
    let slot = false;
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      session?.end();
      if (ws.readyState === ws.OPEN) ws.close(1000);
      if (slot) release();
    };
    // The startup message decides: a plain one is served on a kept session when one is free; an SSL or GSS
    // request (whose answer is a single byte, not a message) and PGlite's one session are piped as they are.
    const open = () => {
      const length = early.readInt32BE(0);
      const code = early.readInt32BE(4);
      if (sessions && code !== SSL_REQUEST && code !== GSSENC_REQUEST) {
        session = serveClient({
          ws,
          host,
          port,
          startup: early.subarray(0, length),
          pool: sessions,
          onStatement: countStatement,
          onTerminate: finish,
          onServerClose: finish,
        });
        session.receive(early.subarray(length));
      } else {
        session = pipeTo(ws, host, port, frontendWatcher(finish, countStatement), finish);
        session.receive(early);
      }
    };
    ws.on("message", (data: Buffer) => {
      if (session) {
        session.receive(data);
        return;
      }
      early = Buffer.concat([early, data]);
      if (waiting || early.length < 8 || early.length < early.readInt32BE(0)) return;
      waiting = true;
      void acquire().then(() => {
        if (closed) {
          release();
          return;
        }
        slot = true;
        open();
      });
    });
    ws.on("close", finish);
    ws.on("error", finish);
  });

  const sql = sqlOverHttp(opts.serial ? { acquire, release } : undefined, counts);
  server.on("request", (req, res) => {
    if (req.method === "GET" && req.url === "/counts") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(counts));
      return;
    }
    void sql.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  return {
    port,
    counts,
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      sessions?.close();
      await sql.end();
    },
  };
}

/** Values stay the text Postgres sent: the driver parses them by type, as it does with Neon's answers. */
const rawText = { getTypeParser: () => (value: string) => value };
const MAX_BODY = 16 * 1024 * 1024;
/** The fields of a Postgres error that Neon's endpoint returns and the driver copies onto its error. */
const errorFields = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;

interface SqlQuery {
  query: string;
  params?: unknown[];
}

/**
 * Neon's SQL-over-HTTP endpoint for one machine: `POST /sql?address=host:port` (the address the driver's
 * local `fetchEndpoint` adds, because the driver leaves the port out of the connection string).
 */
function sqlOverHttp(
  lock: { acquire(): Promise<void>; release(): void } | undefined,
  counts: DatabaseCounts,
) {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connectionString: string, address: string | null) => {
    const url = new URL(connectionString);
    if (address) {
      const [host, port] = address.split(":");
      url.hostname = host ?? url.hostname;
      url.port = port ?? "";
    }
    const key = url.toString();
    let pool = pools.get(key);
    if (!pool) {
      // Serial (PGlite): one connection, used only inside the proxy's turn.
      pool = new pg.Pool({ connectionString: key, max: lock ? 1 : 10, idleTimeoutMillis: 30_000 });
      pool.on("error", () => {}); // an idle connection that drops is replaced on the next query
      // A connection that drops during a query fails that query; pg also emits the loss on the client, which
      // the pool hears only while the client is idle: unheard, it would end the whole process.
      pool.on("connect", (client) => client.on("error", () => {}));
      pools.set(key, pool);
    }
    return pool;
  };
  const run = (client: pg.PoolClient, q: SqlQuery, arrayMode: boolean) =>
    client.query({
      text: q.query,
      values: q.params ?? [],
      rowMode: arrayMode ? "array" : undefined,
      types: rawText,
    } as pg.QueryConfig);
  const answer = (r: pg.QueryResult, arrayMode: boolean) => ({
    command: r.command,
    rowCount: r.rowCount,
    rows: r.rows,
    fields: r.fields,
    rowAsArray: arrayMode,
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://proxy");
    if (req.method !== "POST" || url.pathname !== "/sql") {
      res.writeHead(404).end();
      return;
    }
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body: { query?: string; params?: unknown[]; queries?: SqlQuery[] };
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY) throw new Error("request body too large");
        chunks.push(chunk as Buffer);
      }
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch (error) {
      send(400, { message: `bad request: ${(error as Error).message}` });
      return;
    }
    const connectionString = req.headers["neon-connection-string"];
    if (typeof connectionString !== "string") {
      send(400, { message: "missing Neon-Connection-String header" });
      return;
    }
    const arrayMode = req.headers["neon-array-mode"] === "true";
    counts.transactions++;
    counts.statements += Array.isArray(body.queries) ? body.queries.length : 1;
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    await lock?.acquire();
    try {
      client = await poolFor(connectionString, url.searchParams.get("address")).connect();
      if (Array.isArray(body.queries)) {
        // A batch is one transaction, with the isolation the driver asked for.
        const isolation = req.headers["neon-batch-isolation-level"];
        const options = [
          typeof isolation === "string"
            ? `isolation level ${isolation.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}`
            : "",
          req.headers["neon-batch-read-only"] === "true" ? "read only" : "",
          req.headers["neon-batch-deferrable"] === "true" ? "deferrable" : "",
        ].filter(Boolean);
        await client.query(`begin ${options.join(", ")}`);
        try {
          const results = [];
          for (const q of body.queries) results.push(answer(await run(client, q, arrayMode), arrayMode));
          await client.query("commit");
          send(200, { results });
        } catch (error) {
          await client.query("rollback").catch(() => {});
          throw error;
        }
      } else {
        send(
          200,
          answer(await run(client, { query: body.query ?? "", params: body.params }, arrayMode), arrayMode),
        );
      }
    } catch (error) {
      if (error instanceof pg.DatabaseError) {
        const fields: Record<string, unknown> = { message: error.message };
        for (const key of errorFields) fields[key] = error[key];
        send(400, fields);
      } else {
        broken = error as Error;
        send(500, { message: broken.message });
      }
    } finally {
      // A connection that failed other than with a Postgres error is dropped, not reused.
      client?.release(broken);
      lock?.release();
    }
  }

  return {
    handle,
    end: async () => {
      await Promise.all([...pools.values()].map((pool) => pool.end()));
      pools.clear();
    },
  };
}

function sendBinary(ws: WebSocket, chunk: Buffer) {
  if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
}

/** A client's session piped byte for byte to a session of its own. */
function pipeTo(
  ws: WebSocket,
  host: string,
  port: number,
  watch: (data: Buffer) => void,
  onClose: () => void,
): ClientSession {
  // A socket keeps what is written before it connects.
  const tcp = net.connect({ host, port });
  tcp.setNoDelay(true);
  tcp.on("data", (chunk) => sendBinary(ws, chunk));
  tcp.on("close", onClose);
  tcp.on("error", onClose);
  return {
    receive(data) {
      tcp.write(data);
      watch(data);
    },
    end: () => tcp.destroy(),
  };
}

/** Counts a session's transactions and statements from the texts of its Query and Parse messages. */
function sessionCounter(counts: DatabaseCounts) {
  let inTransaction = false;
  return (text: string) => {
    counts.statements++;
    const command = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
    if (command === "begin" || command === "start") {
      inTransaction = true;
      counts.transactions++;
    } else if (command === "commit" || command === "rollback" || command === "end" || command === "abort") {
      inTransaction = false;
    } else if (!inTransaction) {
      counts.transactions++;
    }
  };
}

/**
 * Follows the frontend message stream: each statement's text (a Query, or the Parse of the extended
 * protocol) goes to `onStatement`, and `onTerminate` is called after a Terminate ('X') message.
 */
function frontendWatcher(onTerminate: () => void, onStatement: (text: string) => void) {
  let buffer = Buffer.alloc(0);
  let startup = true;
  return (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    for (;;) {
      if (startup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        // An SSL or GSS request is followed by the real startup message.
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) startup = false;
        continue;
      }
      if (buffer.length < 5) return;
      const type = buffer[0];
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const message = buffer.subarray(0, length + 1);
      buffer = buffer.subarray(length + 1);
      const text = statementText(type as number, message);
      if (text !== undefined) onStatement(text);
      if (type === 0x58) {
        setTimeout(onTerminate, 0);
        return;
      }
    }
  };
}
