// A payment's outcome, applied exactly once. The return page, the status check, the provider's webhook and a
// retry of any of them all end here with what the provider said; the payment row is locked for the
// transaction, so whichever arrives first grants what the order buys (credits, premium level, the kept card)
// and every other arrival, concurrent or later, finds it granted and changes nothing. A paid payment the
// provider later reports refunded (a refund made in its portal, a chargeback) has what it granted taken back,
// once, as a console refund does (reversal.service.ts).
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import type { Config } from "../config";
import type { PurchaseBalances } from "../contracts/credits";
import { FINAL_STATUSES, OrderPlan, type PaymentErrorCode, type PaymentStatus } from "../contracts/payments";
import type { Db } from "../core/db";
import { databaseUnavailable, pgCode } from "../core/db-errors";
import { callOf, prepareStatement, type Query, runBatch, slot, statementFunction } from "../core/prepared";
import {
  addPurchase,
  type GrantedRow,
  grantOf,
  purchaseGrantFunction,
  type Tx,
} from "../credits/credits.service";
import type { MailRecordRow } from "../mail/mail.service";
import { ledgerPostback, ledgerPostbackInsert } from "../tracking/postbacks.service";
import { type ProviderId, type ProviderPayment, type StoredCard, shopperReferenceOf } from "./provider";
import { purchaseMailRecord, type RecordedPurchaseMail, recordPurchaseMail } from "./purchase-mail";
import { lockedAccountColumns, reversePayment } from "./reversal.service";
import {
  RUNNING,
  renewalFailed,
  renewalPaid,
  type SubscriptionEvent,
  startSubscription,
  subscriptionStart,
} from "./subscriptions.service";

export type Settlement =
  | { found: false }
  | {
      found: true;
      clickid: string;
      orderId: number;
      status: PaymentStatus;
      /** The status before this call (a refusal after pending or open is told to the member: purchKo). */
      previous: PaymentStatus;
      errorCode: PaymentErrorCode | null;
      /** This call granted the order (false when an earlier one did, or the payment did not succeed). */
      granted: boolean;
      /** This call took back what a paid payment granted (the provider reported it refunded or charged back). */
      reversed?: boolean;
      /** The member's customer id at the provider (set once a card of theirs is kept), for the charge answer. */
      customerId: string | null;
      /** The member's balances after this call's grant or reversal (only when `granted` or `reversed`). */
      balances?: PurchaseBalances;
      /** A renewal's outcome, for the mail that tells the member. */
      subscription?: SubscriptionEvent;
      /**
       * The purchase's confirmation as this call recorded it with the grant (null: none is due); absent when
       * the caller left it to tellRoom.
       */
      purchaseMail?: RecordedPurchaseMail | null;
    };

/**
 * Keeps a card the provider stored for the member (who is its customer from now on, under our shopper
 * reference); their running plan renews on it from now on. One statement: a card kept before (the same token)
 * is the one kept, its row's id either way.
 */
async function keepCard(tx: Tx, accountId: number, provider: ProviderId, card: StoredCard) {
  await tx.execute(cardKept(accountId, provider, card));
}

/** A constant list as SQL literals: a statement kept as a function holds no value outside its parameters. */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const CARD_KEPT_VALUES = [
  "accountId",
  "provider",
  "token",
  "kind",
  "brand",
  "last4",
  "expMonth",
  "expYear",
  "label",
  "customerId",
] as const;
type CardKept = Record<(typeof CARD_KEPT_VALUES)[number], unknown>;

/** keepCard's one statement, for the values `cardKeptValues` gives (placeholders for its function). */
function cardKeptStatement(v: CardKept): SQL {
  return sql`
    with kept as (
      insert into saved_cards (account_id, provider, token, kind, brand, last4, exp_month, exp_year, label)
      values (${v.accountId}, ${v.provider}, ${v.token}, ${v.kind}, ${v.brand}, ${v.last4}, ${v.expMonth}::smallint,
        ${v.expYear}::smallint, ${v.label})
      on conflict (provider, token) do update set token = excluded.token
      returning id
    ), customer as (
      update accounts set customer_id = ${v.customerId} where id = ${v.accountId}
    )
    update subscriptions set saved_card_id = (select id from kept)
    where account_id = ${v.accountId} and status in (${literals(RUNNING)})
    returning subscriptions.id as subscription_id`;
}

/** What keepCard writes: a card's digits to show, or a wallet's label. */
function cardKeptValues(accountId: number, provider: ProviderId, card: StoredCard): CardKept {
  const shown = card.kind === "card";
  return {
    accountId,
    provider,
    token: card.token,
    kind: card.kind,
    brand: shown ? card.brand : null,
    last4: shown ? card.last4 : null,
    expMonth: shown ? card.expMonth : null,
    expYear: shown ? card.expYear : null,
    label: shown ? null : (card.label ?? null),
    customerId: shopperReferenceOf(accountId),
  };
}

