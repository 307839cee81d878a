// `npm test`: check (format, lint, types), unit tests, Worker tests in workerd on a real Postgres engine, and
// the end-to-end tests in Chromium. Any failing stage fails the run and says which.
//
// The end-to-end tests take most of the time but little of the CPU: they wait on the angels' reply delays,
// on pages and on sockets (a clean run used 6.3 CPU-minutes in 7.8 minutes on 2 cores). So they start at once
// and the other stages run one after another beside them, their output held and printed as each ends, so the
// log reads stage by stage. A failure stops everything still running.
import { type ChildProcess, spawn } from "node:child_process";

const started = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const running = new Set<ChildProcess>();

function fail(name: string, since: number, code: number | null): never {
  console.error(`\n✗ ${name} failed after ${seconds(since)} s`);
  // Each stage is a process group of its own (detached): its servers, workerd and Chromium go with it.
  for (const child of running) if (child.pid) process.kill(-child.pid, "SIGTERM");
  process.exit(code || 1);
}

/** Runs one stage; `held` keeps its output until it ends (for the stages that run beside the e2e tests). */
function stage(name: string, command: string, held: boolean): Promise<void> {
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${command}${held ? " (its output when it ends)" : ""}`);
  const child = spawn(command, { shell: true, detached: true, stdio: held ? "pipe" : "inherit" });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      running.delete(child);
      if (held) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
      if (code !== 0) fail(name, t0, code);
      console.log(`✓ ${name} passed in ${seconds(t0)} s`);
      resolve();
    });
  });
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => fail(`npm test (${signal})`, started, 1));

await Promise.all([
  stage("e2e", "npm run test:e2e", false),
  (async () => {
    await stage("check", "npm run check", true);
    await stage("unit", "npm run test:unit", true);
    await stage("worker", "npm run test:worker", true);
  })(),
]);
console.log(`\nall stages passed in ${seconds(started)} s`);
