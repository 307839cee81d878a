// `npm test`: check (format, lint, types), unit tests and the Worker tests in workerd on a real Postgres engine
// side by side, then the end-to-end tests in Chromium, then wrangler's dry run of the deploy on the build the
// end-to-end tests made (no second build), with the Worker's size budget. Stops at the first failing stage
// and says which.
//
// Why side by side: the Worker tests spend most of their time waiting (the rooms' timers, the database's
// round trips) and use under one core, so check, unit and two halves of the Worker tests (each with a
// database of its own) share the two cores well. The end-to-end tests need the whole machine for Chromium:
// they start once check and unit are done, beside the Worker halves' last stretch (under a core between
// them) rather than after it. The buffered stages' output is printed whole when each ends, so lines do not mix.
import { spawn } from "node:child_process";

type Stage = [name: string, command: string];
const together: Stage[] = [
  ["check", "npm run check"],
  ["unit", "npm run test:unit"],
  ["worker 1/2", "npm run test:worker -- --shard=1/2"],
  ["worker 2/2", "npm run test:worker -- --shard=2/2"],
];
const e2e: Stage = ["e2e", "npm run test:e2e"];
// dist/ is the end-to-end site's build (scripts/e2e-server.ts), the same as `npm run build`'s.
const deploy: Stage = ["deploy dry run", "npm run deploy:check -- --reuse-build"];

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const running = new Set<number>();
/** Stops every stage still running, with all its processes (vitest's workerd, Playwright's Chromium). */
function stopAll() {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** Runs a stage in a process group of its own (so a failure elsewhere can stop all of it). */
function run([name, command]: Stage, buffered: boolean): Promise<void> {
  const t0 = Date.now();
  console.log(`▶ ${name}: ${command}`);
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  const pid = child.pid as number;
  running.add(pid);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    // "close", not "exit": the output is whole only once the pipes are closed.
    child.on("close", (code) => {
      running.delete(pid);
      if (buffered) console.log(`\n━━ ${name} ━━\n${output}`);
      if (code !== 0) {
        console.error(`\n✗ ${name} failed after ${seconds(t0)} s`);
        stopAll();
        process.exit(code ?? 1);
      }
      console.log(`✓ ${name} passed in ${seconds(t0)} s`);
      resolve();
    });
  });
}

// Ctrl-C or a stop of `npm test` stops the stages too (they run in process groups of their own).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const started = Date.now();
const [check, unit, ...workerHalves] = together.map((stage) => run(stage, true));
await Promise.all([check, unit]);
console.log("");
await Promise.all([...workerHalves, run(e2e, false).then(() => run(deploy, false))]);
console.log(`\nall stages passed in ${seconds(started)} s`);
