// The benchmark's sizes and budgets in one place; the run's lengths and counts can be changed with BENCH_*
// variables.

export const PORT = Number(process.env.BENCH_PORT ?? 8796);
export const HOST = "it.localhost";
export const ANGELS = 100_000;
export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
export const ROOMS = Number(process.env.BENCH_ROOMS ?? 5000);
export const REPLIES = Number(process.env.BENCH_REPLIES ?? 500);
export const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
export const ARRIVALS_PER_SECOND = Number(process.env.BENCH_ARRIVALS ?? 25);
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
