import { DurableObject } from "cloudflare:workers";
import { opsAuditLog } from "../../drizzle/schema/ops";
import { configOf } from "../config";
import type { AuditDetails } from "../contracts/ops";
import { withDb } from "../core/db";
import { pgCode } from "../core/db-errors";
import { errorName, logEvent } from "../core/log";

/** One operator's hold on one conversation (a member and an angel) until `expiresAt` (ms). */
export interface DeskLease {
  clickid: string;
  angelId: number;
  accountId: number;
  operatorId: number;
  operatorName: string;
  expiresAt: number;
}

export type TakeResult =
  | { ok: true; lease: DeskLease }
  | { ok: false; reason: "taken"; lease: DeskLease }
  | { ok: false; reason: "capacity"; held: number };

type LeaseRow = {
  clickid: string;
  angel_id: number;
  account_id: number;
  operator_id: number;
  operator_name: string;
  expires_at: number;
};

const toLease = (r: LeaseRow): DeskLease => ({
  clickid: r.clickid,
  angelId: r.angel_id,
  accountId: r.account_id,
  operatorId: r.operator_id,
  operatorName: r.operator_name,
  expiresAt: r.expires_at,
});

/** How soon the alarm tries again when the audit rows of expired leases could not be written. */
const RETRY_MS = 5_000;

/**
 * The one place where conversations are leased to operators (the Worker addresses it by the fixed name
 * "desk"). Every method reads and writes SQLite synchronously, with no await between the check and the
 * write, so two operators taking the same conversation at the same moment are served one after the other:
 * exactly one gets the lease. Capacity is checked the same way. The alarm ends expired leases and writes
 * their `lease_expired` audit rows to Postgres (kept in an outbox table until that write succeeds).
 */
export class OpsDesk extends DurableObject<Cloudflare.Env> {
  private ready = false;

  private sql() {
    const sql = this.ctx.storage.sql;
    if (!this.ready) {
      sql.exec(`CREATE TABLE IF NOT EXISTS leases (
        clickid TEXT NOT NULL, angel_id INTEGER NOT NULL, account_id INTEGER NOT NULL,
        operator_id INTEGER NOT NULL, operator_name TEXT NOT NULL, expires_at INTEGER NOT NULL,
        PRIMARY KEY (clickid, angel_id))`);
      sql.exec(`CREATE TABLE IF NOT EXISTS expired (
        clickid TEXT NOT NULL, angel_id INTEGER NOT NULL, account_id INTEGER NOT NULL,
        operator_id INTEGER NOT NULL, operator_name TEXT NOT NULL, expires_at INTEGER NOT NULL)`);
      this.ready = true;
    }
    return sql;
  }

  /** Moves leases whose time is up to the outbox of expiry audit rows. */
  private expire(now: number) {
    const sql = this.sql();
    sql.exec("INSERT INTO expired SELECT * FROM leases WHERE expires_at <= ?", now);
    sql.exec("DELETE FROM leases WHERE expires_at <= ?", now);
  }

  private leaseOf(clickid: string, angelId: number): DeskLease | null {
    const rows = this.sql()
      .exec<LeaseRow>("SELECT * FROM leases WHERE clickid = ? AND angel_id = ?", clickid, angelId)
      .toArray();
    return rows[0] ? toLease(rows[0]) : null;
  }

  private async scheduleAlarm() {
    const sql = this.sql();
    const pending = sql.exec<{ n: number }>("SELECT count(*) AS n FROM expired").one().n;
    const next = sql.exec<{ at: number | null }>("SELECT min(expires_at) AS at FROM leases").one().at;
    const at = pending > 0 ? Date.now() : next;
    if (at === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /**
   * Leases the conversation to the operator for `leaseMs`. Taking one the operator already holds renews it;
   * one held by someone else is refused with that lease; an operator holding `capacity` leases gets no more.
   */
  async take(
    input: Omit<DeskLease, "expiresAt"> & { capacity: number; leaseMs: number },
  ): Promise<TakeResult> {
    const now = Date.now();
    this.expire(now);
    const sql = this.sql();
    const current = this.leaseOf(input.clickid, input.angelId);
    if (current && current.operatorId !== input.operatorId)
      return { ok: false, reason: "taken", lease: current };
    if (!current) {
      const held = sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM leases WHERE operator_id = ?", input.operatorId)
        .one().n;
      if (held >= input.capacity) return { ok: false, reason: "capacity", held };
    }
    const lease: DeskLease = {
      clickid: input.clickid,
      angelId: input.angelId,
      accountId: input.accountId,
      operatorId: input.operatorId,
      operatorName: input.operatorName,
      expiresAt: now + input.leaseMs,
    };
    sql.exec(
      `INSERT INTO leases VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (clickid, angel_id) DO UPDATE SET expires_at = excluded.expires_at`,
      lease.clickid,
      lease.angelId,
      lease.accountId,
      lease.operatorId,
      lease.operatorName,
      lease.expiresAt,
    );
    await this.scheduleAlarm();
    return { ok: true, lease };
  }

  /** Ends the operator's lease on the conversation (release, or a reply sent); null when not the holder. */
  async end(clickid: string, angelId: number, operatorId: number): Promise<DeskLease | null> {
    this.expire(Date.now());
    const current = this.leaseOf(clickid, angelId);
    if (!current || current.operatorId !== operatorId) return null;
    this.sql().exec("DELETE FROM leases WHERE clickid = ? AND angel_id = ?", clickid, angelId);
    await this.scheduleAlarm();
    return current;
  }

  /** The live lease on a conversation, if any. */
  lease(clickid: string, angelId: number): DeskLease | null {
    const now = Date.now();
    const current = this.leaseOf(clickid, angelId);
    return current && current.expiresAt > now ? current : null;
  }

  /** Every live lease (the queue shows who holds what). */
  leases(): DeskLease[] {
    return this.sql()
      .exec<LeaseRow>("SELECT * FROM leases WHERE expires_at > ? ORDER BY expires_at", Date.now())
      .toArray()
      .map(toLease);
  }

  async alarm() {
    this.expire(Date.now());
    const sql = this.sql();
    // Leases can expire (in a take) while the write below is under way: only the rows read here are deleted.
    const expired = sql.exec<LeaseRow & { rid: number }>("SELECT rowid AS rid, * FROM expired").toArray();
    const last = Math.max(0, ...expired.map((r) => r.rid));
    if (expired.length > 0) {
      try {
        await withDb(configOf(this.env).database, (db) =>
          db.insert(opsAuditLog).values(
            expired.map((r) => ({
              operatorId: r.operator_id,
              action: "lease_expired",
              accountId: r.account_id,
              angelId: r.angel_id,
              details: {
                clickid: r.clickid,
                expiresAt: new Date(r.expires_at).toISOString(),
              } satisfies AuditDetails,
            })),
          ),
        );
        sql.exec("DELETE FROM expired WHERE rowid <= ?", last);
      } catch (error) {
        logEvent("error", "ops.lease_expiry_audit_failed", {
          count: expired.length,
          error: errorName(error),
          code: pgCode(error),
        });
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
        return;
      }
    }
    await this.scheduleAlarm();
  }
}
