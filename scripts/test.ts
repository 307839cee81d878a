// `npm test`: check (format, lint, types), unit tests, Worker tests in workerd on a real Postgres engine,
// then the end-to-end tests in Chromium. Stops at the first failing stage and says which.
import { spawnSync } from "node:child_process";

const stages: [name: string, command: string][] = [
  ["check", "npm run check"],
  ["unit", "npm run test:unit"],
  ["worker", "npm run test:worker"],
  ["e2e", "npm run test:e2e"],
];

const started = Date.now();
for (const [name, command] of stages) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${command}`);
  const result = spawnSync(command, { stdio: "inherit", shell: true });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} passed in ${seconds} s`);
}
console.log(`\nall stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
