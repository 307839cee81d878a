// `npm start`: the embedded database (or DATABASE_URL's server), migrations, the demo seed on first run,
// and the site inside workerd with HMR on http://localhost:8787 (it.localhost, es.localhost, en.localhost).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isEmpty, seed } from "../drizzle/seed.ts";
import { hasAngelPhotos, seedAngelPhotos } from "../drizzle/seed-photos.ts";
import { startLocalDatabase, withClient } from "./local-db.ts";
import { applyMigrations } from "./migrate.ts";
import { withPhotoBucket } from "./photo-bucket.ts";

const dataDir = ".data";
mkdirSync(dataDir, { recursive: true });

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
console.log(
  db.embedded ? "embedded PGlite database in .data/pglite" : "using the PostgreSQL server at DATABASE_URL",
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
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  vite.kill("SIGTERM");
  await db.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
vite.on("exit", (code) => void stop(code ?? 0));
