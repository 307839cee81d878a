// The benchmark's sizes and budgets in one place. Each parameter is a BENCH_* variable or the same name as a
// command-line option (`npm run bench -- --angels-per-region=300,5000 --connections=50 --rooms=100`); the
// option wins. Bare words name the parts to run (`npm run bench -- cascade` is `--only=cascade`).

/** `--angels-per-region=300,5000` → BENCH_ANGELS_PER_REGION; read once, before the values below. */
function optionsFromArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const parts: string[] = [];
  for (const arg of argv) {
    const m = /^--([a-z][a-z-]*)=(.*)$/.exec(arg);
    if (m?.[1] && m[2] !== undefined) out[`BENCH_${m[1].replaceAll("-", "_").toUpperCase()}`] = m[2];
    else if (/^[a-z]+$/.test(arg)) parts.push(arg);
  }
  if (parts.length && !out.BENCH_ONLY) out.BENCH_ONLY = parts.join(",");
  return out;
}
const options: Record<string, string | undefined> = {
  ...process.env,
  ...optionsFromArgs(process.argv.slice(2)),
};
const num = (name: string, fallback: number) => {
  const value = Number(options[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, not ${options[name]}`);
  return value;
};

export const PORT = num("BENCH_PORT", 8796);
export const HOST = "it.localhost";
/** The angels seeded in all (a third per country), the background of every measurement. */
export const ANGELS = num("BENCH_ANGELS", 100_000);
/**
 * The dispenser is measured once per size: a region of its own holding that many angels of the member's
 * cerco, so that the CPU per request can be compared as a region grows.
 */
export const ANGELS_PER_REGION = (options.BENCH_ANGELS_PER_REGION ?? "300,5000")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
export const CONNECTIONS = num("BENCH_CONNECTIONS", 50);
export const SECONDS = num("BENCH_SECONDS", 10);
export const MESSAGES = num("BENCH_MESSAGES", 500);
export const ROOMS = num("BENCH_ROOMS", 5000);
export const REPLIES = num("BENCH_REPLIES", 500);
export const CHECKOUTS = num("BENCH_CHECKOUTS", 200);
export const ARRIVALS_PER_SECOND = num("BENCH_ARRIVALS", 25);
/** The notification cascade: offline members who each get an angel's message, and so a push. */
export const CASCADE_MEMBERS = num("BENCH_CASCADE_MEMBERS", 10_000);
/** Angel messages handed to rooms at once while the cascade's notifications are scheduled. */
export const CASCADE_CONCURRENCY = num("BENCH_CASCADE_CONCURRENCY", 20);
/**
 * The push delay of the bench's Worker (NOTIFY_PUSH_DELAY_MS; 2 minutes in production): long enough that
 * pushes go out while later notifications are still being scheduled, as they do in production.
 */
export const CASCADE_PUSH_DELAY_MS = num("BENCH_CASCADE_PUSH_DELAY_MS", 10_000);
/** The parts to run, comma-separated: http, checkout, chat, hash, rooms, cascade, dashboard (all by default). */
export const ALL_PARTS = ["http", "checkout", "chat", "hash", "rooms", "cascade", "dashboard"];
export const PARTS = new Set((options.BENCH_ONLY ?? ALL_PARTS.join(",")).split(",").map((s) => s.trim()));
const unknownParts = [...PARTS].filter((p) => !ALL_PARTS.includes(p));
if (unknownParts.length) throw new Error(`unknown parts ${unknownParts.join(", ")}: ${ALL_PARTS.join(", ")}`);
/** Where the JSON result is written: under the checkout's local data, which git ignores. */
export const RESULTS_DIR = options.BENCH_RESULTS_DIR ?? ".data/bench-results";
export const JWT_SECRET = "bench-secret-of-at-least-32-bytes-long!!";
export const base = `http://127.0.0.1:${PORT}`;
export const HASHES = 30;
// A login is one hash plus a few queries; its goal is 200 ms at p50, so the hash gets about 150 ms.
export const HASH_BUDGET_MS = 150;
// OWASP's Password Storage Cheat Sheet: Argon2id options of equal strength (p=1), the production one first.
export const HASH_OPTIONS = [
  { m: 19_456, t: 2 },
  { m: 47_104, t: 1 },
  { m: 12_288, t: 3 },
  { m: 9_216, t: 4 },
  { m: 7_168, t: 5 },
] as const;
