// Runs a command against a fresh, migrated and seeded database: an in-memory PGlite by default, or a
// scratch database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { seed } from "../drizzle/seed.ts";
import { createScratchDatabase, startLocalDatabase, withClient } from "./local-db.ts";
import { applyMigrations } from "./migrate.ts";

/** A TCP port free right now, so runs side by side (several checkouts, helpers) do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function withTestDatabase<T>(
  opts: { angelsPerCountry?: number; proxyPort?: number; pgPort?: number },
  run: (env: { DATABASE_URL: string; DB_WS_PROXY: string; adminUrl: string }) => Promise<T>,
): Promise<T> {
  const server = process.env.DATABASE_URL;
  const scratch = server ? await createScratchDatabase(server) : null;
  const db = await startLocalDatabase({
    pgPort: opts.pgPort ?? (await freePort()),
    proxyPort: opts.proxyPort ?? (await freePort()),
    databaseUrl: scratch?.url,
  });
  try {
    await applyMigrations(db.databaseUrl);
    await withClient(db.databaseUrl, (client) => seed(client, opts.angelsPerCountry));
    return await run({ DATABASE_URL: db.databaseUrl, DB_WS_PROXY: db.wsProxy, adminUrl: db.databaseUrl });
  } finally {
    await db.stop();
    await scratch?.drop();
  }
}

/** Runs a command with DATABASE_URL and DB_WS_PROXY set; resolves to its exit code. */
export function runCommand(command: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const [cmd, ...args] = command;
    const child = spawn(cmd ?? "true", args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const isMain = process.argv[1]?.endsWith("with-db.ts");
if (isMain) {
  const code = await withTestDatabase({}, (env) =>
    runCommand(process.argv.slice(2), { DATABASE_URL: env.DATABASE_URL, DB_WS_PROXY: env.DB_WS_PROXY }),
  );
  process.exit(code);
}
