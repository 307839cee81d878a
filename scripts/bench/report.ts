// The benchmark's tables and each measurement against its goal (README "Benchmark").
import { HASH_BUDGET_MS, REPLIES, ROOMS } from "./bench.config.ts";
import type { checkouts } from "./checkout-load.ts";
import type { load, sequentialTimes } from "./http-load.ts";
import type { holdRooms, roundTrips } from "./realtime-load.ts";

type Load = Awaited<ReturnType<typeof load>>;
type Timing = Awaited<ReturnType<typeof sequentialTimes>>;

export interface BenchResults {
  bare: Load;
  dispenser: Load;
  dispenserAlone: Load;
  echo: Awaited<ReturnType<typeof roundTrips>>;
  chat: Awaited<ReturnType<typeof roundTrips>>;
  checkout: Awaited<ReturnType<typeof checkouts>>;
  hashing: ({ m: number; t: number } & Timing)[];
  loginTimes: Timing;
  rooms: Awaited<ReturnType<typeof holdRooms>>;
}

const cpuMs = (n: number) => (Number.isNaN(n) ? "" : n.toFixed(3));
const cpuColumns = (cpu: Load["cpu"]) => ({
  workerd: cpuMs(cpu.workerd),
  node: cpuMs(cpu.node),
  postgres: cpuMs(cpu.postgres),
  machine: cpuMs(cpu.machineBusy),
});

export function printReport(results: BenchResults): void {
  const { bare, dispenser, dispenserAlone, echo, chat, checkout, hashing, loginTimes, rooms } = results;
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.table(
    [bare, dispenser, dispenserAlone].map((r) => ({
      test: r.title,
      "req/s": Math.round(r.rps),
      p50: ms(r.p50),
      p99: ms(r.p99),
      "errors (timeouts) / requests": `${r.failed.errors} (${r.failed.timeouts}) / ${r.failed.total}`,
    })),
  );
  console.log("CPU per request, ms (Node: load generator, proxy, PGlite if used; machine: all processes):");
  console.table([bare, dispenser, dispenserAlone].map((r) => ({ test: r.title, ...cpuColumns(r.cpu) })));
  console.table([
    { test: "raw WebSocket echo", p50: ms(echo.p50), p99: ms(echo.p99) },
    { test: "chat send -> ack", p50: ms(chat.p50), p99: ms(chat.p99) },
  ]);
  console.log(
    `Checkout, ${checkout.count} one at a time, load average ${checkout.load.map((l) => l.toFixed(2)).join(" ")} at its start (times from the first request; CPU per checkout or per bare request, ms):`,
  );
  const { floor, done } = checkout;
  console.table([
    { test: "bare handler, one at a time", p50: ms(floor.p50), p99: ms(floor.p99), ...cpuColumns(floor.cpu) },
    { test: "checkout: GET /api/plans answered", p50: ms(checkout.plans.p50), p99: ms(checkout.plans.p99) },
    { test: "checkout: tryCharge answered", p50: ms(checkout.charge.p50), p99: ms(checkout.charge.p99) },
    {
      test: "checkout: creditiResidui on the socket",
      p50: ms(checkout.credits.p50),
      p99: ms(checkout.credits.p99),
    },
    { test: "checkout: both", p50: ms(done.p50), p99: ms(done.p99), ...cpuColumns(done.cpu) },
  ]);
  console.table(
    hashing.map((h) => ({
      test: `password hash (argon2id m=${h.m} t=${h.t} p=1) in workerd`,
      p50: ms(h.p50),
      p99: ms(h.p99),
    })),
  );
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
  const ratio = dispenser.rps / bare.rps;
  const gap = chat.p50 - echo.p50;
  console.log(`dispenser throughput / bare handler: ${(ratio * 100).toFixed(1)} % (goal 60 % or better)`);
  console.log(`dispenser p99: ${ms(dispenser.p99)} (goal 20 ms or less)`);
  console.log(
    `checkout: ${checkout.database ? `${checkout.database.sessions.toFixed(2)} PostgreSQL sessions and ${checkout.database.commits.toFixed(1)} transactions each; ` : ""}p50 / bare p50: ${(done.p50 / floor.p50).toFixed(1)}×, p99 / p99: ${(done.p99 / floor.p99).toFixed(1)}×; CPU per checkout, workerd + Postgres: ${cpuMs(done.cpu.workerd)} + ${cpuMs(done.cpu.postgres)} ms (bare: ${cpuMs(floor.cpu.workerd)} + ${cpuMs(floor.cpu.postgres)} ms)`,
  );
  console.log(`chat ack p50 - echo p50: ${ms(gap)} (goal 5 ms or less)`);
  console.log(`chat ack p99 - echo p99: ${ms(chat.p99 - echo.p99)} (goal 20 ms or less)`);
  console.log(
    `rooms held: ${rooms.open} of ${ROOMS} with ${rooms.errors} errors (goal ${ROOMS}, none); angel lateness p99: ${ms(rooms.lateness.p99)} (goal 250 ms or less)`,
  );
  console.log(
    `password hash p50: ${ms(hashing[0]?.p50 ?? Number.NaN)} (goal ${HASH_BUDGET_MS} ms or less, for a 200 ms login)`,
  );
  console.log(`login p50: ${ms(loginTimes.p50)}, p99: ${ms(loginTimes.p99)} (goal: p50 under 200 ms)`);
}
