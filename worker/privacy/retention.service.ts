// The retention job (GDPR art. 5(1)(e)): on each cron run, what is no longer needed is deleted, each kind after
// the period of the typed config (rights.config.ts), which the privacy page states. Each step deletes a bounded
// batch, so a backlog is worked off over several runs and no run holds the database for long.
import { and, isNull, lt, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { emailDigestItems } from "../../drizzle/schema/digest";
import { mailOutbox, mailSent } from "../../drizzle/schema/mail";
import { notificationDeliveries, pushOutbox } from "../../drizzle/schema/notifications";
import { opsAuditLog } from "../../drizzle/schema/ops";
import { phoneCodes, phoneNumberSends, smsOutbox } from "../../drizzle/schema/phone";
import { dataExports, deletionCodes } from "../../drizzle/schema/privacy";
import { telegramOutbox, telegramTokens } from "../../drizzle/schema/telegram";
import { events } from "../../drizzle/schema/tracking";
import { logEvent } from "../core/log";
import { auditRight } from "./audit.service";
import { type ErasureDeps, eraseAccount } from "./erasure.service";
import { days, RETENTION_BATCH } from "./rights.config";

export type RetentionCounts = Record<string, number>;

/** Deletes at most a batch of a table's rows matching `where` (by their ctid: any table, whatever its key). */
async function deleteBatch(
  deps: ErasureDeps,
  table: Parameters<ErasureDeps["db"]["delete"]>[0],
  where: ReturnType<typeof sql>,
) {
  const rows = await deps.db
    .delete(table)
    .where(sql`ctid in (select ctid from ${table} where ${where} limit ${RETENTION_BATCH})`)
    .returning();
  return rows.length;
}

/** One run of every retention step at `now`; answers how many rows each deleted. */
export async function runRetention(deps: ErasureDeps, now: Date): Promise<RetentionCounts> {
  const r = deps.config.rights.retention;
  const before = (n: number) => new Date(now.getTime() - days(n));
  const counts: RetentionCounts = {
    events: await deleteBatch(deps, events, sql`${events.createdAt} < ${before(r.eventsDays)}`),
    mail_sent: await deleteBatch(deps, mailSent, sql`${mailSent.sentAt} < ${before(r.mailLogDays)}`),
    mail_outbox: await deleteBatch(deps, mailOutbox, sql`${mailOutbox.createdAt} < ${before(r.outboxDays)}`),
    sms_outbox: await deleteBatch(deps, smsOutbox, sql`${smsOutbox.createdAt} < ${before(r.outboxDays)}`),
    push_outbox: await deleteBatch(deps, pushOutbox, sql`${pushOutbox.createdAt} < ${before(r.outboxDays)}`),
    notification_deliveries: await deleteBatch(
      deps,
      notificationDeliveries,
      sql`${notificationDeliveries.sentAt} < ${before(r.notificationLogDays)}`,
    ),
    telegram_outbox: await deleteBatch(
      deps,
      telegramOutbox,
      sql`${telegramOutbox.createdAt} < ${before(r.outboxDays)}`,
    ),
    // Notification digests' lines once mailed (or dropped), kept as long as the log of mails sent.
    email_digest_items: await deleteBatch(
      deps,
      emailDigestItems,
      sql`${emailDigestItems.sentAt} < ${before(r.mailLogDays)}`,
    ),
    telegram_tokens: await deleteBatch(
      deps,
      telegramTokens,
      sql`${telegramTokens.expiresAt} < ${before(r.expiredCodesDays)}`,
    ),
    ops_audit_log: await deleteBatch(
      deps,
      opsAuditLog,
      sql`${opsAuditLog.createdAt} < ${before(r.auditDays)}`,
    ),
    phone_codes: await deleteBatch(
      deps,
      phoneCodes,
      sql`${phoneCodes.expiresAt} < ${before(r.expiredCodesDays)}`,
    ),
    phone_number_sends: await deleteBatch(
      deps,
      phoneNumberSends,
      sql`${phoneNumberSends.windowStartedAt} < ${before(r.expiredCodesDays)}`,
    ),
    deletion_codes: await deleteBatch(
      deps,
      deletionCodes,
      sql`${deletionCodes.expiresAt} < ${before(r.expiredCodesDays)}`,
    ),
    data_exports: await deleteBatch(
      deps,
      dataExports,
      sql`${dataExports.expiresAt} < ${before(r.expiredCodesDays)}`,
    ),
    unverified_accounts: await eraseUnverified(deps, before(r.unverifiedAccountDays)),
    payment_records: await deletePaymentRecords(
      deps,
      new Date(now.getTime() - days(365 * r.paymentRecordYears)),
    ),
  };
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total > 0) logEvent("info", "privacy.retention_run", counts);
  return counts;
}

/**
 * Accounts whose flow asks for the e-mail's confirmation (double opt-in) that never confirmed it, never paid
 * and were not used since `unusedSince`: erased as a deletion would be (their rows, their photos).
 */
async function eraseUnverified(deps: ErasureDeps, unusedSince: Date): Promise<number> {
  const stale = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        isNull(accounts.erasedAt),
        sql`${accounts.confirmedEmail} = false`,
        lt(accounts.createdAt, unusedSince),
        sql`coalesce(${accounts.lastActivity}, ${accounts.createdAt}) < ${unusedSince}`,
        sql`exists (select 1 from flows where flows.flux_id = ${accounts.fluxId} and flows.config->>'optin' = 'doi')`,
        sql`not exists (select 1 from orders where orders.account_id = ${accounts.id})`,
      ),
    )
    .limit(RETENTION_BATCH / 10);
  let erased = 0;
  for (const { id } of stale) {
    if (await eraseAccount(deps, id)) erased++;
  }
  return erased;
}

/**
 * Payment records past the accounting law's period: the orders (with their payments, refunds and withdrawals)
 * older than it whose plan no longer runs; an erased member's shell goes with its last record.
 */
async function deletePaymentRecords(deps: ErasureDeps, olderThan: Date): Promise<number> {
  const { db } = deps;
  const old = await db.execute<{ id: number }>(sql`
    select o.id from orders o
    where o.created_at < ${olderThan}
      and not exists (select 1 from subscriptions s where s.order_id = o.id and s.status <> 'ended')
      and not exists (select 1 from payments p where p.order_id = o.id and p.created_at >= ${olderThan})
    limit ${RETENTION_BATCH / 10}`);
  const ids = old.rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  await db.transaction(async (tx) => {
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(
      sql`delete from withdrawals where payment_id in (select id from payments where order_id in (${list}))`,
    );
    await tx.execute(
      sql`delete from refunds where payment_id in (select id from payments where order_id in (${list}))`,
    );
    await tx.execute(sql`delete from subscriptions where order_id in (${list})`);
    await tx.execute(sql`delete from orders where id in (${list})`);
    // A shell with nothing left to point to it goes too (its tombstones stay).
    await tx.execute(sql`
      delete from accounts a where a.erased_at is not null
        and not exists (select 1 from orders o where o.account_id = a.id)
        and not exists (select 1 from withdrawals w where w.account_id = a.id)`);
  });
  return ids.length;
}

/** The job's step in the audit log, when it deleted anything. */
export async function auditRetention(deps: Pick<ErasureDeps, "db">, counts: RetentionCounts) {
  if (Object.values(counts).some((n) => n > 0))
    await auditRight(deps.db, "retention_run", null, { rows: counts });
}
