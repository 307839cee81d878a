/**
 * Structured log lines: `{ level, event, ...fields }`. Callers pass ids, names and codes, never passwords,
 * tokens, message bodies or an error's message; a field named `level` or `event` would overwrite the line's
 * own, so it is refused.
 */
export function logEvent(
  level: "info" | "warn" | "error",
  event: string,
  fields: Record<string, unknown> & { level?: never; event?: never } = {},
) {
  // The line's own level and event come first and win over any field of the same name.
  const line = JSON.stringify(Object.assign({ level, event }, fields, { level, event }));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * The errors behind one failure: Drizzle wraps the driver's error as its `cause`, and Neon's driver keeps the
 * failed fetch of its SQL-over-HTTP endpoint as `sourceError`.
 */
export function* errorChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let e = error; e !== undefined && e !== null && !seen.has(e); ) {
    seen.add(e);
    yield e;
    if (typeof e !== "object") return;
    const { cause, sourceError } = e as { cause?: unknown; sourceError?: unknown };
    e = cause ?? sourceError;
  }
}

/**
 * What a log line says of an error: the first specific name along its causes (NeonDbError rather than
 * Drizzle's plain Error). Never its message: a failed query's carries the statement and its parameters,
 * a failed parse quotes its input.
 */
export function errorName(error: unknown): string {
  for (const e of errorChain(error)) {
    if (e instanceof Error && e.name && e.name !== "Error") return e.name;
    if (typeof Event !== "undefined" && e instanceof Event) return `Event(${e.type})`;
  }
  return error instanceof Error ? error.name : typeof error;
}
