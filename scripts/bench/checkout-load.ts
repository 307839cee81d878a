// The checkout's hot path, one member at a time as a member pays: GET /api/plans, POST /orders/tryCharge with
// the sandbox's success card, and the new balance (`creditiResidui`) arriving on the member's open room
// socket. Timed against the bare handler one request at a time, in alternating blocks of the same run so
// both see the same machine, with the CPU each process spends per checkout and per bare request.
import { loadavg } from "node:os";
import WebSocket from "ws";
import { cardChargeBody } from "../../tests/fixtures/card-charge.ts";
import { signToken } from "../../worker/core/tokens.ts";
import { withClient } from "../local-db.ts";
import { base, CHECKOUTS, HOST, JWT_SECRET, PORT } from "./bench.config.ts";
import { percentile } from "./percentile.ts";
import { type Cpu, cpuPerRequest, cpuSnapshot } from "./process-stats.ts";

const WARM_UP = 10;
const BLOCK = 10;
/**
 * Idle time before a checkout block's closing CPU reading, so that what it leaves running (a pool closed
 * after the answer, a room's storage write) is counted to it and not to the next bare block.
 */
const SETTLE_MS = 100;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * Sessions and committed transactions of the bench's database so far (PostgreSQL's own statistics; for the
 * counts per checkout, whatever else shares the server). A fresh session each time: it counts itself.
 */
async function databaseCounts(databaseUrl: string) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      "select sessions::int, xact_commit::int as commits from pg_stat_database where datname = current_database()",
    ),
  );
  const row = rows[0] as { sessions: number; commits: number } | undefined;
  return { sessions: row?.sessions ?? Number.NaN, commits: row?.commits ?? Number.NaN };
}
/**
 * What the Worker asked the database through the local proxy so far (scripts/ws-proxy.ts): the transactions
 * and statements of the Worker and its rooms only, whatever else the server runs (autovacuum, other sessions).
 */
async function proxyCounts(wsProxy: string) {
  const response = await fetch(`http://${wsProxy}/counts`);
  if (!response.ok) throw new Error(`proxy counts: ${response.status}`);
  return (await response.json()) as { transactions: number; statements: number };
}

/** A sign-up's message credits: the balance every checkout member starts from. */
const START_CREDITS = 5;

interface Buyer {
  clickid: string;
  token: string;
  socket: WebSocket;
  /** Each `creditiResidui` balance the room sent, with its arrival time (performance.now()). */
  credits: { creditiMessaggi: number; at: number }[];
  onCredits?: () => void;
}

interface PlansAnswer {
  rateplan: Record<string, { product_id: string; crediti: number; crediti_promo: number }[]>[];
  list: string;
  chosen: string | null;
}

/**
 * Members copied in SQL from the bench member as it signed up (free, 5 credits; a sign-up each would time
 * Argon2id), each with its room socket open before its checkout, as a member's tab is on the plans page.
 */
async function buyers(databaseUrl: string, template: string, count: number): Promise<Buyer[]> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      `insert into accounts (clickid, brand_id, email, country, region, sono, cerco, flux_id, crediti_messaggi, verified_user)
       select 'bench-checkout-' || g, brand_id, 'checkout' || g || '@bench.example', country, region, sono, cerco, flux_id, $3, true
       from accounts, generate_series(1, $2::int) g where clickid = $1
       returning id, clickid`,
      [template, count, START_CREDITS],
    ),
  );
  const members = rows as { id: string; clickid: string }[];
  return Promise.all(
    members.map(async ({ id, clickid }) => {
      const token = await signToken(JWT_SECRET, "session", {
        accountId: Number(id),
        clickid,
        sessionVersion: 1,
      });
      const socket = new WebSocket(`ws://127.0.0.1:${PORT}/parties/user-room/${clickid}?token=${token}`, {
        headers: { host: HOST },
      });
      const buyer: Buyer = { clickid, token, socket, credits: [] };
      socket.on("message", (data) => {
        const event = JSON.parse(data.toString()) as { event: string; data: { creditiMessaggi?: number } };
        if (event.event !== "creditiResidui" || typeof event.data.creditiMessaggi !== "number") return;
        buyer.credits.push({ creditiMessaggi: event.data.creditiMessaggi, at: performance.now() });
        buyer.onCredits?.();
      });
      // The room has accepted the connection before the upgrade's answer, so an open socket is one of its tabs.
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      return buyer;
    }),
  );
}

