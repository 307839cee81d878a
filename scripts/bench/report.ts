// The benchmark's tables, each measurement against its goal (docs/benchmarks.md), and the JSON result.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import {
  ANGELS,
  ANGELS_PER_REGION,
  CASCADE_CONCURRENCY,
  CASCADE_MEMBERS,
  CASCADE_PUSH_DELAY_MS,
  CHECKOUTS,
  CONNECTIONS,
  HASH_BUDGET_MS,
  MESSAGES,
  PARTS,
  REPLIES,
  RESULTS_DIR,
  ROOMS,
  SECONDS,
} from "./bench.config.ts";
import type { cascade } from "./cascade-load.ts";
import type { checkouts } from "./checkout-load.ts";
import { type paymentRollupCost, ROLLUP_PAYMENTS, type sequentialGets } from "./dashboard-load.ts";
import type { load, sequentialTimes } from "./http-load.ts";
import type { holdRooms, roundTrips } from "./realtime-load.ts";

type Load = Awaited<ReturnType<typeof load>>;
type Timing = Awaited<ReturnType<typeof sequentialTimes>>;
type Sized = Load & { size: number };

/** What a run measured; a part left out (BENCH_ONLY) leaves its fields out. */
export interface BenchResults {
  /** The 1 / 5 / 15 minute load average when the measurements began. */
  startLoad: number[];
  bare?: Load;
  bareAlone?: Load;
  /** The database floor: the bare handler plus one trivial statement over the dispenser's HTTP query path. */
  dbFloor?: Load;
  dbFloorAlone?: Load;
  /** POST /dispenser at BENCH_CONNECTIONS, one per region size. */
  dispensers?: Sized[];
  /** POST /dispenser with 1 connection, one per region size. */
  dispensersAlone?: Sized[];
  echo?: Awaited<ReturnType<typeof roundTrips>>;
  chat?: Awaited<ReturnType<typeof roundTrips>>;
  checkout?: Awaited<ReturnType<typeof checkouts>>;
  hashing?: ({ m: number; t: number } & Timing)[];
  loginTimes?: Timing;
  rooms?: Awaited<ReturnType<typeof holdRooms>>;
  /** Offline members' angel messages pushed by the cascade, and the Worker's CPU for one push. */
  cascade?: Awaited<ReturnType<typeof cascade>>;
  /** The console dashboard's GETs over the rollups, one request at a time, and the floor they are set against. */
  dashboard?: Awaited<ReturnType<typeof sequentialGets>>[];
  dashboardFloor?: Load;
  /** What the rollups' triggers add to a payment's statement on payer_days, beside the statement alone. */
  paymentRollups?: Awaited<ReturnType<typeof paymentRollupCost>>;
}

const cpuMs = (n: number) => (Number.isNaN(n) ? "" : n.toFixed(3));
/** Postgres CPU: the bench database's own backends when they could be told apart, else the whole server. */
const pgOf = (cpu: Load["cpu"]) => (Number.isNaN(cpu.benchDb) ? cpu.postgres : cpu.benchDb);
const cpuColumns = (cpu: Load["cpu"]) => ({
  workerd: cpuMs(cpu.workerd),
  node: cpuMs(cpu.node),
  postgres: cpuMs(pgOf(cpu)),
  "pg server": cpuMs(cpu.postgres),
  machine: cpuMs(cpu.machineBusy),
});
const cpuSum = (cpu: Load["cpu"]) => cpu.workerd + cpu.node + (Number.isNaN(pgOf(cpu)) ? 0 : pgOf(cpu));
const ms = (n: number) => `${n.toFixed(2)} ms`;
const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");

/**
 * The floor and each hot path side by side: throughput against the floor of the same connections, latency,
 * and the CPU per request of workerd, Node (load generator, proxy) and PostgreSQL, with the load average.
 */
