import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { bannedEmails } from "../../drizzle/schema/tracking";
import { limits } from "../../worker/ratelimit/rate-limit-rules";
import { post } from "../fixtures/auth";
import { inDb } from "../fixtures/db";
import { createMember, randomIp, signupBody } from "../fixtures/members";

const accountCount = () =>
  inDb(async (db) => (await db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]?.n ?? 0);

describe("sign-up error codes", () => {
  it("refuses a banned address or domain with 1005 and writes nothing", async () => {
    await inDb((db) =>
      db
        .insert(bannedEmails)
        .values([
          { value: "banned.person@example.com", reason: "test" },
          { value: "@spam.example", reason: "test" },
        ])
        .onConflictDoNothing(),
    );
    const before = await accountCount();
    for (const email of ["Banned.Person@example.com", "someone@spam.example"]) {
      const { status, json } = await post("/users/register", signupBody({ email }));
      expect(status).toBe(400);
      expect(json.error).toMatchObject({ code: "1005", messageKey: "errore_1005" });
    }
    expect(await accountCount()).toBe(before);
  });

  it("sends a visitor from another country to that country's site with 1006", async () => {
    const before = await accountCount();
    const { status, json } = await post("/users/register", signupBody({ country: "es" }));
    expect(status).toBe(409);
    expect(json.error).toMatchObject({ code: "1006", url: "https://amorespana.example/signup" });
    expect(await accountCount()).toBe(before);
  });

  it("shows the masked address already registered from the same device with 1003", async () => {
    const fingerprint = crypto.randomUUID();
    const first = await createMember({
      email: `device.owner.${fingerprint.slice(0, 6)}@example.com`,
      fingerprint,
    });
    const { status, json } = await post("/users/register", signupBody({ fingerprint }));
    expect(status).toBe(409);
    expect(json.error?.code).toBe("1003");
    expect(json.error?.email).toMatch(/^d\*+\w@example\.com$/);
    expect(json.error?.email).not.toBe(first.email);
  });

  it("refuses registrations past the per-address limit with 1007 and writes nothing", async () => {
    const ip = randomIp();
    for (let i = 0; i < limits.registerPerIp.limit; i++) {
      expect((await post("/users/register", signupBody(), { ip })).status).toBe(200);
    }
    const before = await accountCount();
    const { status, json } = await post("/users/register", signupBody(), { ip });
    expect(status).toBe(429);
    expect(json.error).toMatchObject({ code: "1007", messageKey: "errore_1007" });
    expect(await accountCount()).toBe(before);
  });
});
