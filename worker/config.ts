// The Worker's configuration: its environment (wrangler.toml vars and secrets) parsed once with zod into
// typed values. Nothing else reads `env.X` strings or parses numbers out of them.
import { z } from "zod";
import { type BrandEntry, type BrandRegistry, CompanyOverride } from "./brands/brand";
import { brands } from "./brands/registry";
import { ADYEN_WEB_ENVIRONMENTS } from "./contracts/brand";
import { TYPING_MS } from "./contracts/chat";
import { type DatabaseConfig, DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS } from "./core/db";
import {
  LIKE_BACK_RATE,
  PRESSING_MAX_MS,
  PRESSING_MIN_MS,
  VISIT_COOLDOWN_MS,
} from "./engagement/pressing.config";
import type { Bindings } from "./env";
import {
  DAILY_CAP,
  NOTIFY_EMAIL_DELAY_MS,
  NOTIFY_PUSH_DELAY_MS,
  NOTIFY_TELEGRAM_DELAY_MS,
  type NotificationsConfig,
  PUSH_TTL_S,
  QUIET_END_HOUR,
  QUIET_START_HOUR,
  VapidKeys,
} from "./notifications/notifications.config";
import type { ProviderId } from "./payments/provider";
import {
  DELETION_GRACE_DAYS,
  EXPORT_LINK_TTL_MS,
  EXPORTS_PER_DAY,
  RETENTION,
  type Retention,
} from "./privacy/rights.config";
import { templateProblem } from "./tracking/postback-template";

/** The time an operator holds a conversation after taking it from the console's queue. */
export const OPS_LEASE_MS = 180_000;
/**
 * Phone codes one network (an IPv4 /24, an IPv6 /48) may ask for in an hour, through any number of accounts.
 * A household, an office or a carrier's NAT verifies a few members an hour; the abuse it stops sent about 50.
 */
export const PHONE_CODES_PER_NETWORK_HOUR = 20;
const HOUR_MS = 3_600_000;
/** Google's OAuth endpoints (the tests point them at the fake). */
export const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** Mailgun's US endpoint; EU domains set MAILGUN_API_BASE to https://api.eu.mailgun.net. */
const MAILGUN_DEFAULT_API_BASE = "https://api.mailgun.net";
/** Twilio's REST API (the tests point TWILIO_API_BASE at the fake). */
const TWILIO_DEFAULT_API_BASE = "https://api.twilio.com";
/** A send that Twilio has not answered within this time fails rather than holding the request. */
const TWILIO_DEFAULT_TIMEOUT_MS = 10_000;

/** Telegram's Bot API (the tests point TELEGRAM_API_BASE at the fake). */
const TELEGRAM_DEFAULT_API_BASE = "https://api.telegram.org";
/** A Bot API call that has not answered within this time fails rather than holding the request or the cron. */
const TELEGRAM_DEFAULT_TIMEOUT_MS = 5_000;
/** The deep link's /start token lives this long (10 minutes) and links once. */
export const TELEGRAM_LINK_TTL_MS = 600_000;
/** A message's /autologin_telegram link lives this long (24 hours) and signs in once. */
export const TELEGRAM_LOGIN_TTL_MS = 86_400_000;
/** At most one notification digest mail per member per window (6 hours). */
export const EMAIL_DIGEST_WINDOW_MS = 21_600_000;
/** A bot token as BotFather gives it: the bot's id, a colon and 35 characters. */
const TELEGRAM_BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{30,64}$/;

/**
 * The sandbox's webhook key where SANDBOX_WEBHOOK_SECRET is unset (npm start, the tests): public, like the
 * sandbox's test cards, because the sandbox moves no money. A reachable site that runs the sandbox (APP_ENV
 * local) sets its own with `wrangler secret put SANDBOX_WEBHOOK_SECRET`.
 */
export const LOCAL_SANDBOX_WEBHOOK_SECRET = "local-sandbox-webhook-secret:not-for-a-reachable-site";

/** The wait for a tracker's answer to a postback (it is retried later when it does not come). */
export const POSTBACK_TIMEOUT_MS = 5_000;

/** A delay window in ms; a random time inside it is drawn for each event. */
interface DelayWindow {
  minMs: number;
  maxMs: number;
}

