import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import type { AttemptResult, RateLimiter, ThrottlePolicy } from "./rate-limiter";

const HOUR_MS = 60 * 60 * 1000;

/**
 * What the key of a limit is: decides how the key is normalised and how it may appear in logs. `ip` counts
 * one subscriber (an IPv4 address, an IPv6 /64); `network` the network around it (an IPv4 /24, an IPv6 /48),
 * which one sender rotating through its addresses, or many accounts behind them, cannot get round.
 */
type KeyKind = "ip" | "network" | "fingerprint" | "account";

/** One named limit: at most `limit` counted events per sliding `windowMs` for one key. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
  key: KeyKind;
  /**
   * What to answer when the Durable Object fails or does not answer in time: "refuse" (fail closed) or
   * "allow" (fail open). Either way the failure is logged at error level, never silently.
   */
  onUnavailable: "refuse" | "allow";
  /** Why this number. */
  reason: string;
}

/**
 * The named limits. Failure policy, per limit:
 * - An attacker can make one key's object fail by hammering it ("Durable Object is overloaded"). Failing
 *   open on a key the attacker chooses to hammer would turn the overload into a bypass, so every limit
 *   whose key the attacker cannot rotate for free (their IP, the victim's account) fails closed: only that
 *   key is refused, and a platform-wide outage refuses logins and sign-ups until it passes.
 * - The device fingerprint is chosen by the client, so an attacker rotates it at will and failing closed
 *   on it protects nothing; it fails open and the per-IP limit (which fails closed) still applies.
 */
