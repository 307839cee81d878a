// Applies the drizzle-kit migrations in migrations/ to a database (local tooling and deployment).
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export async function applyMigrations(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The database's default statement_timeout (migrations/0015) is for the Worker's requests: an index
    // built on a large table may take longer.
    await client.query("set statement_timeout = 0");
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set: it names the database to migrate.");
    process.exit(1);
  }
  await applyMigrations(url);
  console.log("migrations applied");
}
