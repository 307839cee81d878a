// The database unreachable (the proxy or Neon gone, Postgres refusing connections): requests answer 503 with
// Retry-After instead of 500, the room answers server_error, and both log the failure by its name, its route
// or event and its Postgres code, never its statement or parameters. Also the codes themselves, as Neon's
// driver reports them over HTTP and pg's over a transaction's WebSocket.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { angels } from "../../drizzle/schema/angels";
import { createApp } from "../../worker/app";
import { type Db, withDb } from "../../worker/core/db";
import { CONNECTION_FAILED, databaseUnavailable, pgCode } from "../../worker/core/db-errors";
import { ANGEL } from "../fixtures/chat";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { createMember, hosts, verifiedMember } from "../fixtures/members";
import { connect, roomOf } from "../fixtures/socket";
import { UNREACHABLE_DATABASE_URL } from "./test-worker";

/** The proxy's own address would do for Postgres's, but nothing listens on port 9. */
const NOWHERE_PROXY = "127.0.0.1:9";

afterEach(() => vi.restoreAllMocks());

/** The log lines written while `run` runs (console.error), parsed. */
async function errorLines(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  await run();
  return error.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
}

async function callWith(bindings: Record<string, string>, path: string, token?: string) {
  const headers = new Headers({ host: hosts.it });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`http://${hosts.it}${path}`, { headers }),
    {
      ...env,
      ...bindings,
    },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("Postgres error codes", () => {
  const fails = (run: (db: Db) => Promise<unknown>, database = testConfig.database) =>
    withDb(database, run).then(
      () => expect.unreachable("the query should fail"),
      (error: unknown) => error,
    );

  it("are read from Neon's HTTP driver and from pg in a transaction", async () => {
    const tooBig = (db: Db) =>
      db
        .select()
        .from(angels)
        .where(eq(angels.id, 2 ** 31));
    const overHttp = await fails(tooBig);
    expect(pgCode(overHttp)).toBe("22003");
    expect(
      pgCode(await fails((db) => db.select().from(angels).where(eq(angels.screenName, "a\u0000")))),
    ).toBe("22021");
    expect(pgCode(await fails((db) => db.transaction((tx) => tooBig(tx as unknown as Db))))).toBe("22003");
    expect(databaseUnavailable(overHttp)).toBe(false);
  });

  it("say 08001 when the database cannot be reached, over HTTP and in a transaction", async () => {
    const unreachable = [
      { ...testConfig.database, url: UNREACHABLE_DATABASE_URL },
      { ...testConfig.database, wsProxy: NOWHERE_PROXY },
    ];
    for (const database of unreachable) {
      const error = await fails((db) => db.execute(sql`select 1`), database);
      expect(pgCode(error)).toBe(CONNECTION_FAILED);
      expect(databaseUnavailable(error)).toBe(true);
    }
    const inTransaction = await fails(
      (db) => db.transaction((tx) => tx.execute(sql`select 1`)),
      unreachable[0],
    );
    expect(pgCode(inTransaction)).toBe(CONNECTION_FAILED);
    // The tests' own database works again at once.
    expect(await inDb((db) => db.select({ id: angels.id }).from(angels).where(eq(angels.id, ANGEL)))).toEqual(
      [{ id: ANGEL }],
    );
  });
});

describe("the database unreachable", () => {
  it.each([
    ["DATABASE_URL points at nothing", { DATABASE_URL: UNREACHABLE_DATABASE_URL }],
    ["the proxy is gone", { DB_WS_PROXY: NOWHERE_PROXY }],
  ])("%s: 503 with Retry-After, logged by route and code", async (_, bindings) => {
    const member = await createMember();
    const lines = await errorLines(async () => {
      for (const [path, token] of [
        ["/api/get/regions/it"],
        [`/get/messages/${member.clickid}`, member.token],
      ]) {
        const response = await callWith(bindings, path as string, token);
        expect(response.status, path).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unavailable");
      }
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ event: "request.failed", route: "/get/messages/:trackerId", code: "08001" }),
    );
    // Neither the path's values nor the statement and its parameters.
    expect(JSON.stringify(lines)).not.toContain(member.clickid);
    expect(JSON.stringify(lines).toLowerCase()).not.toContain("select");
  });

  it("in the room: the frame answers server_error and the log names its event and code", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.unreachableDatabase = 1;
    });
    const clientId = crypto.randomUUID();
    const lines = await errorLines(async () => {
      socket.send({ event: "chat", data: { msg: "ci sei?", angelId: ANGEL, clientId } });
      const failed = await socket.next("error", (e) => e.data.clientId === clientId);
      expect(failed.data.code).toBe("server_error");
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ event: "room.event_failed", frameEvent: "chat", code: "08001" }),
    );
    socket.close();
  });
});
