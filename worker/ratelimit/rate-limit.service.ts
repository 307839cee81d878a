import { logEvent } from "../core/log";
import type { Bindings } from "../env";
import type { RateLimiter } from "./rate-limiter";

const HOUR_MS = 60 * 60 * 1000;

/** What the key of a limit is: decides how the key is normalised and how it may appear in logs. */
type KeyKind = "ip" | "fingerprint" | "account";

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
  loginFailuresPerAccount: {
    limit: 100,
    windowMs: HOUR_MS,
    key: "account",
    onUnavailable: "refuse",
    reason: "the spec's number: at most 100 failed logins an hour per account stops password guessing",
  },
  loginFailuresPerIp: {
    limit: 300,
    windowMs: HOUR_MS,
    key: "ip",
    onUnavailable: "refuse",
    reason:
      "stops password spraying across accounts, loose enough that one user cannot lock out an office NAT",
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof limits;

/** The only binding these functions use, so tests can pass a failing namespace. */
export type RateLimitEnv = Pick<Bindings, "RATE_LIMITER">;

/** How long a request waits for the object before applying the limit's failure policy. */
export const RATE_LIMITER_TIMEOUT_MS = 2000;

/**
 * Counts an attempt and says whether it is allowed (for registrations). A refused attempt is not counted.
 * An empty key (no fingerprint sent) is not limited: it would otherwise put every such client in one
 * bucket, and a client-chosen key can be random anyway.
 */
export async function consume(env: RateLimitEnv, name: RateLimitName, key: string): Promise<boolean> {
  if (!key) return true;
  const rule: RateLimitRule = limits[name];
  const result = await call(env, name, key, "hit", (stub) => stub.hit(rule.limit, rule.windowMs));
  if (!result) return rule.onUnavailable === "allow";
  if (result.allowed && result.count === rule.limit) await logReached(name, key);
  return result.allowed;
}

/** Whether the key has used up its limit, without counting anything (check login failures before hashing). */
export async function isBlocked(env: RateLimitEnv, name: RateLimitName, key: string): Promise<boolean> {
  if (!key) return false;
  const rule: RateLimitRule = limits[name];
  const result = await call(env, name, key, "peek", (stub) => stub.peek(rule.limit, rule.windowMs));
  if (!result) return rule.onUnavailable === "refuse";
  return !result.allowed;
}

/**
 * Counts a failed login. Once the key is at its limit further failures are not stored (the key is blocked
 * anyway, and the window then ends one hour after the oldest counted failure).
 */
export async function recordFailure(env: RateLimitEnv, name: RateLimitName, key: string): Promise<void> {
  if (!key) return;
  const rule: RateLimitRule = limits[name];
  const result = await call(env, name, key, "hit", (stub) => stub.hit(rule.limit, rule.windowMs));
  if (result?.allowed && result.count === rule.limit) await logReached(name, key);
}

/** Forgets the key's count (after a successful login, for the per-account counter). */
export async function clear(env: RateLimitEnv, name: RateLimitName, key: string): Promise<void> {
  if (!key) return;
  // A failed clear leaves the old failures to expire with their window; the login itself goes on.
  await call(env, name, key, "reset", (stub) => stub.reset());
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

/** The Durable Object name of a limit's key: `name + ":" + key`, with IPs reduced to their bucket. */
export function limiterName(name: RateLimitName, key: string): string {
  const rule: RateLimitRule = limits[name];
  return `${name}:${rule.key === "ip" ? ipBucket(key) : key}`;
}

type Stub = DurableObjectStub<RateLimiter>;

/** Calls the key's object; on a failure or timeout logs it and returns null for the caller's policy. */
async function call<T>(
  env: RateLimitEnv,
  name: RateLimitName,
  key: string,
  operation: "hit" | "peek" | "reset",
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
    const rule: RateLimitRule = limits[name];
    logEvent("error", "rate_limit.unavailable", {
      limit: name,
      operation,
      // Reads fall back on the limit's policy; a failed write or reset only loses that one update.
      policy: operation === "reset" ? "skipped" : rule.onUnavailable,
      ...(await keyFields(rule, key)),
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

async function logReached(name: RateLimitName, key: string) {
  const rule: RateLimitRule = limits[name];
  logEvent("warn", "rate_limit.reached", { limit: name, ...(await keyFields(rule, key)) });
}

/**
 * How a key may appear in a log line: an account by its numeric id; an IP truncated (IPv4 to its /24,
 * IPv6 to its /48); anything else (fingerprints, or an account key that is not a plain id and so might be
 * an e-mail address) as a short SHA-256 prefix.
 */
async function keyFields(rule: RateLimitRule, key: string): Promise<Record<string, unknown>> {
  if (rule.key === "account" && /^\d+$/.test(key)) return { accountId: Number(key) };
  if (rule.key === "ip") {
    const bucket = ipBucket(key);
    const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(bucket)?.[1];
    if (v4) return { ipPrefix: `${v4}.0/24` };
    const v6 = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):/.exec(bucket)?.[1];
    if (v6) return { ipPrefix: `${v6}::/48` };
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hex = Array.from(new Uint8Array(digest).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
  return { keyHash: hex };
}