const json = (token?: string) => ({
  host: HOST,
  "content-type": "application/json",
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** The first arrival of `creditiMessaggi` on the buyer's socket (already there or coming), within 10 s. */
function creditsArrive(buyer: Buyer, messageCredits: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`checkout: no creditiResidui ${messageCredits} for ${buyer.clickid}`)),
      10_000,
    );
    const check = () => {
      const hit = buyer.credits.find((c) => c.creditiMessaggi === messageCredits);
      if (!hit) return;
      clearTimeout(timer);
      buyer.onCredits = undefined;
      resolve(hit.at);
    };
    buyer.onCredits = check;
    check();
  });
}

/** One checkout: the plans, the charge of the plan chosen for the member, the new balance on the socket. */
async function checkout(buyer: Buyer) {
  const t0 = performance.now();
  const plansResponse = await fetch(`${base}/api/plans`, { headers: json(buyer.token) });
  if (!plansResponse.ok)
    throw new Error(`GET /api/plans: ${plansResponse.status} ${await plansResponse.text()}`);
  const plans = (await plansResponse.json()) as PlansAnswer;
  const plan = plans.rateplan[0]?.[plans.list]?.find((p) => p.product_id === plans.chosen);
  if (!plan) throw new Error(`GET /api/plans: no chosen plan in ${JSON.stringify(plans)}`);
  const tPlans = performance.now();
  const arrived = creditsArrive(buyer, START_CREDITS + plan.crediti + plan.crediti_promo);
  const charge = await fetch(`${base}/orders/tryCharge`, {
    method: "POST",
    headers: json(buyer.token),
    body: JSON.stringify(cardChargeBody(plan.product_id, buyer.clickid)),
  });
  const answer = (await charge.json()) as { status?: string; message?: string };
  if (answer.status !== "ok" || answer.message !== "success")
    throw new Error(`POST /orders/tryCharge: ${charge.status} ${JSON.stringify(answer)}`);
  const tCharge = performance.now();
  const tCredits = await arrived;
  return {
    plans: tPlans - t0,
    charge: tCharge - t0,
    credits: tCredits - t0,
    done: Math.max(tCharge, tCredits) - t0,
  };
}

/**
 * The floors, each one request as the checkout's requests are sent: the bare handler, the bare handler plus
 * one statement over SQL over HTTP (the plans page, the opening, the room's read go that way), plus one
 * statement in a transaction over a WebSocket (the interactive settlement's way), the bare handler behind the
 * middleware with a member's session token checked (each of the checkout's two requests), the bare handler
 * plus one call to a member's room that does nothing (the room told of the purchase), and the bare handler
 * plus the two log lines a checkout writes.
 */
const FLOORS = {
  bare: "/__bench/bare",
  statement: "/__bench/sql",
  transaction: "/__bench/tx",
  member: "/__bench/member",
  room: "/__bench/room",
  log: "/__bench/log",
} as const;
type Floor = keyof typeof FLOORS;
const FLOOR_KINDS = Object.keys(FLOORS) as Floor[];

async function floorRequest(floor: Floor, token?: string) {
  const t0 = performance.now();
  const response = await fetch(`${base}${FLOORS[floor]}`, {
    method: "POST",
    headers: json(token),
    body: "{}",
  });
  if (!response.ok) throw new Error(`${FLOORS[floor]}: ${response.status}`);
  await response.json();
  return performance.now() - t0;
}
const bare = () => floorRequest("bare");

// cpuPerRequest(before, after, 1) is a block's CPU in ms; the blocks of each kind are summed, then divided.
const sum = (a: Cpu, b: Cpu): Cpu => ({
  workerd: a.workerd + b.workerd,
  node: a.node + b.node,
  postgres: a.postgres + b.postgres,
  // Not counted for the checkout: its transactions' sessions start and end inside a block, so only the
  // whole server's figure holds them.
  benchDb: Number.NaN,
  machineBusy: a.machineBusy + b.machineBusy,
});
const zero: Cpu = { workerd: 0, node: 0, postgres: 0, benchDb: Number.NaN, machineBusy: 0 };

