// What a failed query means: its SQLSTATE, and whether the database was unreachable for now (a 503 with
// Retry-After rather than a 500). Kept apart from the connection code so any layer can classify an error.
import { errorChain } from "./log";

/** pg's error for a statement that outlived `query_timeout`. */
export const QUERY_READ_TIMEOUT = "Query read timeout";

/**
 * SQLSTATE 08001 (sqlclient_unable_to_establish_sqlconnection): what a Postgres client reports when it cannot
 * reach the server at all, which has no code of its own to send.
 */
export const CONNECTION_FAILED = "08001";

/**
 * SQLSTATE 57014 (query_canceled): what the server reports for a statement over its `statement_timeout`, and
 * what a statement the client gave up on (its query timeout) is reported as.
 */
export const STATEMENT_TIMED_OUT = "57014";

/** How long a client should wait before retrying when the database is unreachable (Retry-After, seconds). */
export const DB_RETRY_AFTER_S = 5;

/**
 * The driver could not reach the database: its SQL endpoint's fetch failed (the proxy or Neon unreachable),
 * the endpoint answered 5xx (it could not reach Postgres), or a transaction's WebSocket closed, failed or
 * could not be set up in time.
 */
function connectionLost(e: unknown): boolean {
  // The WebSocket's own error event, which the driver throws as it is (not an Error).
  if (typeof Event !== "undefined" && e instanceof Event) return true;
  if (!(e instanceof Error)) return false;
  if (e.name === "NeonDbError") {
    const { sourceError } = e as { sourceError?: unknown };
    return sourceError !== undefined || /^Server error \(HTTP status 5\d\d\)/.test(e.message);
  }
  // pg's Client and Pool, when the connection of a transaction goes away or is not there in time.
  return /^Connection terminated|^timeout exceeded when trying to connect|is not queryable$/.test(e.message);
}

/** The client gave up waiting: the fetch's deadline (AbortSignal.timeout) or pg's `query_timeout`. */
const clientTimedOut = (e: unknown) =>
  typeof e === "object" &&
  e !== null &&
  ((e as { name?: unknown }).name === "TimeoutError" ||
    (e as { message?: unknown }).message === QUERY_READ_TIMEOUT);

/**
 * The SQLSTATE of a failed query: Postgres's own code (on Neon's NeonDbError over HTTP, on pg's DatabaseError
 * in a transaction, under Drizzle's wrapper), STATEMENT_TIMED_OUT when the client stopped waiting for it, or
 * CONNECTION_FAILED when the database could not be reached. The one thing about a failed query that is
 * logged: its message and its wrapper's carry the parameters.
 */
export function pgCode(error: unknown): string | undefined {
  let lost = false;
  for (const e of errorChain(error)) {
    const code = typeof e === "object" ? (e as { code?: unknown }).code : undefined;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    if (clientTimedOut(e)) return STATEMENT_TIMED_OUT;
    lost ||= connectionLost(e);
  }
  return lost ? CONNECTION_FAILED : undefined;
}

/**
 * The database is unreachable, refusing connections or not answering in time for now (connection exceptions
 * of class 08, the server shutting down or starting up, too many connections, a statement over the server's
 * or the client's time limit): a retry later may work, so the answer is 503.
 */
export function databaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  return (
    code !== undefined &&
    (code.startsWith("08") || ["57P01", "57P02", "57P03", "53300", STATEMENT_TIMED_OUT].includes(code))
  );
}
