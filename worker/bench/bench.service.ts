import { type DatabaseConfig, httpQuery } from "../core/db";

/** One trivial statement with a parameter over the HTTP query path (the dispenser's): the database floor. */
export async function oneStatement(database: DatabaseConfig): Promise<unknown> {
  const { rows } = await httpQuery(database)("select $1::int as n", [1]);
  return rows[0]?.n;
}
