import { DurableObject } from "cloudflare:workers";

/** The answer to one hit or peek. */
export interface HitResult {
  /** Whether this hit was counted (for `peek`: whether a hit now would be). */
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
 * A hit is recorded only when it is allowed. For attempts (registrations) that means a refused request
 * does not push the lock further out, so a client that keeps retrying gets in again exactly `windowMs`
 * after its oldest counted attempt; for failures (logins) the Worker checks with `peek` before hashing,
 * so a failure is normally recorded while still under the limit. Either way the table never holds more
 * than `limit` rows, and the object's single-threaded RPC calls make the count exact under concurrency:
 * `hit` reads and writes SQLite synchronously, with no await between the count and the insert.
 *
 * Storage is pruned on every hit, and an alarm deletes the whole object once a window has passed with no
 * hit, so keys that stop being used (one per IP, device and account) leave nothing behind. `peek` on a
 * key that was never hit creates no storage at all.
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

  /** Whether a hit at `now` would be allowed, without recording one or creating storage. */
  peek(limit: number, windowMs: number, now: number = Date.now()): HitResult {
    checkArguments(limit, windowMs, now);
    if (!this.hasSchema()) return { allowed: true, count: 0, retryAfterMs: 0 };
    const count = this.count(now - windowMs);
    if (count >= limit)
      return { allowed: false, count, retryAfterMs: this.retryAfter(count, limit, windowMs, now) };
    return { allowed: true, count, retryAfterMs: 0 };
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
