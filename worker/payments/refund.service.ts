// A supervisor's refund of a payment, from the console. The provider is asked first, with an idempotency key
// derived from the payment (a double click, a retry, two tabs: one refund at the provider). Only on its yes,
// in one transaction on the locked payment, order and account rows, what the payment granted is taken back
// (reversal.service.ts: credits, the order's plan, the premium level down to what is still paid). A refusal
// changes nothing here. Then the member is told: an e-mail, and the new balances on every open tab.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import { brandOf } from "../brands/registry";
import { brandWithCompany } from "../brands/resolve";
import { formatMoney } from "../contracts/money";
import { OrderPlan } from "../contracts/payments";
import type { Db } from "../core/db";
import { errorName, logEvent } from "../core/log";
import type { Tx } from "../credits/credits.service";
import type { AppEnv } from "../env";
import { type SendResult, sendMail } from "../mail/mail.service";
import { memberRoom } from "../realtime/member-room";
import { type PaymentProvider, PROVIDER_IDS, type ProviderId, ProviderUnsupported } from "./provider";
import { providerById } from "./providers";
import { type Reversed, reversePayment } from "./reversal.service";

/** The key the provider gets for a payment's refund: the same for every attempt, so it refunds once. */
export const refundIdempotencyKey = (payment: { idempotencyKey: string }) =>
  `refund_${payment.idempotencyKey}`;

export interface RefundRequest {
  paymentId: number;
  /** The supervisor who refunds (null for a refund the system applies). */
  operatorId: number | null;
  reason: string;
  /** The brands whose members' payments the refunder may touch; another brand's payment is not_found. */
  brands: readonly string[];
  /** Part of the payment (a withdrawal's proportional refund); the whole payment when absent. */
  amountCents?: number;
}

/** What a refund did, for the console, the audit log and the member. */
export interface Refunded extends Reversed {
  paymentId: number;
  orderId: number;
  accountId: number;
  clickid: string;
  brandId: string;
  email: string;
  amountCents: number;
  currency: string;
  planName: string;
  reason: string;
}

export type RefundFailure =
  /** No such payment. */
  | "not_found"
  /** Not a payment that took money (failed, pending, the zero-amount card check). */
  | "not_refundable"
  /** Refunded before (another click won, or an earlier refund). */
  | "already_refunded"
  /** The provider said no: nothing changed. */
  | "provider_refused"
  /** The provider has no refund API (Coda): the payment is refunded in its own portal; nothing changed here. */
  | "refund_in_portal";

export type RefundResult =
  | { ok: true; refund: Refunded }
  | {
      ok: false;
      reason: RefundFailure;
      /** The provider's error code when it refused. */
      errorCode?: string;
      /** The payment's provider (the one whose portal refunds it). */
      provider?: ProviderId;
      payment?: { accountId: number; amountCents: number; currency: string };
    };

export interface RefundHooks {
  /** Runs inside the refund's transaction (the console's audit row: no refund without it). */
  inTransaction?: (tx: Tx, refund: Refunded) => Promise<void>;
}

const planNameOf = (order: typeof orders.$inferSelect) => {
  const plan = OrderPlan.safeParse(order.plan);
  return plan.success ? plan.data.nomePiano : order.productId;
};

async function paymentWithOrder(db: Db | Tx, paymentId: number, lock = false) {
  const query = db
    .select({ payment: payments, order: orders, account: accounts })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(payments.id, paymentId));
  // The same rows, locked in the same statement, as the settlement locks them.
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * Refunds a payment in full at its provider, then takes back what it granted. See the module comment for
 * the order of things; a provider that says no leaves everything as it was.
 */
