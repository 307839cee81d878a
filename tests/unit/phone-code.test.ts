// The pure rules of the phone verification (worker/profile/phone.ts, phone-code.ts) and the Twilio settings
// of the typed config; the routes and their SQL are tested in workerd (tests/worker/phone-*.test.ts).
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../worker/config";
import { locales } from "../../worker/contracts/locales";
import { marketMobile } from "../../worker/profile/phone";
import {
  CODE_LENGTH,
  CODE_TTL_S,
  codeHash,
  codeSms,
  MAX_TRIES,
  newCode,
  RESEND_SPACING_S,
  SENDS_PER_WINDOW_ACCOUNT,
  SENDS_PER_WINDOW_NUMBER,
} from "../../worker/profile/phone-code";

describe("the phone code's rules", () => {
  it("has the issue's numbers: 6 digits, 10 minutes, 5 tries, a minute between sends, 5 an hour", () => {
    expect([CODE_LENGTH, CODE_TTL_S, MAX_TRIES, RESEND_SPACING_S]).toEqual([6, 600, 5, 60]);
    expect([SENDS_PER_WINDOW_ACCOUNT, SENDS_PER_WINDOW_NUMBER]).toEqual([5, 5]);
  });

  it("accepts only mobile numbers of the brand's market, in E.164", () => {
    expect(marketMobile("it", "347 123 4567")).toBe("+393471234567");
    expect(marketMobile("it", "+39 347 1234567")).toBe("+393471234567");
    expect(marketMobile("it", "02 1234 5678")).toBeNull(); // a Milan landline
    expect(marketMobile("it", "+34 612 345 678")).toBeNull(); // a Spanish mobile on the Italian brand
    expect(marketMobile("es", "612 345 678")).toBe("+34612345678");
    expect(marketMobile("en", "07400 123456")).toBe("+447400123456");
    expect(marketMobile("en", "+353 85 123 4567")).toBe("+353851234567");
    // Irish national numbers on the English brand, however they are spaced.
    expect(marketMobile("en", "085 123 4567")).toBe("+353851234567");
    expect(marketMobile("en", "0871234567")).toBe("+353871234567");
    expect(marketMobile("en", "01 234 5678")).toBeNull(); // a Dublin landline
    expect(marketMobile("it", "085 123 4567")).toBeNull(); // not an Italian mobile
    expect(marketMobile("en", "hello")).toBeNull();
  });

  it("draws codes of 6 digits, leading zeros kept, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, newCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Each first digit about a tenth of the time (a biased or truncated draw would skew it).
    const firsts = new Map<string, number>();
    for (const c of codes) firsts.set(c[0] ?? "", (firsts.get(c[0] ?? "") ?? 0) + 1);
    expect([...firsts.keys()].sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    for (const n of firsts.values()) expect(n).toBeGreaterThan(120);
  });

  it("keeps a code as a keyed hash: the same for the same secret, account and code, different otherwise", async () => {
    const secret = "a-secret-of-at-least-thirty-two-bytes!";
    const hash = await codeHash(secret, 7, "012345");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("012345");
    expect(await codeHash(secret, 7, "012345")).toBe(hash);
    expect(await codeHash(secret, 8, "012345")).not.toBe(hash);
    expect(await codeHash(secret, 7, "012346")).not.toBe(hash);
    expect(await codeHash(`${secret}x`, 7, "012345")).not.toBe(hash);
  });

  it("writes the SMS in every language with the code first, the brand and the 10 minutes", () => {
    for (const language of locales) {
      const text = codeSms(language, "Amore Italia", "042042");
      expect(text.startsWith("042042 ")).toBe(true);
      expect(text).toContain("Amore Italia");
      expect(text).toContain("10");
      // A short text in every language: at most 160 characters.
      expect(text.length).toBeLessThanOrEqual(160);
    }
    expect(codeSms("fr", "LoveChat", "123456")).toBe(
      "123456 est votre code de vérification LoveChat. Il est valable 10 minutes. Ne le partagez avec personne.",
    );
  });
});

describe("the Twilio settings", () => {
  const minimal = {
    APP_ENV: "production",
    DATABASE_URL: "postgres://app@db.example/app",
    JWT_SECRET: "a-secret-of-at-least-thirty-two-bytes!",
    BRAND_COMPANIES: {},
  };
  const sid = `AC${"0123456789abcdef".repeat(2)}`;

  it("are off without vars, and on with an account and a sender", () => {
    expect(parseConfig(minimal).twilio).toBeNull();
    expect(
      parseConfig({ ...minimal, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "AmoreChat" })
        .twilio,
    ).toEqual({
      accountSid: sid,
      authToken: "t",
      sender: { from: "AmoreChat" },
      apiBase: "https://api.twilio.com",
      timeoutMs: 10_000,
    });
    const service = `MG${"0123456789abcdef".repeat(2)}`;
    const viaService = parseConfig({
      ...minimal,
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM: "+15005550006",
      TWILIO_MESSAGING_SERVICE_SID: service,
      TWILIO_API_BASE: "http://127.0.0.1:1234/",
      TWILIO_TIMEOUT_MS: "500",
    }).twilio;
    expect(viaService).toMatchObject({
      sender: { messagingServiceSid: service },
      apiBase: "http://127.0.0.1:1234",
      timeoutMs: 500,
    });
  });

  it("fail fast on half an account or a malformed value, naming the var and never the secret", () => {
    expect(() => parseConfig({ ...minimal, TWILIO_AUTH_TOKEN: "secret-token" })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
    expect(() => parseConfig({ ...minimal, TWILIO_AUTH_TOKEN: "secret-token" })).not.toThrow(/secret-token/);
    expect(() => parseConfig({ ...minimal, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "t" })).toThrow(
      /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
    expect(() => parseConfig({ ...minimal, TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" })).toThrow(
      /TWILIO_ACCOUNT_SID must be AC/,
    );
    expect(() => parseConfig({ ...minimal, TWILIO_TIMEOUT_MS: "soon" })).toThrow(/TWILIO_TIMEOUT_MS/);
  });
});
