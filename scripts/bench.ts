// `npm run bench`: builds the Worker, runs the built bundle in workerd (Miniflare, with the options wrangler
// derives from the built config, and without wrangler dev's proxy in front) on a database seeded
// with 100,000 angels, and measures in one run:
//   1. an authenticated POST /dispenser against the bare handler of the same workerd (autocannon, 50
//      connections): throughput, p50 and p99, the throughput ratio, and the CPU each process spent per
//      request (workerd, this Node process: load generator, proxy and PGlite if used, and PostgreSQL);
//      then the dispenser with 1 connection, its latency without queueing;
//   2. chat send -> acknowledged over the member's room socket against a raw WebSocket echo (one message
//      at a time): p50 and p99, and the difference of the medians;
//   3. one password hash (Argon2id, what every login and sign-up pays), one request at a time: p50 and p99;
//      with BENCH_HASH_OPTIONS=1, or when it is over budget, OWASP's other equivalent options too;
//   4. BENCH_ROOMS members' rooms (5,000) each with an open socket, held while BENCH_REPLIES of them send a
//      message and get the angel's reply at the production delay (20-40 s, through the room's alarm): errors,
//      workerd's memory, and each reply's lateness against the time it was scheduled for (p50, p99, max).
// The database is the PostgreSQL server of DATABASE_URL, else one answering on 127.0.0.1:5432, else PGlite.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { Socket } from "node:net";
import autocannon from "autocannon";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import WebSocket from "ws";
import { signToken } from "../worker/core/tokens.ts";
import { withClient } from "./local-db.ts";
import { withTestDatabase } from "./with-db.ts";

const PORT = 8796;
const HOST = "it.localhost";
const ANGELS = 100_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 5000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 500);
const ARRIVALS_PER_SECOND = Number(process.env.BENCH_ARRIVALS ?? 25);
const JWT_SECRET = "bench-secret-of-at-least-32-bytes-long!!";
const base = `http://127.0.0.1:${PORT}`;
const HASHES = 30;
// A login is one hash plus a few queries; its goal is 200 ms at p50, so the hash gets about 150 ms.
const HASH_BUDGET_MS = 150;
// OWASP's Password Storage Cheat Sheet: Argon2id options of equal strength (p=1), the production one first.
const HASH_OPTIONS = [
  { m: 19_456, t: 2 },
  { m: 47_104, t: 1 },
  { m: 12_288, t: 3 },
  { m: 9_216, t: 4 },
  { m: 7_168, t: 5 },
] as const;

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// Where the CPU goes (Linux /proc; elsewhere these columns stay empty): user + system time of workerd, of
// this Node process (autocannon, the WebSocket/HTTP proxy, PGlite when it is the database) and of the
// PostgreSQL server (its live processes plus the backends that already ended, which the postmaster reaps),
// and the machine's busy time: when that is well above the sum, other work shares the cores.
const TICK_MS = 10; // USER_HZ is 100 on Linux
function procTicks(pid: number, withReapedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return (f[11] ?? 0) + (f[12] ?? 0) + (withReapedChildren ? (f[13] ?? 0) + (f[14] ?? 0) : 0);
  } catch {
    return Number.NaN;
  }
}
const pids = (args: string[]) => {
  try {
    return execFileSync("pgrep", args).toString().split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
function cpuSnapshot() {
  const workerd = pids(["-P", String(process.pid), "-x", "workerd"]).reduce(
    (t, pid) => t + procTicks(pid),
    0,
  );
  // Only a server on this machine is counted (PGlite runs inside this Node process).
  const local = /@(127\.0\.0\.1|localhost)[:/]/.test(process.env.DATABASE_URL ?? "");
  const pg = local ? pids(["-x", "postgres"]) : [];
  const postmaster = pids(["-o", "-x", "postgres"])[0];
  const postgres = pg.length ? pg.reduce((t, pid) => t + procTicks(pid, pid === postmaster), 0) : Number.NaN;
  let machineBusy = Number.NaN;
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]?.split(/\s+/) ?? [];
    const n = fields.map(Number);
    machineBusy = (n[0] ?? 0) + (n[1] ?? 0) + (n[2] ?? 0) + (n[5] ?? 0) + (n[6] ?? 0);
  } catch {}
  const node = process.cpuUsage();
  return { workerd, node: (node.user + node.system) / 1000 / TICK_MS, postgres, machineBusy };
}
type Cpu = ReturnType<typeof cpuSnapshot>;
function cpuPerRequest(a: Cpu, b: Cpu, requests: number): Cpu {
  const per = (k: keyof Cpu) => ((b[k] - a[k]) * TICK_MS) / requests;
  return {
    workerd: per("workerd"),
    node: per("node"),
    postgres: per("postgres"),
    machineBusy: per("machineBusy"),
  };
}

