// The signed-in first screen under a phone's conditions: the built site served as the end-to-end tests
// serve it (vite preview, the Worker in workerd, a fresh seeded database), one member signed up through the
// API, and each run a fresh browser context (cold HTTP cache) opening the screen with the token already
// stored, under Lighthouse's mobile throttling through CDP: CPU 4× slower, and its "Fast 3G"
// (`mobileSlow4G` in Lighthouse's constants: 562.5 ms RTT, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up).
// Each run records, from the moment the document was requested: the HTML received (the floor: what no
// change of the app can beat), the first data call leaving, the data calls' chain, the screen's photos
// finished, the largest contentful paint and the sum of layout shifts while it loaded.
//
//   npx tsx scripts/bench/first-screen.ts [ref ...]
//
// Each ref (a commit, or "." for the working tree, the default) is exported to a scratch folder, built and
// measured in turn on the same database, so "before" and "after" come from one run on the same machine.
// FIRST_SCREEN_RUNS (5) runs per ref and path, FIRST_SCREEN_PATHS (/find,/match,/chats),
// FIRST_SCREEN_PORT (8808).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, type Page, request } from "@playwright/test";
import { seedAngelPhotos } from "../../drizzle/seed-photos.ts";
import { withClient } from "../local-db.ts";
import { withPhotoBucket } from "../photo-bucket.ts";
import { withTestDatabase } from "../with-db.ts";
import { benchSignUpBody } from "./sign-up-body.ts";

const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
const PORT = Number(process.env.FIRST_SCREEN_PORT ?? 8808);
const PATHS = (process.env.FIRST_SCREEN_PATHS ?? "/find,/match,/chats").split(",");
const refs = process.argv.slice(2).length ? process.argv.slice(2) : ["."];
const repo = resolve(import.meta.dirname, "../..");
const bin = join(repo, "node_modules/.bin");
const host = `it.localhost:${PORT}`;

/** Lighthouse's mobile throttling (devtools method): its constants, as its driver hands them to CDP. */
const network = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** What counts as the screen being there: its photos in view loaded, or its list drawn. */
const ready: Record<string, string> = {
  "/find": ".find-grid img",
  "/match": ".match-stack img",
  "/chats": "main .content, main",
};

interface Sample {
  html: number;
  firstData: number;
  firstDataUrl: string;
  lastDataStart: number;
  photosDone: number;
  lcp: number;
  cls: number;
  /** The data calls in the order they left: path@ms. */
  calls: string;
}

/** The tree of a ref, in a scratch folder beside this repository's node_modules. */
function checkout(ref: string): { dir: string; cleanup: () => void } {
  if (ref === ".") return { dir: repo, cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "first-screen-"));
  const archive = spawnSync("sh", ["-c", `git -C '${repo}' archive '${ref}' | tar -x -C '${dir}'`], {
    stdio: "inherit",
  });
  if (archive.status !== 0) throw new Error(`cannot export ${ref}`);
  symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };

