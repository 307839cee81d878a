// The shape of the registry of personal data (personal-data.ts): what a column holds, the member a request is
// about, and the entry of a member table or of a table without members' data.
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * What a column of a member table holds:
 * - `key`: a row id, a foreign key or the member's public handle: in the archive; kept on kept rows.
 * - `personal`: about the member: in the archive; erased (the row deleted, or the value cleared on a kept row).
 * - `secret`: about the member but never handed out (a password hash, a token's or a code's hash): not in the
 *   archive; erased.
 * - `record`: a fact kept by law on a kept row (a payment's amount and date for tax, the proof of an erasure): in
 *   the archive; kept.
 * - `service`: the service's own working value (a version counter, a lease): not in the archive; kept.
 */
export type ColumnUse = "key" | "personal" | "secret" | "record" | "service";

/** The member an archive or an erasure is about: what their rows in each table are found by. */
export interface DataSubject {
  id: number;
  clickid: string;
  brandId: string;
  email: string;
  phone: string | null;
}

type Columns<T extends PgTable> = Record<keyof T["$inferSelect"], ColumnUse>;

/** A table that holds members' rows. */
export interface MemberTable<T extends PgTable = PgTable> {
  name: string;
  table: T;
  /** The member's rows: the condition that finds them. */
  rows: (m: DataSubject) => SQL;
  /**
   * `delete`: the rows go. `pseudonymise`: the rows stay for what the law keeps (payment records for 10 years), their
   * personal columns cleared; the account they point to is a shell with nothing of the person left.
   */
  erasure: "delete" | "pseudonymise";
  /** The archive's file for these rows (`data/{file}.json`), or null for what production never keeps (the outboxes). */
  file: string | null;
  columns: Columns<T>;
  /**
   * On a kept row: the value a personal column that cannot be null and has no default is set to, or a scrub of
   * a kept column (a record's mention of an identifier).
   */
  erasedValues?: Partial<Record<keyof T["$inferSelect"], (m: DataSubject) => SQL>>;
}

/** A table that holds nobody's data among the members, and why. */
export interface OtherTable {
  name: string;
  table: PgTable;
  why: string;
}

export const member = <T extends PgTable>(entry: MemberTable<T>): MemberTable =>
  entry as unknown as MemberTable;

/** The payments of the member's orders: a row of theirs through its order. */
export const ofOrders = (m: DataSubject) => sql`(select id from orders where account_id = ${m.id})`;
export const ofPayments = (m: DataSubject) => sql`(select id from payments where order_id in ${ofOrders(m)})`;
/** A provider's references of the member's payments (their card records at Maxpay, the sandbox's transactions). */
export const referencesAt = (m: DataSubject, provider: string) =>
  sql`(select reference from payments where provider = ${provider} and reference is not null and order_id in ${ofOrders(m)})`;
