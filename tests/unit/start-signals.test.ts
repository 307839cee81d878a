// Defect 10: `npm start` stopped with SIGTERM (a process manager, `kill`) or SIGHUP (a closed terminal), sent
// to npm alone, leaves no process behind: not the start script, vite nor workerd. Starts the real script on
// ports and a data folder of its own, so a developer's running site is not touched.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

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
async function until(what: string, check: () => boolean, timeoutMs: number, output: () => string) {
  await vi
    .waitFor(
      () => {
        if (!check()) throw new Error(what);
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .catch(() => {
      throw new Error(`${what} did not happen in ${timeoutMs} ms:\n${output()}`);
    });
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm start` in a process group of its own (so the test can see and clean up every process of it). */
async function startSite(): Promise<{ npm: ChildProcess; output: () => string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "start-signals-"));
  dataDirs.push(dataDir);
  // Without the test runner's variables: the site starts as a developer's would.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV)/.test(k)));
  const npm = spawn("npm", ["start", "--", "--port", String(await freePort()), "--strictPort"], {
    detached: true,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PGLITE_PORT: String(await freePort()),
      DB_PROXY_PORT: String(await freePort()),
    },
  });
  let log = "";
  npm.stdout?.on("data", (chunk) => (log += chunk));
  npm.stderr?.on("data", (chunk) => (log += chunk));
  return { npm, output: () => log };
}

// SIGTERM only: SIGHUP goes through the same handler, and each start seeds a database of its own (about
// 30 s of two cores), which the suite pays once. On a clean clone the start also draws the demo portraits
// before their disk cache exists (25-60 s on a busy 2-core machine, more under other load): the wait for the
// processes allows for that; it ends as soon as they run.
describe("npm start", () => {
  it("stops vite, workerd and itself on SIGTERM sent to npm", async () => {
    const { npm, output } = await startSite();
    const pgid = npm.pid as number;
    try {
      // Running: the start script, vite and vite's workerd (the first run seeds the database first).
      await until(
        "vite and workerd starting",
        () => {
          const running = groupProcesses(pgid);
          return (
            running.some((p) => p.includes("vite dev")) && running.some((p) => p.includes("workerd serve"))
          );
        },
        150_000,
        output,
      );
      process.kill(pgid, "SIGTERM");
      await until(
        "every process stopping",
        () => groupProcesses(pgid).length === 0,
        15_000,
        () => [...groupProcesses(pgid), output()].join("\n"),
      );
      expect(groupProcesses(pgid)).toEqual([]);
    } finally {
      if (groupProcesses(pgid).length > 0) process.kill(-pgid, "SIGKILL");
    }
  }, 180_000);
});
