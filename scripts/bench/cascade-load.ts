// The notification cascade under load: CASCADE_MEMBERS offline members (no socket), each with a push
// subscription at the fake push service (tests/fakes/push-service.ts, which decrypts every push: a decrypted
// payload counts as delivered), each get an angel's message through their room. The room delivers it after
// the typing time and hands it to the cascade, whose push step runs NOTIFY_PUSH_DELAY_MS later. Measured:
// notifications scheduled and sent per second, each push's lateness against the time it was due, the CPU
// per notification of the whole path, and, in the same run, the Worker's CPU for one push (encryption,
// VAPID signature, send) beside a bare outgoing fetch of the same size to the same fake.
import { loadavg } from "node:os";
import type { FakePushService } from "../../tests/fakes/push-service.ts";
import { withClient } from "../local-db.ts";
import { base, CASCADE_CONCURRENCY, CASCADE_MEMBERS, CASCADE_PUSH_DELAY_MS, HOST } from "./bench.config.ts";
import { load } from "./http-load.ts";
import { percentile } from "./percentile.ts";
import { type Cpu, cpuPerRequest, cpuSnapshot } from "./process-stats.ts";

/** An encrypted push is one aes128gcm record of 4,096 bytes (the library pads every payload to it). */
const PUSH_BYTES = 4096;
/** The wait for the last pushes ends after this long without a new one. */
const STALL_MS = 60_000;
const MEMBERS_PER_INSERT = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

async function subscribe(fake: FakePushService): Promise<Subscription> {
  const response = await fetch(`${fake.url}/__fake/subscriptions`, { method: "POST" });
  if (!response.ok) throw new Error(`fake push service: ${response.status}`);
  return (await response.json()) as Subscription;
}

/** Runs `fn` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};

/**
 * The Worker's CPU for one push against its floors, one request at a time and at CASCADE_CONCURRENCY:
 * the bare handler, the bare handler plus a bare POST of a push's size to the fake, and the bare handler plus
 * one push (encrypted, signed, sent, decrypted by the fake).
 */
async function pushCost(fake: FakePushService, brand: string) {
  const s = await subscribe(fake);
  const pushBody = JSON.stringify({ brand, endpoint: s.endpoint, ...s.keys });
  const fetchBody = JSON.stringify({ url: `${fake.url}/__fake/bare`, bytes: PUSH_BYTES });
  const runs = [];
  for (const connections of [1, CASCADE_CONCURRENCY]) {
    const suffix = connections === 1 ? "1 connection" : `${connections} connections`;
    runs.push(await load(`bare handler, ${suffix}`, "/__bench/bare", {}, "{}", connections));
    runs.push(await load(`bare outgoing fetch, ${suffix}`, "/__bench/fetch", {}, fetchBody, connections));
    runs.push(
      await load(`push, the library whole, ${suffix}`, "/__bench/push-library", {}, pushBody, connections),
    );
    runs.push(await load(`push: encrypt, sign, send, ${suffix}`, "/__bench/push", {}, pushBody, connections));
  }
  return runs;
}

/** Members in SQL (a sign-up each would time Argon2id), copies of the bench member who want pushes. */
async function makeMembers(databaseUrl: string, template: string, fake: FakePushService) {
  const subscriptions = await pool(
    Array.from({ length: CASCADE_MEMBERS }, (_, i) => i),
    50,
    () => subscribe(fake),
  );
  // In blocks: one statement for all of them passes the client's statement timeout (each account row fires
  // the dashboard's triggers).
  const members: { id: string; clickid: string; brand_id: string; endpoint: string }[] = [];
  for (let from = 0; from < CASCADE_MEMBERS; from += MEMBERS_PER_INSERT) {
    const block = subscriptions.slice(from, from + MEMBERS_PER_INSERT);
    await withClient(databaseUrl, async (client) => {
      const made = await client.query(
        `insert into accounts (clickid, brand_id, email, country, region, sono, cerco, flux_id, crediti_messaggi,
           verified_user, notify_push)
         select 'bench-cascade-' || g, brand_id, 'cascade' || g || '@bench.example', country, region, sono, cerco,
           flux_id, 0, true, true
         from accounts, generate_series($2::int, $3::int) g where clickid = $1
         order by g
         returning id, clickid, brand_id`,
        [template, from + 1, from + block.length],
      );
      const rows = (made.rows as { id: string; clickid: string; brand_id: string }[]).map((m) => ({
        ...m,
        // bench-cascade-<g> has subscription g - 1.
        endpoint: (subscriptions[Number(m.clickid.slice("bench-cascade-".length)) - 1] as Subscription)
          .endpoint,
      }));
      const keysOf = new Map(block.map((s) => [s.endpoint, s.keys]));
      await client.query(
        `insert into push_subscriptions (account_id, endpoint, p256dh, auth)
         select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[])`,
        [
          rows.map((m) => m.id),
          rows.map((m) => m.endpoint),
          rows.map((m) => keysOf.get(m.endpoint)?.p256dh),
          rows.map((m) => keysOf.get(m.endpoint)?.auth),
        ],
      );
      members.push(...rows);
    });
  }
  return members;
}

