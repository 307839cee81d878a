import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { lazyDb, statementDb } from "../../worker/core/db";

const database = {
  url: "postgres://user:pw@db.example:5432/app",
  wsProxy: undefined,
  connectTimeoutMs: 5000,
  queryTimeoutMs: 8000,
};

describe("a request's database", () => {
  it("makes no Pool for a request that never touches it, so there is nothing to close", () => {
    const { end } = lazyDb(database);
    expect(end()).toBeUndefined();
  });

  it("builds its single statements on the isolate's Drizzle, with no Pool of its own to close", () => {
    const { db, end } = lazyDb(database);
    // Building a statement goes to the Drizzle database behind it (nothing is sent).
    expect(db.select({ id: accounts.id }).from(accounts).toSQL().sql).toBe('select "id" from "accounts"');
    expect(end()).toBeUndefined();
  });

  it("makes a Pool of its own for a transaction, and closes it at the end", async () => {
    const { db, end } = lazyDb(database);
    expect(db.transaction).toBeTypeOf("function");
    const closing = end();
    expect(closing).toBeInstanceOf(Promise);
    await closing;
  });

  it("never opens a connection on the isolate's Drizzle, which every request shares", async () => {
    await expect(statementDb(database).transaction(async () => {})).rejects.toThrow(/opens no connection/);
  });
});
