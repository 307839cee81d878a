import { DurableObject } from "cloudflare:workers";

/**
 * A progressive throttle (logins): `free` attempts in the window go through at once; after them each attempt
 * must wait `baseDelayMs`, doubling with every further attempt up to `maxDelayMs`, after the previous one.
 * Nobody can lock an account out for long (the longest wait is `maxDelayMs`), and guessing slows to one try
 * per `maxDelayMs`.
 */
export interface ThrottlePolicy {
  free: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The answer to one attempt: allowed (and counted, at `at`) or to be retried after `retryAfterMs`. */
export interface AttemptResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
  /** When the allowed attempt was counted, to take it back if it succeeded (`refund`). */
  at: number;
}

/** The answer to one hit. */
export interface HitResult {
  /** Whether this hit was counted. */
  allowed: boolean;
  /** Hits inside the window after this call. */
  count: number;
  /** 0 when allowed; otherwise how long until one slot of the window frees up. */
  retryAfterMs: number;
}

/**
 * A sliding-window log for ONE key: the Worker addresses it with `idFromName(name + ":" + key)` and passes
 * the limit and window on every call, so the numbers live in one table on the Worker side.
 *
 * A hit is recorded only when it is allowed, so a refused request does not push the lock further out: a
 * client that keeps retrying gets in again exactly `windowMs` after its oldest counted attempt, and the
 * table never holds more than `limit` rows. Logins use `attempt` instead (a progressive throttle). The
 * object's single-threaded RPC calls make the count exact under concurrency: `hit` and `attempt` read and
 * write SQLite synchronously, with no await between the count and the insert.
 *
 * Storage is pruned on every hit, and an alarm deletes the whole object once a window has passed with no
 * hit, so keys that stop being used (one per IP, device and account) leave nothing behind.
 */
export class RateLimiter extends DurableObject {
  /** Whether the `hits` table exists; false again after `deleteAll`. */
  private schemaReady = false;

  /** Counts a hit at `now` when fewer than `limit` hits fell in the last `windowMs`; `now` is for tests. */
  async hit(limit: number, windowMs: number, now: number = Date.now()): Promise<HitResult> {
    checkArguments(limit, windowMs, now);
    this.ensureSchema();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM hits WHERE at <= ?", now - windowMs);
    const count = this.count(now - windowMs);
    if (count >= limit)
      return { allowed: false, count, retryAfterMs: this.retryAfter(count, limit, windowMs, now) };
    sql.exec("INSERT INTO hits (at) VALUES (?)", now);
    sql.exec(
      "INSERT INTO meta (id, window_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET window_ms = excluded.window_ms",
      windowMs,
    );
    // One alarm at a time: when it fires it moves itself to the newest hit's expiry, which costs one
    // write per window instead of one per hit.
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + windowMs);
    return { allowed: true, count: count + 1, retryAfterMs: 0 };
  }

  /**
   * Counts an attempt before it is made (before any password is hashed), when the throttle lets it through:
   * the count and the insert happen with no await between them, so concurrent attempts are counted exactly.
   */
  async attempt(policy: ThrottlePolicy, now: number = Date.now()): Promise<AttemptResult> {
    checkArguments(policy.free, policy.windowMs, now);
    this.ensureSchema();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM hits WHERE at <= ?", now - policy.windowMs);
    const count = this.count(now - policy.windowMs);
    if (count >= policy.free) {
      const last = sql.exec<{ last: number }>("SELECT max(at) AS last FROM hits").one().last;
      const wait = Math.min(policy.baseDelayMs * 2 ** (count - policy.free), policy.maxDelayMs);
      if (now < last + wait) return { allowed: false, count, retryAfterMs: last + wait - now, at: 0 };
    }
    // Two attempts of the same millisecond are two rows: the second one is counted one ms later.
    const at = Math.max(
      now,
      (sql.exec<{ last: number | null }>("SELECT max(at) AS last FROM hits").one().last ?? 0) + 1,
    );
    sql.exec("INSERT INTO hits (at) VALUES (?)", at);
    sql.exec(
      "INSERT INTO meta (id, window_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET window_ms = excluded.window_ms",
      policy.windowMs,
    );
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(at + policy.windowMs);
    return { allowed: true, count: count + 1, retryAfterMs: 0, at };
  }

  /** Takes back the attempt counted at `at` (it succeeded: it was no failure). */
  refund(at: number): void {
    if (!this.hasSchema()) return;
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE at = ?", at);
  }

  /** Forgets every hit of this key (and its alarm). */
  async reset(): Promise<void> {
    await this.deleteEverything();
  }

  /** Deletes the object's storage once the newest hit is out of its window; otherwise waits for that. */
  async alarm(): Promise<void> {
    if (!this.hasSchema()) {
      await this.deleteEverything();
      return;
    }
    const row = this.ctx.storage.sql
      .exec<{ newest: number | null; windowMs: number | null }>(
        "SELECT (SELECT max(at) FROM hits) AS newest, (SELECT window_ms FROM meta WHERE id = 1) AS windowMs",
      )
      .one();
    const now = Date.now();
    if (row.newest === null || row.windowMs === null || row.newest + row.windowMs <= now) {
      await this.deleteEverything();
      return;
    }
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE at <= ?", now - row.windowMs);
    await this.ctx.storage.setAlarm(row.newest + row.windowMs);
  }

  private count(after: number): number {
    return this.ctx.storage.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM hits WHERE at > ?", after)
      .one().n;
  }

  /** Time until the hit that must expire for the count to drop below `limit` leaves the window. */
  private retryAfter(count: number, limit: number, windowMs: number, now: number): number {
    const [row] = this.ctx.storage.sql
      .exec<{ at: number }>(
        "SELECT at FROM hits WHERE at > ? ORDER BY at LIMIT 1 OFFSET ?",
        now - windowMs,
        count - limit,
      )
      .toArray();
    return row ? Math.max(1, row.at + windowMs - now) : windowMs;
  }

  private hasSchema(): boolean {
    if (this.schemaReady) return true;
    const tables = this.ctx.storage.sql
      .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'hits'")
      .toArray();
    this.schemaReady = tables.length > 0;
    return this.schemaReady;
  }

  private ensureSchema() {
    if (this.schemaReady) return;
    // No index on `at`: the table holds at most `limit` rows (a few hundred), a scan is cheaper.
    this.ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), window_ms INTEGER NOT NULL);`,
    );
    this.schemaReady = true;
  }

  private async deleteEverything() {
    // With compatibility_date >= 2026-02-24 deleteAll also removes the alarm; deleteAlarm keeps that true
    // should the date ever move back.
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.schemaReady = false;
  }
}

function checkArguments(limit: number, windowMs: number, now: number) {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0)
    throw new RangeError(`windowMs must be positive: ${windowMs}`);
  if (!Number.isFinite(now)) throw new RangeError(`now must be a finite time: ${now}`);
}