async function load(
  title: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  connections = CONNECTIONS,
) {
  const run = (duration: number) =>
    autocannon({
      url: `${base}${path}`,
      method: "POST",
      connections,
      duration,
      headers: { host: HOST, "content-type": "application/json", ...headers },
      body,
    });
  await run(2); // warm-up: isolates, caches, connection pool of the proxy
  const before = cpuSnapshot();
  const r = await run(SECONDS);
  const cpu = cpuPerRequest(before, cpuSnapshot(), r.requests.total);
  // A wrong answer is a failed benchmark; a few dropped connections (timeouts, resets) are counted and shown.
  if (r.non2xx) throw new Error(`${title}: ${r.non2xx} non-2xx answers`);
  if (r.errors > r.requests.total / 1000)
    throw new Error(`${title}: ${r.errors} errors of ${r.requests.total}`);
  const failed = { errors: r.errors, timeouts: r.timeouts, total: r.requests.total };
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu, failed };
}

/** Sends `MESSAGES` frames one after the other and times each until `isAck` sees its answer. */
async function roundTrips(
  url: string,
  frame: (i: number) => string,
  isAck: (data: string, i: number) => boolean,
) {
  const ws = new WebSocket(url, { headers: { host: HOST } });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const times: number[] = [];
  for (let i = 0; i < MESSAGES + 20; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to frame ${i} from ${url}`)), 5000);
      const onMessage = (data: WebSocket.RawData) => {
        if (!isAck(data.toString(), i)) return;
        clearTimeout(timer);
        ws.off("message", onMessage);
        resolve();
      };
      ws.on("message", onMessage);
      ws.send(frame(i));
    });
    if (i >= 20) times.push(performance.now() - t0); // the first 20 warm up
  }
  ws.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Times `HASHES` POSTs one after the other, after 3 warm-ups (Wasm instance, memory, isolate). */
async function sequentialTimes(path: string, body?: string) {
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: body ? { host: HOST, "content-type": "application/json" } : { host: HOST },
      body,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.json();
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < HASHES; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** workerd's resident memory in MiB (Linux /proc), summed over its processes. */
function workerdRssMiB(): number {
  return pids(["-P", String(process.pid), "-x", "workerd"]).reduce((total, pid) => {
    try {
      const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
      return total + Number(line?.[1] ?? 0) / 1024;
    } catch {
      return total;
    }
  }, 0);
}

/**
 * Open file descriptors of workerd, sockets apart from files (each Durable Object's SQLite database and its
 * journal): together bounded by `ulimit -n`.
 */
function workerdOpenFiles(): { sockets: number; files: number } {
  const count = { sockets: 0, files: 0 };
  for (const pid of pids(["-P", String(process.pid), "-x", "workerd"])) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) count.sockets++;
          else count.files++;
        } catch {}
      }
    } catch {}
  }
  return count;
}

/**
 * Opens ROOMS members' rooms, one socket each (the members are copies of the bench member, made in SQL: a
 * sign-up each would time Argon2id), each saying hello as the web client does. Then REPLIES of them send one
 * message each, spread over 5 s, and every angel reply is timed on arrival against its scheduled `time`,
 * while all the sockets stay open. Ends by closing them.
 */
async function holdRooms(databaseUrl: string, template: string) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      `insert into accounts (clickid, brand_id, email, country, region, sono, cerco, flux_id, crediti_messaggi, verified_user)
       select 'bench-room-' || g, brand_id, 'room' || g || '@bench.example', country, region, sono, cerco, flux_id, 1000, true
       from accounts, generate_series(1, $2::int) g where clickid = $1
       returning id, clickid`,
      [template, ROOMS],
    ),
  );
  const members = rows as { id: string; clickid: string }[];
  let errors = 0;
  const lateness: number[] = [];
  const acked: number[] = [];
  const refusals: string[] = [];
  const t0 = performance.now();
  const sockets: WebSocket[] = [];
  // As users arrive: 25 a second (BENCH_ARRIVALS). Locally every room lives in the one workerd process,
  // whose descriptors (`ulimit -n`, 20,000 here) hold two sockets per open room plus three SQLite files per
  // room active in the last seconds (an idle room is evicted and closes them): all 5,000 arriving at once
  // would not fit, and 50 a second ran out of them at about 4,000 rooms on a slow machine.
  for (let i = 0; i < members.length; i += ARRIVALS_PER_SECOND) {
    const second = performance.now();
    const batch = await Promise.all(
      members.slice(i, i + ARRIVALS_PER_SECOND).map(async ({ id, clickid }) => {
        const token = await signToken(JWT_SECRET, "session", {
          accountId: Number(id),
          clickid,
          sessionVersion: 1,
        });
        const ws = new WebSocket(`ws://127.0.0.1:${PORT}/parties/user-room/${clickid}?token=${token}`, {
          headers: { host: HOST },
        });
        ws.on("error", () => errors++);
        ws.on("message", (data) => {
          const event = JSON.parse(data.toString()) as {
            event: string;
            data: { type?: string; time?: string };
          };
          if (event.event === "error" || event.event === "refused") refusals.push(data.toString());
          if (event.event === "chat" && event.data.type === "personal") acked.push(Date.now());
          if (event.event === "chat" && event.data.type === "angel" && event.data.time) {
            lateness.push(Date.now() - Date.parse(event.data.time));
          }
        });
        await new Promise<void>((resolve) => {
          ws.once("open", () => {
            ws.send(JSON.stringify({ event: "clickid", data: { clickid } }));
            resolve();
          });
          ws.once("error", () => resolve());
        });
        return ws;
      }),
    );
    sockets.push(...batch);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - second))));
  }
  const openMs = performance.now() - t0;
  const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  const rssMiB = Math.round(workerdRssMiB());
  const openFiles = workerdOpenFiles();
  const senders = sockets.slice(0, REPLIES);
  const sendStart = Date.now();
  for (const [i, ws] of senders.entries()) {
    setTimeout(
      () =>
        ws.send(
          JSON.stringify({
            event: "chat",
            data: { msg: "Ciao, come stai?", angelId: 1 + (i % 50), clientId: `bench-room-msg-${i}` },
          }),
        ),
      (i * 5000) / senders.length,
    );
  }
  // The production window is 20-40 s after a message is stored (acknowledged): wait for the last one with
  // some slack (from the start of sending when nothing was acknowledged).
  const deadline = () => (acked.at(-1) ?? sendStart + 5000) + 45_000;
  while (
    lateness.length < senders.length &&
    Date.now() < deadline() + (acked.length < senders.length ? 5000 : 0)
  )
    await new Promise((r) => setTimeout(r, 250));
  const stillOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  const openFilesAfter = workerdOpenFiles();
  for (const ws of sockets) ws.close();
  if (refusals.length) console.log(`${refusals.length} refusals or errors, the first: ${refusals[0]}`);
  lateness.sort((a, b) => a - b);
  return {
    open: Math.min(open, stillOpen),
    errors: errors + refusals.length,
    openMs,
    rssMiB,
    openFiles,
    openFilesAfter,
    acked: acked.length,
    lateness: {
      count: lateness.length,
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness.at(-1) ?? Number.NaN,
    },
  };
}

