// Statements built once per isolate, their values placeholders filled per call. Drizzle building a statement
// of some size costs workerd time comparable to the rest of a request; hot routes build theirs once and run
// them over the isolate's SQL-over-HTTP client (`httpQuery`), which also spares the request its Pool.
import { fillPlaceholders, is, Param, Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type DatabaseConfig, httpBatch, httpQuery } from "./db";

const dialect = new PgDialect();

/** A statement's text and its parameters, each a placeholder. */
export interface Prepared {
  text: string;
  params: unknown[];
}

/** The text of `statement`, whose values must all be placeholders (`slot`); `what` names it in the error. */
export function prepareStatement(statement: SQL, what: string): Prepared {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  // A value that is not a placeholder would be the first call's, served to every later one.
  for (const param of params)
    if (!is(param, Placeholder) && !(is(param, Param) && is(param.value, Placeholder)))
      throw new Error(`${what} statement holds a value outside a placeholder: ${String(param)}`);
  return { text, params };
}

/** A placeholder where a statement's builder takes a value of type T. */
export const slot = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** The values of a prepared statement's placeholders, in its parameters' order. */
export const valuesOf = (prepared: Prepared, values: Record<string, unknown>) =>
  fillPlaceholders(prepared.params, values);

/** Runs a prepared statement with `values` over the isolate's SQL-over-HTTP client: its rows. */
export async function runPrepared<Row>(
  database: DatabaseConfig,
  prepared: Prepared,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const result = await httpQuery(database)(prepared.text, valuesOf(prepared, values));
  return result.rows as Row[];
}

/** Statements built by Drizzle, sent together over the isolate's SQL-over-HTTP client in one transaction. */
export function runBatch(database: DatabaseConfig, statements: SQL[]) {
  return httpBatch(database)(
    statements.map((statement) => {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return { text, params };
    }),
  );
}
