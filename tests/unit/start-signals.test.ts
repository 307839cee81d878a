// `npm start` as a developer runs it, on ports and a data folder of its own (a developer's running site is not
// touched): a second start on the same data folder stops at once and says how to run a second copy, leaving
// the first one serving; and SIGTERM (a process manager, `kill`) or SIGHUP (a closed terminal) sent to npm
// alone leaves no process behind: not the start script, vite nor workerd.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCK_FILE } from "../../scripts/data-lock";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** The live processes of a process group, with their command lines. */
function groupProcesses(pgid: number): string[] {
  const table = execFileSync("ps", ["-A", "-o", "pgid=,stat=,args="], { encoding: "utf8" });
  return table
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[1]) === pgid && !m[2]?.startsWith("Z"))
    .map((m) => m[3] ?? "");
}

/** Polls `check` until it holds (vitest's waitFor), failing with what the site printed. */
async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  output: () => string,
) {
  await vi
    .waitFor(
      async () => {
        if (!(await check())) throw new Error(what);
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .catch(() => {
      throw new Error(`${what} did not happen in ${timeoutMs} ms:\n${output()}`);
    });
}

interface Site {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: () => number | null | undefined;
}

/** `npm start` on `dataDir` in a process group of its own (so the test can see and clean up every process). */
async function startSite(dataDir: string): Promise<Site> {
  // Without the test runner's variables: the site starts as a developer's would.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV)/.test(k)));
  const port = await freePort();
  const npm = spawn("npm", ["start", "--", "--port", String(port), "--strictPort"], {
    detached: true,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PGLITE_PORT: String(await freePort()),
      DB_PROXY_PORT: String(await freePort()),
    },
  });
  let log = "";
  let code: number | null | undefined;
  npm.stdout?.on("data", (chunk) => (log += chunk));
  npm.stderr?.on("data", (chunk) => (log += chunk));
  npm.on("exit", (c) => (code = c));
  return { npm, port, output: () => log, exited: () => code };
}

const running = (pgid: number) => {
  const processes = groupProcesses(pgid);
  return processes.some((p) => p.includes("vite dev")) && processes.some((p) => p.includes("workerd serve"));
};
/** The site answers an API call (from its database, through workerd). */
const answers = (site: Site) =>
  fetch(`http://localhost:${site.port}/api/brand`).then(
    (r) => r.status === 200,
    () => false,
  );

// One site for the file: each start seeds a database of its own (about 30 s of two cores). On a clean clone
// the start also draws the demo portraits before their disk cache exists (25-60 s on a busy 2-core machine,
// more under other load), and Vite's first start after an install prebundles the app's dependencies: the
// waits allow for that; they end as soon as the site runs and answers.
const dataDir = mkdtempSync(join(tmpdir(), "start-signals-"));
let first: Site;
beforeAll(async () => {
  // A port found free can be taken by another suite's process before the site binds it: start again on others.
  for (let attempt = 1; ; attempt++) {
    const site = await startSite(dataDir);
    first = site;
    const portTaken = () => site.exited() !== undefined && site.output().includes("EADDRINUSE");
    await until(
      "vite and workerd starting",
      () => running(site.npm.pid as number) || portTaken(),
      150_000,
      site.output,
    );
    if (!portTaken() || attempt === 3) break;
    const pgid = site.npm.pid as number;
    if (groupProcesses(pgid).length > 0) process.kill(-pgid, "SIGKILL");
  }
  expect(running(first.npm.pid as number), first.output()).toBe(true);
  await until("the site answering", () => answers(first), 120_000, first.output);
}, 280_000);
afterAll(() => {
  const pgid = first?.npm.pid;
  if (pgid && groupProcesses(pgid).length > 0) process.kill(-pgid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  // Listing the process group and removing a seeded data folder take seconds on a loaded machine.
}, 60_000);

describe("npm start", () => {
  it("stops a second start on the same data folder at once, naming the way to run a second copy", async () => {
    const pgid = first.npm.pid as number;
    const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), "utf8")) as { pid: number };
    const second = await startSite(dataDir);
    try {
      // At once: before it loads the database, Miniflare or the seed (about 2 s at a load average of 15).
      await until("the second start stopping", () => second.exited() !== undefined, 20_000, second.output);
      expect(second.exited()).toBe(1);
      expect(second.output()).toContain(`the data folder ${dataDir} is in use by another npm start`);
      expect(second.output()).toContain(`(process ${lock.pid})`);
      expect(second.output()).toContain(
        "DATA_DIR=/tmp/site2 PGLITE_PORT=54330 DB_PROXY_PORT=8789 npm start -- --port 8790",
      );
      // It opened nothing: no vite, no workerd, no database of its own left running.
      expect(groupProcesses(second.npm.pid as number)).toEqual([]);
      // The first site still runs and answers.
      expect(running(pgid)).toBe(true);
      expect(await answers(first)).toBe(true);
    } finally {
      if (groupProcesses(second.npm.pid as number).length > 0)
        process.kill(-(second.npm.pid as number), "SIGKILL");
    }
  }, 30_000);

  // SIGTERM only: SIGHUP goes through the same handler.
  it("stops vite, workerd and itself on SIGTERM sent to npm, and frees the data folder", async () => {
    const pgid = first.npm.pid as number;
    process.kill(pgid, "SIGTERM");
    await until(
      "every process stopping",
      () => groupProcesses(pgid).length === 0,
      15_000,
      () => [...groupProcesses(pgid), first.output()].join("\n"),
    );
    expect(groupProcesses(pgid)).toEqual([]);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 30_000);
});