export async function refundPayment(
  db: Db,
  /** The provider a payment was made with, with the credentials of its order's brand. */
  providerOf: (id: ProviderId, brandId: string) => PaymentProvider,
  request: RefundRequest,
  hooks: RefundHooks = {},
): Promise<RefundResult> {
  const found = await paymentWithOrder(db, request.paymentId);
  // Another brand's payment is no payment of this refunder's: nothing of it is told.
  if (!found || !request.brands.includes(found.order.brandId)) return { ok: false, reason: "not_found" };
  const { payment, order } = found;
  const summary = { accountId: order.accountId, amountCents: payment.amountCents, currency: order.currency };
  if (payment.status === "refunded") return { ok: false, reason: "already_refunded", payment: summary };
  if (
    payment.status !== "succeeded" ||
    !payment.reference ||
    payment.amountCents <= 0 ||
    !(PROVIDER_IDS as readonly string[]).includes(payment.provider)
  ) {
    return { ok: false, reason: "not_refundable", payment: summary };
  }
  const amountCents = request.amountCents ?? payment.amountCents;
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > payment.amountCents) {
    return { ok: false, reason: "not_refundable", payment: summary };
  }
  const provider = providerOf(payment.provider as ProviderId, order.brandId);

  const reference = payment.reference;
  let answer: Awaited<ReturnType<PaymentProvider["refund"]>>;
  try {
    answer = await provider.refund({
      reference,
      amountCents,
      idempotencyKey: refundIdempotencyKey(payment),
    });
  } catch (error) {
    if (error instanceof ProviderUnsupported) {
      logEvent("warn", "payments.refund_in_portal", { paymentId: payment.id, provider: payment.provider });
      return { ok: false, reason: "refund_in_portal", provider: provider.id, payment: summary };
    }
    logEvent("error", "payments.refund_provider_failed", { paymentId: payment.id, error: errorName(error) });
    answer = { ok: false, errorCode: "problemi_api" };
  }
  if (!answer.ok) {
    // A provider that keeps no answer per key refuses a second refund of one payment: when its records say
    // the payment is refunded (a concurrent click, or an attempt whose transaction never ran), the refund
    // happened and is applied here, once.
    const view = await provider.checkPayment(reference).catch(() => null);
    if (view?.status !== "refunded") {
      logEvent("warn", "payments.refund_refused", { paymentId: payment.id, errorCode: answer.errorCode });
      return {
        ok: false,
        reason: "provider_refused",
        errorCode: answer.errorCode ?? "generico",
        payment: summary,
      };
    }
  }

  return db.transaction(async (tx): Promise<RefundResult> => {
    const locked = await paymentWithOrder(tx, payment.id, true);
    if (!locked) return { ok: false, reason: "not_found" };
    if (locked.payment.status !== "succeeded")
      return { ok: false, reason: "already_refunded", payment: summary };
    const reversed = await reversePayment(tx, locked, {
      operatorId: request.operatorId,
      reason: request.reason,
      amountCents,
    });
    if (!reversed) return { ok: false, reason: "already_refunded", payment: summary };
    const { account } = locked;
    const done: Refunded = {
      ...reversed,
      paymentId: payment.id,
      orderId: order.id,
      accountId: account.id,
      clickid: account.clickid,
      brandId: account.brandId,
      email: account.email,
      amountCents,
      currency: order.currency,
      planName: planNameOf(order),
      reason: request.reason,
    };
    await hooks.inTransaction?.(tx, done);
    return { ok: true, refund: done };
  });
}

/** How the member heard of the refund: the mail's fate and whether the room took the new balances. */
export interface MemberTold {
  mail: SendResult | "failed";
  room: boolean;
}

/** The member's site: this request's origin on their own brand, else their brand's (its local alias locally). */
function siteOrigin(c: Context<AppEnv>, brandId: string): string {
  const url = new URL(c.req.url);
  if (c.var.brand.public.id === brandId) return url.origin;
  const entry = brandOf(brandId);
  const local = c.var.config.local ? entry.hosts.find((h) => h.endsWith(".localhost")) : undefined;
  return local
    ? `${url.protocol}//${local}${url.port ? `:${url.port}` : ""}`
    : `https://${entry.public.domain}`;
}

/**
 * Tells the member of a refund: the `refund` mail in their brand's language (the link opens their profile,
 * with the receipts) and the new balances on every open tab. Neither undoes the refund when it fails.
 */
export async function tellMemberOfRefund(c: Context<AppEnv>, refund: Refunded): Promise<MemberTold> {
  const told: MemberTold = { mail: "failed", room: false };
  try {
    const brand = brandWithCompany(brandOf(refund.brandId), c.var.config);
    told.mail = await sendMail(
      { config: c.var.config, db: c.var.db, brand },
      {
        template: "refund",
        to: refund.email,
        language: brand.public.language,
        link: `${siteOrigin(c, refund.brandId)}/profile`,
        facts: {
          plan: refund.planName,
          amount: formatMoney(refund.amountCents, refund.currency, brand.public.language),
        },
        accountId: refund.accountId,
      },
    );
  } catch (error) {
    logEvent("error", "payments.refund_mail_failed", {
      paymentId: refund.paymentId,
      error: errorName(error),
    });
  }
  try {
    // The purchase's call carries any balance change to the tabs (and sends a pending message if the new
    // balances pay for it, as after any change of the balances).
    await (await memberRoom(c.env, refund.clickid)).afterPurchase(refund.balances);
    told.room = true;
  } catch (error) {
    logEvent("error", "payments.refund_room_not_told", {
      paymentId: refund.paymentId,
      error: errorName(error),
    });
  }
  return told;
}

/** The console's refund: this brand's provider, the refund, then the member told. */
export async function refundFromConsole(
  c: Context<AppEnv>,
  request: RefundRequest,
  hooks: RefundHooks = {},
): Promise<RefundResult & { told?: MemberTold }> {
  const { config, db } = c.var;
  const result = await refundPayment(
    db,
    (id, brandId) => providerById(config, db, id, brandId),
    request,
    hooks,
  );
  if (!result.ok) return result;
  return { ...result, told: await tellMemberOfRefund(c, result.refund) };
}