/**
 * CHECKOUTS checkouts one at a time, each by a member of its own, in blocks of 10 alternating with 10 bare
 * requests (after 10 of each to warm up): p50 and p99 of each stage, and the CPU per checkout and per bare
 * request from the processes' own counters, each block's CPU counted to its kind.
 */
export async function checkouts(databaseUrl: string, template: string, wsProxy: string) {
  // The machine is shared: the load average says how much else ran on its cores when the checkouts began.
  const load = loadavg();
  const members = await buyers(databaseUrl, template, CHECKOUTS + WARM_UP);
  try {
    for (const buyer of members.slice(0, WARM_UP)) {
      await checkout(buyer);
      await bare();
      await bare();
    }
    const floor: number[] = [];
    const stages = {
      plans: [] as number[],
      charge: [] as number[],
      credits: [] as number[],
      done: [] as number[],
    };
    const floorCpu = Object.fromEntries(FLOOR_KINDS.map((kind) => [kind, zero])) as Record<Floor, Cpu>;
    // The member floor's session: a member of the run who is not timed.
    const token = members[0]?.token;
    let checkoutCpu = zero;
    const timed = members.slice(WARM_UP);
    for (const kind of FLOOR_KINDS) for (let n = 0; n < WARM_UP; n++) await floorRequest(kind, token);
    const countsBefore = await databaseCounts(databaseUrl).catch(() => null);
    await settle();
    const worker = { transactions: 0, statements: 0 };
    for (let i = 0; i < timed.length; i += BLOCK) {
      const block = timed.slice(i, i + BLOCK);
      let before = cpuSnapshot();
      let after = before;
      // The previous checkout block has settled, and a bare request leaves nothing running: no idle time
      // here, which would count workerd's background work (timers, idle rooms) to ten requests of 1-5 ms.
      for (const kind of FLOOR_KINDS) {
        for (let n = 0; n < block.length; n++) {
          const time = await floorRequest(kind, token);
          if (kind === "bare") floor.push(time);
        }
        after = cpuSnapshot();
        floorCpu[kind] = sum(floorCpu[kind], cpuPerRequest(before, after, 1));
        before = after;
      }
      const asked = await proxyCounts(wsProxy);
      for (const buyer of block) {
        const t = await checkout(buyer);
        for (const key of ["plans", "charge", "credits", "done"] as const) stages[key].push(t[key]);
      }
      await settle();
      after = cpuSnapshot();
      checkoutCpu = sum(checkoutCpu, cpuPerRequest(before, after, 1));
      const askedAfter = await proxyCounts(wsProxy);
      worker.transactions += (askedAfter.transactions - asked.transactions) / timed.length;
      worker.statements += (askedAfter.statements - asked.statements) / timed.length;
    }
    // PostgreSQL writes a backend's statistics at most once a second while it idles, and when it ends.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const countsAfter = countsBefore && (await databaseCounts(databaseUrl).catch(() => null));
    const database = countsAfter && {
      // Less the session that read the figures after.
      sessions: (countsAfter.sessions - countsBefore.sessions - 1) / timed.length,
      // Less the database floors' requests: one transaction each.
      commits: (countsAfter.commits - countsBefore.commits) / timed.length - 2,
    };
    const per = (cpu: Cpu, n: number): Cpu => ({
      workerd: cpu.workerd / n,
      node: cpu.node / n,
      postgres: cpu.postgres / n,
      benchDb: Number.NaN,
      machineBusy: cpu.machineBusy / n,
    });
    const stat = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    return {
      count: timed.length,
      load,
      database,
      worker,
      floor: { ...stat(floor), cpu: per(floorCpu.bare, floor.length) },
      /** CPU per request of the other floors (the bare handler's included). */
      floors: {
        statement: per(floorCpu.statement, floor.length),
        transaction: per(floorCpu.transaction, floor.length),
        member: per(floorCpu.member, floor.length),
        room: per(floorCpu.room, floor.length),
        log: per(floorCpu.log, floor.length),
      },
      plans: stat(stages.plans),
      charge: stat(stages.charge),
      credits: stat(stages.credits),
      done: { ...stat(stages.done), cpu: per(checkoutCpu, timed.length) },
    };
  } finally {
    for (const buyer of members) buyer.socket.close();
  }
}
