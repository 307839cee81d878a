// `npm run bench`: builds the Worker, runs the built bundle in workerd (Miniflare, with the options wrangler
// derives from the built config, and without wrangler dev's proxy in front) on a database seeded
// with BENCH_ANGELS (100,000) angels, and measures in one run (parameters: scripts/bench/bench.config.ts):
//   1. http: an authenticated POST /dispenser in a region of each size of BENCH_ANGELS_PER_REGION (300 and
//      5,000 angels) against the bare handler of the same workerd (autocannon, BENCH_CONNECTIONS at once,
//      then 1 connection), and against a database floor (the bare handler plus one `select $1` over the same
//      HTTP query path): throughput, p50 and p99, the ratio to each floor, and the CPU each process spent per
//      request (workerd, this Node process: load generator, proxy and PGlite if used, PostgreSQL);
//   2. checkout: BENCH_CHECKOUTS (200) times one at a time, each by a member with an open room socket:
//      GET /api/plans, POST /orders/tryCharge with the sandbox's success card, until the new balance
//      (creditiResidui) arrives on the socket; against the bare handler one request at a time, in alternating
//      blocks: p50 and p99 of each, and the CPU per checkout and per bare request of each process;
//   3. chat: send -> acknowledged over the member's room socket against a raw WebSocket echo (one message
//      at a time): p50 and p99, and the difference of the medians;
//   4. hash: one password hash (Argon2id, what every login and sign-up pays), one request at a time: p50 and
//      p99; with BENCH_HASH_OPTIONS=1, or when it is over budget, OWASP's other equivalent options too;
//   5. rooms: BENCH_ROOMS members' rooms (5,000) each with an open socket, held while BENCH_REPLIES of them
//      send a message and get the angel's reply at the production delay (20-40 s, through the room's alarm):
//      errors, workerd's memory, and each reply's lateness against the time it was scheduled for;
//   6. cascade: BENCH_CASCADE_MEMBERS (10,000) offline members, each with a push subscription at the fake push
//      service, each get an angel's message through their room; the cascade pushes it after a short push
//      delay (scripts/bench/cascade-load.ts): notifications scheduled and sent per second, each push's
//      lateness against its due time, and the Worker's CPU per push beside a bare outgoing fetch;
//   7. dashboard: the console dashboard's GET over the rollups of 1,000,000 events and 100,000 payments made
//      in SQL (scripts/bench/dashboard-load.ts), one request at a time, against the database floor.
// BENCH_ONLY=http,chat (or `npm run bench -- http chat`) runs some parts only. The floor and each hot path are printed side by side, and the
// whole result is written to .data/bench-results/<ISO date>-<commit>.json (BENCH_RESULTS_DIR), outside git:
// docs/benchmarks.md keeps the figures worth keeping.
// The database is the PostgreSQL server of DATABASE_URL, else one answering on 127.0.0.1:5432, else PGlite.
import { spawnSync } from "node:child_process";
import { Socket } from "node:net";
import { loadavg } from "node:os";
import { demoOperators } from "../drizzle/seed-data/operators.ts";
import { makeVapidKeys, startFakePushService } from "../tests/fakes/push-service.ts";
import { brandIds } from "../worker/brands/registry.ts";
import {
  ANGELS,
  ANGELS_PER_REGION,
  CASCADE_PUSH_DELAY_MS,
  CHECKOUTS,
  CONNECTIONS,
  HASH_BUDGET_MS,
  HASH_OPTIONS,
  HASHES,
  MESSAGES,
  PARTS,
  PORT,
  REPLIES,
  ROOMS,
  SECONDS,
} from "./bench/bench.config.ts";
import { benchRegion, signUpBenchMember, startBuiltWorker } from "./bench/bench-worker.ts";
import { cascade } from "./bench/cascade-load.ts";
import { checkouts } from "./bench/checkout-load.ts";
import { adminToken, makeDashboardData, paymentRollupCost, sequentialGets } from "./bench/dashboard-load.ts";
import { load, sequentialTimes } from "./bench/http-load.ts";
import { countBenchDatabase } from "./bench/process-stats.ts";
import { holdRooms, roundTrips } from "./bench/realtime-load.ts";
import { type BenchResults, printReport, writeResults } from "./bench/report.ts";
import { withClient } from "./local-db.ts";
import { withTestDatabase } from "./with-db.ts";