export interface Config {
  /** `production` as deployed; `local` for npm start, the tests and the benchmark. */
  appEnv: "local" | "production";
  /** Local runs serve the default brand on any host and expose the /dev and /__bench routes. */
  local: boolean;
  /** Vite's dev server (`npm start`): its inline preamble and styles need a looser CSP. Local runs only. */
  devServer: boolean;
  database: DatabaseConfig;
  /** At least 32 bytes: signs session, link and operator tokens. */
  jwtSecret: string;
  /**
   * At least 32 bytes: signs the built-in sandbox provider's webhooks (and its Apple Pay sessions), a key of
   * its own so that nothing about it says anything of the session key. The sandbox runs only where APP_ENV
   * is local; without the var it uses LOCAL_SANDBOX_WEBHOOK_SECRET.
   */
  sandboxWebhookSecret: string;
  /** The deployed client version; a client that reports another one is told to reload. */
  softwareVersion: string | undefined;
  chat: { replyDelay: DelayWindow; typingMs: number };
  pressing: {
    likeBack: DelayWindow & { rate: number };
    visit: DelayWindow & { cooldownMs: number };
    /** The wait between two steps of the brain's schedule. */
    brain: DelayWindow;
  };
  opsLeaseMs: number;
  /** Phone codes one network (an IPv4 /24, an IPv6 /48) may ask for per window, whichever accounts ask. */
  phoneCodesPerNetwork: { limit: number; windowMs: number };
  /** The `ai` reply provider's OpenAI-compatible API; null when not configured (scripted answers instead). */
  ai: { url: string; apiKey: string; model: string } | null;
  /** Mailgun's HTTP API; null keeps mail in the local outbox (and refuses to send in production). */
  mailgun: { apiKey: string; domain: string; apiBase: string } | null;
  /** Verifies Mailgun's event webhooks at POST /cron/mailRemove; unset refuses them. */
  mailgunWebhookSigningKey: string | undefined;
  /**
   * Twilio's Programmable Messaging API for the phone codes; null keeps SMS in the local outbox (and
   * refuses to send in production). The sender is a number or alphanumeric id (`from`) or a Messaging Service.
   */
  twilio: {
    accountSid: string;
    authToken: string;
    sender: { from: string } | { messagingServiceSid: string };
    apiBase: string;
    timeoutMs: number;
  } | null;
  /** The Telegram channel (worker/notifications/telegram). */
  telegram: {
    apiBase: string;
    timeoutMs: number;
    /** Keys each brand's webhook secret (X-Telegram-Bot-Api-Secret-Token); unset refuses every update. */
    webhookSecret: string | undefined;
    /** Each brand's bot token by brand id (the secret its registry entry names); a brand without one keeps messages in the local outbox. */
    botTokens: Readonly<Record<string, string>>;
    linkTtlMs: number;
    loginTtlMs: number;
  };
  /** The notification e-mail digest (worker/notifications/email): at most one mail per member per window. */
  emailDigest: { windowMs: number };
  /** Google sign-in; null answers google_unavailable. */
  google: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string } | null;
  /**
   * The deployment's company fields per brand id, over the registry entry's own (a staging site's merchant
   * accounts, say); empty when BRAND_COMPANIES is unset.
   */
  brandCompanies: Readonly<Record<string, CompanyOverride>>;
  /** Each brand's credentials at the real payment providers, by brand id; a provider not named is not used. */
  paymentCredentials: Readonly<Record<string, BrandPaymentCredentials>>;
  /**
   * The trackers' postbacks: URL templates by brand id (TRACKER_POSTBACK_URLS, over the registry's own) and the
   * wait for a tracker's answer. A brand without one keeps its postbacks in the outbox.
   */
  tracking: { postbackUrls: Readonly<Record<string, string>>; timeoutMs: number };
  /** The member's rights (worker/privacy): the deletion's grace period, the archives' limits, the retention periods. */
  rights: {
    deletionGraceDays: number;
    exportsPerDay: number;
    exportLinkTtlMs: number;
    retention: Retention;
    /** Keys the erasure's tombstones (HMAC): TOMBSTONE_KEY, else the JWT secret. */
    tombstoneKey: string;
  };
  /** The notification cascade (worker/notifications): delays, quiet hours, caps, web push's keys per brand. */
  notifications: NotificationsConfig;
}

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

