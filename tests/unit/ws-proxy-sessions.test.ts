// The local proxy keeps a server session between the Worker's transactions as Neon's pooled endpoint does,
// and nothing of one client's session reaches the next: its settings, temporary tables, prepared statements,
// advisory locks and a transaction it left half-way. Against the PostgreSQL server of DATABASE_URL or on 127.0.0.1:5432
// (PGlite's single session is piped, never kept), through Neon's own driver over a real WebSocket.
import net from "node:net";
import { Client, neonConfig } from "@neondatabase/serverless";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createScratchDatabase } from "../../scripts/local-db";
import { startWsProxy, type WsProxy } from "../../scripts/ws-proxy";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const serverAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(serverUrl);
  const socket = net.connect({ host: hostname, port: Number(port || 5432) });
  socket.once("connect", () => resolve(true));
  socket.once("error", () => resolve(false));
}).then((answers) => answers && process.env.DATABASE_URL !== "");

describe.skipIf(!serverAnswers)("the local proxy's server sessions", () => {
  let proxy: WsProxy;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl);
    proxy = await startWsProxy({ port: 0, serial: false });
    neonConfig.webSocketConstructor = WebSocket;
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxy.port}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    const admin = new pg.Client(scratch.url);
    await admin.connect();
    await admin.query("create table kept (n int)");
    await admin.end();
  });
  afterAll(async () => {
    await proxy?.stop();
    await scratch?.drop();
  });

  /** One client session through the proxy, as the Worker opens one per transaction. */
  async function session<T>(run: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client(scratch.url);
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
  const backendPid = (client: Client) =>
    client.query<{ pid: number }>("select pg_backend_pid() as pid").then((r) => r.rows[0]?.pid);

  it("gives the next client the same server session, reset", async () => {
    let fresh: unknown;
    const first = await session(async (client) => {
      fresh = (await client.query("show statement_timeout")).rows[0];
      await client.query("set statement_timeout = 1234");
      await client.query("create temp table scratch (n int)");
      await client.query("prepare two as select 2");
      await client.query("select pg_advisory_lock(42)");
      await client.query("begin");
      await client.query("insert into kept values (1)");
      await client.query("commit");
      return backendPid(client);
    });
    await session(async (client) => {
      expect(await backendPid(client)).toBe(first);
      expect((await client.query("show statement_timeout")).rows[0]).toEqual(fresh);
      expect((await client.query("select to_regclass('pg_temp.scratch') as t")).rows[0]).toEqual({ t: null });
      expect((await client.query("select count(*)::int as n from pg_prepared_statements")).rows[0]).toEqual({
        n: 0,
      });
      const advisory =
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()";
      expect((await client.query(advisory)).rows[0]).toEqual({ n: 0 });
      expect((await client.query("select count(*)::int as n from kept")).rows[0]).toEqual({ n: 1 });
    });
  });

  it("closes a session its client left in a transaction, which rolls back, and counts its statements", async () => {
    const before = { ...proxy.counts };
    const client = new Client(scratch.url);
    client.on("error", () => {}); // its own goodbye-less end
    await client.connect();
    const left = await backendPid(client);
    await client.query("begin");
    await client.query("insert into kept values (2)");
    // The client's socket goes without a goodbye, as a Worker whose statement timed out drops it.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await expect.poll(() => proxy.counts.statements - before.statements).toBe(3);
    await session(async (next) => {
      expect(await backendPid(next)).not.toBe(left);
      await expect
        .poll(async () => (await next.query("select count(*)::int as n from kept where n = 2")).rows[0])
        .toEqual({ n: 0 });
      await expect
        .poll(async () => {
          const alive = await next.query("select count(*)::int as n from pg_stat_activity where pid = $1", [
            left,
          ]);
          return alive.rows[0];
        })
        .toEqual({ n: 0 });
    });
    expect(proxy.counts.transactions - before.transactions).toBeGreaterThanOrEqual(2);
  });

  it("carries a row of many chunks whole, and keeps the session after it", async () => {
    const first = await session(async (client) => {
      const { rows } = await client.query<{ big: string }>("select repeat('ab', 4000000) as big");
      expect(rows[0]?.big.length).toBe(8_000_000);
      expect(rows[0]?.big.slice(-4)).toBe("abab");
      return backendPid(client);
    });
    expect(await session(backendPid)).toBe(first);
  });

  it("serves clients one after another on as few server sessions as ran at once", async () => {
    const pids = new Set<number | undefined>();
    for (let i = 0; i < 10; i++) pids.add(await session(backendPid));
    expect(pids.size).toBe(1);
    const clients = Array.from({ length: 3 }, () => new Client(scratch.url));
    await Promise.all(clients.map((client) => client.connect()));
    const together = await Promise.all(clients.map(backendPid));
    await Promise.all(clients.map((client) => client.end()));
    expect(new Set(together).size).toBe(3);
    expect(together).toContain([...pids][0]);
  });
});
