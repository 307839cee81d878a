// Google sign-in and sign-up through the real flow: the start route, the fake Google (tests/fakes/google.ts,
// started by vitest.config.ts) and the callback; then the set-region popup's PUT /api/users/{clickid}.
import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { createApp } from "../../worker/app";
import { GOOGLE_COOKIE, openAttempt, sealAttempt } from "../../worker/auth/google.service";
import { consume } from "../../worker/ratelimit/rate-limit.service";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts } from "../fixtures/members";

type Json = Record<string, unknown> & {
  error?: { code: string; field?: string; messageKey?: string };
};

const fakeGoogle = new URL(testConfig.google?.authUrl ?? "").origin;
/** A made-up client address in 198.18.0.0/16, so per-IP limits count each test's requests on their own. */
const randomIp = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 250) + 1}`;
const googleEmail = () => `g.${crypto.randomUUID().slice(0, 12)}@example.com`;

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

interface Started {
  location: URL;
  /** `google_oauth=...`, as the browser would send it back. */
  cookie: string;
  setCookie: string;
}

/** GET /users/auth/google/start: the redirect to Google and the state cookie. */
async function start(query: Record<string, string> = {}, host: string = hosts.it): Promise<Started> {
  const qs = new URLSearchParams(query).toString();
  const response = await call(`/users/auth/google/start${qs ? `?${qs}` : ""}`, { host, redirect: "manual" });
  expect(response.status).toBe(302);
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  expect(cookie.startsWith(`${GOOGLE_COOKIE}=`)).toBe(true);
  return { location: new URL(response.headers.get("location") ?? ""), cookie, setCookie };
}

/** The browser at Google: the fake signs in `loginHint` (or its default) and redirects back with a code. */
async function atGoogle(
  location: URL,
  loginHint?: string,
): Promise<{ code: string; state: string; back: URL }> {
  const url = new URL(location);
  if (loginHint) url.searchParams.set("login_hint", loginHint);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location") ?? "");
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "", back };
}

/** POST /users/auth/google (or /home) from /loginWithGoogle, with the cookie the browser kept. */
async function finish(
  body: Record<string, unknown>,
  cookie: string | null,
  opts: { host?: string; ip?: string; path?: string } = {},
) {
  const headers: Record<string, string> = { "cf-connecting-ip": opts.ip ?? randomIp() };
  if (cookie) headers.cookie = cookie;
  const response = await call(opts.path ?? "/users/auth/google", {
    method: "POST",
    body: JSON.stringify(body),
    host: opts.host,
    headers,
  });
  return {
    status: response.status,
    json: (await response.json()) as Json,
    setCookie: response.headers.get("set-cookie"),
  };
}

/** The whole flow for one Google account. */
async function signInWithGoogle(
  loginHint: string,
  opts: { query?: Record<string, string>; body?: Record<string, unknown>; ip?: string; path?: string } = {},
) {
  const started = await start({ intent: "signup", ...opts.query });
  const { code, state } = await atGoogle(started.location, loginHint);
  return finish({ code, state, ...opts.body }, started.cookie, { ip: opts.ip, path: opts.path });
}

const verify = async (token: string) =>
  (await (await call("/users/verify", { method: "POST", body: JSON.stringify({ token }) })).json()) as Json;

describe("Google sign-in: the start route", () => {
  it("redirects to Google with PKCE (S256), the brand host's redirect URI and a 10-minute HttpOnly cookie", async () => {
    const { location, setCookie, cookie } = await start({
      intent: "signup",
      fluxId: "0000",
      returnTo: "/find",
    });
    expect(`${location.origin}${location.pathname}`).toBe(testConfig.google?.authUrl);
    const q = location.searchParams;
    expect(q.get("client_id")).toBe(env.GOOGLE_CLIENT_ID);
    expect(q.get("redirect_uri")).toBe("http://it.localhost/loginWithGoogle");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toMatch(/Max-Age=600/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    // The cookie holds the state and the verifier, signed: only its own challenge matches.
    const attempt = await openAttempt(testConfig.jwtSecret, cookie.slice(GOOGLE_COOKIE.length + 1));
    expect(attempt).toMatchObject({
      state: q.get("state"),
      intent: "signup",
      fluxId: "0000",
      returnTo: "/find",
    });
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(attempt?.codeVerifier));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    expect(q.get("code_challenge")).toBe(challenge);
  });

  it("gives each brand host its own redirect URI and a Secure cookie over https", async () => {
    expect((await start({}, hosts.es)).location.searchParams.get("redirect_uri")).toBe(
      "http://es.localhost/loginWithGoogle",
    );
    const response = await SELF.fetch("https://en.localhost/users/auth/google/start", {
      headers: { host: hosts.en },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("redirect_uri")).toBe(
      "https://en.localhost/loginWithGoogle",
    );
    expect(response.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("refuses a returnTo that leaves the site", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const response = await call(`/users/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`, {
        redirect: "manual",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { field: "returnTo" } });
    }
  });

  it("answers 503 google_unavailable without a Google client", async () => {
    const app = createApp();
    for (const request of [
      new Request("http://it.localhost/users/auth/google/start", { redirect: "manual" }),
      new Request("http://it.localhost/users/auth/google", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: "x", state: "y" }),
      }),
    ]) {
      const ctx = createExecutionContext();
      const response = await app.fetch(request, { ...env, GOOGLE_CLIENT_ID: undefined }, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        error: { code: "google_unavailable", message: expect.any(String) },
      });
    }
  });
});

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
      eta: null,
      sono: "donna",
      cerco: "uomo",
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

describe("PUT /api/users/{clickid}: the set-region popup", () => {
  const put = async (clickid: string, body: unknown, token?: string) => {
    const response = await call(`/api/users/${clickid}`, {
      method: "PUT",
      body: JSON.stringify(body),
      token,
    });
    return { status: response.status, json: (await response.json()) as Json };
  };

  it("sets the region and city of a new Google member", async () => {
    const { json: session } = await signInWithGoogle(googleEmail());
    const clickid = session.clickid as string;
    const token = session.token as string;
    const { status, json } = await put(clickid, { region: "lombardia", city: "milano" }, token);
    expect(status).toBe(200);
    expect(json).toMatchObject({ result: "OK", user: { clickid, region: "lombardia", city: "Milano" } });
    const row = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, clickid)))[0],
    );
    expect(row).toMatchObject({ region: "lombardia", city: "Milano", provincia: "Milano" });
    // A new region without a city drops the old region's city.
    expect((await put(clickid, { region: "abruzzo" }, token)).json).toMatchObject({
      user: { region: "abruzzo", city: null },
    });
    expect(await verify(token)).toMatchObject({ verify: 1, region: "abruzzo" });
  });

  it("refuses an unknown region, another country's region and a city of another region", async () => {
    const member = await createMember();
    for (const region of ["atlantide", "andalucia"]) {
      const { status, json } = await put(member.clickid, { region }, member.token);
      expect(status).toBe(400);
      expect(json).toMatchObject({ error: { field: "region", messageKey: "errore_citta" } });
    }
    const city = await put(member.clickid, { region: "lombardia", city: "Pescara" }, member.token);
    expect(city.status).toBe(400);
    expect(city.json).toMatchObject({ error: { field: "city" } });
    const wrongType = await put(member.clickid, { region: 7 }, member.token);
    expect(wrongType.json).toMatchObject({ error: { field: "region" } });
    const row = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, member.clickid)))[0],
    );
    expect(row?.region).toBe("lombardia");
  });

  it("refuses another member's clickid with 403 and a call without a token with 401", async () => {
    const member = await createMember();
    const other = await createMember();
    const foreign = await put(other.clickid, { region: "abruzzo" }, member.token);
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ error: { code: "forbidden" } });
    expect((await put(member.clickid, { region: "abruzzo" })).status).toBe(401);
    const row = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, other.clickid)))[0],
    );
    expect(row?.region).toBe("lombardia");
  });
});

describe("the API description", () => {
  it("lists the Google and profile routes", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/users/auth/google/start",
      "/users/auth/google",
      "/users/auth/google/home",
      "/api/users/{clickid}",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
