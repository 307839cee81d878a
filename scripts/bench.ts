// `npm run bench`: builds the Worker, runs the built bundle in workerd (Miniflare, with the options wrangler
// derives from the built config, and without wrangler dev's proxy in front) on a database seeded
// with 100,000 angels, and measures in one run:
//   1. an authenticated POST /dispenser against the bare handler of the same workerd (autocannon, 50
//      connections): throughput, p50 and p99, the throughput ratio, and the CPU each process spent per
//      request (workerd, this Node process: load generator, proxy and PGlite if used, and PostgreSQL);
//      then the dispenser with 1 connection, its latency without queueing;
//   2. the checkout, BENCH_CHECKOUTS (200) times one at a time, each by a member with an open room socket:
//      GET /api/plans, POST /orders/tryCharge with the sandbox's success card, until the new balance
//      (creditiResidui) arrives on the socket; against the bare handler one request at a time, in alternating
//      blocks: p50 and p99 of each, and the CPU per checkout and per bare request of each process;
//   3. chat send -> acknowledged over the member's room socket against a raw WebSocket echo (one message
//      at a time): p50 and p99, and the difference of the medians;
//   4. one password hash (Argon2id, what every login and sign-up pays), one request at a time: p50 and p99;
//      with BENCH_HASH_OPTIONS=1, or when it is over budget, OWASP's other equivalent options too;
//   5. BENCH_ROOMS members' rooms (5,000) each with an open socket, held while BENCH_REPLIES of them send a
//      message and get the angel's reply at the production delay (20-40 s, through the room's alarm): errors,
//      workerd's memory, and each reply's lateness against the time it was scheduled for (p50, p99, max).
// The database is the PostgreSQL server of DATABASE_URL, else one answering on 127.0.0.1:5432, else PGlite.
import { spawnSync } from "node:child_process";
import { Socket } from "node:net";
import {
  ANGELS,
  CHECKOUTS,
  CONNECTIONS,
  HASH_BUDGET_MS,
  HASH_OPTIONS,
  HASHES,
  MESSAGES,
  PORT,
  REPLIES,
  ROOMS,
  SECONDS,
} from "./bench/bench.config.ts";
import { signUpBenchMember, startBuiltWorker } from "./bench/bench-worker.ts";
import { checkouts } from "./bench/checkout-load.ts";
import { load, sequentialTimes } from "./bench/http-load.ts";
import { holdRooms, roundTrips } from "./bench/realtime-load.ts";
import { printReport } from "./bench/report.ts";
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
  // the planner, and the visibility map that lets index-only scans skip the table (README "Benchmark").
  await withClient(db.DATABASE_URL, (client) => client.query("vacuum (analyze) angels"));
  const worker = startBuiltWorker(db);
  try {
    await worker.ready;

    const member = await signUpBenchMember(db.DATABASE_URL);

    console.log(
      `\nHTTP, ${CONNECTIONS} connections, ${SECONDS} s each (${member.inRegion} angels in the region)…`,
    );
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

    console.log(
      `\nCheckout (plans -> charge -> credits on the socket), ${CHECKOUTS} one at a time, against the bare handler…`,
    );
    // Before the chat round trips: the angel replies they schedule (20-40 s later) would run in its windows.
    const checkout = await checkouts(db.DATABASE_URL, member.clickid);

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
      JSON.stringify({ email: member.email, password: "bench-password" }),
    );

    console.log(`\n${ROOMS} rooms with an open socket each; ${REPLIES} of them get an angel's reply…`);
    const rooms = await holdRooms(db.DATABASE_URL, member.clickid);

    printReport({ bare, dispenser, dispenserAlone, echo, chat, checkout, hashing, loginTimes, rooms });
  } finally {
    await worker.dispose();
  }
});
process.exit(0);
