// How the money view names the stored codes (statuses, kinds, balances, methods) in the console's language.
import type { MessageKey, Translate } from "../../i18n/i18n";

const paymentStatuses: Record<string, MessageKey> = {
  created: "ops_status_created",
  action_required: "ops_status_action_required",
  pending: "ops_status_pending",
  open: "ops_status_open",
  succeeded: "ops_status_succeeded",
  failed: "ops_status_failed",
  canceled: "ops_status_canceled",
  refunded: "ops_status_refunded",
};

const subscriptionStatuses: Record<string, MessageKey> = {
  active: "ops_sub_active",
  past_due: "ops_sub_past_due",
  canceled: "ops_sub_canceled",
  ended: "ops_sub_ended",
};

const orderKinds: Record<string, MessageKey> = {
  purchase: "ops_kind_purchase",
  verification: "ops_kind_verification",
};

const balances: Record<string, MessageKey> = {
  messaggi: "ops_balance_messaggi",
  icebreaker: "ops_balance_icebreaker",
  like: "ops_balance_like",
  premium: "ops_balance_premium",
};

const reasons: Record<string, MessageKey> = {
  purchase: "ops_reason_purchase",
  refund: "ops_reason_refund",
  signup: "ops_reason_signup",
};

/** Card brands and the other methods by their own names (never translated). */
const cardBrands: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
};
const methods: Record<string, string> = {
  paypal: "PayPal",
  applepay: "Apple Pay",
  googlepay: "Google Pay",
  mollie: "Mollie",
  coda: "Coda",
};

/** A stored code in the console's words; a code the console does not know yet shows as it is. */
const named = (table: Record<string, MessageKey>) => (t: Translate, code: string) => {
  const key = table[code];
  return key ? t(key) : code;
};

/** The reasons a refund the provider reported is stored with (worker/payments/settlement.service.ts). */
const providerRefundReasons: Record<string, MessageKey> = {
  chargeback: "ops_refund_reason_chargeback",
  provider_refund: "ops_refund_reason_provider_refund",
};

/** A refund's reason: a supervisor's own words as written, a provider-reported refund's in the console's. */
export const refundReasonLabel = (t: Translate, refund: { reason: string; operatorName: string | null }) =>
  refund.operatorName ? refund.reason : named(providerRefundReasons)(t, refund.reason);

export const paymentStatusLabel = named(paymentStatuses);
export const subscriptionStatusLabel = named(subscriptionStatuses);
export const orderKindLabel = named(orderKinds);
export const balanceLabel = named(balances);
export const reasonLabel = named(reasons);

/** "Visa card •••• 4242", "Card", "PayPal"… */
export function methodLabel(
  t: Translate,
  payment: { method: string; cardBrand: string | null; cardLast4: string | null },
): string {
  if (payment.method !== "card") return methods[payment.method] ?? payment.method;
  const brand = payment.cardBrand ? cardBrands[payment.cardBrand] : undefined;
  if (!payment.cardLast4) return t("ops_money_card_plain");
  if (!brand) return `${t("ops_money_card_plain")} ••••\u00a0${payment.cardLast4}`;
  return t("ops_money_card", { brand, last4: payment.cardLast4 });
}
