// `npm start`: the embedded database (or DATABASE_URL's server), migrations, the demo seed on first run,
// and the site inside workerd with HMR on http://localhost:8787 (it.localhost, es.localhost, en.localhost).
// SIGINT, SIGTERM and SIGHUP stop the whole tree (vite, workerd, the database), and so does the end of the
// process that started it: npm forwards only SIGINT and SIGTERM, and only to its child, so `npm start` execs
// `node --import tsx` in place of npm's shell (no shell nor tsx process in between to hide npm's end).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DataFolderInUse, lockDataFolder } from "./data-lock.ts";

/** The checkout's local state (database, Durable Objects, photos); DATA_DIR runs a second copy beside it. */
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
mkdirSync(dataDir, { recursive: true });
// Before anything opens the folder's files: a second start on it stops here, the first one untouched.
try {
  const lock = lockDataFolder(dataDir);
  process.on("exit", () => lock.release());
} catch (error) {
  if (!(error instanceof DataFolderInUse)) throw error;
  console.error(
    [
      `npm start: the data folder ${dataDir} is in use by another npm start${error.pid ? ` (process ${error.pid})` : ""}.`,
      "Two sites on one folder would write the same database files. Stop the other one (Ctrl-C where it runs),",
      "or run a second copy beside it, with a data folder and ports of its own:",
      "  DATA_DIR=/tmp/site2 PGLITE_PORT=54330 DB_PROXY_PORT=8789 npm start -- --port 8790",
    ].join("\n"),
  );
  process.exit(1);
}
// Loaded once the folder is ours (PGlite, Miniflare and the seed take seconds to load on a busy machine), so
// a second start stops without waiting for them.
const [
  { isEmpty, seed },
  { hasAngelPhotos, seedAngelPhotos },
  { startLocalDatabase, withClient },
  { applyMigrations },
  { withPhotoBucket },
] = await Promise.all([
  import("../drizzle/seed.ts"),
  import("../drizzle/seed-photos.ts"),
  import("./local-db.ts"),
  import("./migrate.ts"),
  import("./photo-bucket.ts"),
]);

/** Every process below this one (vite, workerd, a photo bucket's workerd, esbuild), from `ps`. */
function descendants(): number[] {
  const table = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map<number, number[]>();
  for (const line of table.trim().split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  for (let queue = [process.pid]; queue.length > 0; ) {
    const next = children.get(queue.shift() as number) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Asks every descendant to stop, then kills what is left after `graceMs`. */
async function stopDescendants(graceMs: number) {
  const pids = descendants();
  for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGTERM");
  for (const deadline = Date.now() + graceMs; pids.some(alive) && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
}

/** Set once the database runs (a signal may come before). */
let database: { stop(): Promise<void> } | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await stopDescendants(5000);
  await database?.stop();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));
// Orphaned (npm or the shell between was stopped without passing the signal on): stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(0);
}, 500).unref();

/** A signing secret made once per checkout, so sessions survive restarts. */
function localSecret(): string {
  const file = `${dataDir}/jwt-secret`;
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

const db = await startLocalDatabase({
  dataDir: `${dataDir}/pglite`,
  pgPort: Number(process.env.PGLITE_PORT ?? 54329),
  proxyPort: Number(process.env.DB_PROXY_PORT ?? 8788),
  databaseUrl: process.env.DATABASE_URL,
});
database = db;
console.log(
  db.embedded
    ? `embedded PGlite database in ${dataDir}/pglite`
    : "using the PostgreSQL server at DATABASE_URL",
);
await applyMigrations(db.databaseUrl);
// Durable Objects and the photo bucket persist here (web/vite.config.ts's persistState, plus wrangler's v3).
const persistRoot = `${dataDir}/wrangler/v3`;
await withClient(db.databaseUrl, async (client) => {
  if (await isEmpty(client)) {
    console.log("seeding demo data…");
    await seed(client);
  }
  await withPhotoBucket(persistRoot, async (bucket) => {
    if (await hasAngelPhotos(client, bucket)) return;
    console.log("drawing the demo portraits…");
    await seedAngelPhotos(client, bucket);
  });
});

const vite = spawn("vite", ["dev", "--config", "web/vite.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    DATABASE_URL: db.databaseUrl,
    DB_WS_PROXY: db.wsProxy,
    APP_ENV: "local",
    // Vite's dev server runs inline scripts (React refresh): the Worker's CSP lets them in, here only.
    DEV_SERVER: "true",
    JWT_SECRET: process.env.JWT_SECRET ?? localSecret(),
    WRANGLER_PERSIST_DIR: `${dataDir}/wrangler`,
  },
});
vite.on("exit", (code) => void stop(code ?? 0));