const cardKept = (accountId: number, provider: ProviderId, card: StoredCard) =>
  cardKeptStatement(cardKeptValues(accountId, provider, card));

/**
 * The payment a provider's report is about: by the provider's reference, or, when its answer also gives our
 * idempotency key back, the payment of that key whose reference was never recorded (the database was lost
 * between the charge and that write). Never another payment's reference.
 */
export function reportedPayment(
  provider: ProviderId,
  reported: Pick<ProviderPayment, "reference" | "merchantReference">,
) {
  const byReference = eq(payments.reference, reported.reference);
  const byOurKey = reported.merchantReference
    ? and(isNull(payments.reference), eq(payments.idempotencyKey, reported.merchantReference))
    : undefined;
  return and(eq(payments.provider, provider), byOurKey ? or(byReference, byOurKey) : byReference);
}

/** What the caller of a settlement already knows, and what it leaves to it. */
export interface SettleOptions {
  /**
   * The payment the provider's answer is to (the charge just made): found by its id, its reference recorded
   * here if it is not yet.
   */
  paymentId?: number;
  /**
   * The purchase's confirmation is recorded with its grant, in the same transaction (the settlement's
   * `purchaseMail`); without it tellRoom mails it after the grant.
   */
  purchaseMail?: Config;
}

/** Applies what the provider says of one of its payments; a payment it does not know of is `found: false`. */
export function settlePayment(
  db: Db,
  provider: ProviderId,
  reported: ProviderPayment,
  options: SettleOptions = {},
): Promise<Settlement> {
  const { paymentId } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payment: payments, order: orders, account: lockedAccountColumns })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(
        paymentId !== undefined
          ? and(eq(payments.id, paymentId), eq(payments.provider, provider))
          : reportedPayment(provider, reported),
      )
      .for("update");
    if (!row) return { found: false };
    const { payment, order, account } = row;
    const current = payment.status as PaymentStatus;
    // Found by our key or by its id: the reference the charge's answer has not recorded is recorded now, by
    // the grant's own write when this call grants.
    const unrecorded = payment.reference === null ? { reference: reported.reference } : {};
    const grants = reported.status === "succeeded" && !FINAL_STATUSES.includes(current) && !account.erasedAt;
    if (payment.reference === null && !grants) {
      await tx.update(payments).set(unrecorded).where(eq(payments.id, payment.id));
    }
    const answer = (status: PaymentStatus, errorCode: string | null, granted = false) => ({
      found: true as const,
      clickid: account.clickid,
      orderId: order.id,
      status,
      previous: current,
      customerId: reported.storedCard ? shopperReferenceOf(account.id) : account.customerId,
      errorCode: errorCode as PaymentErrorCode | null,
      granted,
    });
    // Money gone back at the provider after the grant: the refund row makes a replay (or the console's own
    // refund of it) change nothing more. The member is not mailed: they asked the provider or their bank.
    if (current === "succeeded" && reported.status === "refunded") {
      const reversed = await reversePayment(tx, row, {
        operatorId: null,
        reason: reported.reversal === "chargeback" ? "chargeback" : "provider_refund",
      });
      return reversed
        ? { ...answer("refunded", null), reversed: true, balances: reversed.balances }
        : answer(current, payment.errorCode);
    }
    // A final payment stays as it is: a late "pending" or a replayed failure cannot undo a grant.
    if (FINAL_STATUSES.includes(current)) return answer(current, payment.errorCode);
    // An erased member is never brought back: a late outcome is recorded on the kept payment (for the
    // accounts and the console, which refunds it), and nothing is granted, kept or started.
    if (account.erasedAt) {
      await tx
        .update(payments)
        .set({ status: reported.status, errorCode: reported.errorCode ?? null, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      return answer(reported.status, reported.errorCode ?? null);
    }

    const paidWith = reported.card ? { cardBrand: reported.card.brand, cardLast4: reported.card.last4 } : {};
    if (reported.status !== "succeeded") {
      const errorCode = reported.errorCode ?? null;
      if (reported.status !== current || errorCode !== payment.errorCode) {
        await tx
          .update(payments)
          .set({ status: reported.status, errorCode, ...paidWith, updatedAt: sql`now()` })
          .where(eq(payments.id, payment.id));
      }
      const ended = reported.status === "failed" || reported.status === "canceled";
      if (ended && payment.purpose === "renewal") {
        const subscription = await renewalFailed(tx, payment);
        return { ...answer(reported.status, errorCode), ...(subscription ? { subscription } : {}) };
      }
      return answer(reported.status, errorCode);
    }

    await tx
      .update(payments)
      .set({
        ...unrecorded,
        status: "succeeded",
        errorCode: null,
        ...paidWith,
        grantedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    // The card (or PayPal wallet) the member gave last is kept for one-tap payments, and renewals are charged to it.
    if (reported.storedCard) await keepCard(tx, account.id, provider, reported.storedCard);
    if (order.kind === "verification") {
      // The zero-amount card check: the member may read blurred replies from now on. No credits, no level.
      await tx.update(accounts).set({ verifiedUser: true }).where(eq(accounts.id, account.id));
      return answer("succeeded", null, true);
    }
    const plan = OrderPlan.parse(order.plan);
    const grant = await addPurchase(tx, account, {
      credits: plan.crediti + plan.creditiPromo,
      premiumLevel: plan.premiumLevel,
      reference: `payment:${payment.id}`,
    });
    if (!grant.ok) throw new Error("the locked account row could not be granted");
    const subscription =
      payment.purpose === "renewal"
        ? await renewalPaid(tx, payment)
        : await startSubscription(tx, account, payment, plan, provider, reported.storedCard?.token ?? null);
    await ledgerPostback(tx, {
      kind: payment.purpose === "renewal" ? "renewal" : "sale",
      paymentId: payment.id,
      orderId: order.id,
      brandId: account.brandId,
      clickid: account.clickid,
      accountId: account.id,
      amountCents: payment.amountCents,
      currency: order.currency,
    });
    const purchaseMail =
      options.purchaseMail && grant.applied
        ? await recordPurchaseMail(tx, options.purchaseMail, { payment, order, account })
        : undefined;
    const { creditiMessaggi, creditiIcebreaker, premiumLevel, written } = grant;
    return {
      ...answer("succeeded", null, grant.applied),
      ...(purchaseMail !== undefined ? { purchaseMail } : {}),
      balances: { creditiMessaggi, creditiIcebreaker, premiumLevel, written },
      ...(subscription ? { subscription } : {}),
    };
  });
}

/** What the request that opened a plan's payment knows of it from its opening's statement. */
export interface OpenedPlanPayment {
  paymentId: number;
  orderId: number;
  plan: OrderPlan;
  /** The member ticked the checkout's request for immediate performance. */
  performanceConsent: boolean;
  account: { id: number; clickid: string; brandId: string; email: string };
}

/** The first statement of a grant settled in one request: the lock settlePayment takes, and what it reads. */
const openedGrantLock = prepareStatement(
  sql`select p.status, a.customer_id, a.crediti_messaggi, a.crediti_icebreaker, a.premium_level
    from payments p join orders o on o.id = p.order_id join accounts a on a.id = o.account_id
    where p.id = ${slot("paymentId")} and p.provider = ${slot("provider")}
    for update`,
  "the opened grant's lock",
);

/**
 * Its second: the payment paid only while it is open and the member not erased, else the whole request undone
 * (settlement_expect, whose void answer goes out as text: a function's column cannot be void).
 */
const openedGrantPaid = prepareStatement(
  sql`with paid as (
      update payments set status = 'succeeded', error_code = null,
        reference = coalesce(reference, ${slot("reference")}), granted_at = now(), updated_at = now(),
        card_brand = coalesce(${slot("cardBrand")}, card_brand), card_last4 = coalesce(${slot("cardLast4")}, card_last4)
      where id = ${slot("paymentId")} and provider = ${slot("provider")} and status not in (${literals(FINAL_STATUSES)})
        and exists (select 1 from accounts where id = ${slot("accountId")} and erased_at is null)
      returning id
    )
    select settlement_expect(count(*) = 1)::text as expected from paid`,
  "the opened grant's payment",
);

const SETTLEMENT_TYPES = {
  paymentId: "bigint",
  provider: "text",
  reference: "text",
  cardBrand: "text",
  cardLast4: "text",
  accountId: "bigint",
  token: "text",
  kind: "text",
  brand: "text",
  last4: "text",
  expMonth: "integer",
  expYear: "integer",
  label: "text",
  customerId: "text",
};

/** The statements of a grant settled in one request, as functions (migrations/0028_checkout_functions.sql). */
export const settlementFunctions = {
  lock: statementFunction("settlement_lock", openedGrantLock, {
    types: SETTLEMENT_TYPES,
    returns:
      "status text, customer_id text, crediti_messaggi integer, crediti_icebreaker integer, premium_level integer",
    volatility: "VOLATILE",
    what: "the opened grant's lock",
  }),
  paid: statementFunction("settlement_paid", openedGrantPaid, {
    types: SETTLEMENT_TYPES,
    returns: "expected text",
    volatility: "VOLATILE",
    what: "the opened grant's payment",
  }),
  cardKept: statementFunction(
    "settlement_card_kept",
    prepareStatement(
      cardKeptStatement(Object.fromEntries(CARD_KEPT_VALUES.map((key) => [key, slot(key)])) as CardKept),
      "the kept card's",
    ),
    {
      types: SETTLEMENT_TYPES,
      returns: "subscription_id bigint",
      volatility: "VOLATILE",
      what: "the kept card's",
    },
  ),
  grant: purchaseGrantFunction,
};

/** The first statement of settleOpenedGrant: what settlePayment's lock reads of the member, as it was. */
type LockedRow = {
  status: PaymentStatus;
  customer_id: string | null;
  crediti_messaggi: number;
  crediti_icebreaker: number;
  premium_level: number;
};

/**
 * A plan's purchase that the provider granted in its first answer, settled in one request to the database
 * (httpBatch: one transaction, all or nothing) with the rows settlePayment's grant writes, instead of an
 * interactive transaction and its round trips. The first statement locks the payment, its order and the member
 * as settlePayment does; the second marks the payment paid only while it is open and the member not erased, and
 * otherwise undoes the whole request (settlement_expect); the confirmation's record goes with them. Null when
 * the database refused the request (a concurrent settlement came first, the member was erased, a write
 * failed) or the confirmation cannot be recorded: nothing of it was written, and the caller settles with
 * settlePayment, which answers what happened.
 */
export async function settleOpenedGrant(
  config: Config,
  provider: ProviderId,
  reported: ProviderPayment,
  opened: OpenedPlanPayment,
): Promise<Settlement | null> {
  const { account, plan, paymentId, orderId } = opened;
  let mail: ReturnType<typeof purchaseMailRecord>;
  try {
    mail = purchaseMailRecord(config, {
      payment: { id: paymentId, purpose: "initial", amountCents: plan.prezzoTotale },
      order: {
        id: orderId,
        kind: "purchase",
        plan,
        currency: plan.currency,
        performanceConsentAt: opened.performanceConsent ? new Date() : null,
      },
      account: { ...account, erasedAt: null },
    });
  } catch {
    // A confirmation that cannot be recorded (mail not configured) leaves the grant to settlePayment, which
    // logs it and grants all the same.
    return null;
  }
  const grant = callOf(purchaseGrantFunction, {
    accountId: account.id,
    credits: plan.crediti + plan.creditiPromo,
    premiumLevel: plan.premiumLevel,
    reference: `payment:${paymentId}`,
  });
  const statements: (SQL | Query)[] = [
    callOf(settlementFunctions.lock, { paymentId, provider }),
    callOf(settlementFunctions.paid, {
      paymentId,
      provider,
      reference: reported.reference,
      cardBrand: reported.card?.brand ?? null,
      cardLast4: reported.card?.last4 ?? null,
      accountId: account.id,
    }),
    ...(reported.storedCard
      ? [callOf(settlementFunctions.cardKept, cardKeptValues(account.id, provider, reported.storedCard))]
      : []),
    grant,
    ...subscriptionStart(account.id, orderId, plan, provider, reported.storedCard?.token ?? null),
    ledgerPostbackInsert({
      kind: "sale",
      paymentId,
      orderId,
      brandId: account.brandId,
      clickid: account.clickid,
      accountId: account.id,
      amountCents: plan.prezzoTotale,
      currency: plan.currency,
    }),
    ...(mail ? [mail.statement] : []),
  ];
  let results: Awaited<ReturnType<typeof runBatch>>;
  try {
    results = await runBatch(config.database, statements);
  } catch (error) {
    if (pgCode(error) !== undefined && !databaseUnavailable(error)) return null;
    throw error;
  }
  const locked = results[0]?.rows[0] as LockedRow | undefined;
  if (!locked) throw new Error("the settled payment's row was not read");
  const granted = grantOf(
    {
      messageCredits: locked.crediti_messaggi,
      icebreakerCredits: locked.crediti_icebreaker,
      premiumLevel: locked.premium_level,
    },
    results[statements.indexOf(grant)]?.rows[0] as GrantedRow | undefined,
  );
  if (!granted.ok) throw new Error("the locked account row could not be granted");
  const { creditiMessaggi, creditiIcebreaker, premiumLevel, written } = granted;
  return {
    found: true,
    clickid: account.clickid,
    orderId,
    status: "succeeded",
    previous: locked.status,
    customerId: reported.storedCard ? shopperReferenceOf(account.id) : locked.customer_id,
    errorCode: null,
    granted: granted.applied,
    balances: { creditiMessaggi, creditiIcebreaker, premiumLevel, written },
    purchaseMail: mail ? mail.outcome((results.at(-1)?.rows ?? []) as MailRecordRow[]) : null,
  };
}
