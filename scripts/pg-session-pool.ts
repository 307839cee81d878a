// Server sessions kept between the proxy's clients, as Neon's pooled endpoint (PgBouncer) keeps them: each
// request of the Worker opens a WebSocket, says Postgres' startup, runs one transaction and says goodbye; in
// production that goodbye returns a warm server session to the pooler, and the next request's transaction
// runs on it, its catalogue caches filled. Without this every transaction of a local run would pay a new
// backend's start-up and cold caches (a few milliseconds of Postgres CPU each), which production never pays.
//
// A session is kept only when nothing of it can reach the next client: the server let the client in without a
// password (trust, as the local servers here do: a kept session never skips a check a new one would make),
// the client said goodbye (Terminate) with no answer owed and outside a transaction, and the reset (`DISCARD
// ALL` but the cached plans) answered. Anything else (a client gone mid-way, a message this does not follow, an
// error in the reset, a reset not answered in time) closes the server session, which rolls back.
import net from "node:net";
import type { WebSocket } from "ws";

/** Idle server sessions kept per database and user (the clients' startup message), the most recent first. */
const MAX_IDLE_PER_STARTUP = 8;
/** An idle session not taken again within this is closed. */
const IDLE_MS = 30_000;
/** A reset not answered within this closes the session (a frozen server). */
const RESET_TIMEOUT_MS = 2_000;

/** The frontend messages this follows (Bind, Close, Describe, Execute, Flush, Parse, Query, Sync, Terminate, password). */
const FOLLOWED = new Set("BCDEHPQSXp".split("").map((c) => c.charCodeAt(0)));
const QUERY = 0x51;
const SYNC = 0x53;
const PARSE = 0x50;
const TERMINATE = 0x58;
const AUTHENTICATION = 0x52;
const ERROR = 0x45;
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;

/** A simple-protocol Query message. */
function queryMessage(text: string): Buffer {
  const body = Buffer.from(`${text}\0`, "utf8");
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
/**
 * What `DISCARD ALL` resets but its `DISCARD PLANS`: a kept session keeps the plans it cached (of PL/pgSQL
 * functions and triggers), as a session behind Neon's pooler (PgBouncer in transaction mode) does, while no
 * setting, cursor, prepared statement, listener, advisory lock or temporary table of a client reaches the next.
 */
const RESET = queryMessage(
  [
    "CLOSE ALL",
    "SET SESSION AUTHORIZATION DEFAULT",
    "RESET ALL",
    "DEALLOCATE ALL",
    "UNLISTEN *",
    "SELECT pg_advisory_unlock_all()",
    "DISCARD SEQUENCES",
    "DISCARD TEMP",
  ].join("; "),
);

/**
 * Splits a stream of typed Postgres messages (a type byte, then a length that counts itself) into messages.
 * The chunks of a message still incomplete are joined once it is whole, not at every chunk (a large row
 * comes in many).
 */
function messages(onMessage: (type: number, message: Buffer) => void) {
  let chunks: Buffer[] = [];
  let held = 0;
  /** The length of the message being collected, once its header is in. */
  let needed = 0;
  return (data: Buffer) => {
    chunks.push(data);
    held += data.length;
    if (held < 5 || held < needed) return;
    let buffer = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, held);
    needed = 0;
    while (buffer.length >= 5) {
      const end = buffer.readInt32BE(1) + 1;
      if (buffer.length < end) {
        needed = end;
        break;
      }
      onMessage(buffer[0] as number, buffer.subarray(0, end));
      buffer = buffer.subarray(end);
    }
    chunks = buffer.length ? [buffer] : [];
    held = buffer.length;
  };
}

/** The text of a Query or of a Parse (after the statement's name). */
export function statementText(type: number, message: Buffer): string | undefined {
  const field = (at: number): [string, number] => {
    const end = message.indexOf(0, at);
    const stop = end < 0 ? message.length : end;
    return [message.toString("utf8", at, stop), stop + 1];
  };
  if (type === QUERY) return field(5)[0];
  if (type === PARSE) return field(field(5)[1])[0];
  return undefined;
}

/** One Postgres session of the server, attached to one client at a time. */
class ServerSession {
  readonly socket: net.Socket;
  /** What the server said from the authentication to its first ReadyForQuery: a later client is told it again. */
  readonly greeting: Buffer[] = [];
  /** The first ReadyForQuery came: the session is open. */
  greeted = false;
  /** ReadyForQuery answers still owed: one per Query and per Sync sent. */
  owed = 0;
  /** The transaction status of the last ReadyForQuery. */
  status = 0;
  reusable = true;
  failed = false;
  /** Where the server's bytes go while a client is attached. */
  client: ((chunk: Buffer) => void) | undefined;
  onIdle: (() => void) | undefined;
  onClose: (() => void) | undefined;

  constructor(host: string, port: number, startup: Buffer) {
    this.socket = net.connect({ host, port });
    this.socket.setNoDelay(true);
    this.socket.write(startup);
    const follow = messages((type, message) => this.follow(type, message));
    this.socket.on("data", (chunk: Buffer) => {
      this.client?.(chunk);
      follow(chunk);
    });
    this.socket.on("close", () => this.onClose?.());
    this.socket.on("error", () => {});
  }

  private follow(type: number, message: Buffer) {
    if (!this.greeted) {
      // Any other way in than AuthenticationOk (a password, SASL) is never replayed to another client.
      if (type === AUTHENTICATION && message.readInt32BE(5) !== 0) this.reusable = false;
      this.greeting.push(message);
    }
    if (type === ERROR) this.failed = true;
    if (type === READY_FOR_QUERY) {
      this.greeted = true;
      this.owed = Math.max(0, this.owed - 1);
      this.status = message[5] as number;
      if (this.owed === 0) this.onIdle?.();
    }
  }