/** PayPal's live REST API; its sandbox is https://api-m.sandbox.paypal.com. */
const PAYPAL_DEFAULT_API_BASE = "https://api-m.paypal.com";
/** Mollie has one host for test and live: the key's prefix (test_, live_) decides. */
const MOLLIE_DEFAULT_API_BASE = "https://api.mollie.com";
const TRUSTPAY_DEFAULT_API_BASE = "https://tpgw.trustpay.eu";
const CODA_DEFAULT_API_BASE = "https://airtime.codapayments.com";
/** Maxpay's live gateway; its sandbox is https://gateway-sandbox.maxpay.com. */
const MAXPAY_DEFAULT_API_BASE = "https://gateway.maxpay.com";

const secret = z.string().trim().min(1);
const apiBase = (fallback?: string) =>
  (fallback ? z.url().default(fallback) : z.url()).transform((u) => u.replace(/\/+$/, ""));

/**
 * A brand's credentials per real provider (the Worker secret PAYMENT_CREDENTIALS). Adyen's merchant account
 * is not here: it is the brand's payment_accounts.adyen (its registry entry's company), an account name, no secret.
 */
const BrandPaymentCredentials = z
  .object({
    adyen: z
      .object({
        /** The Checkout API with its version: https://checkout-test.adyen.com/v71, or the live prefix's URL. */
        apiBase: apiBase(),
        apiKey: secret,
        /** The standard webhook's HMAC key, hex as the Customer Area shows it. */
        hmacKey: z.string().regex(/^([0-9a-fA-F]{2})+$/, "must be hex"),
        applePayMerchantId: secret.optional(),
        /**
         * The client key (Customer Area > API credentials > Client settings): public, it goes to the browser,
         * whose card fields are then Adyen's secured fields (the card never reaches this Worker).
         */
        clientKey: z
          .string()
          .regex(/^(test|live)_[A-Za-z0-9]+$/, "must be a test_ or live_ client key")
          .optional(),
        /** Where Adyen Web loads the secured fields from: Adyen's test or live environment (regional lives too). */
        environment: z.enum(ADYEN_WEB_ENVIRONMENTS).default("test"),
        /**
         * Local runs only (the tests' fake): the origin serving the secured fields instead of Adyen's
         * checkoutshopper; refused in production.
         */
        webBase: apiBase().optional(),
      })
      .strict()
      .optional(),
    paypal: z
      .object({
        apiBase: apiBase(PAYPAL_DEFAULT_API_BASE),
        clientId: secret,
        clientSecret: secret,
        /** The id of the webhook registered for the brand's /hooks/paypal (verifies each notification). */
        webhookId: secret,
      })
      .strict()
      .optional(),
    mollie: z
      .object({ apiBase: apiBase(MOLLIE_DEFAULT_API_BASE), apiKey: secret })
      .strict()
      .optional(),
    trustpay: z
      .object({
        apiBase: apiBase(TRUSTPAY_DEFAULT_API_BASE),
        apiKey: secret,
        /** Signs TrustPay's notifications to /hooks/trustpay. */
        secretKey: secret,
      })
      .strict()
      .optional(),
    coda: z
      .object({
        apiBase: apiBase(CODA_DEFAULT_API_BASE),
        apiKey: secret,
        projectId: secret,
        /** ISO 3166 numeric country of the brand's Codapay set-up (380 Italy, 724 Spain, 826 United Kingdom). */
        country: z.number().int().positive(),
        /** 0: Coda's own channel page; a channel id (e.g. PayPal's for `coda_paypal`) goes straight to it. */
        payType: z.number().int().min(0),
      })
      .strict()
      .optional(),
    maxpay: z
      .object({
        apiBase: apiBase(MAXPAY_DEFAULT_API_BASE),
        merchantAccount: secret,
        merchantPassword: secret,
        /** Signs Maxpay's callbacks to /hooks/maxpay. */
        privateKey: secret,
      })
      .strict()
      .optional(),
  } satisfies Partial<Record<Exclude<ProviderId, "sandbox">, z.ZodType>>)
  .strict();
export type BrandPaymentCredentials = z.infer<typeof BrandPaymentCredentials>;

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