async function serve(dir: string, db: { DATABASE_URL: string; DB_WS_PROXY: string }, persistDir: string) {
  const build = spawnSync(
    join(bin, "vite"),
    ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    {
      cwd: dir,
      stdio: "inherit",
      env,
    },
  );
  if (build.status !== 0) throw new Error("build failed");
  const child = spawn(
    join(bin, "vite"),
    ["preview", "--config", "web/vite.config.ts", "--port", String(PORT)],
    {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...env,
        CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
        DATABASE_URL: db.DATABASE_URL,
        DB_WS_PROXY: db.DB_WS_PROXY,
        APP_ENV: "local",
        JWT_SECRET: "first-screen-bench-secret-of-32-bytes-or-more",
        WRANGLER_PERSIST_DIR: persistDir,
      },
    },
  );
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}/api/brand`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the site did not start");
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function signUp(): Promise<{ token: string; clickid: string }> {
  const api = await request.newContext();
  const response = await api.post(`http://127.0.0.1:${PORT}/users/register`, {
    headers: { host, "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.7` },
    data: benchSignUpBody("first-screen", "secret-password"),
  });
  if (!response.ok()) throw new Error(`sign-up: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { token: string; clickid: string };
  await api.dispose();
  return body;
}

async function measure(context: BrowserContext, path: string): Promise<Sample> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const started = new Map<string, { url: string; at: number; type: string }>();
  const finished: { url: string; at: number }[] = [];
  cdp.on("Network.requestWillBeSent", (e) =>
    started.set(e.requestId, { url: e.request.url, at: e.timestamp, type: e.type ?? "" }),
  );
  cdp.on("Network.loadingFinished", (e) => {
    const req = started.get(e.requestId);
    if (req) finished.push({ url: req.url, at: e.timestamp });
  });
  await page.goto(`http://${host}${path}`, { waitUntil: "commit" });
  const selector = ready[path] ?? "main";
  await page.waitForFunction(
    (sel) => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>(sel)];
      if (!imgs.length) return false;
      return imgs
        .filter((el) => !(el instanceof HTMLImageElement) || el.getBoundingClientRect().top < innerHeight)
        .every((el) => !(el instanceof HTMLImageElement) || (el.complete && el.naturalWidth > 0));
    },
    selector,
    { timeout: 90_000, polling: 100 },
  );
  // Late shifts (a header filled in after the photos) count too: a second of quiet before reading them.
  await page.waitForTimeout(1000);
  const { cls, lcp } = await page.evaluate(
    () => (window as unknown as { __fs: { cls: number; lcp: number } }).__fs,
  );
  const all = [...started.values()];
  const doc = all.find((r) => r.type === "Document");
  if (!doc) throw new Error("no document request");
  const t0 = doc.at;
  const ms = (t: number) => Math.round((t - t0) * 1000);
  const data = all.filter((r) => r.type === "Fetch" || r.type === "XHR").sort((a, b) => a.at - b.at);
  const firstData = data[0];
  const html = finished.find((f) => f.url === doc.url);
  const photos = finished.filter((f) => new URL(f.url).pathname.startsWith("/photos/"));
  await page.close();
  return {
    html: html ? ms(html.at) : Number.NaN,
    firstData: firstData ? ms(firstData.at) : Number.NaN,
    firstDataUrl: firstData ? new URL(firstData.url).pathname : "",
    lastDataStart: ms(Math.max(...data.filter((r) => r.at - t0 < 30).map((r) => r.at))),
    photosDone: photos.length ? ms(Math.max(...photos.map((p) => p.at))) : Number.NaN,
    lcp: Math.round(lcp),
    cls: Math.round(cls * 1000) / 1000,
    calls: data.map((r) => `${new URL(r.url).pathname}@${ms(r.at)}`).join(" "),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const results: { ref: string; path: string; samples: Sample[]; load: number[] }[] = [];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

await withTestDatabase({}, async (db) => {
  for (const ref of refs) {
    const tree = checkout(ref);
    const persistDir = mkdtempSync(join(tmpdir(), "first-screen-do-"));
    await withClient(db.DATABASE_URL, (client) =>
      withPhotoBucket(`${persistDir}/v3`, (bucket) => seedAngelPhotos(client, bucket)),
    );
    const site = await serve(tree.dir, db, persistDir);
    try {
      const member = await signUp();
      for (const path of PATHS) {
        const samples: Sample[] = [];
        const load: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
          });
          await context.addInitScript((m) => {
            if (!localStorage.getItem("token")) {
              localStorage.setItem("token", m.token);
              localStorage.setItem("trackerId", m.clickid);
            }
            localStorage.setItem("cookiePolicy", "bench");
            const fs = { cls: 0, lcp: 0 };
            (window as unknown as { __fs: typeof fs }).__fs = fs;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
              })[])
                if (!e.hadRecentInput) fs.cls += e.value;
            }).observe({ type: "layout-shift", buffered: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) fs.lcp = e.startTime;
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }, member);
          load.push(loadavg()[0] ?? 0);
          const sample = await measure(context, path);
          await context.close();
          samples.push(sample);
          console.log(ref, path, i + 1, JSON.stringify(sample));
        }
        results.push({ ref, path, samples, load });
      }
    } finally {
      await stop(site);
      rmSync(persistDir, { recursive: true, force: true });
      tree.cleanup();
    }
  }
});
await browser.close();

console.log(
  `\n${RUNS} runs each, median (min-max); CPU ×${CPU_SLOWDOWN}, ${network.latency} ms RTT, ` +
    `${Math.round((network.downloadThroughput * 8) / 1000)} / ${Math.round((network.uploadThroughput * 8) / 1000)} kbit/s\n`,
);
console.log(
  "| ref | path | load avg | HTML (floor) | first data call leaves (which) | last data call leaves | photos done | LCP | CLS |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const col = (f: (s: Sample) => number, unit = " ms") => {
    const xs = r.samples.map(f);
    return `${median(xs)}${unit} (${Math.min(...xs)}-${Math.max(...xs)})`;
  };
  const which = [...new Set(r.samples.map((s) => s.firstDataUrl))].join(", ");
  console.log(
    `| ${r.ref} | ${r.path} | ${median(r.load).toFixed(2)} | ${col((s) => s.html)} | ${col((s) => s.firstData)} ${which} | ${col((s) => s.lastDataStart)} | ${col((s) => s.photosDone)} | ${col((s) => s.lcp)} | ${col((s) => s.cls, "")} |`,
  );
}
process.exit(0);
