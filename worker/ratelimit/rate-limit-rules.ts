// The named limits and throttles: each one's kind of key, its numbers, and what a request meets when the
// limiter cannot be asked.
import type { ThrottlePolicy } from "./rate-limiter";

const HOUR_MS = 60 * 60 * 1000;

/**
 * What the key of a limit is: decides how the key is normalised and how it may appear in logs. `ip` counts
 * one subscriber (an IPv4 address, an IPv6 /64); `network` the network around it (an IPv4 /24, an IPv6 /48),
 * which one sender rotating through its addresses, or many accounts behind them, cannot get round.
 */
export type KeyKind = "ip" | "network" | "fingerprint" | "account";

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
