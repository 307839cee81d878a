import { errorName, logEvent } from "../core/log";
import type { Bindings } from "../env";
import { ipBucket, networkBucket } from "./ip-buckets";
import {
  type ConfiguredLimitName,
  configuredLimits,
  type KeyKind,
  limits,
  type RateLimitName,
  type RateLimitRule,
  type ThrottleName,
  type ThrottleRule,
  throttles,
} from "./rate-limit-rules";
import type { AttemptResult, RateLimiter } from "./rate-limiter";

// The other features reach the limits' table and the client's address through this service.
export { clientIp, ipBucket } from "./ip-buckets";
export { limits } from "./rate-limit-rules";

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