const Environment = z.object({
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

/** Half a Twilio account would quietly keep every code in an outbox nobody reads: what is missing. */
function twilioProblems(e: z.infer<typeof Environment>): string[] {
  const set = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM, e.TWILIO_MESSAGING_SERVICE_SID];
  if (!set.some(Boolean)) return [];
  const problems: string[] = [];
  if (!e.TWILIO_ACCOUNT_SID) problems.push("TWILIO_ACCOUNT_SID is required with the other TWILIO_ vars");
  if (!e.TWILIO_AUTH_TOKEN) problems.push("TWILIO_AUTH_TOKEN is required with the other TWILIO_ vars");
  if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    problems.push("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required with the other TWILIO_ vars");
  }
  return problems;
}

/**
 * Adyen's credentials of a brand without its merchant account would call Adyen for no account; a stand-in for
 * Adyen's secured fields (webBase) in production would send members' cards elsewhere; a client key of the
 * other environment would not load the fields at all.
 */
function paymentProblems(e: z.infer<typeof Environment>): string[] {
  const problems: string[] = [];
  for (const [brandId, { adyen }] of Object.entries(e.PAYMENT_CREDENTIALS ?? {})) {
    if (!adyen) continue;
    const at = `PAYMENT_CREDENTIALS.${brandId}.adyen`;
    const entry: BrandEntry | undefined = (brands as BrandRegistry)[brandId];
    const accounts = e.BRAND_COMPANIES?.[brandId]?.payment_accounts ?? entry?.company.payment_accounts;
    if (!accounts?.adyen) {
      problems.push(
        `${at} needs BRAND_COMPANIES.${brandId}.payment_accounts.adyen or an adyen account in its registry entry`,
      );
    }
    if (adyen.webBase && e.APP_ENV === "production") problems.push(`${at}.webBase is for local runs only`);
    if (
      adyen.clientKey &&
      !adyen.clientKey.startsWith(adyen.environment.startsWith("live") ? "live_" : "test_")
    ) {
      problems.push(`${at}.clientKey does not belong to the ${adyen.environment} environment`);
    }
  }
  return problems;
}

/** Each brand's bot token from the secret its registry entry names; a malformed one is a problem naming the var. */
function telegramBotTokens(env: Record<string, unknown>, problems: string[]): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const entry of Object.values(brands)) {
    const name = entry.server.telegramTokenSecret;
    const value = typeof env[name] === "string" ? (env[name] as string).trim() : "";
    if (!value) continue;
    if (TELEGRAM_BOT_TOKEN.test(value)) tokens[entry.public.id] = value;
    else problems.push(`${name} is not a bot token (digits, a colon and 35 characters)`);
  }
  return tokens;
}

/** A tracker's template that is not a URL with {clickid}, or not https once deployed: which brand and why. */
function trackerProblems(e: z.infer<typeof Environment>): string[] {
  return Object.entries(e.TRACKER_POSTBACK_URLS ?? {}).flatMap(([brandId, template]) => {
    const problem = templateProblem(template, e.APP_ENV === "local");
    return problem ? [`TRACKER_POSTBACK_URLS.${brandId} ${problem}`] : [];
  });
}

/** A window whose max is below its min is the min (a fixed delay). */
const window = (minMs: number, maxMs: number): DelayWindow => ({ minMs, maxMs: Math.max(minMs, maxMs) });

