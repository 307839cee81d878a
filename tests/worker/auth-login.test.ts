import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { account, lastMail, login, post, verify } from "../fixtures/auth";
import { inDb } from "../fixtures/db";
import { createMember, signupBody } from "../fixtures/members";

describe("login", () => {
  it("logs in with the right password and answers the spec's fields", async () => {
    const member = await createMember();
    const { status, json } = await login(member.email.toUpperCase(), "a-good-password");
    expect(status).toBe(200);
    expect(json).toMatchObject({ account_active: true, clickid: member.clickid, flusso: { optin: "soi" } });
    expect(await verify(json.token as string)).toMatchObject({ verify: 1, clickid: member.clickid });
  });

  it("answers 1001 alike for a wrong password and an unknown address", async () => {
    const member = await createMember();
    const wrong = await login(member.email, "not-the-password");
    const unknown = await login("nobody.here@example.com", "a-good-password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error).toMatchObject({ code: "1001", messageKey: "mail_password_errati" });
    expect((await login("", "")).status).toBe(400);
  });

  it("tells a disabled account apart only to someone with its password (1008)", async () => {
    const member = await createMember();
    await inDb((db) =>
      db.update(accounts).set({ disabled: true }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await login(member.email, "a-good-password")).json.error).toMatchObject({
      code: "1008",
      messageKey: "utente_disabilitato",
    });
    expect((await login(member.email, "wrong-password")).json.error?.code).toBe("1001");
  });

  it("upgrades a legacy PBKDF2 hash to Argon2id at the next login", async () => {
    const member = await createMember();
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("old-password"),
      "PBKDF2",
      false,
      ["deriveBits"],
    );
    const bits = await crypto.subtle.deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt, iterations: 100_000 },
      key,
      256,
    );
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const legacy = `pbkdf2-sha256$100000$${b64(salt)}$${b64(new Uint8Array(bits))}`;
    await inDb((db) =>
      db.update(accounts).set({ passwordHash: legacy }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await login(member.email, "old-password")).status).toBe(200);
    expect((await account(member.clickid))?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login(member.email, "old-password")).status).toBe(200);
  });

  it("logout ends every earlier session", async () => {
    const member = await createMember();
    const second = (await login(member.email, "a-good-password")).json.token as string;
    expect((await post("/users/logout", {}, { token: member.token })).status).toBe(200);
    expect(await verify(member.token)).toMatchObject({ verify: 0 });
    expect(await verify(second)).toMatchObject({ verify: 0 });
    expect((await post("/users/logout", {}, { token: member.token })).status).toBe(401);
  });
});

describe("disable profile", () => {
  it("disables the account, ends its sessions and unsubscribes a premium member", async () => {
    const member = await createMember();
    await inDb((db) =>
      db
        .update(accounts)
        .set({ premiumLevel: 2, nextBillDate: new Date(Date.now() + 86_400_000) })
        .where(eq(accounts.clickid, member.clickid)),
    );
    const other = await createMember();
    expect(
      (await post("/users/disableProfile", { clickid: other.clickid }, { token: member.token })).status,
    ).toBe(403);
    expect(
      (await post("/users/disableProfile", { clickid: member.clickid }, { token: member.token })).json,
    ).toEqual({ result: "OK" });
    const row = await account(member.clickid);
    expect(row).toMatchObject({ disabled: true, premiumLevel: 1, nextBillDate: null });
    expect(row?.disabledAt).toBeInstanceOf(Date);
    expect(await verify(member.token)).toMatchObject({ verify: 0, error: "1008" });
    expect((await login(member.email, "a-good-password")).json.error?.code).toBe("1008");
    expect((await post("/users/getTokenForReset", { email: member.email })).status).toBe(404);
    expect((await account(other.clickid))?.disabled).toBe(false);
  });
});

describe("logs", () => {
  it("never carry a password, a token, an address or a mail link", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      }),
    );
    try {
      const member = await createMember({ fluxId: "0000", password: "secret-password-1" });
      await login(member.email, "wrong-password-2");
      await login(member.email, "secret-password-1");
      await post("/users/getTokenForReset", { email: member.email });
      const reset = await lastMail(member.email);
      const resetToken = reset.url.searchParams.get("token") ?? "";
      await post("/users/changePassword", {
        token: resetToken,
        email: member.email,
        password: "new-password-3",
      });
      await post("/users/register", signupBody({ email: member.email, password: "another-password-4" }));
      expect(lines.length).toBeGreaterThan(0);
      const all = lines.join("\n");
      for (const secret of [
        "secret-password-1",
        "wrong-password-2",
        "new-password-3",
        "another-password-4",
        member.email,
        member.token,
        resetToken,
      ]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
