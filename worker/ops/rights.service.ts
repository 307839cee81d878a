// The members' rights requests the console lists: deletions still waiting or recently erased, and the
// withdrawals still open or recent.
import { and, desc, gt, isNotNull, or, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import { withdrawals } from "../../drizzle/schema/withdrawals";
import type { Db } from "../core/db";

/** How far back the view lists finished requests. */
const RECENT_DAYS = 90;
const LIMIT = 200;
const DAY_MS = 86_400_000;

export async function rightsRequests(db: Db, now: number) {
  const since = new Date(now - RECENT_DAYS * DAY_MS);
  const deletionRows = await db
    .select({
      id: accounts.id,
      brandId: accounts.brandId,
      requestedAt: accounts.deletionRequestedAt,
      dueAt: accounts.erasureDueAt,
      erasedAt: accounts.erasedAt,
    })
    .from(accounts)
    .where(
      or(
        and(isNotNull(accounts.erasureDueAt), sql`${accounts.erasedAt} is null`),
        gt(accounts.erasedAt, since),
      ),
    )
    .orderBy(desc(accounts.erasureDueAt))
    .limit(LIMIT);
  const withdrawalRows = await db
    .select({ withdrawal: withdrawals, provider: payments.provider, currency: orders.currency })
    .from(withdrawals)
    .innerJoin(payments, sql`${payments.id} = ${withdrawals.paymentId}`)
    .innerJoin(orders, sql`${orders.id} = ${payments.orderId}`)
    .where(or(gt(withdrawals.createdAt, since), sql`${withdrawals.status} <> 'refunded'`))
    .orderBy(desc(withdrawals.id))
    .limit(LIMIT);
  return { deletionRows, withdrawalRows };
}
