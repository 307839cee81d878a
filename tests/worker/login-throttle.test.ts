// Login attempts are counted before the password is hashed and slowed down progressively, never locked for
// an hour: after the free attempts each one waits a second more than the last, doubling up to a minute.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { beginLogin, limiterName } from "../../worker/ratelimit/rate-limit.service";
import { throttles } from "../../worker/ratelimit/rate-limit-rules";
import type { ThrottlePolicy } from "../../worker/ratelimit/rate-limiter";
import { account, login } from "../fixtures/auth";
import { createMember, randomIp } from "../fixtures/members";

const HOUR = 60 * 60 * 1000;
const policy: ThrottlePolicy = { free: 3, windowMs: HOUR, baseDelayMs: 1000, maxDelayMs: 8000 };
const freshLimiter = () => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test:${crypto.randomUUID()}`));
const stubFor = (name: "loginPerAccount" | "loginPerIp", key: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterName(name, key)));

/** Puts `n` counted attempts, a millisecond apart, `agoMs` in the past into a key's object. */
async function pastAttempts(
  stub: ReturnType<typeof freshLimiter>,
  n: number,
  agoMs: number,
  rule: ThrottlePolicy,
) {
  const start = Date.now() - agoMs;
  for (let i = 0; i < n; i++) {
    const result = await stub.attempt({ ...rule, maxDelayMs: 0, baseDelayMs: 0 }, start + i);
    expect(result.allowed).toBe(true);
  }
}

describe("the RateLimiter's progressive throttle", () => {
  it("lets the free attempts through, then makes each wait twice as long as the last, up to the most", async () => {
    const stub = freshLimiter();
    const t = Date.now();
    for (let i = 0; i < 3; i++) expect((await stub.attempt(policy, t + i)).allowed).toBe(true);
    const waits: number[] = [];
    let now = t + 2;
    for (let i = 0; i < 6; i++) {
      const refused = await stub.attempt(policy, now);
      expect(refused.allowed).toBe(false);
      waits.push(refused.retryAfterMs);
      now += refused.retryAfterMs;
      expect((await stub.attempt(policy, now)).allowed).toBe(true);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it("counts concurrent attempts exactly: no more than the free ones get through at once", async () => {
    const stub = freshLimiter();
    const results = await Promise.all(Array.from({ length: 20 }, () => stub.attempt(policy)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 0)).toBe(true);
  });

  it("takes back a refunded attempt, forgets everything on reset, and forgets attempts out of the window", async () => {
    const stub = freshLimiter();
    const t = Date.now();
    const first = await stub.attempt(policy, t);
    await stub.attempt(policy, t + 1);
    await stub.attempt(policy, t + 2);
    expect((await stub.attempt(policy, t + 3)).allowed).toBe(false);
    await stub.refund(first.at);
    expect((await stub.attempt(policy, t + 4)).allowed).toBe(true);
    await stub.reset();
    for (let i = 0; i < 3; i++) expect((await stub.attempt(policy, t + 10 + i)).allowed).toBe(true);
    expect((await stub.attempt(policy, t + HOUR + 13)).allowed).toBe(true);
  });
});

describe("logins", () => {
  it("slow down after 10 failures, even with the right password, for a second, then the owner gets in", async () => {
    const member = await createMember();
    const ip = randomIp();
    for (let i = 0; i < throttles.loginPerAccount.free; i++) {
      expect((await login(member.email, "a-wrong-password", ip)).status).toBe(401);
    }
    const refused = await login(member.email, "a-good-password", ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe("too_many_attempts");
    expect(refused.json.error?.messageKey).toBe("troppi_tentativi");
    expect(refused.json.error?.retryAfterS).toBe(1);
    // The second passes: the account's attempts move 1.1 s into the past instead of the test sleeping.
    const key = String((await account(member.clickid))?.id);
    await runInDurableObject(stubFor("loginPerAccount", key), (_, state) => {
      state.storage.sql.exec("UPDATE hits SET at = at - ?", 1100);
    });
    expect((await login(member.email, "a-good-password", ip)).status).toBe(200);
    // The owner's login forgot the failures: a typo now is just a typo.
    expect((await login(member.email, "a-wrong-password", ip)).status).toBe(401);
  });

  it("never keep the owner out for more than a minute, however many failures strangers made", async () => {
    const member = await createMember();
    const key = String((await account(member.clickid))?.id);
    // Forty failures from rotating addresses, the last of them 30 s ago: the owner waits the rest of a minute.
    await pastAttempts(stubFor("loginPerAccount", key), 40, 30_000, throttles.loginPerAccount);
    const refused = await login(member.email, "a-good-password");
    expect(refused.status).toBe(429);
    expect(refused.json.error?.retryAfterS).toBeGreaterThanOrEqual(29);
    expect(refused.json.error?.retryAfterS).toBeLessThanOrEqual(31);
    // The same forty a little over a minute ago: the owner gets in.
    const other = await createMember();
    const otherKey = String((await account(other.clickid))?.id);
    await pastAttempts(stubFor("loginPerAccount", otherKey), 40, 61_000, throttles.loginPerAccount);
    expect((await login(other.email, "a-good-password")).status).toBe(200);
  });

  it("are throttled per address too, without counting the refused attempt on the account", async () => {
    const member = await createMember();
    const ip = randomIp();
    await pastAttempts(stubFor("loginPerIp", ip), throttles.loginPerIp.free, 100, throttles.loginPerIp);
    expect((await login(member.email, "a-good-password", ip)).status).toBe(429);
    // From another address the member logs in at once: the refused attempt did not count on the account.
    expect((await login(member.email, "a-good-password")).status).toBe(200);
  });

  it("count the attempt before hashing: a burst past the free ones is refused before any password check", async () => {
    const key = crypto.randomUUID();
    const attempts = await Promise.all(Array.from({ length: 40 }, () => beginLogin(env, randomIp(), key)));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(throttles.loginPerAccount.free);
  });
});