  send(message: Buffer) {
    if (message[0] === QUERY || message[0] === SYNC) this.owed++;
    this.socket.write(message);
  }

  close() {
    this.socket.destroy();
  }
}

/** The idle server sessions of one proxy. */
export class SessionPool {
  private readonly idle = new Map<string, { session: ServerSession; timer: NodeJS.Timeout }[]>();
  /** Sessions being reset, and the clients that arrived meanwhile, per startup message. */
  private readonly resetting = new Map<string, number>();
  private readonly waiting = new Map<string, ((session: ServerSession | undefined) => void)[]>();
  private closed = false;

  /**
   * A kept session for the startup message `key`; or, while one is being reset for nobody else, that one
   * once it is (undefined if its reset fails), so that a client arriving right after another left does not
   * open a session of its own; else undefined.
   */
  take(key: string): ServerSession | Promise<ServerSession | undefined> | undefined {
    const entry = this.idle.get(key)?.shift();
    if (entry) {
      clearTimeout(entry.timer);
      entry.session.onClose = undefined;
      return entry.session;
    }
    const waiting = this.waiting.get(key) ?? [];
    if ((this.resetting.get(key) ?? 0) <= waiting.length) return undefined;
    this.waiting.set(key, waiting);
    return new Promise((resolve) => waiting.push(resolve));
  }

  /** Resets a session its client left cleanly and keeps it; closes it when that is not safe. */
  giveBack(key: string, session: ServerSession) {
    session.client = undefined;
    if (!session.reusable || session.owed !== 0 || session.status !== IDLE || session.socket.destroyed) {
      session.close();
      return;
    }
    session.failed = false;
    this.resetting.set(key, (this.resetting.get(key) ?? 0) + 1);
    let done = false;
    const finish = (clean: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timeout);
      session.onIdle = undefined;
      session.onClose = undefined;
      this.resetting.set(key, (this.resetting.get(key) ?? 1) - 1);
      const next = this.waiting.get(key)?.shift();
      if (!clean) {
        session.close();
        next?.(undefined);
      } else if (next) next(session);
      else this.keep(key, session);
    };
    const timeout = setTimeout(() => finish(false), RESET_TIMEOUT_MS).unref();
    session.onClose = () => finish(false);
    session.onIdle = () => finish(!session.failed && session.status === IDLE);
    session.send(RESET);
  }

  private keep(key: string, session: ServerSession) {
    const kept = this.idle.get(key) ?? [];
    this.idle.set(key, kept);
    if (this.closed || kept.length >= MAX_IDLE_PER_STARTUP) {
      session.close();
      return;
    }
    const entry = { session, timer: setTimeout(() => session.close(), IDLE_MS).unref() };
    session.onClose = () => {
      clearTimeout(entry.timer);
      const at = kept.indexOf(entry);
      if (at >= 0) kept.splice(at, 1);
    };
    kept.unshift(entry);
  }

  close() {
    this.closed = true;
    for (const kept of this.idle.values()) for (const { session } of kept) session.close();
    this.idle.clear();
  }
}

export interface ClientSession {
  /** The client's bytes after its startup message. */
  receive(data: Buffer): void;
  /** The client went away: after its Terminate (its session kept if it may be), or its socket closed. */
  end(): void;
}

/**
 * Serves one client's session from its startup message on: on a kept server session (the greeting the server
 * gave it told again) or a new one. Statements are reported to `onStatement`; `onTerminate` is called after
 * the client's Terminate, `onServerClose` when the server session closes under it.
 */
export function serveClient(opts: {
  ws: WebSocket;
  host: string;
  port: number;
  startup: Buffer;
  pool: SessionPool;
  onStatement: (text: string) => void;
  onTerminate: () => void;
  onServerClose: () => void;
}): ClientSession {
  const { ws, startup, pool } = opts;
  const key = `${opts.host}:${opts.port} ${startup.toString("hex")}`;
  const toClient = (chunk: Buffer) => {
    if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
  };
  let server: ServerSession | undefined;
  /** The client's messages before its server session is there (a kept one still being reset). */
  const early: Buffer[] = [];
  let followed = true;
  let terminated = false;
  let ended = false;
  const attach = (kept: ServerSession | undefined) => {
    // A client gone while it waited: the session it was handed goes back as it came.
    if (ended) {
      if (kept) pool.giveBack(key, kept);
      return;
    }
    if (kept) toClient(Buffer.concat(kept.greeting));
    server = kept ?? new ServerSession(opts.host, opts.port, startup);
    server.client = toClient;
    server.onIdle = undefined;
    server.onClose = opts.onServerClose;
    for (const message of early.splice(0)) server.send(message);
  };
  const taken = pool.take(key);
  if (taken instanceof Promise) void taken.then(attach);
  else attach(taken);
  const follow = messages((type, message) => {
    if (terminated) return;
    if (type === TERMINATE) {
      terminated = true;
      setTimeout(opts.onTerminate, 0);
      return;
    }
    if (!FOLLOWED.has(type)) followed = false;
    const text = statementText(type, message);
    if (text !== undefined) opts.onStatement(text);
    if (server) server.send(message);
    else early.push(message);
  });
  return {
    receive: follow,
    end() {
      ended = true;
      if (!server) return;
      server.onClose = undefined;
      // A Terminate is the goodbye, whether the socket's close came in before the proxy heard it or after.
      if (terminated && followed && server.greeted) pool.giveBack(key, server);
      else server.close();
    },
  };
}
