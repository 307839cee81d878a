// `npm run bench:web`: Lighthouse (mobile preset, simulated throttling) against the built site and against a
// floor app (React 19 + TanStack Router, scripts/bench/floor/) built by the same Vite, in one run, so the
// machine's load moves both alike. The site is served as the end-to-end tests serve it (scripts/e2e-server.ts:
// the built Worker in workerd, a fresh database); /find is measured signed in, as a member the script signs up.
// Rounds alternate floor, home and /find; the report gives each one's median of BENCH_WEB_RUNS (5) runs.
// Both are served over HTTP/2 (HTTPS with a throwaway certificate), as production is; BENCH_WEB_HTTP=1 in
// web-servers.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import puppeteer from "puppeteer-core";
import { build } from "vite";
import { initialScripts, totalGzip } from "./initial-js.ts";
import { benchSignUpBody } from "./sign-up-body.ts";
import { compressingProxy, HTTP2, SCHEME, serveStatic, trustFlags } from "./web-servers.ts";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
// 8806: clear of the end-to-end runs' ports (8790 and up), so both can run side by side.
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8806);
const HOST = `it.localhost:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// A folder to keep every run's Lighthouse report in (JSON), to look at what shifted or blocked; keep it out of
// git, e.g. .data/bench-results/web.
const SAVE_DIR = process.env.BENCH_WEB_SAVE;
const repo = fileURLToPath(new URL("../..", import.meta.url));

interface Sample {
  score: number;
  tbt: number;
  lcp: number;
  cls: number;
  fcp: number;
  /** Script bytes the page transferred during the load (every chunk it fetched, not only the entry's). */
  scriptBytes: number;
}

async function buildFloor(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  await build({
    root: join(repo, "scripts/bench/floor"),
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * The site as the end-to-end tests get it (it builds the site first); resolves once it answers. With
 * BENCH_WEB_REUSE=1, a site already served on BENCH_WEB_PORT (an end-to-end run's) is measured instead.
 */
async function startSite(): Promise<ChildProcess | undefined> {
  if (process.env.BENCH_WEB_REUSE === "1") return undefined;
  const site = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
    cwd: repo,
    env: { ...process.env, E2E_PORT: String(PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (site.exitCode !== null) throw new Error("the site's server stopped");
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/brand`, { headers: { host: HOST } })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return site;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the site did not answer in 3 minutes");
}

/** A member of the Italian brand, signed up through the API as the sign-up page does. */
async function signUpMember(): Promise<{ token: string; clickid: string }> {
  const response = await fetch(`http://127.0.0.1:${PORT}/users/register`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json", "cf-connecting-ip": "10.9.8.7" },
    body: JSON.stringify(benchSignUpBody("bench", "bench-password")),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return (await response.json()) as { token: string; clickid: string };
}

/**
 * One run, tried up to three times when Lighthouse's own trace fails (NO_NAVSTART and the like: seen twice in
 * a row on the home page of a quiet machine, each time followed by a good run).
 */
async function measure(name: string, url: string, storage?: Record<string, string>): Promise<Sample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(name, url, storage);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`again after: ${String(error)}`);
    }
  }
}

/**
 * One Lighthouse run in a fresh Chromium profile (cold cache, empty storage). `storage` is written into the
 * page's origin first (a member's session), and Lighthouse is told not to wipe it.
 */
