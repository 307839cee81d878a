// The sandbox's records: how a transaction keeps its outcome and checkout in its own table, and how a row
// reads as the provider interface's payment (its 3-D Secure step, hosted page, card and kept token).
import { z } from "zod";
import type { sandboxTransactions } from "../../../drizzle/schema/payments";
import {
  CARD_BRANDS,
  type CardBrand,
  PAYMENT_ERROR_CODES,
  type PaymentErrorCode,
  type PaymentStatus,
} from "../../contracts/payments";
import { type ProviderPayment, REDIRECT_METHODS, type RedirectMethod, type ThreeDsAction } from "../provider";
import type { SandboxOutcome } from "./sandbox-cards";

export interface SandboxOptions {
  /** The origin of the sandbox's hosted pages (this Worker's). */
  origin: string;
  /** Which named system's 3-D Secure the browser should run (the brand's `payment_company`). */
  threeDsSystem: ThreeDsAction["system"];
  /** Signs the sandbox's webhooks. */
  webhookSecret: string;
}

export type Row = typeof sandboxTransactions.$inferSelect;

/**
 * The sandbox's own statuses: the interface's, plus `approved` for a PayPal order the member approved and
 * the shop has not captured yet (the interface still reads it as `action_required`: money has not moved).
 */
export type SandboxStatus = PaymentStatus | "approved";

/** Where a redirect or wallet payment sends the member back, kept with the outcome (the sandbox's records). */
export const Checkout = z.object({ method: z.enum(REDIRECT_METHODS), returnUrl: z.string() });

/**
 * What a paid redirect or wallet payment of a renewing plan leaves for its renewals, as the real providers do:
 * PayPal's vault, an Apple Pay or Google Pay token (Adyen's tokenization of the wallet's card), Mollie's card
 * mandate (shown as the sandbox checkout's test card). Coda keeps nothing (it has no recurring API).
 */
export const RENEWING_METHODS = [
  "paypal",
  "applepay",
  "googlepay",
  "mollie",
] as const satisfies RedirectMethod[];
const SANDBOX_CHECKOUT_CARD = { brand: "visa", last4: "4242", expMonth: 12 } as const;
export type Checkout = z.infer<typeof Checkout>;

/** The outcome column as written by this file: the test card's (or the page's) outcome, and the checkout. */
const StoredOutcome = z.object({
  kind: z.enum(["succeeded", "failed", "three_ds", "pending", "open"]),
  errorCode: z.enum(PAYMENT_ERROR_CODES).optional(),
  renewals: z.enum(["declined", "declined_once"]).optional(),
  checkout: Checkout.optional(),
});

export function storedOutcome(row: Row): { outcome: SandboxOutcome; checkout?: Checkout } {
  const { kind, errorCode, renewals, checkout } = StoredOutcome.parse(JSON.parse(row.outcome));
  const outcome: SandboxOutcome =
    kind === "failed"
      ? { kind, errorCode: errorCode ?? "generico" }
      : kind === "succeeded" && renewals
        ? { kind, renewals }
        : { kind };
  return checkout ? { outcome, checkout } : { outcome };
}

export const outcomeText = (outcome: SandboxOutcome, checkout?: Checkout) =>
  JSON.stringify(checkout ? { ...outcome, checkout } : outcome);

/** The hosted page where a member completes each method: the checkout for redirects, else the wallet's. */
const pageOf = (method: RedirectMethod) =>
  method === "mollie" || method === "coda" ? "/sandbox/checkout" : "/sandbox/wallet";

/**
 * The name under which each method's provider puts its reference on the return URL: coda's TxnId, PayPal's
 * token (its return_url convention), redirectResult for Google Pay's card step (Adyen's). Mollie adds none:
 * the shop keeps the payment's id itself.
 */
const RETURN_PARAM: Record<RedirectMethod, string | null> = {
  coda: "TxnId",
  paypal: "token",
  googlepay: "redirectResult",
  applepay: null,
  mollie: null,
};

/** The return page for a payment, as a path of this site (the sandbox redirects only within it). */
export function returnPath(checkout: Checkout, reference: string): string {
  const url = new URL(checkout.returnUrl, "http://sandbox.invalid");
  const param = RETURN_PARAM[checkout.method];
  if (param) url.searchParams.set(param, reference);
  return `${url.pathname}${url.search}`;
}

export const newReference = () => `sbx_${crypto.randomUUID().replaceAll("-", "")}`;

export function toPayment(row: Row, options: SandboxOptions): ProviderPayment {
  const sandboxStatus = row.status as SandboxStatus;
  const status: PaymentStatus = sandboxStatus === "approved" ? "action_required" : sandboxStatus;
  const payment: ProviderPayment = {
    reference: row.reference,
    merchantReference: row.idempotencyKey,
    status,
  };
  if (row.errorCode) payment.errorCode = row.errorCode as PaymentErrorCode;
  const { checkout } = storedOutcome(row);
  if (status === "action_required" && checkout) {
    payment.redirectUrl = `${options.origin}${pageOf(checkout.method)}/${row.reference}`;
  } else if (status === "action_required") {
    payment.threeDs = {
      system: options.threeDsSystem,
      url: `${options.origin}/sandbox/3ds/${row.reference}`,
      fields: options.threeDsSystem === "maxpay" ? {} : { reference: row.reference },
    };
  }
  const brand = (CARD_BRANDS as readonly string[]).includes(row.brand ?? "")
    ? (row.brand as CardBrand)
    : "unknown";
  if (row.last4) payment.card = { brand, last4: row.last4 };
  const wallet = checkout?.method;
  if (
    row.cardToken &&
    !row.last4 &&
    row.status === "succeeded" &&
    wallet &&
    wallet !== "mollie" &&
    wallet !== "coda"
  ) {
    payment.storedCard = { kind: wallet, token: row.cardToken };
  } else if (row.cardToken && row.last4 && row.expMonth && row.expYear && row.status === "succeeded") {
    payment.storedCard = {
      kind: "card",
      token: row.cardToken,
      brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
    };
  }
  return payment;
}

/** The token (and, for Mollie's card mandate, the card) a renewing plan's payment by `method` keeps. */
export function keptFor(method: RedirectMethod, storeCard: boolean | undefined) {
  if (!storeCard || !(RENEWING_METHODS as readonly string[]).includes(method)) return {};
  const token = `sbx_${method}_${crypto.randomUUID()}`;
  if (method !== "mollie") return { cardToken: token };
  return {
    cardToken: token,
    ...SANDBOX_CHECKOUT_CARD,
    expYear: new Date().getUTCFullYear() + 3,
  };
}