function sideBySide(r: BenchResults) {
  const rows: Record<string, string | number>[] = [];
  const of = (l: Load, floor: Load | undefined) =>
    floor ? `${((l.rps / floor.rps) * 100).toFixed(1)} %` : "";
  const times = (l: Load, floor: Load | undefined) =>
    floor && floor.p50 > 0 ? `${(l.p50 / floor.p50).toFixed(2)}×` : "";
  const row = (l: Load, floor: Load | undefined, dbFloor?: Load) => ({
    test: l.title,
    connections: l.connections,
    "req/s": Math.round(l.rps),
    "of floor": of(l, floor),
    "of db floor": of(l, dbFloor),
    p50: ms(l.p50),
    "p50 ÷ floor": times(l, floor),
    "p50 ÷ db floor": times(l, dbFloor),
    p99: ms(l.p99),
    ...cpuColumns(l.cpu),
    "w+n+pg": cpuMs(cpuSum(l.cpu)),
    load: loadText(l.load),
    "failed / requests": `${l.failed.errors} / ${l.failed.total}`,
  });
  if (r.bare) rows.push(row(r.bare, undefined));
  if (r.dbFloor) rows.push(row(r.dbFloor, r.bare));
  for (const d of r.dispensers ?? []) rows.push(row(d, r.bare, r.dbFloor));
  if (r.bareAlone) rows.push(row(r.bareAlone, undefined));
  if (r.dbFloorAlone) rows.push(row(r.dbFloorAlone, r.bareAlone));
  for (const d of r.dispensersAlone ?? []) rows.push(row(d, r.bareAlone, r.dbFloorAlone));
  if (r.checkout) {
    const { floor, done } = r.checkout;
    rows.push({
      test: "bare handler, one at a time (checkout's floor)",
      p50: ms(floor.p50),
      p99: ms(floor.p99),
      ...cpuColumns(floor.cpu),
      "w+n+pg": cpuMs(cpuSum(floor.cpu)),
      load: loadText(r.checkout.load),
    });
    const floors = r.checkout.floors;
    for (const [test, cpu] of [
      ["bare + one statement over HTTP, one at a time", floors.statement],
      ["bare + a transaction of one statement over a WebSocket", floors.transaction],
      ["bare behind the middleware, a member's token checked", floors.member],
      ["bare + a call to a member's room that does nothing", floors.room],
      ["bare + the checkout's two log lines", floors.log],
    ] as const)
      rows.push({ test, ...cpuColumns(cpu), "w+n+pg": cpuMs(cpuSum(cpu)) });
    rows.push({
      test: "checkout: plans -> charge -> credits",
      p50: ms(done.p50),
      "p50 ÷ floor": `${(done.p50 / floor.p50).toFixed(1)}×`,
      p99: ms(done.p99),
      ...cpuColumns(done.cpu),
      "w+n+pg": cpuMs(cpuSum(done.cpu)),
    });
  }
  if (r.echo && r.chat) {
    // Whatever else realtime-load.ts reports (e.g. CPU per message) is kept in the JSON result.
    rows.push({ test: "raw WebSocket echo (chat's floor)", p50: ms(r.echo.p50), p99: ms(r.echo.p99) });
    rows.push({
      test: "chat send -> ack",
      p50: ms(r.chat.p50),
      "p50 ÷ floor": `${(r.chat.p50 / r.echo.p50).toFixed(1)}×`,
      p99: ms(r.chat.p99),
    });
  }
  return rows;
}