async function measureOnce(name: string, url: string, storage?: Record<string, string>): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      ...["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-sync"],
      ...trustFlags,
    ],
  });
  try {
    if (storage) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A JSON answer of the origin: the app's scripts never run, so nothing is cached or fetched ahead.
      await page.goto(new URL("/api/brand", url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      disableStorageReset: Boolean(storage),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const saved = join(SAVE_DIR, `${name}-${Date.now()}`);
      writeFileSync(`${saved}.json`, JSON.stringify(lhr));
      writeFileSync(`${saved}.lantern.json`, JSON.stringify(lcpGraphs()));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)
      ?.items;
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      tbt: value("total-blocking-time"),
      lcp: value("largest-contentful-paint"),
      cls: value("cumulative-layout-shift"),
      fcp: value("first-contentful-paint"),
      scriptBytes: (requests ?? [])
        .filter((item) => item.resourceType === "Script")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * What the last run's simulated LCP waited on: each node of Lighthouse's two LCP graphs (optimistic and
 * pessimistic; the LCP is their mean, each graph's end being its last node) with its simulated start and end.
 * The report's own timings are the unthrottled ones, which do not show it: this is how a revalidated logo at
 * the end of /find's graph was found. Read from Lantern's record of its last simulations.
 */
function lcpGraphs() {
  const graphs: Record<string, LanternNode[]> = {};
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    graphs[label] = [...timings].map(([node, timing]) => ({
      type: node.type,
      ...(node.type === "network"
        ? { url: node.request.url, priority: node.request.priority, bytes: node.request.transferSize }
        : {}),
      start: Math.round(timing.startTime),
      end: Math.round(timing.endTime),
    }));
  }
  return graphs;
}

interface LanternNode {
  type: string;
  url?: string;
  priority?: string;
  bytes?: number;
  start: number;
  end: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function summary(samples: Sample[]) {
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return {
    score: of("score"),
    tbt: of("tbt"),
    lcp: of("lcp"),
    cls: of("cls"),
    fcp: of("fcp"),
    scriptBytes: of("scriptBytes"),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const floorDir = await buildFloor();
const floorServer = await serveStatic(floorDir);
const floorUrl = `${SCHEME}://127.0.0.1:${(floorServer.address() as AddressInfo).port}/`;
const site = await startSite();
const proxy = await compressingProxy(
  PORT,
  process.env.BENCH_WEB_ASSETS === "worker" ? undefined : join(repo, "dist/client"),
);
// The brand is chosen by the host name; the proxy's port is only where Chromium connects.
const siteOrigin = `${SCHEME}://it.localhost:${(proxy.address() as AddressInfo).port}`;
try {
  const member = await signUpMember();
  const memberStorage = { token: member.token, trackerId: member.clickid, cookiePolicy: "bench" };
  const samples: Record<"floor" | "home" | "find", Sample[]> = { floor: [], home: [], find: [] };
  const loadBefore = loadavg();
  for (let round = 1; round <= RUNS; round += 1) {
    samples.floor.push(await measure("floor", floorUrl));
    samples.home.push(await measure("home", `${siteOrigin}/`));
    samples.find.push(await measure("find", `${siteOrigin}/find`, memberStorage));
    const last = (name: keyof typeof samples) => JSON.stringify(samples[name].at(-1));
    console.error(`round ${round} of ${RUNS}, load average ${loadavg()[0]?.toFixed(2)}`);
    console.error(`  floor ${last("floor")}\n  home ${last("home")}\n  find ${last("find")}`);
  }
  const loadAfter = loadavg();
  const siteJs = initialScripts(join(repo, "dist/client"));
  const floorJs = initialScripts(floorDir);
  const rows = (["floor", "home", "find"] as const).map((name) => {
    const s = summary(samples[name]);
    return {
      page: name === "floor" ? "floor app" : name === "home" ? "home (visitor)" : "/find (member)",
      performance: s.score,
      "TBT ms": Math.round(s.tbt),
      "LCP ms": Math.round(s.lcp),
      "FCP ms": Math.round(s.fcp),
      CLS: Number(s.cls.toFixed(3)),
      "initial JS gzip": kB(totalGzip(name === "floor" ? floorJs : siteJs)),
      "JS transferred": kB(s.scriptBytes),
      "scores of the runs": samples[name].map((x) => x.score).join(" "),
    };
  });
  console.log(
    `Lighthouse ${RUNS}× per page, mobile preset, ${HTTP2 ? "HTTP/2 over TLS" : "HTTP/1.1"}; medians.`,
  );
  console.table(rows);
  const home = summary(samples.home);
  const floor = summary(samples.floor);
  // A ratio to a TBT under 50 ms (a quiet machine's floor has 0 ms) says nothing: then the difference.
  const tbt =
    floor.tbt >= 50
      ? `${(home.tbt / floor.tbt).toFixed(1)}×`
      : `${Math.round(home.tbt - floor.tbt)} ms more than the floor's ${Math.round(floor.tbt)} ms`;
  console.log(
    `home ÷ floor: TBT ${tbt}, LCP ${(home.lcp / floor.lcp).toFixed(2)}×; initial JS ${(totalGzip(siteJs) / totalGzip(floorJs)).toFixed(2)}×`,
  );
  console.log(`site initial chunks: ${siteJs.map((c) => `${c.file} ${kB(c.gzip)}`).join(", ")}`);
  const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  console.log(`load average (1 / 5 / 15 min): before ${fmt(loadBefore)}, after ${fmt(loadAfter)}`);
} finally {
  site?.kill("SIGTERM");
  proxy.close();
  floorServer.close();
  rmSync(floorDir, { recursive: true, force: true });
}
