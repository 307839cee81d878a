import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { mailSuppressions } from "../../drizzle/schema/mail";
import { createApp } from "../../worker/app";
import { inDb } from "../fixtures/db";
import { send, testEnv, uniqueAddress } from "../fixtures/mail";
import { call, createMember, hosts } from "../fixtures/members";

describe("POST /cron/mailRemove (Mailgun webhook)", () => {
  async function sign(timestamp: string, token: string, key = testEnv.MAILGUN_WEBHOOK_SIGNING_KEY) {
    const hmac = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(key),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(
      await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(timestamp + token)),
    );
    return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function webhook(
    recipient: string,
    opts: { ageSeconds?: number; key?: string; event?: string } = {},
  ) {
    const timestamp = String(Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0));
    const token =
      crypto.randomUUID().replaceAll("-", "") + crypto.randomUUID().replaceAll("-", "").slice(0, 18);
    return {
      signature: { timestamp, token, signature: await sign(timestamp, token, opts.key) },
      "event-data": {
        event: opts.event ?? "unsubscribed",
        timestamp: Number(timestamp),
        id: "Ase7i2zsRYeDXztHGENqRA",
        recipient,
        tags: ["activation"],
        "user-variables": {},
      },
    };
  }

  const post = (body: unknown, host: string = hosts.it) =>
    call("/cron/mailRemove", {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      host,
    });

  const state = (email: string) =>
    inDb(async (db) => ({
      suppressed: await db
        .select()
        .from(mailSuppressions)
        .where(eq(mailSuppressions.email, email.toLowerCase())),
      notify: (
        await db
          .select({ brandId: accounts.brandId, notifyEmail: accounts.notifyEmail })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`)
      ).sort((a, b) => a.brandId.localeCompare(b.brandId)),
    }));

  let email: string;
  beforeEach(async () => {
    email = uniqueAddress("Unsub");
    await createMember({ email }, hosts.it);
    await createMember({ email, region: "andalucia" }, hosts.es);
  });

  it("with a good signature suppresses the address and turns e-mail notifications off everywhere", async () => {
    expect((await state(email)).notify.map((a) => a.notifyEmail)).toEqual([true, true]);
    const body = await webhook(email.toUpperCase());
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "OK", suppressed: true });
    const after = await state(email);
    expect(after.suppressed.map((s) => [s.email, s.reason])).toEqual([[email.toLowerCase(), "unsubscribed"]]);
    expect(after.notify).toEqual([
      { brandId: "amoreitalia", notifyEmail: false },
      { brandId: "amorespana", notifyEmail: false },
    ]);
    // Idempotent: a second event for the address changes nothing and still answers 200.
    expect((await post(await webhook(email))).status).toBe(200);
    expect((await state(email)).suppressed).toHaveLength(1);
    // And mail to it stops.
    expect(await send({ template: "welcome", to: email, language: "it", link: "https://x.example/" })).toBe(
      "suppressed",
    );
  });

  it("refuses a reused token", async () => {
    const body = await webhook(email);
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(401);
  });

  it.each([
    ["a wrong key", async (to: string) => webhook(to, { key: "not-the-signing-key" })],
    ["a stale timestamp", async (to: string) => webhook(to, { ageSeconds: 16 * 60 })],
    [
      "a tampered token",
      async (to: string) => {
        const body = await webhook(to);
        return { ...body, signature: { ...body.signature, token: `${body.signature.token}x` } };
      },
    ],
    [
      "no signature",
      async (to: string) => {
        const { signature: _, ...body } = await webhook(to);
        return body;
      },
    ],
  ])("with %s answers 401 and writes nothing", async (_, build) => {
    const response = await post(await build(email));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_signature");
    const after = await state(email);
    expect(after.suppressed).toHaveLength(0);
    expect(after.notify.map((a) => a.notifyEmail)).toEqual([true, true]);
  });

  it("ignores events that do not stop mail", async () => {
    const response = await post(await webhook(email, { event: "delivered" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "OK", suppressed: false });
    expect((await state(email)).suppressed).toHaveLength(0);
  });

  it.each([
    ["not JSON", "this is not json"],
    ["no event-data", { signature: { timestamp: "1", token: "t", signature: "0".repeat(64) } }],
    ["a recipient that is not an address", { "event-data": { event: "unsubscribed", recipient: "nobody" } }],
  ])("with %s answers 400 in the app's error shape", async (_, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBeTypeOf("string");
    expect(json.error.message).toBeTypeOf("string");
    expect((await state(email)).suppressed).toHaveLength(0);
  });

  it("answers a body that is not JSON with 415", async () => {
    const response = await call("/cron/mailRemove", {
      method: "POST",
      body: "event-data=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
  });

  it("is refused when no signing key is configured", async () => {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`http://${hosts.it}/cron/mailRemove`, {
        method: "POST",
        headers: { host: hosts.it, "content-type": "application/json" },
        body: JSON.stringify(await webhook(email)),
      }),
      { ...env, MAILGUN_WEBHOOK_SIGNING_KEY: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(401);
    expect((await state(email)).suppressed).toHaveLength(0);
  });
});
