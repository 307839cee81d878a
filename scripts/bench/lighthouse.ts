// `npm run bench:web`: Lighthouse (mobile preset, simulated throttling) against the built site and against a
// floor app (React 19 + TanStack Router, scripts/bench/floor/) built by the same Vite, in one run, so the
// machine's load moves both alike. The site is served as the end-to-end tests serve it (scripts/e2e-server.ts:
// the built Worker in workerd, a fresh database); /find is measured signed in, as a member the script signs up.
// Rounds alternate floor, home and /find; the report gives each one's median of BENCH_WEB_RUNS (5) runs.
// Both are served over HTTP/2 (HTTPS with a throwaway certificate), as production is; BENCH_WEB_HTTP=1 below.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { extname, join } from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import puppeteer from "puppeteer-core";
import { build } from "vite";
import { initialScripts, totalGzip } from "./initial-js.ts";
import { benchSignUpBody } from "./sign-up-body.ts";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
// 8806: clear of the end-to-end runs' ports (8790 and up), so both can run side by side.
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8806);
const HOST = `it.localhost:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// A folder to keep every run's Lighthouse report in (JSON), to look at what shifted or blocked; keep it out of
// git, e.g. .data/bench-results/web.
const SAVE_DIR = process.env.BENCH_WEB_SAVE;
// The floor and the site are served over HTTPS with HTTP/2, as Cloudflare serves production: one connection
// carries all of a page's requests. BENCH_WEB_HTTP=1 serves them over HTTP/1.1 in the clear, where Chromium
// opens up to six connections per host and Lantern replays each with a slow start of its own, which measures
// the local server more than the page.
const HTTP2 = process.env.BENCH_WEB_HTTP !== "1";
const SCHEME = HTTP2 ? "https" : "http";
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

const mimeTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
};

/**
 * A folder's files as a CDN serves them: from memory, gzipped once when asked (Cloudflare's edge and workerd
 * serve the site's compressed). `undefined` for a file the folder does not have.
 */
function staticFiles(dir: string) {
  const cache = new Map<string, { plain: Buffer; gzip: Buffer }>();
  return (path: string, acceptEncoding: string | undefined) => {
    const file = join(dir, path);
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
    let body = cache.get(file);
    if (!body) {
      const plain = readFileSync(file);
      body = { plain, gzip: gzipSync(plain) };
      cache.set(file, body);
    }
    const gzip = /\bgzip\b/.test(acceptEncoding ?? "");
    return {
      body: gzip ? body.gzip : body.plain,
      headers: {
        "content-type": mimeTypes[extname(file)] ?? "application/octet-stream",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      },
    };
  };
}

/**
 * The floor app: its files, and index.html for any other path. With BENCH_FLOOR_COOP=1 its page carries the
 * site's isolation headers too (Cross-Origin-Opener-Policy: same-origin, Origin-Agent-Cluster): Chromium
 * then commits it in a new renderer instead of the blank tab's, as it does the site's pages.
 */
const floorIsolation =
  process.env.BENCH_FLOOR_COOP === "1"
    ? { "cross-origin-opener-policy": "same-origin", "origin-agent-cluster": "?1" }
    : {};
function serveStatic(dir: string): Promise<Server> {
  const files = staticFiles(dir);
  return listening(
    newServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      const encoding = request.headers["accept-encoding"];
      const file = files(path, encoding) ?? files("index.html", encoding);
      if (!file) throw new Error(`${dir} has no index.html`);
      response.writeHead(200, { ...file.headers, ...floorIsolation });
      response.end(file.body);
    }),
  );
}

// The handlers use what HTTP/2's compatibility API shares with HTTP/1.1's request and response (headers, url,
// writeHead, end, piping both ways); HTTP/2 pseudo-headers (":authority") are read where they matter.
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A server (started with `listening`): HTTPS that speaks HTTP/2, and HTTP/1.1 to a client that asks for it
 * (Chromium opens WebSockets that way), with a throwaway certificate the bench's Chromium is told to trust;
 * plain HTTP/1.1 with BENCH_WEB_HTTP=1.
 */
function newServer(handler: Handler): Server {
  return tls
    ? (createSecureServer(
        { ...tls, allowHTTP1: true },
        handler as unknown as (request: Http2ServerRequest, response: Http2ServerResponse) => void,
      ) as unknown as Server)
    : createServer(handler);
}
const listening = (s: Server) => new Promise<Server>((resolve) => s.listen(0, "127.0.0.1", () => resolve(s)));

/** A self-signed certificate for localhost and its subdomains (the brands' hosts), made for this run. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "bench-tls-"));
  try {
    const made = spawnSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-days", "2", "-subj", "/CN=localhost", "-keyout", join(dir, "key.pem")],
        ...["-out", join(dir, "cert.pem")],
        ...["-addext", "subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1"],
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    if (made.status !== 0)
      throw new Error(
        "HTTPS needs openssl to make a certificate (BENCH_WEB_HTTP=1 serves HTTP/1.1 without it)",
      );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const tls = HTTP2 ? selfSignedCertificate() : undefined;

/**
 * Chromium's flag that trusts the bench's certificate by its public key (SHA-256 of the SPKI, base64). Not
 * --ignore-certificate-errors: Chromium keeps nothing in its HTTP cache from a connection with a certificate
 * error, so the logo's second and third copies (the tab's icon, the top bar's) were downloaded again instead
 * of read from the cache.
 */
const trustFlags = tls
  ? [
      `--ignore-certificate-errors-spki-list=${createHash("sha256")
        .update(createPublicKey(tls.cert).export({ type: "spki", format: "der" }))
        .digest("base64")}`,
    ]
  : [];

// Headers of one connection in HTTP/1.1, which HTTP/2 forbids (its pseudo-headers start with ":").
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);
function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(":") && !hopByHop.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * The site as Cloudflare serves it in production. The hashed assets (/assets/*) come from the build's folder
 * in memory, as the floor's files do: Cloudflare serves them from its asset store without running the Worker
 * (wrangler.toml's run_worker_first leaves them out), while vite preview here sends each one through workerd,
 * which queued them behind each other on 2 cores (Lighthouse took 50-75 ms of server time per request from
 * that, against 1-3 ms for the floor's). Everything else (HTML, API, photos) goes to the Worker, its text
 * answers gzipped as Cloudflare's edge does (workerd under vite preview sends them as they are). WebSocket
 * upgrades (the member's room) pass through untouched. BENCH_WEB_ASSETS=worker sends the assets to workerd too.
 */
function compressingProxy(targetPort: number, assetsDir: string | undefined): Promise<Server> {
  const assets = assetsDir ? staticFiles(assetsDir) : undefined;
  const proxy = newServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const asset = path.startsWith("/assets/")
      ? assets?.(path, request.headers["accept-encoding"])
      : undefined;
    if (asset) {
      response.writeHead(200, { ...asset.headers, "cache-control": "public, max-age=31536000, immutable" });
      response.end(asset.body);
      return;
    }
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: targetPort,
        path: request.url,
        method: request.method,
        headers: {
          ...endToEnd(request.headers),
          host: String(request.headers[":authority"] ?? request.headers.host),
        },
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const gzip =
          /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")) &&
          /^(text\/|application\/(json|javascript))/.test(type) &&
          !answer.headers["content-encoding"];
        if (!gzip) {
          response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = gzipSync(Buffer.concat(chunks));
          const headers = {
            ...endToEnd(answer.headers),
            "content-encoding": "gzip",
            "content-length": String(body.length),
          };
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  proxy.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upstream = connect(targetPort, "127.0.0.1", () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return listening(proxy);
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
