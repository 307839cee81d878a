// The Worker's environment as it arrives (wrangler.toml vars and secrets): each var's parse and its default,
// in one zod object that config.ts turns into the typed config.
import { z } from "zod";
import { CompanyOverride } from "./brands/brand";
import { BrandPaymentCredentials } from "./config-payments";
import { TYPING_MS } from "./contracts/chat";
import { DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS } from "./core/db";
import {
  LIKE_BACK_RATE,
  PRESSING_MAX_MS,
  PRESSING_MIN_MS,
  VISIT_COOLDOWN_MS,
} from "./engagement/pressing.config";
import {
  DAILY_CAP,
  NOTIFY_EMAIL_DELAY_MS,
  NOTIFY_PUSH_DELAY_MS,
  NOTIFY_TELEGRAM_DELAY_MS,
  PUSH_TTL_S,
  QUIET_END_HOUR,
  QUIET_START_HOUR,
  VapidKeys,
} from "./notifications/notifications.config";
import { DELETION_GRACE_DAYS, EXPORT_LINK_TTL_MS, EXPORTS_PER_DAY } from "./privacy/rights.config";

/** The time an operator holds a conversation after taking it from the console's queue. */
export const OPS_LEASE_MS = 180_000;
/**
 * Phone codes one network (an IPv4 /24, an IPv6 /48) may ask for in an hour, through any number of accounts.
 * A household, an office or a carrier's NAT verifies a few members an hour; the abuse it stops sent about 50.
 */
export const PHONE_CODES_PER_NETWORK_HOUR = 20;
export const HOUR_MS = 3_600_000;
/** Google's OAuth endpoints (the tests point them at the fake). */
export const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** Mailgun's US endpoint; EU domains set MAILGUN_API_BASE to https://api.eu.mailgun.net. */
export const MAILGUN_DEFAULT_API_BASE = "https://api.mailgun.net";
/** Twilio's REST API (the tests point TWILIO_API_BASE at the fake). */
export const TWILIO_DEFAULT_API_BASE = "https://api.twilio.com";
/** A send that Twilio has not answered within this time fails rather than holding the request. */
const TWILIO_DEFAULT_TIMEOUT_MS = 10_000;

/** Telegram's Bot API (the tests point TELEGRAM_API_BASE at the fake). */
export const TELEGRAM_DEFAULT_API_BASE = "https://api.telegram.org";
/** A Bot API call that has not answered within this time fails rather than holding the request or the cron. */
const TELEGRAM_DEFAULT_TIMEOUT_MS = 5_000;
/** The deep link's /start token lives this long (10 minutes) and links once. */
export const TELEGRAM_LINK_TTL_MS = 600_000;
/** A message's /autologin_telegram link lives this long (24 hours) and signs in once. */
export const TELEGRAM_LOGIN_TTL_MS = 86_400_000;
/** At most one notification digest mail per member per window (6 hours). */
export const EMAIL_DIGEST_WINDOW_MS = 21_600_000;
/** A bot token as BotFather gives it: the bot's id, a colon and 35 characters. */
export const TELEGRAM_BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{30,64}$/;

/**
 * The sandbox's webhook key where SANDBOX_WEBHOOK_SECRET is unset (npm start, the tests): public, like the
 * sandbox's test cards, because the sandbox moves no money. A reachable site that runs the sandbox (APP_ENV
 * local) sets its own with `wrangler secret put SANDBOX_WEBHOOK_SECRET`.
 */
export const LOCAL_SANDBOX_WEBHOOK_SECRET = "local-sandbox-webhook-secret:not-for-a-reachable-site";

/** The wait for a tracker's answer to a postback (it is retried later when it does not come). */
export const POSTBACK_TIMEOUT_MS = 5_000;

/** An unset or empty var is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const text = optional(z.string().trim().min(1));
const ms = (fallback: number) => optional(z.coerce.number().int().min(0)).transform((v) => v ?? fallback);
const url = optional(z.url());
const hour = (fallback: number) =>
  optional(z.coerce.number().int().min(0).max(23)).transform((v) => v ?? fallback);
const cap = (fallback: number) =>
  optional(z.coerce.number().int().min(0).max(1000)).transform((v) => v ?? fallback);

/** JSON text (a secret is text) as a value; text that is not JSON is an issue naming no part of it. */
const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      // JSON.parse's own message quotes the text: a secret's value would reach the log.
      ctx.addIssue({ code: "custom", message: "is not valid JSON" });
      return z.NEVER;
    }
  }, schema);

/** A signing key: at least 256 bits of text. */
const signingKey = z
  .string({ error: "is required" })
  .refine((s) => new TextEncoder().encode(s).byteLength >= 32, "must be at least 32 bytes (256 bits)");