/** Whether something accepts connections on a local port (a PostgreSQL server, for 5432). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500);
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
    socket.connect(port, "127.0.0.1");
  });
}

if (!process.env.DATABASE_URL && (await answers(5432))) {
  process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
}

console.log("building the Worker…");
if (spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" }).status !== 0) process.exit(1);

const angelsPerCountry = Math.ceil(ANGELS / 3);
console.log(
  `seeding ${angelsPerCountry * 3} angels into ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}…`,
);

await withTestDatabase({ angelsPerCountry }, async (db) => {
  // What autovacuum does minutes after a bulk load, so the run measures the steady state: statistics for
  // the planner, and the visibility map that lets index-only scans skip the table (docs/benchmarks.md).
  await withClient(db.DATABASE_URL, (client) => client.query("vacuum (analyze) angels"));
  countBenchDatabase(db.DATABASE_URL);
  // The cascade's pushes go to the fake push service with VAPID keys of the run's own; its push delay is
  // short, and no quiet hours hold it (equal start and end hours), whatever the hour of the run.
  const fakePush = PARTS.has("cascade") ? await startFakePushService() : undefined;
  const cascadeVars: Record<string, string> = fakePush
    ? {
        VAPID_KEYS: JSON.stringify(
          Object.fromEntries(brandIds.map((id) => [id, makeVapidKeys(`mailto:push@${id}.example`)])),
        ),
        NOTIFY_PUSH_DELAY_MS: String(CASCADE_PUSH_DELAY_MS),
        NOTIFY_QUIET_START_HOUR: "0",
        NOTIFY_QUIET_END_HOUR: "0",
      }
    : {};
  const worker = startBuiltWorker(db, PORT, undefined, cascadeVars);
  try {
    await worker.ready;

    const member = await signUpBenchMember(db.DATABASE_URL);
    const results: BenchResults = { startLoad: loadavg() };

    if (PARTS.has("http")) {
      const regions = [];
      for (const size of ANGELS_PER_REGION)
        regions.push(await benchRegion(db.DATABASE_URL, member.clickid, size));
      // Page 3 of the member's own region, as the find grid asks after two pages.
      const dispenserBody = JSON.stringify({ country: "it", cerco: "donna", page: 3, seed: "bench-seed" });
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });
      console.log(`\nHTTP, ${CONNECTIONS} connections then 1, ${SECONDS} s each…`);
      results.bare = await load("bare handler", "/__bench/bare", {}, "{}");
      results.dbFloor = await load("database floor (bare + select $1)", "/__bench/sql", {}, "{}");
      results.dispensers = [];
      for (const r of regions)
        results.dispensers.push({
          size: r.size,
          ...(await load(
            `POST /dispenser, ${r.size} per region`,
            "/dispenser",
            auth(r.token),
            dispenserBody,
          )),
        });
      results.bareAlone = await load("bare handler, 1 connection", "/__bench/bare", {}, "{}", 1);
      results.dbFloorAlone = await load("database floor, 1 connection", "/__bench/sql", {}, "{}", 1);
      results.dispensersAlone = [];
      for (const r of regions)
        results.dispensersAlone.push({
          size: r.size,
          ...(await load(
            `POST /dispenser, ${r.size} per region, 1 connection`,
            "/dispenser",
            auth(r.token),
            dispenserBody,
            1,
          )),
        });
    }

    if (PARTS.has("checkout")) {
      console.log(
        `\nCheckout (plans -> charge -> credits on the socket), ${CHECKOUTS} one at a time, against the bare handler…`,
      );
      // Before the chat round trips: the angel replies they schedule (20-40 s later) would run in its windows.
      results.checkout = await checkouts(db.DATABASE_URL, member.clickid, db.DB_WS_PROXY);
    }

    if (PARTS.has("chat")) {
      console.log(`\nWebSocket, ${MESSAGES} messages one at a time…`);
      results.echo = await roundTrips(
        `ws://127.0.0.1:${PORT}/__bench/echo`,
        (i) => `ping ${i}`,
        (data, i) => data === `ping ${i}`,
      );
      const clientId = (i: number) => `bench-${member.clickid.slice(0, 8)}-${i}`;
      results.chat = await roundTrips(
        `ws://127.0.0.1:${PORT}/parties/user-room/${member.clickid}?token=${member.token}`,
        (i) =>
          JSON.stringify({
            event: "chat",
            data: { msg: `Ciao, messaggio ${i}`, angelId: 1, clientId: clientId(i) },
          }),
        (data, i) => {
          const event = JSON.parse(data) as { event: string; data: { clientId?: string } };
          if (event.event === "refused" || event.event === "error") throw new Error(`chat refused: ${data}`);
          return event.event === "chat" && event.data.clientId === clientId(i);
        },
      );
    }

    if (PARTS.has("hash")) {
      console.log(`\nPassword hashing, ${HASHES} hashes one at a time…`);
      const hashing: NonNullable<BenchResults["hashing"]> = [
        { ...HASH_OPTIONS[0], ...(await sequentialTimes("/__bench/hash")) },
      ];
      if (process.env.BENCH_HASH_OPTIONS === "1" || (hashing[0]?.p50 ?? 0) > HASH_BUDGET_MS) {
        for (const { m, t } of HASH_OPTIONS.slice(1))
          hashing.push({ m, t, ...(await sequentialTimes(`/__bench/hash?m=${m}&t=${t}`)) });
      }
      results.hashing = hashing;
      console.log(`\nLogin (POST /users/authenticate), ${HASHES} one at a time…`);
      results.loginTimes = await sequentialTimes(
        "/users/authenticate",
        JSON.stringify({ email: member.email, password: "bench-password" }),
      );
    }

    if (PARTS.has("rooms")) {
      console.log(`\n${ROOMS} rooms with an open socket each; ${REPLIES} of them get an angel's reply…`);
      results.rooms = await holdRooms(db.DATABASE_URL, member.clickid);
    }

    if (fakePush) {
      console.log("\nThe notification cascade, offline members pushed through the fake push service…");
      results.cascade = await cascade(db.DATABASE_URL, member.clickid, fakePush);
    }

    if (PARTS.has("dashboard")) {
      console.log("\nDashboard: making the data in SQL…");
      await makeDashboardData(db.DATABASE_URL);
      const admin = demoOperators.find((o) => o.role === "admin");
      if (!admin) throw new Error("the seed has no admin");
      const token = await adminToken(admin.email, admin.password);
      const year = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      results.dashboard = [
        await sequentialGets("GET /ops/api/dashboard, last 30 days", "/ops/api/dashboard", token),
        await sequentialGets("GET /ops/api/dashboard, 365 days", `/ops/api/dashboard?from=${year}`, token),
        await sequentialGets(
          "GET /ops/api/dashboard, 365 days, one brand and source",
          `/ops/api/dashboard?from=${year}&brand=amoreitalia&source=google`,
          token,
        ),
      ];
      results.dashboardFloor =
        results.dbFloorAlone ?? (await load("database floor, 1 connection", "/__bench/sql", {}, "{}", 1));
      results.paymentRollups = await paymentRollupCost(db.DATABASE_URL);
    }

    printReport(results);
    console.log(`\nresult written to ${writeResults(results)}`);
  } finally {
    await worker.dispose();
    await fakePush?.close();
  }
});
process.exit(0);
