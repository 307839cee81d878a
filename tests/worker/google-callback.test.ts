// Google sign-in and sign-up through the real flow: the start route, the fake Google (tests/fakes/google.ts,
// started by vitest.config.ts) and the callback.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { GOOGLE_COOKIE, openAttempt, sealAttempt } from "../../worker/auth/google.service";
import { consume } from "../../worker/ratelimit/rate-limit.service";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import {
  atGoogle,
  finish,
  googleEmail,
  randomIp,
  signInWithGoogle,
  start,
  verify,
} from "../fixtures/google-sign-in";
import { call, createMember, hosts } from "../fixtures/members";

const fakeGoogle = new URL(testConfig.google?.authUrl ?? "").origin;

const accountCount = () =>
  inDb(async (db) => (await db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]?.n ?? 0);

const accountByEmail = (email: string) =>
  inDb(async (db) => (await db.select().from(accounts).where(sql`lower(${accounts.email}) = ${email}`))[0]);

/** Registers an identity with the fake (as a Google account would exist). */
async function googleAccount(identity: {
  email: string;
  sub: string;
  name?: string;
  email_verified?: boolean;
}) {
  const response = await fetch(`${fakeGoogle}/__fake/identities`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(identity),
  });
  expect(response.status).toBe(201);
}