const angelsPerCountry = Math.ceil(ANGELS / 3);
console.log(
  `seeding ${angelsPerCountry * 3} angels into ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}…`,
);

await withTestDatabase({ angelsPerCountry }, async (db) => {
  // What autovacuum does minutes after a bulk load, so the run measures the steady state: statistics for
  // the planner, and the visibility map that lets index-only scans skip the table (README "Benchmark").
  await withClient(db.DATABASE_URL, (client) => client.query("vacuum (analyze) angels"));
  // Miniflare 5 no longer takes module rules, so the modules are listed: the bundle is one ES module plus
  // the Wasm binaries it imports as precompiled modules (the Argon2id password hash).
  const { modulesRules: _rules, ...workerOptions } = unstable_getMiniflareWorkerOptions(
    "dist/amore_chat/wrangler.json",
  ).workerOptions;
  const wasmModules = readdirSync("dist/amore_chat/assets")
    .filter((file) => file.endsWith(".wasm"))
    .map((file) => ({ type: "CompiledWasm" as const, path: `assets/${file}` }));
  // Durable Object storage stays in memory: each run starts with empty rooms.
  const worker = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: PORT,
      workers: [
        {
          ...workerOptions,
          name: "amore-chat",
          // Paths are relative to rootPath, the built config's folder, and so are the module names.
          modules: [{ type: "ESModule", path: "index.js" }, ...wasmModules],
          bindings: {
            ...(workerOptions.bindings as Record<string, unknown>),
            DATABASE_URL: db.DATABASE_URL,
            DB_WS_PROXY: db.DB_WS_PROXY,
            JWT_SECRET,
            APP_ENV: "local",
          },
        },
      ],
    }),
  );
  try {
    await worker.ready;

    const benchEmail = `bench.${Date.now()}@example.com`;
    const signup = await fetch(`${base}/users/register`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/json" },
      body: JSON.stringify({
        utente: {
          email: benchEmail,
          password: "bench-password",
          eta: 40,
          region: "lombardia",
          sono: "uomo",
          cerco: "donna",
          terms1: true,
          terms2: true,
          terms3: true,
          terms4: true,
        },
      }),
    });
    if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
    const member = (await signup.json()) as { token: string; clickid: string };
    // Verified by phone, with enough credits that every benchmark message is accepted (and charged, as a
    // real one is).
    await withClient(db.DATABASE_URL, (client) =>
      client.query(
        "update accounts set crediti_messaggi = 1000000, verified_user = true where clickid = $1",
        [member.clickid],
      ),
    );
    const [{ n: inRegion }] = (
      await withClient(db.DATABASE_URL, (client) =>
        client.query("select count(*)::int as n from angels where country = 'it' and region = 'lombardia'"),
      )
    ).rows as [{ n: number }];

    console.log(`\nHTTP, ${CONNECTIONS} connections, ${SECONDS} s each (${inRegion} angels in the region)…`);
    const bare = await load("bare handler", "/__bench/bare", {}, "{}");
    const dispenserAuth = { authorization: `Bearer ${member.token}` };
    const dispenserBody = JSON.stringify({
      country: "it",
      region: "lombardia",
      cerco: "donna",
      page: 3,
      seed: "bench-seed",
    });
    const dispenser = await load("POST /dispenser", "/dispenser", dispenserAuth, dispenserBody);
    const dispenserAlone = await load(
      "POST /dispenser, 1 connection",
      "/dispenser",
      dispenserAuth,
      dispenserBody,
      1,
    );

    console.log(`\nWebSocket, ${MESSAGES} messages one at a time…`);
    const echo = await roundTrips(
      `ws://127.0.0.1:${PORT}/__bench/echo`,
      (i) => `ping ${i}`,
      (data, i) => data === `ping ${i}`,
    );
    const clientId = (i: number) => `bench-${member.clickid.slice(0, 8)}-${i}`;
    const chat = await roundTrips(
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

    console.log(`\nPassword hashing, ${HASHES} hashes one at a time…`);
    const hashing: { m: number; t: number; p50: number; p99: number }[] = [
      { ...HASH_OPTIONS[0], ...(await sequentialTimes("/__bench/hash")) },
    ];
    if (process.env.BENCH_HASH_OPTIONS === "1" || (hashing[0]?.p50 ?? 0) > HASH_BUDGET_MS) {
      for (const { m, t } of HASH_OPTIONS.slice(1))
        hashing.push({ m, t, ...(await sequentialTimes(`/__bench/hash?m=${m}&t=${t}`)) });
    }
    console.log(`\nLogin (POST /users/authenticate), ${HASHES} one at a time…`);
    const loginTimes = await sequentialTimes(
      "/users/authenticate",
      JSON.stringify({ email: benchEmail, password: "bench-password" }),
    );

    console.log(`\n${ROOMS} rooms with an open socket each; ${REPLIES} of them get an angel's reply…`);
    const rooms = await holdRooms(db.DATABASE_URL, member.clickid);

    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const cpuMs = (n: number) => (Number.isNaN(n) ? "" : n.toFixed(3));
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
    console.table(
      [bare, dispenser, dispenserAlone].map((r) => ({
        test: r.title,
        workerd: cpuMs(r.cpu.workerd),
        node: cpuMs(r.cpu.node),
        postgres: cpuMs(r.cpu.postgres),
        machine: cpuMs(r.cpu.machineBusy),
      })),
    );
    console.table([
      { test: "raw WebSocket echo", p50: ms(echo.p50), p99: ms(echo.p99) },
      { test: "chat send -> ack", p50: ms(chat.p50), p99: ms(chat.p99) },
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
    console.log(`chat ack p50 - echo p50: ${ms(gap)} (goal 5 ms or less)`);
    console.log(`chat ack p99 - echo p99: ${ms(chat.p99 - echo.p99)} (goal 20 ms or less)`);
    console.log(
      `rooms held: ${rooms.open} of ${ROOMS} with ${rooms.errors} errors (goal ${ROOMS}, none); angel lateness p99: ${ms(rooms.lateness.p99)} (goal 250 ms or less)`,
    );
    console.log(
      `password hash p50: ${ms(hashing[0]?.p50 ?? Number.NaN)} (goal ${HASH_BUDGET_MS} ms or less, for a 200 ms login)`,
    );
    console.log(`login p50: ${ms(loginTimes.p50)}, p99: ${ms(loginTimes.p99)} (goal: p50 under 200 ms)`);
  } finally {
    await worker.dispose();
  }
});
process.exit(0);
