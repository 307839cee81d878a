// Load over the members' room sockets: timed round trips on one socket, and thousands of rooms held open
// while some of them get the angel's reply at the production delay.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import WebSocket from "ws";
import { signToken } from "../../worker/core/tokens.ts";
import { withClient } from "../local-db.ts";
import { ARRIVALS_PER_SECOND, HOST, JWT_SECRET, MESSAGES, PORT, REPLIES, ROOMS } from "./bench.config.ts";
import { percentile } from "./percentile.ts";
import { type Cpu, cpuPerRequest, cpuSnapshot, workerdOpenFiles, workerdRssMiB } from "./process-stats.ts";

/** After a timed window: what it left running (a room's writes behind its acknowledgements) is its own. */
const SETTLE_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));
const cpuText = (c: Cpu) =>
  `workerd ${c.workerd.toFixed(3)} + Postgres ${c.postgres.toFixed(3)} + Node ${c.node.toFixed(3)} ms (machine ${c.machineBusy.toFixed(3)} ms)`;

/**
 * CPU time (ms) of the PostgreSQL backends serving the bench's own database, from /proc: the server's
 * other databases (other test runs on a shared machine) are left out. A backend that ends within a window
 * is missed, so this is a floor; the proxy keeps its pooled connections for the whole run.
 */
async function benchDatabaseCpu(databaseUrl: string): Promise<Map<number, number>> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    ),
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat
        .slice(stat.lastIndexOf(")") + 2)
        .split(" ")
        .map(Number);
      cpu.set(pid, ((f[11] ?? 0) + (f[12] ?? 0)) * 10);
    } catch {}
  }
  return cpu;
}
const databaseCpuBetween = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((total, [pid, ms]) => total + ms - (a.get(pid) ?? 0), 0);

/**
 * Sends `MESSAGES` frames one after the other and times each until `isAck` sees its answer. With the
 * database's URL, also the CPU of its own Postgres backends per frame (`benchPostgres`).
 */
export async function roundTrips(
  url: string,
  frame: (i: number) => string,
  isAck: (data: string, i: number) => boolean,
  databaseUrl?: string,
) {
  const ws = new WebSocket(url, { headers: { host: HOST } });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const times: number[] = [];
  let before = cpuSnapshot();
  let databaseBefore = new Map<number, number>();
  for (let i = 0; i < MESSAGES + 20; i++) {
    if (i === 20) {
      if (databaseUrl) databaseBefore = await benchDatabaseCpu(databaseUrl);
      before = cpuSnapshot();
    }
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
  await sleep(SETTLE_MS);
  // CPU per frame from the processes' counters: the echo's is the floor of the socket itself.
  const cpu = cpuPerRequest(before, cpuSnapshot(), MESSAGES);
  const benchPostgres = databaseUrl
    ? databaseCpuBetween(databaseBefore, await benchDatabaseCpu(databaseUrl)) / MESSAGES
    : Number.NaN;
  ws.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), cpu, benchPostgres, load: loadAverage() };
}

/**
 * Opens ROOMS members' rooms, one socket each (the members are copies of the bench member, made in SQL: a
 * sign-up each would time Argon2id), each saying hello as the web client does. Then REPLIES of them send one
 * message each, spread over 5 s, and every angel reply is timed on arrival against its scheduled `time`,
 * while all the sockets stay open. Ends by closing them.
 */