export const Environment = z.object({
  APP_ENV: z.enum(["local", "production"]),
  DATABASE_URL: z.string().min(1, "is required"),
  DB_WS_PROXY: text,
  DB_CONNECT_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).transform(
    (v) => v ?? DB_CONNECT_TIMEOUT_MS,
  ),
  DB_QUERY_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).transform(
    (v) => v ?? DB_QUERY_TIMEOUT_MS,
  ),
  JWT_SECRET: signingKey,
  SANDBOX_WEBHOOK_SECRET: optional(signingKey).transform((v) => v ?? LOCAL_SANDBOX_WEBHOOK_SECRET),
  SOFTWARE_VERSION: text,
  DEV_SERVER: optional(z.enum(["true", "false"])),
  ANGEL_REPLY_MIN_MS: ms(PRESSING_MIN_MS),
  ANGEL_REPLY_MAX_MS: ms(PRESSING_MAX_MS),
  TYPING_MS: ms(TYPING_MS),
  ANGEL_LIKE_BACK_RATE: optional(z.coerce.number().min(0).max(1)).transform((v) => v ?? LIKE_BACK_RATE),
  ANGEL_LIKE_BACK_MIN_MS: ms(PRESSING_MIN_MS),
  ANGEL_LIKE_BACK_MAX_MS: ms(PRESSING_MAX_MS),
  ANGEL_VISIT_MIN_MS: ms(PRESSING_MIN_MS),
  ANGEL_VISIT_MAX_MS: ms(PRESSING_MAX_MS),
  ANGEL_VISIT_COOLDOWN_MS: ms(VISIT_COOLDOWN_MS),
  ANGEL_BRAIN_MIN_MS: ms(PRESSING_MIN_MS),
  ANGEL_BRAIN_MAX_MS: ms(PRESSING_MAX_MS),
  OPS_LEASE_MS: optional(z.coerce.number().int().min(1)).transform((v) => v ?? OPS_LEASE_MS),
  PHONE_CODES_PER_NETWORK_HOUR: optional(z.coerce.number().int().min(1).max(100_000)).transform(
    (v) => v ?? PHONE_CODES_PER_NETWORK_HOUR,
  ),
  AI_API_URL: url,
  AI_API_KEY: text,
  AI_MODEL: text,
  MAILGUN_API_KEY: text,
  MAILGUN_DOMAIN: text,
  MAILGUN_API_BASE: url,
  MAILGUN_WEBHOOK_SIGNING_KEY: text,
  TWILIO_ACCOUNT_SID: optional(
    z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC and 32 hex digits"),
  ),
  TWILIO_AUTH_TOKEN: text,
  TWILIO_FROM: text,
  TWILIO_MESSAGING_SERVICE_SID: optional(
    z
      .string()
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, "must be MG and 32 hex digits"),
  ),
  TWILIO_API_BASE: url,
  TWILIO_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).transform(
    (v) => v ?? TWILIO_DEFAULT_TIMEOUT_MS,
  ),
  TELEGRAM_API_BASE: url,
  TELEGRAM_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).transform(
    (v) => v ?? TELEGRAM_DEFAULT_TIMEOUT_MS,
  ),
  TELEGRAM_WEBHOOK_SECRET: optional(signingKey),
  TELEGRAM_LINK_TTL_MS: optional(z.coerce.number().int().min(1_000)).transform(
    (v) => v ?? TELEGRAM_LINK_TTL_MS,
  ),
  TELEGRAM_LOGIN_TTL_MS: optional(z.coerce.number().int().min(1_000)).transform(
    (v) => v ?? TELEGRAM_LOGIN_TTL_MS,
  ),
  EMAIL_DIGEST_WINDOW_MS: optional(z.coerce.number().int().min(0)).transform(
    (v) => v ?? EMAIL_DIGEST_WINDOW_MS,
  ),
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  GOOGLE_AUTH_URL: url,
  GOOGLE_TOKEN_URL: url,
  // A table of wrangler.toml's [vars] arrives as an object; a secret or a .dev.vars line as JSON text.
  BRAND_COMPANIES: optional(jsonText(z.record(z.string(), CompanyOverride))),
  PAYMENT_CREDENTIALS: optional(jsonText(z.record(z.string(), BrandPaymentCredentials))),
  DELETION_GRACE_DAYS: optional(z.coerce.number().int().min(0).max(365)).transform(
    (v) => v ?? DELETION_GRACE_DAYS,
  ),
  EXPORTS_PER_DAY: optional(z.coerce.number().int().min(1).max(100)).transform((v) => v ?? EXPORTS_PER_DAY),
  EXPORT_LINK_TTL_MS: optional(z.coerce.number().int().min(60_000)).transform((v) => v ?? EXPORT_LINK_TTL_MS),
  TOMBSTONE_KEY: optional(z.string().min(32, "must be at least 32 characters")),
  TRACKER_POSTBACK_URLS: optional(jsonText(z.record(z.string(), z.string()))),
  POSTBACK_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(30_000)).transform(
    (v) => v ?? POSTBACK_TIMEOUT_MS,
  ),
  NOTIFY_PUSH_DELAY_MS: ms(NOTIFY_PUSH_DELAY_MS),
  NOTIFY_TELEGRAM_DELAY_MS: ms(NOTIFY_TELEGRAM_DELAY_MS),
  NOTIFY_EMAIL_DELAY_MS: ms(NOTIFY_EMAIL_DELAY_MS),
  NOTIFY_QUIET_START_HOUR: hour(QUIET_START_HOUR),
  NOTIFY_QUIET_END_HOUR: hour(QUIET_END_HOUR),
  NOTIFY_CAP_PUSH: cap(DAILY_CAP.push),
  NOTIFY_CAP_TELEGRAM: cap(DAILY_CAP.telegram),
  NOTIFY_CAP_EMAIL: cap(DAILY_CAP.email),
  PUSH_TTL_S: optional(z.coerce.number().int().min(0).max(2_419_200)).transform((v) => v ?? PUSH_TTL_S),
  VAPID_KEYS: optional(jsonText(z.record(z.string(), VapidKeys))),
});

/** The environment as parsed, before config.ts shapes it. */
export type Environment = z.infer<typeof Environment>;