describe("Google sign-in: the callback", () => {
  it("creates a new member: login false, confirmed e-mail, no password, the flow's credits, consents and ledger", async () => {
    const email = googleEmail();
    const sub = `1${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await googleAccount({ email, sub, name: "Nuova Utente", email_verified: true });
    const started = await start({
      intent: "signup",
      sono: "donna",
      cerco: "uomo",
      fluxId: "0000",
      returnTo: "/find",
    });
    const { code, state, back } = await atGoogle(started.location, email);
    expect(`${back.origin}${back.pathname}`).toBe("http://it.localhost/loginWithGoogle");
    const before = await accountCount();
    const { status, json, setCookie } = await finish({ code, state, source: "adwords" }, started.cookie);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      login: false,
      returnTo: "/find",
      confirmed_email: true,
      regalo_messaggi: null,
      flusso: { optin: "doi" },
      user: { email, region: null, cerco: "uomo", fluxId: "0000", creditiMessaggi: 3, creditiIcebreaker: 1 },
    });
    // The attempt is over: the cookie is cleared.
    expect(setCookie).toMatch(new RegExp(`^${GOOGLE_COOKIE}=;.*Max-Age=0`));
    expect(await accountCount()).toBe(before + 1);

    const row = await accountByEmail(email);
    expect(row).toMatchObject({
      googleSub: sub,
      passwordHash: null,
      confirmedEmail: true,
      region: null,
      age: null,
      gender: "donna",
      seeking: "uomo",
      fluxId: "0000",
      source: "adwords",
    });
    const { consents, ledger } = await inDb(async (db) => ({
      consents: await db
        .select()
        .from(signupConsents)
        .where(eq(signupConsents.accountId, row?.id ?? 0)),
      ledger: await db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.accountId, row?.id ?? 0)),
    }));
    expect(consents.map((c) => c.consent).sort()).toEqual(["terms1", "terms2", "terms3", "terms4"]);
    expect(ledger.map((l) => [l.balance, l.delta, l.reason]).sort()).toEqual([
      ["icebreaker", 1, "signup"],
      ["like", 5, "signup"],
      ["messaggi", 3, "signup"],
    ]);
    expect(await verify(json.token as string)).toMatchObject({ verify: 1, clickid: json.clickid });
  });

  it("logs the same Google account in again (login true, same clickid), also through /home", async () => {
    const email = googleEmail();
    const first = await signInWithGoogle(email);
    expect(first.json).toMatchObject({
      login: false,
      user: { cerco: "donna", fluxId: "7", creditiMessaggi: 5 },
    });
    const before = await accountCount();
    for (const path of ["/users/auth/google", "/users/auth/google/home"]) {
      const again = await signInWithGoogle(email, { path });
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ login: true, clickid: first.json.clickid });
      expect(again.json.returnTo).toBeUndefined();
      expect(await verify(again.json.token as string)).toMatchObject({
        verify: 1,
        clickid: first.json.clickid,
      });
    }
    expect(await accountCount()).toBe(before);
  });

  it("creates no member from the login page: the consents are on the sign-up page", async () => {
    const before = await accountCount();
    const { status, json } = await signInWithGoogle(googleEmail(), { query: { intent: "login" } });
    expect(status).toBe(404);
    expect(json.error).toMatchObject({ code: "google_no_account", messageKey: "google_nessun_account" });
    expect(await accountCount()).toBe(before);
  });

  it("gives one Google account its own member on each brand", async () => {
    const email = googleEmail();
    const italian = await signInWithGoogle(email);
    const started = await start({ intent: "signup" }, hosts.es);
    const { code, state } = await atGoogle(started.location, email);
    const spanish = await finish({ code, state }, started.cookie, { host: hosts.es });
    expect(spanish.status).toBe(200);
    expect(spanish.json.login).toBe(false);
    expect(spanish.json.clickid).not.toBe(italian.json.clickid);
    const rows = await inDb((db) =>
      db.select().from(accounts).where(sql`lower(${accounts.email}) = ${email}`),
    );
    expect(rows.map((r) => r.brandId).sort()).toEqual(["amoreitalia", "amorespana"]);
    expect(new Set(rows.map((r) => r.googleSub)).size).toBe(1);
  });

  it("links an existing e-mail/password member instead of creating a second account", async () => {
    const member = await createMember();
    const before = await accountCount();
    const { status, json } = await signInWithGoogle(member.email.toUpperCase());
    expect(status).toBe(200);
    expect(json).toMatchObject({ login: true, clickid: member.clickid });
    expect(await accountCount()).toBe(before);
    const row = await accountByEmail(member.email);
    expect(row?.googleSub).toMatch(/^\d{21}$/);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // The password still works beside Google.
    const login = await call("/users/authenticate", {
      method: "POST",
      body: JSON.stringify({ email: member.email, password: "a-good-password" }),
    });
    expect(login.status).toBe(200);
  });

  it("refuses a wrong state with 400 and writes nothing (the code was never redeemed)", async () => {
    const email = googleEmail();
    const started = await start({ intent: "signup" });
    const { code, state } = await atGoogle(started.location, email);
    const before = await accountCount();
    const wrong = await finish({ code, state: `${state}x` }, started.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: { code: "google_state" } });
    const noCookie = await finish({ code, state }, null);
    expect(noCookie.json).toMatchObject({ error: { code: "google_state" } });
    // A cookie edited by hand fails its signature.
    const [h, p, s] = started.cookie.split(".");
    const payload = JSON.parse(atob((p ?? "").replaceAll("-", "+").replaceAll("_", "/"))) as Record<
      string,
      unknown
    >;
    const forged = btoa(JSON.stringify({ ...payload, state: "chosen" })).replaceAll("=", "");
    const tampered = await finish({ code, state: "chosen" }, `${h}.${forged}.${s}`);
    expect(tampered.json).toMatchObject({ error: { code: "google_state" } });
    // A cookie of another brand's host does not fit this origin either.
    const elsewhere = await finish({ code, state }, started.cookie, { host: hosts.es });
    expect(elsewhere.json).toMatchObject({ error: { code: "google_state" } });
    expect(await accountCount()).toBe(before);
    expect(await accountByEmail(email)).toBeUndefined();
    // Nothing was sent to Google: the same code still works with the right state.
    expect((await finish({ code, state }, started.cookie)).json).toMatchObject({ login: false });
  });

  it("refuses a replayed code and writes nothing", async () => {
    const started = await start({ intent: "signup" });
    const { code, state } = await atGoogle(started.location, googleEmail());
    expect((await finish({ code, state }, started.cookie)).status).toBe(200);
    const before = await accountCount();
    const replay = await finish({ code, state }, started.cookie);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ error: { code: "google_code" } });
    expect(await accountCount()).toBe(before);
  });

  it("refuses a code redeemed with another verifier (a cookie of another attempt)", async () => {
    const email = googleEmail();
    const started = await start({ intent: "signup" });
    const { code, state } = await atGoogle(started.location, email);
    const attempt = await openAttempt(testConfig.jwtSecret, started.cookie.slice(GOOGLE_COOKIE.length + 1));
    if (!attempt) throw new Error("the start cookie did not open");
    const other = await sealAttempt(testConfig.jwtSecret, { ...attempt, codeVerifier: "x".repeat(43) });
    const { status, json } = await finish({ code, state }, `${GOOGLE_COOKIE}=${other}`);
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: "google_code" } });
    expect(await accountByEmail(email)).toBeUndefined();
  });

  it("refuses a Google account whose e-mail is not verified", async () => {
    const email = googleEmail();
    await googleAccount({ email, sub: `2${Date.now()}`, email_verified: false });
    const before = await accountCount();
    const { status, json } = await signInWithGoogle(email);
    expect(status).toBe(403);
    expect(json).toMatchObject({ error: { code: "google_email_unverified" } });
    expect(await accountCount()).toBe(before);
  });

  it("answers 1008 for a disabled account", async () => {
    const email = googleEmail();
    const first = await signInWithGoogle(email);
    await inDb((db) =>
      db
        .update(accounts)
        .set({ disabled: true })
        .where(eq(accounts.clickid, first.json.clickid as string)),
    );
    const { status, json } = await signInWithGoogle(email);
    expect(status).toBe(403);
    expect(json).toMatchObject({ error: { code: "1008", messageKey: "utente_disabilitato" } });
  });

  it("counts new Google sign-ups against the registration limit (1007), not logins", async () => {
    // An address outside randomIp's range: no other test shares the bucket this one uses up.
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const known = googleEmail();
    expect((await signInWithGoogle(known, { ip: randomIp() })).json).toMatchObject({ login: false });
    while (await consume(env, "registerPerIp", ip)) {
      // use up this address's sign-ups
    }
    const before = await accountCount();
    const refused = await signInWithGoogle(googleEmail(), { ip });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: "1007" } });
    expect(await accountCount()).toBe(before);
    expect((await signInWithGoogle(known, { ip })).json).toMatchObject({ login: true });
  });
});
