// The Worker's environment parsed once into a typed config (worker/config.ts).
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../worker/config";
import { LOCAL_SANDBOX_WEBHOOK_SECRET } from "../../worker/config-environment";
import { DB_STATEMENT_TIMEOUT_MS } from "../../worker/core/db";

const minimal = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app@db.example/app",
  JWT_SECRET: "a-secret-of-at-least-thirty-two-bytes!",
  BRAND_COMPANIES: {},
};

const company = {
  company_name: "Amore SRL",
  company_address: "Via Roma 1, Milano",
  vat: "IT12345678901",
  email: "care@amore.example",
  tel: "+39 02 1234 5678",
};

describe("the Worker's configuration", () => {
  it("has the spec's delays and the defaults when only the required vars are set", () => {
    const config = parseConfig(minimal);
    expect(config.local).toBe(false);
    expect(config.chat).toEqual({ replyDelay: { minMs: 20_000, maxMs: 40_000 }, typingMs: 5000 });
    expect(config.pressing).toEqual({
      likeBack: { rate: 0.3, minMs: 20_000, maxMs: 40_000 },
      visit: { minMs: 20_000, maxMs: 40_000, cooldownMs: 6 * 60 * 60 * 1000 },
      brain: { minMs: 20_000, maxMs: 40_000 },
    });
    expect(config.opsLeaseMs).toBe(180_000);
    expect(config.phoneCodesPerNetwork).toEqual({ limit: 20, windowMs: 60 * 60 * 1000 });
    expect([config.ai, config.mailgun, config.google]).toEqual([null, null, null]);
  });

  it("reads the phone codes a network may ask for in an hour, and refuses a limit that is not one", () => {
    expect(parseConfig({ ...minimal, PHONE_CODES_PER_NETWORK_HOUR: "50" }).phoneCodesPerNetwork.limit).toBe(
      50,
    );
    expect(() => parseConfig({ ...minimal, PHONE_CODES_PER_NETWORK_HOUR: "0" })).toThrow(
      /PHONE_CODES_PER_NETWORK_HOUR/,
    );
    expect(() => parseConfig({ ...minimal, PHONE_CODES_PER_NETWORK_HOUR: "many" })).toThrow(
      /PHONE_CODES_PER_NETWORK_HOUR/,
    );
  });

  it("reads numbers as numbers and treats an empty var as unset", () => {
    const config = parseConfig({ ...minimal, TYPING_MS: "200", ANGEL_LIKE_BACK_RATE: "1", OPS_LEASE_MS: "" });
    expect(config.chat.typingMs).toBe(200);
    expect(config.pressing.likeBack.rate).toBe(1);
    expect(config.opsLeaseMs).toBe(180_000);
  });

  it("fails fast, naming the var but never its value, on a missing, short or malformed setting", () => {
    const { JWT_SECRET: _, ...withoutSecret } = minimal;
    expect(() => parseConfig(withoutSecret)).toThrow(/JWT_SECRET is required/);
    expect(() => parseConfig({ ...minimal, JWT_SECRET: "short-secret" })).toThrow(
      /JWT_SECRET must be at least 32 bytes/,
    );
    expect(() => parseConfig({ ...minimal, JWT_SECRET: "short-secret" })).not.toThrow(/short-secret/);
    expect(() => parseConfig({ ...minimal, DATABASE_URL: "" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ ...minimal, APP_ENV: "staging" })).toThrow(/APP_ENV/);
    expect(() => parseConfig({ ...minimal, ANGEL_LIKE_BACK_RATE: "7" })).toThrow(/ANGEL_LIKE_BACK_RATE/);
    expect(() => parseConfig({ ...minimal, ANGEL_VISIT_MIN_MS: "soon" })).toThrow(/ANGEL_VISIT_MIN_MS/);
  });

  it("gives the sandbox's webhooks a key of their own, the local one when unset, and refuses a short one", () => {
    const config = parseConfig(minimal);
    expect(config.sandboxWebhookSecret).toBe(LOCAL_SANDBOX_WEBHOOK_SECRET);
    expect(config.sandboxWebhookSecret).not.toContain(minimal.JWT_SECRET);
    const own = "a-sandbox-webhook-key-of-32-bytes-or-more";
    expect(parseConfig({ ...minimal, SANDBOX_WEBHOOK_SECRET: own }).sandboxWebhookSecret).toBe(own);
    expect(() => parseConfig({ ...minimal, SANDBOX_WEBHOOK_SECRET: "short" })).toThrow(
      /SANDBOX_WEBHOOK_SECRET must be at least 32 bytes/,
    );
  });

  it("bounds the database's waits, longer than the server's own statement limit", () => {
    const { database } = parseConfig(minimal);
    expect(database).toMatchObject({ connectTimeoutMs: 5000, queryTimeoutMs: 8000 });
    expect(database.queryTimeoutMs).toBeGreaterThan(DB_STATEMENT_TIMEOUT_MS);
    const set = parseConfig({
      ...minimal,
      DB_CONNECT_TIMEOUT_MS: "400",
      DB_QUERY_TIMEOUT_MS: "900",
    }).database;
    expect(set).toMatchObject({ connectTimeoutMs: 400, queryTimeoutMs: 900 });
    expect(() => parseConfig({ ...minimal, DB_QUERY_TIMEOUT_MS: "0" })).toThrow(/DB_QUERY_TIMEOUT_MS/);
  });

  it("turns the ai provider, Mailgun and Google on only when all their settings are there", () => {
    expect(parseConfig({ ...minimal, AI_API_URL: "https://api.example/v1", AI_API_KEY: "k" }).ai).toBeNull();
    expect(
      parseConfig({ ...minimal, AI_API_URL: "https://api.example/v1/", AI_API_KEY: "k", AI_MODEL: "m" }).ai,
    ).toEqual({ url: "https://api.example/v1", apiKey: "k", model: "m" });
    expect(parseConfig({ ...minimal, MAILGUN_API_KEY: "key" }).mailgun).toBeNull();
    expect(parseConfig({ ...minimal, MAILGUN_API_KEY: "key", MAILGUN_DOMAIN: "mg.example" }).mailgun).toEqual(
      {
        apiKey: "key",
        domain: "mg.example",
        apiBase: "https://api.mailgun.net",
      },
    );
    expect(parseConfig({ ...minimal, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({
      clientId: "id",
      clientSecret: "s",
      authUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
    });
  });

  it("reads a deployment's company fields from a table or from JSON text, and refuses a bad one", () => {
    expect(parseConfig(minimal).brandCompanies).toEqual({});
    const table = parseConfig({ ...minimal, BRAND_COMPANIES: { amoreitalia: company } });
    expect(table.brandCompanies.amoreitalia).toEqual(company);
    const text = parseConfig({ ...minimal, BRAND_COMPANIES: JSON.stringify({ amoreitalia: company }) });
    expect(text.brandCompanies).toEqual(table.brandCompanies);
    // A few fields replace the registry entry's own; the rest stay the entry's.
    const { vat: _, ...withoutVat } = company;
    expect(
      parseConfig({ ...minimal, BRAND_COMPANIES: { amoreitalia: withoutVat } }).brandCompanies.amoreitalia,
    ).toEqual(withoutVat);
    expect(() =>
      parseConfig({ ...minimal, BRAND_COMPANIES: { amoreitalia: { ...company, email: "not an address" } } }),
    ).toThrow(/BRAND_COMPANIES\.amoreitalia\.email/);
    expect(() =>
      parseConfig({ ...minimal, BRAND_COMPANIES: { amoreitalia: { ...company, vta: "x" } } }),
    ).toThrow(/BRAND_COMPANIES\.amoreitalia/);
  });

  it("makes a window whose maximum is below its minimum a fixed delay", () => {
    const config = parseConfig({ ...minimal, ANGEL_REPLY_MIN_MS: "6000", ANGEL_REPLY_MAX_MS: "10" });
    expect(config.chat.replyDelay).toEqual({ minMs: 6000, maxMs: 6000 });
  });
});
