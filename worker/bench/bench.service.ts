import { sql } from "drizzle-orm";
import { type DatabaseConfig, httpQuery, withDb } from "../core/db";

/** One trivial statement with a parameter over the HTTP query path (the dispenser's): the database floor. */
export async function oneStatement(database: DatabaseConfig): Promise<unknown> {
  const { rows } = await httpQuery(database)("select $1::int as n", [1]);
  return rows[0]?.n;
}

/** The same statement in a transaction of its own over a WebSocket (a Pool's connection): the transaction floor. */
export function oneTransaction(database: DatabaseConfig): Promise<unknown> {
  return withDb(database, (db) =>
    db.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`select ${1}::int as n`)).rows[0]?.n),
  );
}
