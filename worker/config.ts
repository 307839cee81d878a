// The Worker's configuration: its environment (wrangler.toml vars and secrets) parsed once with zod into
// typed values. Nothing else reads `env.X` strings or parses numbers out of them.
import type { CompanyOverride } from "./brands/brand";
import { brands } from "./brands/registry";
import {
  Environment,
  GOOGLE_AUTH_URL,
  GOOGLE_TOKEN_URL,
  HOUR_MS,
  MAILGUN_DEFAULT_API_BASE,
  TELEGRAM_BOT_TOKEN,
  TELEGRAM_DEFAULT_API_BASE,
  TWILIO_DEFAULT_API_BASE,
} from "./config-environment";
import { type BrandPaymentCredentials, paymentProblems } from "./config-payments";
import type { DatabaseConfig } from "./core/db";
import type { Bindings } from "./env";
import type { NotificationsConfig } from "./notifications/notifications.config";
import { RETENTION, type Retention } from "./privacy/rights.config";
import { templateProblem } from "./tracking/postback-template";

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

/** Half a Twilio account would quietly keep every code in an outbox nobody reads: what is missing. */
function twilioProblems(e: Environment): string[] {
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
function trackerProblems(e: Environment): string[] {
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
