// The local database for `npm start`, the tests and the benchmark: an embedded PGlite served on a TCP
// port (or the PostgreSQL server named by DATABASE_URL), plus the WebSocket proxy Neon's driver needs.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import { startWsProxy } from "./ws-proxy.ts";

export interface LocalDatabase {
  /** Connection string for node tools (migrations, seed). */
  databaseUrl: string;
  /** host:port of the WebSocket proxy, for the Worker's DB_WS_PROXY. */
  wsProxy: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function startLocalDatabase(opts: {
  /** Directory to persist PGlite in; undefined keeps it in memory. */
  dataDir?: string;
  pgPort: number;
  proxyPort: number;
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
}): Promise<LocalDatabase> {
  if (opts.databaseUrl) {
    const proxy = await startWsProxy({ port: opts.proxyPort, serial: false });
    return {
      databaseUrl: opts.databaseUrl,
      wsProxy: `127.0.0.1:${proxy.port}`,
      embedded: false,
      stop: () => proxy.stop(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const db = await PGlite.create(opts.dataDir);
  // The proxy runs one session at a time; the server's limit only has to allow a closing session to
  // overlap the next one for a moment (it rejects "Too many connections" at its limit).
  const server = new PGLiteSocketServer({ db, port: opts.pgPort, host: "127.0.0.1", maxConnections: 8 });
  await server.start();
  const proxy = await startWsProxy({ port: opts.proxyPort, serial: true });
  return {
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${opts.pgPort}/postgres`,
    wsProxy: `127.0.0.1:${proxy.port}`,
    embedded: true,
    async stop() {
      await proxy.stop();
      await server.stop();
      await db.close();
    },
  };
}

/** Creates a fresh database on a PostgreSQL server for one test run and returns its URL and a dropper. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `amore_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Runs one client session at a time against the database (PGlite's socket server takes one). */
export async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
