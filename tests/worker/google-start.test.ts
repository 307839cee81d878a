// Google sign-in's start route: the redirect to the fake Google (tests/fakes/google.ts, started by
// vitest.config.ts) with PKCE and the state cookie; and the API description of the Google and profile routes.
import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { GOOGLE_COOKIE, openAttempt } from "../../worker/auth/google.service";
import { testConfig } from "../fixtures/config";
import { start } from "../fixtures/google-sign-in";
import { call, hosts } from "../fixtures/members";

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

  it("without a Google client: no button, the start link leads to a page saying so, the callback 503", async () => {
    const app = createApp();
    const fetchWithoutGoogle = async (request: Request) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(request, { ...env, GOOGLE_CLIENT_ID: undefined }, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    // The brand config the pages start from tells them to leave the Google button out…
    const brand = await fetchWithoutGoogle(new Request("http://it.localhost/api/brand"));
    expect(await brand.json()).toMatchObject({ id: "amoreitalia", google_login: false });
    expect(await (await call("/api/brand")).json()).toMatchObject({ google_login: true });
    // …and an old link to the start is a page load that ends on the translated message, not on JSON.
    const start = await fetchWithoutGoogle(
      new Request("http://it.localhost/users/auth/google/start?intent=signup", { redirect: "manual" }),
    );
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/loginWithGoogle?error=google_unavailable");
    expect(start.headers.get("set-cookie")).toBeNull();
    const callback = await fetchWithoutGoogle(
      new Request("http://it.localhost/users/auth/google", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: "x", state: "y" }),
      }),
    );
    expect(callback.status).toBe(503);
    expect(await callback.json()).toMatchObject({
      error: { code: "google_unavailable", message: expect.any(String) },
    });
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
