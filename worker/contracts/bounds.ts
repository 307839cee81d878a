// What every input must fit before it reaches Postgres: integers of an `integer` column and texts without
// NUL bytes (Postgres text cannot hold one). The schemas here bound the numbers; `nulPath` is checked once
// for every validated request (worker/core/openapi.ts) and every socket frame (parseFrame in realtime.ts).
import { z } from "zod";

/** The largest value of a Postgres `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** A row id of an `integer` column (angels): 1 to 2^31-1. */
export const Int4Id = z.number().int().min(1).max(INT4_MAX);

/** The same id in a path or query string ("17"). */
export const Int4IdParam = z.coerce.number().int().min(1).max(INT4_MAX);

/** A row id of a `bigint` column (messages, notifications, operators): a safe positive integer. */
export const BigId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The same id in a path or query string. */
export const BigIdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * The path of the first text (or object key) holding a NUL byte in a parsed input, or null when there is
 * none. Such a text could never be stored, so it is refused as invalid input naming its field.
 */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
