import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { lazyDb } from "../../worker/core/db";

const database = {
  url: "postgres://user:pw@db.example:5432/app",
  wsProxy: undefined,
  connectTimeoutMs: 5000,
  queryTimeoutMs: 8000,
};

describe("a request's database, opened on first use", () => {
  it("makes no Pool for a request that never touches it, so there is nothing to close", () => {
    const { end } = lazyDb(database);
    expect(end()).toBeUndefined();
  });

  it("makes the Pool when a query is built, and closes it at the end", async () => {
    const { db, end } = lazyDb(database);
    // Building a statement goes to the real Drizzle database behind it (nothing is sent).
    expect(db.select({ id: accounts.id }).from(accounts).toSQL().sql).toBe('select "id" from "accounts"');
    const closing = end();
    expect(closing).toBeInstanceOf(Promise);
    await closing;
  });
});
