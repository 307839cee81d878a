// Local stand-in for Neon's two front doors, on one port:
//   - WebSocket: Neon's serverless driver sends raw Postgres wire bytes as binary WebSocket messages to
//     ws://<proxy>/v1?address=host:port; this pipes them to a TCP Postgres (one session per socket).
//   - SQL over HTTP: with `neonConfig.poolQueryViaFetch` the driver sends each query outside a transaction
//     as POST /sql (Neon's protocol: the connection string in a header, {query, params} or a batch
//     {queries} as JSON, text values and field types back); this runs it on a pooled connection, as Neon's
//     endpoint does with its server-side pool.
import http from "node:http";
import net from "node:net";
import pg from "pg";
import { type WebSocket, WebSocketServer } from "ws";

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

  wss.on("connection", (ws, req) => {
    const address = new URL(req.url ?? "/", "http://proxy").searchParams.get("address") ?? "";
    const [host, portText] = address.split(":");
    const pending: Buffer[] = [];
    let tcp: net.Socket | undefined;
    let closed = false;
    let released = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      tcp?.destroy();
      if (ws.readyState === ws.OPEN) ws.close(1000);
      if (!released && tcp) {
        released = true;
        release();
      }
    };
    const watcher = frontendWatcher(finish, sessionCounter(counts));
    ws.on("message", (data: Buffer) => {
      if (tcp) tcp.write(data);
      else pending.push(data);
      watcher(data);
    });
    ws.on("close", finish);
    ws.on("error", finish);
    void acquire().then(() => {
      if (closed) {
        release();
        return;
      }
      tcp = net.connect({ host, port: Number(portText) }, () => {
        for (const chunk of pending) tcp?.write(chunk);
        pending.length = 0;
      });
      tcp.setNoDelay(true);
      tcp.on("data", (chunk) => sendBinary(ws, chunk));
      tcp.on("close", finish);
      tcp.on("error", finish);
    });
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

/** A NUL-terminated string of a message's body from `at`, and where the next field starts. */
function cString(body: Buffer, at: number): [string, number] {
  const end = body.indexOf(0, at);
  const stop = end < 0 ? body.length : end;
  return [body.toString("utf8", at, stop), stop + 1];
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
        if (code !== 80877103 && code !== 80877104) startup = false;
        continue;
      }
      if (buffer.length < 5) return;
      const type = buffer[0];
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const body = buffer.subarray(5, length + 1);
      buffer = buffer.subarray(length + 1);
      if (type === 0x51) onStatement(cString(body, 0)[0]); // Q: the text
      if (type === 0x50) onStatement(cString(body, cString(body, 0)[1])[0]); // P: the name, then the text
      if (type === 0x58) {
        setTimeout(onTerminate, 0);
        return;
      }
    }
  };
}
