// Credits bought: the one place where a purchase adds message credits and sets the premium level, with its
// ledger row, exactly once per payment reference (the ledger's unique (balance, reference) key). Payments
// call it from whichever path learns of the payment first (return page, status check, webhook); then the
// member's room sends the message that was pending for lack of credits (afterPurchase, worker/realtime/handlers.ts).
import { eq, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { type Balances, type GrantWritten, toBalances } from "../contracts/credits";
import type { Db } from "../core/db";
import { prepareStatement, slot, statementFunction } from "../core/prepared";

export interface Purchase {
  clickid: string;
  /** Message credits the plan adds (crediti plus crediti_promo). */
  credits: number;
  /** The plan's premium level (0 for a plain credit top-up of a free member). */
  premiumLevel: number;
  /** The provider's payment reference: a second grant with it changes nothing. */
  reference: string;
}

export type GrantResult =
  | ({
      ok: true;
      /** False when this reference was granted before (nothing changed). */
      applied: boolean;
      premiumLevel: number;
      /** When applied: its place among the balances' changes, for the member's room. */
      written?: GrantWritten;
    } & Balances)
  | { ok: false; reason: "unknown_account" };

/** A transaction of the Worker's database, for services that add their rows to a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The balances a grant's statement answers (`purchaseGrant`), or none when the reference was granted before. */
export type GrantedRow = {
  crediti_messaggi: number;
  crediti_icebreaker: number;
  premium_level: number;
  balance_seq: number;
  messaggio_pending: unknown;
};

/**
 * The grant's one statement: the ledger row (whose unique reference makes a second grant of one payment change
 * nothing), then the credits and the premium level, with the level's own ledger row when it rises. Its parts
 * see the row as it was before it. Answers the balances after it, or no row when nothing changed.
 */
export function purchaseGrant(accountId: number, purchase: Omit<Purchase, "clickid">): SQL {
  const reference = sql`'purchase:' || ${purchase.reference}::text`;
  const level = sql`${purchase.premiumLevel}::int`;
  return sql`
    with member as (
      select id, crediti_messaggi, premium_level from accounts where id = ${accountId}
    ), ledger as (
      insert into credit_ledger (account_id, balance, delta, balance_after, reason, reference)
      select id, 'messaggi', ${purchase.credits}, crediti_messaggi + ${purchase.credits}, 'purchase', ${reference}
      from member
      on conflict do nothing
      returning id
    ), premium as (
      insert into credit_ledger (account_id, balance, delta, balance_after, reason, reference)
      select member.id, 'premium', ${level} - member.premium_level, ${level}, 'purchase', ${reference}
      from member, ledger where member.premium_level < ${level}
    )
    update accounts set crediti_messaggi = accounts.crediti_messaggi + ${purchase.credits},
      premium_level = greatest(accounts.premium_level, ${level})
    from ledger
    where accounts.id = ${accountId}
    returning accounts.crediti_messaggi, accounts.crediti_icebreaker, accounts.premium_level,
      accounts.balance_seq, accounts.messaggio_pending`;
}

/** The grant's statement as a function, for the settlement sent in one request (settleOpenedGrant). */
export const purchaseGrantFunction = statementFunction(
  "purchase_grant",
  prepareStatement(
    purchaseGrant(slot("accountId"), {
      credits: slot("credits"),
      premiumLevel: slot("premiumLevel"),
      reference: slot("reference"),
    }),
    "the grant's",
  ),
  {
    types: { accountId: "bigint", credits: "integer", premiumLevel: "integer", reference: "text" },
    returns: `crediti_messaggi integer, crediti_icebreaker integer, premium_level integer, balance_seq integer,
  messaggio_pending jsonb`,
    volatility: "VOLATILE",
    what: "the grant's",
  },
);

/** What a grant's statement answered, for the member's row as the caller locked it. */
export function grantOf(
  account: Pick<typeof accounts.$inferSelect, "messageCredits" | "icebreakerCredits" | "premiumLevel">,
  updated: GrantedRow | undefined,
): GrantResult {
  if (!updated) {
    return { ok: true, applied: false, premiumLevel: account.premiumLevel, ...toBalances(account) };
  }
  const balances = {
    messageCredits: updated.crediti_messaggi,
    icebreakerCredits: updated.crediti_icebreaker,
  };
  const written = { balanceSeq: Number(updated.balance_seq), pending: updated.messaggio_pending ?? null };
  return { ok: true, applied: true, premiumLevel: updated.premium_level, ...toBalances(balances), written };
}

/** Inside the caller's transaction, on an account row it has locked: the grant (`purchaseGrant`). */
export async function addPurchase(
  tx: Tx,
  account: Pick<typeof accounts.$inferSelect, "id" | "messageCredits" | "icebreakerCredits" | "premiumLevel">,
  purchase: Omit<Purchase, "clickid">,
): Promise<GrantResult> {
  const { rows } = await tx.execute<GrantedRow>(purchaseGrant(account.id, purchase));
  return grantOf(account, rows[0]);
}

/**
 * Sets the premium level inside the caller's transaction, on an account row it has locked, with its ledger
 * row (balance `premium`, the level's change and the level after). No change, no row. A reference makes it
 * apply once: a second call with the same reference changes nothing and answers false.
 */
export async function changePremiumLevel(
  tx: Tx,
  account: Pick<typeof accounts.$inferSelect, "id" | "premiumLevel">,
  change: { premiumLevel: number; reason: string; reference: string },
): Promise<boolean> {
  if (change.premiumLevel === account.premiumLevel) return false;
  const [ledger] = await tx
    .insert(creditLedger)
    .values({
      accountId: account.id,
      balance: "premium",
      delta: change.premiumLevel - account.premiumLevel,
      balanceAfter: change.premiumLevel,
      reason: change.reason,
      reference: change.reference,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (!ledger) return false;
  await tx.update(accounts).set({ premiumLevel: change.premiumLevel }).where(eq(accounts.id, account.id));
  return true;
}

/**
 * The spec's creditiMessaggiAbbonamento: of the member's message credits, those that came from the plan
 * that renews for them now (its first payment and every renewal since), as opposed to bought packs. A
 * message spends the plan's credits first (they come back with each renewal; a pack's stay until used), so
 * what is left of them is what the plan granted less every message spent since it started, never more than
 * the balance. A plan that has ended (or a member without one) leaves none: the credits it granted stay the
 * member's, as ordinary credits. One statement: the running plan, its grants and the spends since.
 */
export async function subscriptionCredits(db: Db, accountId: number): Promise<number> {
  const result = await db.execute<{ credits: number | null }>(sql`
    with plan as (
      select s.order_id, s.created_at from subscriptions s
      where s.account_id = ${accountId} and s.status in ('active', 'past_due', 'canceled')
      order by s.id desc limit 1
    ), granted as (
      select coalesce(sum(l.delta), 0)::int as n from plan, payments p
      join credit_ledger l on l.account_id = ${accountId} and l.balance = 'messaggi'
        and l.reference = 'purchase:payment:' || p.id
      where p.order_id = plan.order_id
    ), spent as (
      select coalesce(-sum(l.delta), 0)::int as n from plan, credit_ledger l
      where l.account_id = ${accountId} and l.balance = 'messaggi' and l.reason = 'message'
        and l.delta < 0 and l.created_at >= plan.created_at
    )
    select least(greatest(granted.n - spent.n, 0), a.crediti_messaggi)::int as credits
    from plan, granted, spent, accounts a where a.id = ${accountId}`);
  return Number(result.rows[0]?.credits ?? 0);
}