export async function holdRooms(databaseUrl: string, template: string) {
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
  // What the open rooms cost with nobody sending (5 s), taken off the sending window's CPU below.
  const idleStart = cpuSnapshot();
  const idleT0 = performance.now();
  await sleep(5000);
  const idlePerSecond = cpuPerRequest(idleStart, cpuSnapshot(), (performance.now() - idleT0) / 1000);
  const senders = sockets.slice(0, REPLIES);
  const loadAtSend = loadAverage();
  const databaseAtSend = await benchDatabaseCpu(databaseUrl);
  const cpuAtSend = cpuSnapshot();
  const sendT0 = performance.now();
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
  await sleep(SETTLE_MS);
  // A message's whole life per message: the send, its reply planned, stored and delivered, less idle rooms.
  const windowS = (performance.now() - sendT0) / 1000;
  const spent = cpuPerRequest(cpuAtSend, cpuSnapshot(), 1);
  const lifePostgres =
    databaseCpuBetween(databaseAtSend, await benchDatabaseCpu(databaseUrl)) / Math.max(1, lateness.length);
  const perMessage = (k: keyof Cpu) => (spent[k] - idlePerSecond[k] * windowS) / Math.max(1, lateness.length);
  const lifeCpu: Cpu = {
    workerd: perMessage("workerd"),
    node: perMessage("node"),
    postgres: perMessage("postgres"),
    benchDb: lifePostgres,
    machineBusy: perMessage("machineBusy"),
  };
  const stillOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  const openFilesAfter = workerdOpenFiles();
  // The acknowledgement while the rooms stay open: a raw echo and a member's chat, one at a time.
  const whileOpen = await ackRoundTrips(databaseUrl, template);
  for (const ws of sockets) ws.close();
  console.log(
    `\n${ROOMS} rooms open, load average ${loadAtSend.join(" / ")} when the replies began, ${whileOpen.echo.load.join(" / ")} at the round trips:`,
  );
  console.log(
    `  the bench database's own Postgres backends per message: its whole life ${lifePostgres.toFixed(3)} ms, send -> ack ${whileOpen.chat.benchPostgres.toFixed(3)} ms`,
  );
  console.log(
    `  CPU per message, its whole life (send, reply stored and delivered; idle rooms taken off): ${cpuText(lifeCpu)}`,
  );
  console.log(
    `  raw echo p50 / p99: ${whileOpen.echo.p50.toFixed(2)} / ${whileOpen.echo.p99.toFixed(2)} ms; CPU per frame: ${cpuText(whileOpen.echo.cpu)}`,
  );
  console.log(
    `  chat send -> ack p50 / p99: ${whileOpen.chat.p50.toFixed(2)} / ${whileOpen.chat.p99.toFixed(2)} ms; CPU per message: ${cpuText(whileOpen.chat.cpu)}`,
  );
  console.log(
    `  ack less echo: p50 ${(whileOpen.chat.p50 - whileOpen.echo.p50).toFixed(2)} ms (goal 5 ms or less), p99 ${(whileOpen.chat.p99 - whileOpen.echo.p99).toFixed(2)} ms; chat CPU less echo: workerd + Postgres ${(whileOpen.chat.cpu.workerd - whileOpen.echo.cpu.workerd + whileOpen.chat.cpu.postgres - whileOpen.echo.cpu.postgres).toFixed(3)} ms, + Node ${(whileOpen.chat.cpu.node - whileOpen.echo.cpu.node).toFixed(3)} ms`,
  );
  if (refusals.length) console.log(`${refusals.length} refusals or errors, the first: ${refusals[0]}`);
  lateness.sort((a, b) => a - b);
  return {
    open: Math.min(open, stillOpen),
    errors: errors + refusals.length,
    openMs,
    rssMiB,
    openFiles,
    openFilesAfter,
    loadAtSend,
    lifeCpu,
    lifePostgres,
    whileOpen,
    acked: acked.length,
    lateness: {
      count: lateness.length,
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness.at(-1) ?? Number.NaN,
    },
  };
}

/**
 * Echo and chat round trips (BENCH_MESSAGES each) while the rooms are open, the chat by a member of its own
 * (a copy of the bench member with credits for every message), so its replies reach no held socket.
 */
async function ackRoundTrips(databaseUrl: string, template: string) {
  const clickid = `bench-ack-${Date.now().toString(36)}`;
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      `insert into accounts (clickid, brand_id, email, country, region, sono, cerco, flux_id, crediti_messaggi, verified_user)
       select $2, brand_id, $2 || '@bench.example', country, region, sono, cerco, flux_id, 1000000, true
       from accounts where clickid = $1 returning id`,
      [template, clickid],
    ),
  );
  const token = await signToken(JWT_SECRET, "session", {
    accountId: Number((rows[0] as { id: string }).id),
    clickid,
    sessionVersion: 1,
  });
  const echo = await roundTrips(
    `ws://127.0.0.1:${PORT}/__bench/echo`,
    (i) => `ping ${i}`,
    (data, i) => data === `ping ${i}`,
  );
  const chat = await roundTrips(
    `ws://127.0.0.1:${PORT}/parties/user-room/${clickid}?token=${token}`,
    (i) =>
      JSON.stringify({
        event: "chat",
        data: { msg: `Ciao, messaggio ${i}`, angelId: 1, clientId: `${clickid}-${i}` },
      }),
    (data, i) => {
      const event = JSON.parse(data) as { event: string; data: { clientId?: string } };
      if (event.event === "refused" || event.event === "error") throw new Error(`chat refused: ${data}`);
      return event.event === "chat" && event.data.clientId === `${clickid}-${i}`;
    },
    databaseUrl,
  );
  return { echo, chat };
}
