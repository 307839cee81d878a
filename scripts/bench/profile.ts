// `npx tsx scripts/bench/profile.ts [--port=8811] [--connections=10] [--seconds=10]`: where workerd's CPU
// goes on the bench's HTTP paths. Builds the Worker, runs the built bundle as the bench does (on a small
// seed: the paths' workerd cost does not depend on the table's size), loads each path with autocannon
// while V8's sampling profiler runs in workerd (through its inspector), and prints per path: the JS time
// sampled per request against workerd's whole CPU per request (/proc), and the time per request by module
// (self) and by our own functions and packages (inclusive: anything they called). The raw profiles are
// written to .data/bench-results/*.cpuprofile (BENCH_RESULTS_DIR; Chrome DevTools opens them).
// PROFILE_PUSH=1 profiles one web push (`/__bench/push`) and a bare outgoing fetch of its size
// (`/__bench/fetch`) to the fake push service instead of the dispenser; PROFILE_CHECKOUT=1 a card checkout
// (`GET /api/plans`, then `POST /orders/tryCharge` of the member's chosen plan with the sandbox's success
// card, granted at once).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import WebSocket from "ws";
import { makeVapidKeys, startFakePushService } from "../../tests/fakes/push-service.ts";
import { cardChargeBody } from "../../tests/fixtures/card-charge.ts";
import { withTestDatabase } from "../with-db.ts";
import { base, CONNECTIONS, HOST, PORT, RESULTS_DIR, SECONDS } from "./bench.config.ts";
import { benchRegion, signUpBenchMember, startBuiltWorker } from "./bench-worker.ts";
import { cpuPerRequest, cpuSnapshot } from "./process-stats.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The bundle's module of each line: rolldown marks each module with a `// <path>` line. */
function moduleMap(bundle: string): (line: number) => string {
  const starts: [number, string][] = [];
  bundle.split("\n").forEach((text, i) => {
    const m = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(text);
    if (m?.[1]) starts.push([i, m[1]]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = "(bundle)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [start, path] = starts[mid] as [number, string];
      if (start <= line) {
        found = path;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** A package's name, or the path of our own module. */
const packageOf = (path: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return m?.[1] ?? path;
};

function summarize(profile: Profile, moduleOf: (line: number) => string, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (n: ProfileNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    if (!url) return { module: functionName || "(anonymous)", fn: functionName };
    const path = url.endsWith("index.js") ? moduleOf(lineNumber) : url;
    return { module: packageOf(path), fn: `${functionName || "(anonymous)"} ${path}:${lineNumber + 1}` };
  };
  const self = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === "(idle)") {
      idle += dt;
      return;
    }
    total += dt;
    const { module, fn } = where(node);
    self.set(module, (self.get(module) ?? 0) + dt);
    selfFn.set(fn, (selfFn.get(fn) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: ProfileNode | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const w = where(n);
      if (!n.callFrame.url) continue;
      // Our own functions by name, packages as a whole.
      const key = w.module.startsWith("worker/") ? w.fn : `[${w.module}]`;
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      }
    }
  });
  const per = (ms: number) => Number(((ms / requests) * 1000).toFixed(1));
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, "µs per request": per(ms) }));
  return {
    jsMsPerRequest: total / requests,
    idle,
    self: top(self, 25),
    selfFn: top(selfFn, 40),
    inclusive: top(inclusive, 40),
  };
}