export async function cascade(databaseUrl: string, template: string, fake: FakePushService) {
  console.log(`  ${CASCADE_MEMBERS} members with a push subscription each…`);
  const members = await makeMembers(databaseUrl, template, fake);
  const brand = members[0]?.brand_id ?? "amoreitalia";
  console.log("  the Worker's CPU for one push, against a bare outgoing fetch to the same fake…");
  const perPush = await pushCost(fake, brand);

  console.log(
    `  ${CASCADE_MEMBERS} angel messages, ${CASCADE_CONCURRENCY} at a time, each pushed ${CASCADE_PUSH_DELAY_MS / 1000} s after its delivery…`,
  );
  const endpoints = new Map(members.map((m, i) => [m.endpoint, i]));
  const dueAt = new Array<number>(members.length).fill(Number.NaN);
  const firstPush = fake.pushes.length;
  const received = () => fake.pushes.slice(firstPush).filter((p) => endpoints.has(p.endpoint));
  const loadAtStart = loadAverage();
  const before = cpuSnapshot();
  const t0 = Date.now();
  let refused = 0;
  let handed = 0;
  const progress = setInterval(
    () =>
      console.log(
        `  ${Math.round((Date.now() - t0) / 1000)} s: ${handed} messages handed, ${received().length} pushes received, load ${loadAverage().join(" ")}`,
      ),
    30_000,
  );
  await pool(members, CASCADE_CONCURRENCY, async (m, i) => {
    try {
      const sent = await post("/__bench/angel-message", {
        clickid: m.clickid,
        angelId: 1 + (i % 50),
        msg: "Ciao, sei ancora sveglio? Ti ho pensato tutto il giorno.",
      });
      // Delivered at `time` (after the typing time); the cascade's push is due the push delay after it.
      dueAt[i] = Date.parse(String(sent.time)) + CASCADE_PUSH_DELAY_MS;
      handed++;
    } catch (error) {
      refused++;
      if (refused === 1) console.log(`  the first refusal: ${String(error)}`);
    }
  });
  const scheduledMs = Date.now() - t0;
  const loadAfterScheduling = loadAverage();
  const expected = members.length - refused;
  let count = 0;
  let progressAt = Date.now();
  while (count < expected && Date.now() - progressAt < STALL_MS) {
    await sleep(500);
    const now = received().length;
    if (now > count) progressAt = Date.now();
    count = now;
  }
  clearInterval(progress);
  const pushes = received();
  const spent = cpuPerRequest(before, cpuSnapshot(), Math.max(1, pushes.length));
  const loadAtEnd = loadAverage();
  const lateness: number[] = [];
  const arrivals: number[] = [];
  const seen = new Set<number>();
  for (const p of pushes) {
    const i = endpoints.get(p.endpoint) as number;
    if (seen.has(i)) continue; // one push per member: a second would be a repeated step
    seen.add(i);
    arrivals.push(p.receivedAt);
    if (!Number.isNaN(dueAt[i] as number)) lateness.push(p.receivedAt - (dueAt[i] as number));
  }
  arrivals.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  const sendingS = ((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)) / 1000;
  const outcomes = await withClient(databaseUrl, (client) =>
    client.query(
      `select d.outcome, count(*)::int as n from notification_deliveries d
       join accounts a on a.id = d.account_id
       where a.clickid like 'bench-cascade-%' and d.channel = 'push' group by d.outcome`,
    ),
  );
  return {
    members: members.length,
    refused,
    pushDelayMs: CASCADE_PUSH_DELAY_MS,
    concurrency: CASCADE_CONCURRENCY,
    scheduled: expected,
    scheduledPerSecond: expected / (scheduledMs / 1000),
    scheduledMs,
    delivered: seen.size,
    repeated: pushes.length - seen.size,
    sentPerSecond: sendingS > 0 ? seen.size / sendingS : Number.NaN,
    sendingMs: sendingS * 1000,
    /** From the first message handed to a room to the last push received. */
    wholeMs: (arrivals.at(-1) ?? t0) - t0,
    deliveries: Object.fromEntries(
      (outcomes.rows as { outcome: string; n: number }[]).map((r) => [r.outcome, r.n]),
    ),
    lateness: {
      count: lateness.length,
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness.at(-1) ?? Number.NaN,
    },
    /** CPU of each process over the whole cascade (messages, deliveries, pushes, the fake's decryption), per push. */
    cpuPerNotification: spent as Cpu,
    perPush,
    load: { start: loadAtStart, afterScheduling: loadAfterScheduling, end: loadAtEnd },
  };
}
