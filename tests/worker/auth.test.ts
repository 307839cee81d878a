import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { mailOutbox } from "../../drizzle/schema/mail";
import { bannedEmails, events } from "../../drizzle/schema/tracking";
import { decodeLinkParam } from "../../worker/contracts/auth";
import { signToken } from "../../worker/core/tokens";
import { limits, recordFailure } from "../../worker/ratelimit/rate-limit.service";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, randomIp, signupBody } from "../fixtures/members";

type Json = Record<string, unknown> & {
  error?: { code: string; messageKey?: string; email?: string; url?: string };
};

async function post(path: string, body: unknown, init: { token?: string; host?: string; ip?: string } = {}) {
  const response = await call(path, { method: "POST", body: JSON.stringify(body), ...init });
  return { status: response.status, json: (await response.json()) as Json };
}

const login = (email: string, password: string, ip?: string) =>
  post("/users/authenticate", { email, password }, { ip });
const verify = async (token: string) => (await post("/users/verify", { token })).json;

const account = (clickid: string) =>
  inDb(async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0]);
const accountCount = () =>
  inDb(async (db) => (await db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]?.n ?? 0);

/** The newest kept mail to an address and the first link in it. */
async function lastMail(to: string) {
  const [mail] = await inDb((db) =>
    db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
      .orderBy(desc(mailOutbox.id))
      .limit(1),
  );
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the ${mail.template} mail`);
  return { template: mail.template, url: new URL(link) };
}

const mailsTo = (to: string) =>
  inDb(async (db) => (await db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${to}`)).length);

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

  it("stops an account after 100 failures in an hour, even with the right password", async () => {
    const member = await createMember();
    const row = await account(member.clickid);
    expect(limits.loginFailuresPerAccount.limit).toBe(100);
    for (let i = 0; i < limits.loginFailuresPerAccount.limit; i++) {
      await recordFailure(env, "loginFailuresPerAccount", String(row?.id));
    }
    const { status, json } = await login(member.email, "a-good-password");
    expect(status).toBe(429);
    expect(json.error?.messageKey).toBe("troppi_tentativi");
  });

  it("stops an address after its failures, for every account", async () => {
    const member = await createMember();
    const ip = randomIp();
    for (let i = 0; i < limits.loginFailuresPerIp.limit; i++) {
      await recordFailure(env, "loginFailuresPerIp", ip);
    }
    expect((await login(member.email, "a-good-password", ip)).status).toBe(429);
    expect((await login(member.email, "a-good-password")).status).toBe(200);
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

describe("forgot and reset password", () => {
  it("says utente_inesistente for an unknown address and sends nothing", async () => {
    const { status, json } = await post("/users/getTokenForReset", { email: "ghost@example.com" });
    expect(status).toBe(404);
    expect(json.error?.messageKey).toBe("utente_inesistente");
    expect(await mailsTo("ghost@example.com")).toBe(0);
  });

  it("mails a single-use link that sets the password and ends earlier sessions", async () => {
    const member = await createMember();
    expect((await post("/users/getTokenForReset", { email: member.email })).json).toEqual({ result: "OK" });
    const mail = await lastMail(member.email);
    expect(mail.template).toBe("reset_password");
    expect(mail.url.pathname).toBe("/resetPassword");
    const token = mail.url.searchParams.get("token") ?? "";
    const email = mail.url.searchParams.get("email") ?? "";
    expect(email).toBe(member.email);

    // The reset link is no session, and a session token is no reset link.
    expect(await verify(token)).toMatchObject({ verify: 0 });
    const withSession = await post("/users/changePassword", {
      token: member.token,
      email,
      password: "x-new-pass",
    });
    expect(withSession.json.error?.code).toBe("token_expired");
    expect((await post("/users/changePassword", { token, email, password: "short" })).status).toBe(400);

    const done = await post("/users/changePassword", { token, email, password: "brand-new-password" });
    expect(done.json).toEqual({ result: "OK", user: { clickid: member.clickid } });
    expect(await verify(member.token)).toMatchObject({ verify: 0 });
    expect((await login(member.email, "a-good-password")).status).toBe(401);
    expect((await login(member.email, "brand-new-password")).status).toBe(200);

    const again = await post("/users/changePassword", { token, email, password: "third-password" });
    expect(again.status).toBe(400);
    expect(again.json.error?.messageKey).toBe("token_expired");
    expect((await login(member.email, "brand-new-password")).status).toBe(200);
  });
});

describe("double opt-in", () => {
  it("mails the activation link, which confirms the address and logs in", async () => {
    const member = await createMember({ fluxId: "0000" });
    expect((await account(member.clickid))?.confirmedEmail).toBe(false);
    const mail = await lastMail(member.email);
    expect(mail.template).toBe("activation");
    expect(mail.url.pathname).toBe("/confirmEmail");
    const token = mail.url.searchParams.get("token") ?? "";
    expect(await verify(token)).toMatchObject({ verify: 0 });
    // Logging out first does not spoil the link in the mailbox.
    await post("/users/logout", {}, { token: member.token });
    const { status, json } = await post("/users/confirmEmail", { token });
    expect(status).toBe(200);
    expect(json).toMatchObject({ clickid: member.clickid, confirmed_email: true });
    expect(await verify(json.token as string)).toMatchObject({ verify: 1, confirmed_email: true });
  });

  it("answers 1009 to a second sign-up while the activation mail may still arrive", async () => {
    const member = await createMember({ fluxId: "0000" });
    const again = await post("/users/register", signupBody({ email: member.email, fluxId: "0000" }));
    expect(again.json.error?.code).toBe("1009");
    await inDb((db) =>
      db.update(accounts).set({ confirmedEmail: true }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await post("/users/register", signupBody({ email: member.email }))).json.error?.code).toBe(
      "1000",
    );
  });

  it("sends the activation again only after 5 minutes, and never for a confirmed address", async () => {
    const member = await createMember({ fluxId: "0000" });
    const resend = () => post("/users/resendActivation", {}, { token: member.token });
    expect((await resend()).json.error?.code).toBe("1009");
    await inDb((db) =>
      db.execute(sql`update mail_sent set sent_at = now() - interval '6 minutes'
        where account_id = (select id from accounts where clickid = ${member.clickid})`),
    );
    expect((await resend()).json).toEqual({ result: "OK" });
    expect(await mailsTo(member.email)).toBe(2);
    await inDb((db) =>
      db.update(accounts).set({ confirmedEmail: true }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await resend()).json.error?.code).toBe("already_confirmed");
  });

  it("changes the address only to a new, valid, free one and resends the activation", async () => {
    const member = await createMember({ fluxId: "0000" });
    const other = await createMember();
    const oldLink = (await lastMail(member.email)).url.searchParams.get("token") ?? "";
    const change = (newEmail: string) =>
      post("/users/changeEmail", { oldEmail: member.email, newEmail }, { token: member.token });

    expect((await change("")).json.error?.messageKey).toBe("errore_email");
    expect((await change("not-an-address")).json.error?.messageKey).toBe("errore_email");
    expect((await change(` ${member.email.toUpperCase()} `)).json.error?.messageKey).toBe(
      "errore_stessa_mail",
    );
    const taken = await change(other.email);
    expect(taken.status).toBe(409);
    expect(taken.json.error?.messageKey).toBe("email_esistente");
    expect((await account(member.clickid))?.email).toBe(member.email);

    const fresh = `changed.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await change(fresh)).json).toEqual({ result: "OK", user: { email: fresh, valid_email: true } });
    expect((await account(member.clickid))?.email).toBe(fresh);
    expect((await lastMail(fresh)).template).toBe("activation");
    // The link sent to the old address cannot confirm the new one.
    expect((await post("/users/confirmEmail", { token: oldLink })).json.error?.code).toBe("token_expired");
    expect((await post("/users/changeEmail", { oldEmail: fresh, newEmail: "x@example.com" })).status).toBe(
      401,
    );
  });
});

describe("auto-login links", () => {
  it("logs in from the welcome mail and records the click", async () => {
    const member = await createMember();
    const mail = await lastMail(member.email);
    expect(mail.template).toBe("welcome");
    expect(mail.url.pathname).toBe("/autologin");
    expect(atob(decodeLinkParam(mail.url.searchParams.get("red") ?? ""))).toBe("/find");
    expect(mail.url.searchParams.get("clickid")).toBe(member.clickid);
    const token = mail.url.searchParams.get("token") ?? "";
    expect(await verify(token)).toMatchObject({ verify: 0 });

    const { status, json } = await post("/users/autoLogin", { token, channel: "email" });
    expect(status).toBe(200);
    expect(json.clickid).toBe(member.clickid);
    const row = await account(member.clickid);
    const clicks = await inDb((db) =>
      db
        .select()
        .from(events)
        .where(eq(events.accountId, row?.id ?? 0)),
    );
    expect(clicks.map((e) => e.type)).toEqual(["click_mail"]);
  });

  it("survives a logout but not a password change; refuses session and tampered tokens", async () => {
    const member = await createMember();
    const row = await account(member.clickid);
    const link = await signToken(testConfig.jwtSecret, "autologin", {
      accountId: row?.id ?? 0,
      clickid: member.clickid,
      sessionVersion: row?.credentialsVersion ?? 0,
    });
    expect((await post("/users/autoLogin", { token: member.token })).json.error?.code).toBe("token_expired");
    expect((await post("/users/autoLogin", { token: `${link}x` })).json.error?.code).toBe("token_expired");
    await post("/users/logout", {}, { token: member.token });
    expect((await post("/users/autoLogin", { token: link })).status).toBe(200);
    await post("/users/getTokenForReset", { email: member.email });
    const reset = (await lastMail(member.email)).url.searchParams;
    await post("/users/changePassword", {
      token: reset.get("token"),
      email: reset.get("email"),
      password: "changed-password",
    });
    expect((await post("/users/autoLogin", { token: link })).json.error?.code).toBe("token_expired");
  });
});

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