/** One Chrome DevTools Protocol session on workerd's inspector. */
async function inspector(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id === undefined) return;
    if (message.error) throw new Error(JSON.stringify(message.error));
    waiting.get(message.id)?.(message.result);
  });
  return {
    send: <T>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((resolve) => {
        const id = next++;
        waiting.set(id, resolve as (r: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** A POST of `body`, or a GET without one. */
const run = (path: string, headers: Record<string, string>, body: string | undefined, duration: number) =>
  autocannon({
    url: `${base}${path}`,
    method: body === undefined ? "GET" : "POST",
    connections: CONNECTIONS,
    duration,
    headers: { host: HOST, "content-type": "application/json", ...headers },
    body,
  });

console.log("building the Worker…");
if (spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" }).status !== 0) process.exit(1);
const moduleOf = moduleMap(readFileSync("dist/amore_chat/index.js", "utf8"));
const inspectorPort = PORT + 1000;

const fakePush = process.env.PROFILE_PUSH === "1" ? await startFakePushService() : undefined;

await withTestDatabase({ angelsPerCountry: 2000 }, async (db) => {
  const worker = startBuiltWorker(db, PORT, inspectorPort, {
    VAPID_KEYS: JSON.stringify({ amoreitalia: makeVapidKeys() }),
  });
  try {
    await worker.ready;
    const member = await signUpBenchMember(db.DATABASE_URL);
    const region = await benchRegion(db.DATABASE_URL, member.clickid, 300);
    const dispenserBody = JSON.stringify({ country: "it", cerco: "donna", page: 3, seed: "bench-seed" });
    const paths: [string, string, Record<string, string>, string | undefined][] = [
      ["bare", "/__bench/bare", {}, "{}"],
      ...(process.env.PROFILE_PATHS ?? "")
        .split(",")
        .filter(Boolean)
        .map((p): [string, string, Record<string, string>, string | undefined] => [p, p, {}, "{}"]),
      ["dispenser", "/dispenser", { authorization: `Bearer ${region.token}` }, dispenserBody],
    ];
    if (fakePush) {
      const subscription = (await (
        await fetch(`${fakePush.url}/__fake/subscriptions`, { method: "POST" })
      ).json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
      paths.splice(
        -1,
        1,
        ["fetch", "/__bench/fetch", {}, JSON.stringify({ url: `${fakePush.url}/__fake/bare`, bytes: 4096 })],
        [
          "push",
          "/__bench/push",
          {},
          JSON.stringify({ brand: "amoreitalia", endpoint: subscription.endpoint, ...subscription.keys }),
        ],
      );
    }
    if (process.env.PROFILE_CHECKOUT === "1") {
      const auth = { authorization: `Bearer ${member.token}` };
      const headers = { host: HOST, "content-type": "application/json", ...auth };
      // A refill of the list a paying member sees: the member pays once first (a free member's list changes
      // with his first purchase), then buys the refill again and again.
      const offeredPlan = async (pick: (id: string) => boolean) => {
        const plans = (await (await fetch(`${base}/api/plans`, { headers })).json()) as {
          rateplan: Record<string, { product_id: string }[]>[];
          list: string;
        };
        const offered = plans.rateplan[0]?.[plans.list] ?? [];
        const plan = offered.find((p) => pick(p.product_id)) ?? offered[0];
        if (!plan) throw new Error(`GET /api/plans: no plan in ${JSON.stringify(plans)}`);
        return plan.product_id;
      };
      const cardFor = (rateplan: string) => cardChargeBody(rateplan, member.clickid);
      const first = await fetch(`${base}/orders/tryCharge`, {
        method: "POST",
        headers,
        body: JSON.stringify(cardFor(await offeredPlan(() => true))),
      });
      if (!first.ok) throw new Error(`the first checkout: ${first.status} ${await first.text()}`);
      const refill = await offeredPlan((id) => id.startsWith("refill"));
      paths.splice(
        -1,
        1,
        ["plans", "/api/plans", auth, undefined],
        ["checkout", "/orders/tryCharge", auth, JSON.stringify(cardFor(refill))],
      );
    }
    const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
      webSocketDebuggerUrl?: string;
      title?: string;
    }[];
    const target = targets.find((t) => t.title?.includes("amore-chat")) ?? targets[0];
    if (!target?.webSocketDebuggerUrl) throw new Error(`no inspector target: ${JSON.stringify(targets)}`);
    const devtools = await inspector(target.webSocketDebuggerUrl);
    await devtools.send("Profiler.enable");
    await devtools.send("Profiler.setSamplingInterval", {
      interval: Number(process.env.PROFILE_INTERVAL_US ?? 200),
    });
    mkdirSync(RESULTS_DIR, { recursive: true });
    const results: Record<string, unknown> = {};
    for (const [name, path, headers, body] of paths) {
      await run(path, headers, body, 2);
      const before = cpuSnapshot();
      await devtools.send("Profiler.start");
      const r = await run(path, headers, body, SECONDS);
      const { profile } = await devtools.send<{ profile: Profile }>("Profiler.stop");
      const cpu = cpuPerRequest(before, cpuSnapshot(), r.requests.total);
      writeFileSync(
        `${RESULTS_DIR}/profile-${name.replace(/[^\w-]+/g, "_")}.cpuprofile`,
        JSON.stringify(profile),
      );
      const s = summarize(profile, moduleOf, r.requests.total);
      console.log(
        `\n${name} (${path}): ${r.requests.total} requests, ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}; workerd CPU ${cpu.workerd.toFixed(3)} ms per request, JS sampled ${s.jsMsPerRequest.toFixed(3)} ms`,
      );
      console.log("self time by module:");
      console.table(s.self);
      console.log("self time by function:");
      console.table(s.selfFn);
      console.log("inclusive time (our functions by name, packages as a whole):");
      console.table(s.inclusive);
      results[name] = { requests: r.requests.total, rps: r.requests.average, cpu, ...s };
    }
    writeFileSync(`${RESULTS_DIR}/profile-summary.json`, `${JSON.stringify(results, null, 2)}\n`);
    devtools.close();
  } finally {
    await worker.dispose();
  }
});
process.exit(0);