export const limits = {
  registerPerIp: {
    limit: 10,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "refuse",
    reason: "a household or a few friends sign up from one network; a script farm needs far more",
  },
  registerPerFingerprint: {
    limit: 5,
    windowMs: HOUR_MS,
    key: "fingerprint",
    onUnavailable: "allow",
    reason: "one device rarely needs more than a couple of accounts an hour on one brand",
  },
  forgotPerIp: {
    limit: 10,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "refuse",
    reason: "a forgotten password is asked for a few times at most; more from one network is mail bombing",
  },
  activationPerIp: {
    limit: 10,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "refuse",
    reason:
      "an activation mail is asked for again a few times at most; more from one network is mail bombing",
  },
  contactPerIp: {
    limit: 5,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "refuse",
    reason: "a visitor writes to customer care once or twice; more from one network floods the brand's inbox",
  },
  photoUploadsPerAccount: {
    limit: 30,
    windowMs: HOUR_MS,
    key: "account",
    onUnavailable: "refuse",
    reason:
      "a member fills the profile's 12 photos and replaces a few; each upload is decoded and encoded again, so more is a script spending the Worker's time",
  },
  trackingPerIp: {
    limit: 1200,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "allow",
    reason:
      "a member swiping and chatting sends a few hundred tracking events an hour; each is a row and a postback, so a script is stopped there; a lost event is worth less than refusing members",
  },
  clientErrorsPerDevice: {
    limit: 20,
    windowMs: HOUR_MS,
    key: "fingerprint",
    onUnavailable: "allow",
    reason: "a broken page throws in a loop; 20 reports an hour tell the console as much as 20,000",
  },
  clientErrorsPerIp: {
    limit: 120,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "refuse",
    reason: "the device id is the client's to rotate; a network's reports are capped as well",
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof limits;

/**
 * Limits whose numbers are the deployment's: their limit and window come from the typed config
 * (worker/config.ts) with each call, their kind of key and failure policy are here.
 */
export const configuredLimits = {
  phoneCodesPerNetwork: {
    key: "network",
    onUnavailable: "refuse",
    reason:
      "a network asks for a few phone codes an hour; dozens through many accounts is SMS pumping at our cost",
  },
} as const satisfies Record<string, Omit<RateLimitRule, "limit" | "windowMs">>;

export type ConfiguredLimitName = keyof typeof configuredLimits;

/** One named throttle: the policy of the RateLimiter's `attempt` for one kind of key. */
export interface ThrottleRule extends ThrottlePolicy {
  key: KeyKind;
  onUnavailable: "refuse" | "allow";
  reason: string;
}

/**
 * Login attempts, counted before the password is hashed. No hard lock: after the free attempts each one waits
 * a second more than the last (doubling, at most a minute), so a stranger hammering a member's address or an
 * operator's delays the owner by a minute at the most, while guessing slows to one try a minute.
 */
export const throttles = {
  loginPerAccount: {
    free: 10,
    windowMs: HOUR_MS,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
    key: "account",
    onUnavailable: "refuse",
    reason: "a member mistypes a password a few times; after 10, about one guess a minute",
  },
  loginPerIp: {
    free: 30,
    windowMs: HOUR_MS,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
    key: "ip",
    onUnavailable: "refuse",
    reason: "an office behind one address logs in and out; a password sprayer slows to one try a minute",
  },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleName = keyof typeof throttles;

/** The only binding these functions use, so tests can pass a failing namespace. */
export type RateLimitEnv = Pick<Bindings, "RATE_LIMITER">;

/** How long a request waits for the object before applying the limit's failure policy. */
export const RATE_LIMITER_TIMEOUT_MS = 2000;
/** The wait a refusal names when the object could not be asked (a limit that fails closed). */
const UNAVAILABLE_RETRY_MS = 60_000;

/** Whether a counted attempt is allowed, and when a refused one may come again. */
export interface Consumed {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * Counts an attempt and says whether it is allowed and, when not, how long until it would be (Retry-After).
 * A refused attempt is not counted. An empty key (no fingerprint sent) is not limited: it would otherwise
 * put every such client in one bucket, and a client-chosen key can be random anyway.
 */
export async function consumeOrWait(env: RateLimitEnv, name: RateLimitName, key: string): Promise<Consumed> {
  if (!key) return { allowed: true, retryAfterMs: 0 };
  const rule: RateLimitRule = limits[name];
  const result = await call(env, name, key, "hit", (stub) => stub.hit(rule.limit, rule.windowMs));
  if (!result) {
    const allowed = rule.onUnavailable === "allow";
    return { allowed, retryAfterMs: allowed ? 0 : UNAVAILABLE_RETRY_MS };
  }
  if (result.allowed && result.count === rule.limit) await logReached(name, key);
  return { allowed: result.allowed, retryAfterMs: result.retryAfterMs };
}

/** Counts an attempt and says whether it is allowed (for registrations), as `consumeOrWait` does. */
export async function consume(env: RateLimitEnv, name: RateLimitName, key: string): Promise<boolean> {
  return (await consumeOrWait(env, name, key)).allowed;
}

/**
 * Counts a hit on a configured limit with the config's numbers; when refused, says how long until a slot frees
 * up. A refused hit is not counted; an empty key is not limited.
 */
export async function consumeWithin(
  env: RateLimitEnv,
  name: ConfiguredLimitName,
  key: string,
  numbers: { limit: number; windowMs: number },
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  if (!key) return { allowed: true, retryAfterMs: 0 };
  const result = await call(env, name, key, "hit", (stub) => stub.hit(numbers.limit, numbers.windowMs));
  if (!result) {
    const rule: Pick<RateLimitRule, "onUnavailable"> = configuredLimits[name];
    return rule.onUnavailable === "allow"
      ? { allowed: true, retryAfterMs: 0 }
      : { allowed: false, retryAfterMs: 60_000 };
  }
  if (result.allowed && result.count === numbers.limit) await logReached(name, key);
  return { allowed: result.allowed, retryAfterMs: result.retryAfterMs };
}

/**
 * Counts a login attempt before it is made, when the throttle lets it through; otherwise answers how long to
 * wait. An empty key is not throttled.
 */
export async function beginAttempt(
  env: RateLimitEnv,
  name: ThrottleName,
  key: string,
): Promise<AttemptResult> {
  const free: AttemptResult = { allowed: true, count: 0, retryAfterMs: 0, at: 0 };
  if (!key) return free;
  const rule: ThrottleRule = throttles[name];
  const { key: _, onUnavailable: __, reason: ___, ...policy } = rule;
  const result = await call(env, name, key, "attempt", (stub) => stub.attempt(policy));
  if (!result)
    return rule.onUnavailable === "allow"
      ? free
      : { ...free, allowed: false, retryAfterMs: UNAVAILABLE_RETRY_MS };
  if (!result.allowed && result.count === rule.free) await logReached(name, key);
  return result;
}

/**
 * The attempt succeeded: it was no failure. `forgetFailures` (the account's own throttle) also forgets the
 * failures before it, since the owner has just proved the password; an address keeps its other attempts.
 */
export async function attemptSucceeded(
  env: RateLimitEnv,
  name: ThrottleName,
  key: string,
  attempt: AttemptResult,
  forgetFailures: boolean,
): Promise<void> {
  if (!key || !attempt.at) return;
  // A failed refund leaves one attempt to expire with its window; the login itself goes on.
  await call(env, name, key, "refund", (stub) => (forgetFailures ? stub.reset() : stub.refund(attempt.at)));
}

/** A login attempt as the throttles see it: allowed (and counted) or to be retried later. */
export interface LoginAttempt {
  allowed: boolean;
  retryAfterMs: number;
  /** The password was right: the attempt was no failure, and the account's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Counts a login attempt on its address and, when the login names one, on its account, before the password
 * is hashed. Refused when either throttle says wait (then neither counts it).
 */
export async function beginLogin(
  env: RateLimitEnv,
  ip: string,
  accountKey: string | null,
): Promise<LoginAttempt> {
  const [byIp, byAccount] = await Promise.all([
    beginAttempt(env, "loginPerIp", ip),
    accountKey ? beginAttempt(env, "loginPerAccount", accountKey) : null,
  ]);
  const refund = (forgetAccountFailures: boolean) =>
    Promise.all([
      byIp.allowed ? attemptSucceeded(env, "loginPerIp", ip, byIp, false) : null,
      byAccount?.allowed && accountKey
        ? attemptSucceeded(env, "loginPerAccount", accountKey, byAccount, forgetAccountFailures)
        : null,
    ]).then(() => undefined);
  if (!byIp.allowed || (byAccount && !byAccount.allowed)) {
    await refund(false);
    return {
      allowed: false,
      retryAfterMs: Math.max(byIp.retryAfterMs, byAccount?.retryAfterMs ?? 0),
      succeeded: async () => undefined,
    };
  }
  return { allowed: true, retryAfterMs: 0, succeeded: () => refund(true) };
}

/**
 * The client's IP: Cloudflare's `cf-connecting-ip`, which the edge always sets and clients cannot forge.
 * `x-forwarded-for` is only a fallback for local runs behind another proxy; "unknown" puts every request
 * without either in one shared bucket.
 */
export function clientIp(request: Request): string {
  const direct = request.headers.get("cf-connecting-ip")?.trim();
  if (direct) return direct;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "unknown";
}

/**
 * The bucket an IP is counted in: IPv4 (and IPv4-mapped IPv6) as is, IPv6 by its /64, because one
 * subscriber usually holds a whole /64 and could otherwise rotate addresses past any per-IP limit.
 */
export function ipBucket(ip: string): string {
  const value = ip.trim().toLowerCase();
  if (!value.includes(":")) return value;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value)?.[1];
  if (mapped) return mapped;
  const address = value.split("%")[0] ?? value;
  const halves = address.split("::");
  if (halves.length > 2) return value;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves[1] ? halves[1].split(":") : [];
  const missing = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (missing < 0 || (halves.length === 1 && left.length !== 8)) return value;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group) || group.includes("."))) return value;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The network an IP is counted in: an IPv4 address's /24, an IPv6 address's /48 (what a site or a provider's
 * customer is usually given, so rotating its /64s does not help). Anything else is its own bucket.
 */
export function networkBucket(ip: string): string {
  const bucket = ipBucket(ip);
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(bucket)?.[1];
  if (v4) return `${v4}.0/24`;
  const v6 = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(bucket)?.[1];
  return v6 ? `${v6}::/48` : bucket;
}

type LimitName = RateLimitName | ThrottleName | ConfiguredLimitName;

/** What the calls need of a limit or a throttle: its kind of key and its failure policy. */
const ruleOf = (name: LimitName): Pick<RateLimitRule, "key" | "onUnavailable"> => {
  if (name in limits) return limits[name as RateLimitName];
  if (name in configuredLimits) return configuredLimits[name as ConfiguredLimitName];
  return throttles[name as ThrottleName];
};

const bucketOf: Record<KeyKind, (key: string) => string> = {
  ip: ipBucket,
  network: networkBucket,
  fingerprint: (key) => key,
  account: (key) => key,
};

/** The Durable Object name of a limit's key: `name + ":" + key`, with IPs reduced to their bucket. */
export function limiterName(name: LimitName, key: string): string {
  return `${name}:${bucketOf[ruleOf(name).key](key)}`;
}

type Stub = DurableObjectStub<RateLimiter>;

/** Calls the key's object; on a failure or timeout logs it and returns null for the caller's policy. */
async function call<T>(
  env: RateLimitEnv,
  name: LimitName,
  key: string,
  operation: "hit" | "reset" | "attempt" | "refund",
  run: (stub: Stub) => Promise<T>,
): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterName(name, key)));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${RATE_LIMITER_TIMEOUT_MS} ms`)),
        RATE_LIMITER_TIMEOUT_MS,
      );
    });
    return await Promise.race([run(stub), timeout]);
  } catch (error) {
    const rule = ruleOf(name);
    logEvent("error", "rate_limit.unavailable", {
      limit: name,
      operation,
      // Reads fall back on the limit's policy; a failed write or reset only loses that one update.
      policy: operation === "reset" || operation === "refund" ? "skipped" : rule.onUnavailable,
      ...(await keyFields(rule, key)),
      error: errorName(error),
    });
    return null;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

async function logReached(name: LimitName, key: string) {
  logEvent("warn", "rate_limit.reached", { limit: name, ...(await keyFields(ruleOf(name), key)) });
}

/**
 * How a key may appear in a log line: an account by its numeric id; an IP truncated (IPv4 to its /24,
 * IPv6 to its /48); anything else (fingerprints, or an account key that is not a plain id and so might be
 * an e-mail address) as a short SHA-256 prefix.
 */
async function keyFields(rule: Pick<RateLimitRule, "key">, key: string): Promise<Record<string, unknown>> {
  if (rule.key === "account" && /^\d+$/.test(key)) return { accountId: Number(key) };
  if (rule.key === "ip" || rule.key === "network") {
    const network = networkBucket(key);
    if (network.includes("/")) return { ipPrefix: network };
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hex = Array.from(new Uint8Array(digest).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
  return { keyHash: hex };
}
