// Statements built once per isolate, their values placeholders filled per call. Drizzle building a statement
// of some size costs workerd time comparable to the rest of a request; hot routes build theirs once and run
// them over the isolate's SQL-over-HTTP client (`httpQuery`), which also spares the request its Pool.
import { fillPlaceholders, is, Param, Placeholder, SQL, sql } from "drizzle-orm";
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

/** A prepared statement kept in the database as a PL/pgSQL function (see `statementFunction`). */
export interface StatementFunction {
  name: string;
  /** The statement it runs, whose placeholders are its parameters. */
  prepared: Prepared;
  /** The Postgres type of each parameter, in the statement's order. */
  argTypes: string[];
  /** The function's body as `pg_proc.prosrc` holds it. */
  body: string;
  /** The `CREATE OR REPLACE FUNCTION` a migration runs. */
  definition: string;
  /** The call that runs it, its parameters the statement's own. */
  call: string;
}

/**
 * A prepared statement as a PL/pgSQL function, for a migration (made by scripts/statement-functions.ts).
 * A statement sent over SQL over HTTP is unnamed, so Postgres plans it at every call; PL/pgSQL keeps its
 * statements' plans for the session, and Neon's SQL-over-HTTP endpoint (and the local proxy) runs queries on
 * pooled sessions, so a hot statement of some size is planned once per session instead (docs/benchmarks.md).
 * `types` gives each placeholder's Postgres type; `returns` the columns' names and types. A Worker test compares
 * the database's copy with the body built now, so a changed statement fails until its migration is written.
 */
export function statementFunction(
  name: string,
  prepared: Prepared,
  spec: { types: Record<string, string>; returns: string; volatility: "STABLE" | "VOLATILE"; what: string },
): StatementFunction {
  const argTypes = prepared.params.map((param) => {
    const placeholder = is(param, Param) ? param.value : param;
    const type = is(placeholder, Placeholder) ? spec.types[placeholder.name] : undefined;
    if (!type) throw new Error(`${spec.what} statement has a placeholder of no known type: ${String(param)}`);
    return type;
  });
  // The function's columns are its OUT parameters: a name in the statement means the table's column.
  const body = `\n#variable_conflict use_column\nBEGIN\nRETURN QUERY ${prepared.text};\nEND\n`;
  // A generic plan (made without the values) is kept from the first call, as the statement's own tests explain.
  const definition = `CREATE OR REPLACE FUNCTION "${name}"(${argTypes.join(", ")})
  RETURNS TABLE (${spec.returns})
  LANGUAGE plpgsql ${spec.volatility} SET plan_cache_mode = force_generic_plan
AS $statement$${body}$statement$;`;
  const call = `select * from "${name}"(${argTypes.map((_, i) => `$${i + 1}`).join(", ")})`;
  return { name, prepared, argTypes, body, definition, call };
}

/** A query's text and its values, as the SQL-over-HTTP client sends it. */
export interface Query {
  text: string;
  params: unknown[];
}

/** The call of a statement's function with `values`, to run alone (`runQuery`) or in a batch (`runBatch`). */
export const callOf = (fn: StatementFunction, values: Record<string, unknown>): Query => ({
  text: fn.call,
  params: valuesOf(fn.prepared, values),
});

/** Runs one query over the isolate's SQL-over-HTTP client: its rows. */
export async function runQuery<Row>(database: DatabaseConfig, query: Query): Promise<Row[]> {
  const result = await httpQuery(database)(query.text, query.params);
  return result.rows as Row[];
}

/** Statements sent together over the isolate's SQL-over-HTTP client in one transaction: Drizzle's or calls. */
export function runBatch(database: DatabaseConfig, statements: (SQL | Query)[]) {
  return httpBatch(database)(
    statements.map((statement) => {
      if (!is(statement, SQL)) return statement;
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return { text, params };
    }),
  );
}