export function printReport(results: BenchResults): void {
  const {
    bare,
    dbFloor,
    dispensers,
    dispensersAlone,
    bareAlone,
    dbFloorAlone,
    echo,
    chat,
    checkout,
    hashing,
    loginTimes,
    rooms,
  } = results;
  console.log(
    `\nThe floor and each hot path, side by side (CPU per request, ms; Node: load generator, proxy, PGlite if used; postgres: the bench database's sessions; pg server: all of the server's; machine: all processes; load average at the start of each run; ${loadText(results.startLoad)} at the start):`,
  );
  console.table(sideBySide(results));
  const http = [
    bare,
    dbFloor,
    ...(dispensers ?? []),
    bareAlone,
    dbFloorAlone,
    ...(dispensersAlone ?? []),
  ].filter((l): l is Load => l !== undefined);
  if (http.some((l) => l.failed.errors > 0))
    console.table(
      http.map((l) => ({
        test: l.title,
        "errors (timeouts) / requests": `${l.failed.errors} (${l.failed.timeouts}) / ${l.failed.total}`,
      })),
    );
  if (checkout) {
    console.log(
      `Checkout, ${checkout.count} one at a time, load average ${loadText(checkout.load)} at its start (times from the first request):`,
    );
    console.table([
      { test: "checkout: GET /api/plans answered", p50: ms(checkout.plans.p50), p99: ms(checkout.plans.p99) },
      { test: "checkout: tryCharge answered", p50: ms(checkout.charge.p50), p99: ms(checkout.charge.p99) },
      {
        test: "checkout: creditiResidui on the socket",
        p50: ms(checkout.credits.p50),
        p99: ms(checkout.credits.p99),
      },
    ]);
  }
  if (hashing)
    console.table(
      hashing.map((h) => ({
        test: `password hash (argon2id m=${h.m} t=${h.t} p=1) in workerd`,
        p50: ms(h.p50),
        p99: ms(h.p99),
      })),
    );
  if (rooms)
    console.table([
      {
        rooms: `${rooms.open} / ${ROOMS}`,
        "socket errors": rooms.errors,
        "opened in": `${(rooms.openMs / 1000).toFixed(1)} s`,
        "workerd RSS": `${rooms.rssMiB} MiB`,
        "workerd sockets + files, opened": `${rooms.openFiles.sockets} + ${rooms.openFiles.files}`,
        "after replies": `${rooms.openFilesAfter.sockets} + ${rooms.openFilesAfter.files}`,
        "messages acked": `${rooms.acked} / ${REPLIES}`,
        replies: `${rooms.lateness.count} / ${REPLIES}`,
        "lateness p50": ms(rooms.lateness.p50),
        "lateness p99": ms(rooms.lateness.p99),
        "lateness max": ms(rooms.lateness.max),
      },
    ]);
  for (const d of dispensers ?? []) {
    if (bare)
      console.log(
        `dispenser, ${d.size} per region: ${((d.rps / bare.rps) * 100).toFixed(1)} % of the bare handler's throughput (goal 60 % or better)${dbFloor ? `, ${((d.rps / dbFloor.rps) * 100).toFixed(1)} % of the database floor's` : ""}; workerd CPU ${cpuMs(d.cpu.workerd)} ms per request (bare ${cpuMs(bare.cpu.workerd)}${dbFloor ? `, database floor ${cpuMs(dbFloor.cpu.workerd)}` : ""}); Postgres CPU ${cpuMs(pgOf(d.cpu))} ms per request`,
      );
  }
  for (const d of dispensersAlone ?? []) {
    if (bareAlone)
      console.log(
        `dispenser, ${d.size} per region, 1 connection: p50 ${ms(d.p50)}, ${(d.p50 / bareAlone.p50).toFixed(2)}× the bare handler's (goal 2× or less)${dbFloorAlone ? `, ${(d.p50 / dbFloorAlone.p50).toFixed(2)}× the database floor's` : ""}`,
      );
  }
  if (checkout) {
    const { floor, done } = checkout;
    console.log(
      `checkout: ${checkout.database ? `${checkout.database.sessions.toFixed(2)} PostgreSQL sessions and ${checkout.database.commits.toFixed(1)} transactions each (the server's count); ` : ""}the Worker asked ${checkout.worker.transactions.toFixed(1)} transactions (${checkout.worker.statements.toFixed(1)} statements) each through the proxy; p50 / bare p50: ${(done.p50 / floor.p50).toFixed(1)}×, p99 / p99: ${(done.p99 / floor.p99).toFixed(1)}×; CPU per checkout, workerd + Postgres: ${cpuMs(done.cpu.workerd)} + ${cpuMs(done.cpu.postgres)} ms (bare: ${cpuMs(floor.cpu.workerd)} + ${cpuMs(floor.cpu.postgres)} ms; ${((done.cpu.workerd + done.cpu.postgres) / (floor.cpu.workerd + floor.cpu.postgres)).toFixed(1)}× the bare handler's)`,
    );
    console.log(checkoutFloors(checkout));
  }
  if (echo && chat) {
    console.log(`chat ack p50 - echo p50: ${ms(chat.p50 - echo.p50)} (goal 5 ms or less)`);
    console.log(`chat ack p99 - echo p99: ${ms(chat.p99 - echo.p99)} (goal 20 ms or less)`);
  }
  if (rooms)
    console.log(
      `rooms held: ${rooms.open} of ${ROOMS} with ${rooms.errors} errors (goal ${ROOMS}, none); angel lateness p99: ${ms(rooms.lateness.p99)} (goal 250 ms or less)`,
    );
  if (hashing)
    console.log(
      `password hash p50: ${ms(hashing[0]?.p50 ?? Number.NaN)} (goal ${HASH_BUDGET_MS} ms or less, for a 200 ms login)`,
    );
  if (loginTimes)
    console.log(`login p50: ${ms(loginTimes.p50)}, p99: ${ms(loginTimes.p99)} (goal: p50 under 200 ms)`);
  printCascade(results);
  printDashboard(results);
}

/** The cascade's rates and lateness, and one push's CPU against the bare outgoing fetch and the bare handler. */
function printCascade({ cascade: c }: BenchResults) {
  if (!c) return;
  console.log(
    `Cascade: ${c.members} offline members, push delay ${c.pushDelayMs / 1000} s, messages handed ${c.concurrency} at a time (load average ${loadText(c.load.start)} at the start, ${loadText(c.load.end)} at the end):`,
  );
  console.table([
    {
      scheduled: `${c.scheduled} (${c.refused} refused)`,
      "scheduled/s": c.scheduledPerSecond.toFixed(1),
      "delivered (decrypted)": `${c.delivered} / ${c.scheduled}`,
      repeated: c.repeated,
      "sent/s": c.sentPerSecond.toFixed(1),
      "lateness p50": ms(c.lateness.p50),
      "lateness p99": ms(c.lateness.p99),
      "lateness max": ms(c.lateness.max),
      deliveries: JSON.stringify(c.deliveries),
    },
  ]);
  console.log(
    `  CPU per notification, its whole path (message, delivery, cascade step, push, the fake's decryption): ${Object.entries(
      cpuColumns(c.cpuPerNotification),
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")} ms`,
  );
  console.table(
    c.perPush.map((l) => ({
      test: l.title,
      "req/s": Math.round(l.rps),
      p50: ms(l.p50),
      p99: ms(l.p99),
      ...cpuColumns(l.cpu),
      load: loadText(l.load),
    })),
  );
  for (let i = 0; i + 3 < c.perPush.length; i += 4) {
    const [bare, fetch, library, push] = c.perPush.slice(i, i + 4) as [Load, Load, Load, Load];
    const over = (l: Load) => l.cpu.workerd - bare.cpu.workerd;
    console.log(
      `  ${push.connections} connection(s), workerd CPU over the bare handler: push ${cpuMs(over(push))} ms (goal 2 ms or less; the library whole ${cpuMs(over(library))} ms), a bare outgoing fetch ${cpuMs(over(fetch))} ms; push ÷ fetch ${(over(push) / over(fetch)).toFixed(1)}×`,
    );
  }
  console.log(`  lateness p99 ${ms(c.lateness.p99)} (goal 1,000 ms or less)`);
}

/** The dashboard's answers beside the database floor: latency, throughput and CPU per request. */
function printDashboard({ dashboard, dashboardFloor, paymentRollups }: BenchResults) {
  if (!dashboard) return;
  console.log("Dashboard over 1,000,000 events and 100,000 payments, one request at a time:");
  const rows = [...(dashboardFloor ? [dashboardFloor] : []), ...dashboard];
  console.table(
    rows.map((r) => ({
      test: r.title,
      p50: ms(r.p50),
      p99: ms(r.p99),
      "req/s": r.rps.toFixed(1),
      ...cpuColumns(r.cpu),
    })),
  );
  for (const d of dashboard)
    console.log(
      `${d.title}: p50 ${ms(d.p50)} (goal under 100 ms)${dashboardFloor ? `, ${(d.p50 / dashboardFloor.p50).toFixed(1)}× the database floor's` : ""}`,
    );
  if (paymentRollups)
    console.log(
      `a payment's paying day on payer_days: ${paymentRollups.withTriggers.toFixed(3)} ms of Postgres with the rollups' triggers, ${paymentRollups.floor.toFixed(3)} ms without (${ROLLUP_PAYMENTS} statements each)`,
    );
}

/** Writes the run's parameters and results to RESULTS_DIR/<ISO date>-<commit>.json; returns the path. */
export function writeResults(results: BenchResults): string {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args).toString().trim();
    } catch {
      return "";
    }
  };
  const commit = git("rev-parse", "--short", "HEAD") || "unknown";
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  const date = new Date().toISOString();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = `${RESULTS_DIR}/${date.replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}-${commit}${dirty ? "-dirty" : ""}.json`;
  const parameters = {
    angels: ANGELS,
    angelsPerRegion: ANGELS_PER_REGION,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rooms: ROOMS,
    replies: REPLIES,
    messages: MESSAGES,
    checkouts: CHECKOUTS,
    cascadeMembers: CASCADE_MEMBERS,
    cascadePushDelayMs: CASCADE_PUSH_DELAY_MS,
    cascadeConcurrency: CASCADE_CONCURRENCY,
    parts: [...PARTS],
    database: process.env.DATABASE_URL ? "postgresql" : "pglite",
  };
  const summary = sideBySide(results);
  writeFileSync(path, `${JSON.stringify({ date, commit, dirty, parameters, summary, results }, null, 2)}\n`);
  return path;
}

/**
 * What a checkout's parts cost as floors of the same run, and what is left for the code's own work: its two
 * requests behind the middleware, its requests to the database over HTTP (one transaction each: the proxy's
 * count), its call to the member's room and its two log lines.
 */
function checkoutFloors(checkout: NonNullable<BenchResults["checkout"]>): string {
  const { floor, floors, done, worker } = checkout;
  const bareCpu = floor.cpu;
  const part = (key: "workerd" | "postgres") =>
    2 * floors.member[key] +
    worker.transactions * (floors.statement[key] - bareCpu[key]) +
    (floors.room[key] - bareCpu[key]) +
    (floors.log[key] - bareCpu[key]);
  const workerd = part("workerd");
  const postgres = part("postgres");
  return `checkout's floors: 2 member requests + ${worker.transactions.toFixed(1)} requests to the database + 1 room call + 2 log lines = ${cpuMs(workerd)} ms of workerd and ${cpuMs(postgres)} of Postgres; left for the code's own work: ${cpuMs(done.cpu.workerd - workerd)} ms of workerd, ${cpuMs(done.cpu.postgres - postgres)} of Postgres (the bare handler: ${cpuMs(bareCpu.workerd)})`;
}
