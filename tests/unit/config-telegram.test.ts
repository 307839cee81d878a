// The Telegram and digest settings of the Worker's configuration (worker/config.ts): the defaults, each brand's
// bot token read from the secret its registry entry names, and a malformed token or short secret refused by name.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../worker/config";

const minimal = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app@db.example/app",
  JWT_SECRET: "a-secret-of-at-least-thirty-two-bytes!",
  BRAND_COMPANIES: {},
};
const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_";

describe("the Telegram and digest configuration", () => {
  it("defaults to Telegram's API, 10-minute deep links, 24-hour sign-in links and a 6-hour digest window", () => {
    const config = parseConfig(minimal);
    expect(config.telegram).toEqual({
      apiBase: "https://api.telegram.org",
      timeoutMs: 5_000,
      webhookSecret: undefined,
      botTokens: {},
      linkTtlMs: 600_000,
      loginTtlMs: 86_400_000,
    });
    expect(config.emailDigest.windowMs).toBe(6 * 60 * 60 * 1000);
  });

  it("reads each brand's bot token from the secret its registry entry names", () => {
    const config = parseConfig({ ...minimal, TELEGRAM_TOKEN_ES: TOKEN, EMAIL_DIGEST_WINDOW_MS: "60000" });
    expect(config.telegram.botTokens).toEqual({ amorespana: TOKEN });
    expect(config.emailDigest.windowMs).toBe(60_000);
  });

  it("refuses a malformed token and a short webhook secret, naming the var and never its value", () => {
    expect(() => parseConfig({ ...minimal, TELEGRAM_TOKEN_IT: "not-a-token" })).toThrow(
      /TELEGRAM_TOKEN_IT is not a bot token/,
    );
    expect(() => parseConfig({ ...minimal, TELEGRAM_WEBHOOK_SECRET: "short" })).toThrow(
      /TELEGRAM_WEBHOOK_SECRET must be at least 32 bytes/,
    );
    let message = "";
    try {
      parseConfig({ ...minimal, TELEGRAM_TOKEN_IT: "secret-value-x" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain("TELEGRAM_TOKEN_IT");
    expect(message).not.toContain("secret-value-x");
  });
});
