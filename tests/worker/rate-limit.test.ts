import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIp, ipBucket, networkBucket } from "../../worker/ratelimit/ip-buckets";
import {
  attemptSucceeded,
  beginAttempt,
  consume,
  limiterName,
  RATE_LIMITER_TIMEOUT_MS,
  type RateLimitEnv,
} from "../../worker/ratelimit/rate-limit.service";
import { limits, type RateLimitName, throttles } from "../../worker/ratelimit/rate-limit-rules";

const HOUR = 60 * 60 * 1000;

/** A fresh object for each test: storage is shared by the whole run. */
const freshStub = () => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test:${crypto.randomUUID()}`));
const stubFor = (name: RateLimitName, key: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterName(name, key)));
type Stub = ReturnType<typeof freshStub>;

/** A random documentation-range IPv4 address, so tests never share a per-IP bucket. */
const randomIp = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** The object's stored hit times, or null when it holds no table at all. */
const storedHits = (stub: Stub) =>
  runInDurableObject(stub, (_, state) => {
    const table = state.storage.sql
      .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'hits'")
      .toArray();
    if (table.length === 0) return null;
    return state.storage.sql
      .exec<{ at: number }>("SELECT at FROM hits ORDER BY at")
      .toArray()
      .map((row) => row.at);
  });

const alarmOf = (stub: Stub) => runInDurableObject(stub, (_, state) => state.storage.getAlarm());

/** Moves every stored hit `ms` into the past: the window "passes" without sleeping. */
const rewind = (stub: Stub, ms: number) =>
  runInDurableObject(stub, (_, state) => {
    state.storage.sql.exec("UPDATE hits SET at = at - ?", ms);
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the RateLimiter Durable Object", () => {
  it("allows the limit-th hit, refuses the next one and does not record the refused one", async () => {
    const stub = freshStub();
    const base = Date.now();
    for (let i = 0; i < 10; i++) {
      expect(await stub.hit(10, HOUR, base + i)).toEqual({ allowed: true, count: i + 1, retryAfterMs: 0 });
    }
    // The oldest hit (at base) frees the first slot one window after it.
    expect(await stub.hit(10, HOUR, base + 10)).toEqual({
      allowed: false,
      count: 10,
      retryAfterMs: HOUR - 10,
    });
    expect(await stub.hit(10, HOUR, base + 20)).toMatchObject({ allowed: false, count: 10 });
    expect(await storedHits(stub)).toHaveLength(10);
  });

  it("slides: one slot frees when the oldest hit leaves the window, the next slot one ms later", async () => {
    const stub = freshStub();
    const base = Date.now();
    for (let i = 0; i < 3; i++) await stub.hit(3, HOUR, base + i);
    expect(await stub.hit(3, HOUR, base + HOUR - 1)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(await stub.hit(3, HOUR, base + HOUR)).toEqual({ allowed: true, count: 3, retryAfterMs: 0 });
    expect(await stub.hit(3, HOUR, base + HOUR)).toEqual({ allowed: false, count: 3, retryAfterMs: 1 });
    expect(await stub.hit(3, HOUR, base + HOUR + 1)).toMatchObject({ allowed: true, count: 3 });
    // Hits that left the window were pruned from storage on the way.
    expect(await storedHits(stub)).toEqual([base + 2, base + HOUR, base + HOUR + 1]);
  });

  it("is allowed again once the whole window has passed", async () => {
    const stub = freshStub();
    const base = Date.now();
    for (let i = 0; i < 5; i++) await stub.hit(5, HOUR, base);
    expect((await stub.hit(5, HOUR, base + 1)).allowed).toBe(false);
    expect(await stub.hit(5, HOUR, base + HOUR)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it("keeps separate keys independent", async () => {
    const a = freshStub();
    const b = freshStub();
    for (let i = 0; i < 2; i++) await a.hit(2, HOUR);
    expect((await a.hit(2, HOUR)).allowed).toBe(false);
    expect(await b.hit(2, HOUR)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it("forgets everything on reset", async () => {
    const stub = freshStub();
    for (let i = 0; i < 3; i++) await stub.hit(3, HOUR);
    expect((await stub.hit(3, HOUR)).allowed).toBe(false);
    await stub.reset();
    expect(await storedHits(stub)).toBeNull();
    expect(await alarmOf(stub)).toBeNull();
    expect(await stub.hit(3, HOUR)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it("keeps its storage while hits are in the window and deletes it once the window passed", async () => {
    const stub = freshStub();
    const before = Date.now();
    await stub.hit(5, HOUR);
    await stub.hit(5, HOUR);
    const alarm = await alarmOf(stub);
    expect(alarm).not.toBeNull();
    expect(alarm).toBeGreaterThanOrEqual(before + HOUR);
    expect(alarm).toBeLessThanOrEqual(Date.now() + HOUR);

    // Hits still inside the window: the alarm keeps them and waits for the newest one to expire.
    await rewind(stub, 10 * 60 * 1000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storedHits(stub)).toHaveLength(2);
    const newest = Math.max(...((await storedHits(stub)) ?? []));
    expect(await alarmOf(stub)).toBe(newest + HOUR);

    // The window has passed with no hit: the alarm deletes the table and schedules nothing more.
    await rewind(stub, HOUR);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storedHits(stub)).toBeNull();
    expect(await alarmOf(stub)).toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    // And the object works as new afterwards.
    expect(await stub.hit(5, HOUR)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(await alarmOf(stub)).not.toBeNull();
  });

  it("never lets concurrent hits on one key exceed the limit", async () => {
    const stub = freshStub();
    const results = await Promise.all(Array.from({ length: 30 }, () => stub.hit(10, HOUR)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.count)
        .sort((x, y) => x - y),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await storedHits(stub)).toHaveLength(10);
  });

  it("rejects nonsense limits instead of counting against them", async () => {
    // On the instance, not over RPC: the test pool reports an error thrown across RPC as unhandled.
    const stub = freshStub();
    await runInDurableObject(stub, async (instance) => {
      await expect(instance.hit(0, HOUR)).rejects.toThrow(/limit/);
      await expect(instance.hit(10, -1)).rejects.toThrow(/windowMs/);
      await expect(instance.hit(1.5, HOUR)).rejects.toThrow(/limit/);
    });
    expect(await storedHits(stub)).toBeNull();
  });
});

describe("the named limits", () => {
  it("have the chosen numbers, each with its reason", () => {
    expect(limits.registerPerIp).toMatchObject({ limit: 10, windowMs: HOUR });
    expect(limits.registerPerFingerprint).toMatchObject({ limit: 5, windowMs: HOUR });
    expect(limits.forgotPerIp).toMatchObject({ limit: 10, windowMs: HOUR });
    expect(throttles.loginPerAccount).toMatchObject({ free: 10, baseDelayMs: 1000, maxDelayMs: 60_000 });
    expect(throttles.loginPerIp).toMatchObject({ free: 30, baseDelayMs: 1000, maxDelayMs: 60_000 });
    for (const rule of [...Object.values(limits), ...Object.values(throttles)]) {
      expect(rule.reason.length).toBeGreaterThan(10);
    }
  });

  it("allow 10 registrations per IP and 5 per device fingerprint an hour", async () => {
    const ip = randomIp();
    const results: boolean[] = [];
    for (let i = 0; i < 11; i++) results.push(await consume(env, "registerPerIp", ip));
    expect(results).toEqual([...Array<boolean>(10).fill(true), false]);

    const device = crypto.randomUUID();
    const byDevice: boolean[] = [];
    for (let i = 0; i < 6; i++) byDevice.push(await consume(env, "registerPerFingerprint", device));
    expect(byDevice).toEqual([true, true, true, true, true, false]);
    // The same string under another limit is another key.
    expect(await consume(env, "registerPerIp", device)).toBe(true);

    await rewind(stubFor("registerPerIp", ip), HOUR);
    expect(await consume(env, "registerPerIp", ip)).toBe(true);
  });

  it("let exactly the limit through when 30 registrations from one IP arrive at once", async () => {
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 30 }, () => consume(env, "registerPerIp", ip)));
    expect(results.filter(Boolean)).toHaveLength(10);
  });

  it("count the addresses of one IPv6 /64 together", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 1; i <= 10; i++)
      expect(await consume(env, "registerPerIp", `${prefix}::${i.toString(16)}`)).toBe(true);
    expect(await consume(env, "registerPerIp", `${prefix}:ffff:ffff:ffff:ffff`)).toBe(false);
  });

  it("do not count an empty key (a sign-up without a fingerprint)", async () => {
    for (let i = 0; i < 10; i++) expect(await consume(env, "registerPerFingerprint", "")).toBe(true);
    expect((await beginAttempt(env, "loginPerAccount", "")).allowed).toBe(true);
  });
});

describe("when the Durable Object fails", () => {
  const failing = (stubMethod: () => Promise<never>): RateLimitEnv =>
    ({
      RATE_LIMITER: {
        idFromName: (name: string) => ({ name }),
        get: () => ({ hit: stubMethod, attempt: stubMethod, refund: stubMethod, reset: stubMethod }),
      },
    }) as unknown as RateLimitEnv;
  const broken = failing(() => Promise.reject(new Error("Durable Object is overloaded")));

  it("refuses on the IP and account limits, allows on the fingerprint limit, and logs each", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const ip = "203.0.113.77";
    expect(await consume(broken, "registerPerIp", ip)).toBe(false);
    expect(await consume(broken, "registerPerFingerprint", "device-secret-value")).toBe(true);
    expect((await beginAttempt(broken, "loginPerAccount", "42")).allowed).toBe(false);
    expect((await beginAttempt(broken, "loginPerIp", ip)).allowed).toBe(false);
    const counted = { allowed: true, count: 1, retryAfterMs: 0, at: Date.now() };
    await expect(attemptSucceeded(broken, "loginPerAccount", "42", counted, false)).resolves.toBeUndefined();
    await expect(attemptSucceeded(broken, "loginPerAccount", "42", counted, true)).resolves.toBeUndefined();

    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.event === "rate_limit.unavailable" && line.level === "error")).toBe(
      true,
    );
    expect(lines[0]).toMatchObject({ limit: "registerPerIp", policy: "refuse", ipPrefix: "203.0.113.0/24" });
    expect(lines[1]).toMatchObject({ limit: "registerPerFingerprint", policy: "allow" });
    expect(lines[2]).toMatchObject({ limit: "loginPerAccount", accountId: 42, policy: "refuse" });
    expect(lines[4]).toMatchObject({ limit: "loginPerAccount", operation: "refund", policy: "skipped" });
    // Neither the full IP nor the fingerprint is ever written out.
    const text = errors.mock.calls.flat().join("\n");
    expect(text).not.toContain(ip);
    expect(text).not.toContain("device-secret-value");
  });

  it("applies the same policy when the object does not answer in time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const hanging = failing(() => new Promise<never>(() => {}));
    const started = Date.now();
    const [byIp, byDevice] = await Promise.all([
      consume(hanging, "registerPerIp", randomIp()),
      consume(hanging, "registerPerFingerprint", "another-device"),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(RATE_LIMITER_TIMEOUT_MS - 50);
    expect([byIp, byDevice]).toEqual([false, true]);
  });

  it("hides an account key that is not a plain id", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await beginAttempt(broken, "loginPerAccount", "someone@example.com");
    const text = errors.mock.calls.flat().join("\n");
    expect(text).not.toContain("someone");
    expect(text).toMatch(/"keyHash":"[0-9a-f]{12}"/);
  });
});

describe("clientIp and ipBucket", () => {
  const request = (headers: Record<string, string>) => new Request("https://example.com/", { headers });

  it("reads cf-connecting-ip, then the first x-forwarded-for entry, else unknown", () => {
    expect(clientIp(request({ "cf-connecting-ip": "203.0.113.5", "x-forwarded-for": "10.0.0.1" }))).toBe(
      "203.0.113.5",
    );
    expect(clientIp(request({ "x-forwarded-for": " 198.51.100.7 , 10.0.0.1" }))).toBe("198.51.100.7");
    expect(clientIp(request({}))).toBe("unknown");
  });

  it("keeps IPv4 and reduces IPv6 to its /64", () => {
    expect(ipBucket("203.0.113.5")).toBe("203.0.113.5");
    expect(ipBucket("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(ipBucket("2001:db8:a:b:1:2:3:4")).toBe("2001:db8:a:b::/64");
    expect(ipBucket("2001:0DB8:000a:000b::1")).toBe("2001:db8:a:b::/64");
    expect(ipBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipBucket("unknown")).toBe("unknown");
    expect(ipBucket("not:an:ip:::")).toBe("not:an:ip:::");
  });

  it("counts a network as an IPv4 /24 or an IPv6 /48, and names its limiter by it", () => {
    expect(networkBucket("203.0.113.5")).toBe("203.0.113.0/24");
    expect(networkBucket("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkBucket("2001:db8:a:b:1:2:3:4")).toBe("2001:db8:a::/48");
    expect(networkBucket("2001:0DB8:000a:ffff::1")).toBe("2001:db8:a::/48");
    expect(networkBucket("unknown")).toBe("unknown");
    expect(limiterName("phoneCodesPerNetwork", "203.0.113.200")).toBe("phoneCodesPerNetwork:203.0.113.0/24");
    expect(limiterName("registerPerIp", "203.0.113.200")).toBe("registerPerIp:203.0.113.200");
  });
});
