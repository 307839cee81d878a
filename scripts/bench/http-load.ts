// HTTP load against the running Worker: many connections at once (autocannon), or one request at a time.
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { base, CONNECTIONS, HASHES, HOST, SECONDS } from "./bench.config.ts";
import { percentile } from "./percentile.ts";
import { cpuPerRequest, cpuSnapshot } from "./process-stats.ts";

/**
 * One request at a time for SECONDS after a 2 s warm-up, each timed with a microsecond clock (autocannon
 * rounds latencies to whole milliseconds, too coarse for a 1-2 ms request): the same fields as `load`.
 */
async function oneAtATime(title: string, path: string, headers: Record<string, string>, body: string) {
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/json", ...headers },
      body,
    });
    await response.arrayBuffer();
    if (response.status === 503) unavailable++;
    else if (!response.ok) throw new Error(`${title}: ${response.status}`);
    return performance.now() - t0;
  };
  let unavailable = 0;
  const loop = async (ms: number, times?: number[]) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const t = await once();
      times?.push(t);
    }
  };
  await loop(2000);
  const load = loadavg();
  const before = cpuSnapshot();
  const t0 = performance.now();
  const times: number[] = [];
  await loop(SECONDS * 1000, times);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuPerRequest(before, cpuSnapshot(), times.length);
  if (unavailable > times.length / 20) throw new Error(`${title}: ${unavailable} 503s of ${times.length}`);
  times.sort((a, b) => a - b);
  return {
    title,
    connections: 1,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpu,
    failed: { errors: unavailable, timeouts: 0, total: times.length },
    load,
  };
}

/** `connections` at once for SECONDS after a 2 s warm-up: throughput, latency and CPU per request. */
export async function load(
  title: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  connections = CONNECTIONS,
) {
  if (connections === 1) return oneAtATime(title, path, headers, body);
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
  const load = loadavg();
  const before = cpuSnapshot();
  const r = await run(SECONDS);
  const cpu = cpuPerRequest(before, cpuSnapshot(), r.requests.total);
  // Wrong answers (every request of a run) fail the benchmark; dropped connections and 503s (the database's
  // endpoint unreachable for a moment on an overloaded machine) are counted and shown beside the figures.
  if (r.errors + r.non2xx > r.requests.total / 20)
    throw new Error(`${title}: ${r.errors} errors and ${r.non2xx} non-2xx answers of ${r.requests.total}`);
  const failed = { errors: r.errors + r.non2xx, timeouts: r.timeouts, total: r.requests.total };
  return {
    title,
    connections,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpu,
    failed,
    load,
  };
}

/** Times `HASHES` POSTs one after the other, after 3 warm-ups (Wasm instance, memory, isolate). */
export async function sequentialTimes(path: string, body?: string) {
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