/** The environment as a typed config; throws, naming every bad var (never its value), when it is not valid. */
export function parseConfig(env: Record<string, unknown>): Config {
  const parsed = Environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);
    throw new Error(`invalid Worker configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const problems = [...twilioProblems(e), ...paymentProblems(e), ...trackerProblems(e)];
  const botTokens = telegramBotTokens(env, problems);
  if (problems.length) throw new Error(`invalid Worker configuration: ${problems.join("; ")}`);
  return {
    appEnv: e.APP_ENV,
    local: e.APP_ENV === "local",
    devServer: e.APP_ENV === "local" && e.DEV_SERVER === "true",
    database: {
      url: e.DATABASE_URL,
      wsProxy: e.DB_WS_PROXY,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    },
    jwtSecret: e.JWT_SECRET,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    softwareVersion: e.SOFTWARE_VERSION,
    chat: { replyDelay: window(e.ANGEL_REPLY_MIN_MS, e.ANGEL_REPLY_MAX_MS), typingMs: e.TYPING_MS },
    pressing: {
      likeBack: {
        rate: e.ANGEL_LIKE_BACK_RATE,
        ...window(e.ANGEL_LIKE_BACK_MIN_MS, e.ANGEL_LIKE_BACK_MAX_MS),
      },
      visit: {
        ...window(e.ANGEL_VISIT_MIN_MS, e.ANGEL_VISIT_MAX_MS),
        cooldownMs: e.ANGEL_VISIT_COOLDOWN_MS,
      },
      brain: window(e.ANGEL_BRAIN_MIN_MS, e.ANGEL_BRAIN_MAX_MS),
    },
    opsLeaseMs: e.OPS_LEASE_MS,
    phoneCodesPerNetwork: { limit: e.PHONE_CODES_PER_NETWORK_HOUR, windowMs: HOUR_MS },
    ai:
      e.AI_API_URL && e.AI_API_KEY && e.AI_MODEL
        ? { url: e.AI_API_URL.replace(/\/+$/, ""), apiKey: e.AI_API_KEY, model: e.AI_MODEL }
        : null,
    mailgun:
      e.MAILGUN_API_KEY && e.MAILGUN_DOMAIN
        ? {
            apiKey: e.MAILGUN_API_KEY,
            domain: e.MAILGUN_DOMAIN,
            apiBase: e.MAILGUN_API_BASE ?? MAILGUN_DEFAULT_API_BASE,
          }
        : null,
    mailgunWebhookSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && (e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID)
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            // A Messaging Service picks the sender from its pool; it wins when both are set.
            sender: e.TWILIO_MESSAGING_SERVICE_SID
              ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
              : { from: e.TWILIO_FROM ?? "" },
            apiBase: (e.TWILIO_API_BASE ?? TWILIO_DEFAULT_API_BASE).replace(/\/+$/, ""),
            timeoutMs: e.TWILIO_TIMEOUT_MS,
          }
        : null,
    telegram: {
      apiBase: (e.TELEGRAM_API_BASE ?? TELEGRAM_DEFAULT_API_BASE).replace(/\/+$/, ""),
      timeoutMs: e.TELEGRAM_TIMEOUT_MS,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
      botTokens,
      linkTtlMs: e.TELEGRAM_LINK_TTL_MS,
      loginTtlMs: e.TELEGRAM_LOGIN_TTL_MS,
    },
    emailDigest: { windowMs: e.EMAIL_DIGEST_WINDOW_MS },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL ?? GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL ?? GOOGLE_TOKEN_URL,
          }
        : null,
    brandCompanies: e.BRAND_COMPANIES ?? {},
    tracking: { postbackUrls: e.TRACKER_POSTBACK_URLS ?? {}, timeoutMs: e.POSTBACK_TIMEOUT_MS },
    paymentCredentials: e.PAYMENT_CREDENTIALS ?? {},
    rights: {
      deletionGraceDays: e.DELETION_GRACE_DAYS,
      exportsPerDay: e.EXPORTS_PER_DAY,
      exportLinkTtlMs: e.EXPORT_LINK_TTL_MS,
      retention: { ...RETENTION },
      tombstoneKey: e.TOMBSTONE_KEY ?? e.JWT_SECRET,
    },
    notifications: {
      delays: {
        push: e.NOTIFY_PUSH_DELAY_MS,
        telegram: e.NOTIFY_TELEGRAM_DELAY_MS,
        email: e.NOTIFY_EMAIL_DELAY_MS,
      },
      quietHours: { startHour: e.NOTIFY_QUIET_START_HOUR, endHour: e.NOTIFY_QUIET_END_HOUR },
      dailyCap: { push: e.NOTIFY_CAP_PUSH, telegram: e.NOTIFY_CAP_TELEGRAM, email: e.NOTIFY_CAP_EMAIL },
      push: { ttlSeconds: e.PUSH_TTL_S, vapid: e.VAPID_KEYS ?? {} },
    },
  };
}

const parsedConfigs = new WeakMap<object, Config>();

/** The config of an environment, parsed on first use in this isolate and kept with the env object. */
export function configOf(env: Bindings): Config {
  let config = parsedConfigs.get(env);
  if (!config) {
    config = parseConfig(env as unknown as Record<string, unknown>);
    parsedConfigs.set(env, config);
  }
  return config;
}
