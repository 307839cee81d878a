// The audit log's details in the console's language: each stored field by its name, money as money, times
// as times, a provider's refusal in the words the member was given (a Spanish supervisor read
// "paymentId: 12 · amountCents: 990 · currency: EUR").
import type { AuditDetailKey } from "../../../worker/contracts/ops";
import { isMessageKey, type MessageKey, type Translate } from "../../i18n/i18n";

/** Every field but the currency, which goes with its amount. */
const labels: Record<Exclude<AuditDetailKey, "currency">, MessageKey> = {
  clickid: "ops_detail_clickid",
  expiresAt: "ops_detail_expiresAt",
  messageId: "ops_detail_messageId",
  length: "ops_detail_length",
  paymentId: "ops_detail_paymentId",
  amountCents: "ops_detail_amount",
  reason: "ops_detail_reason",
  creditsRemoved: "ops_detail_creditsRemoved",
  premiumLevel: "ops_detail_premiumLevel",
  subscriptionEnded: "ops_detail_subscriptionEnded",
  errorCode: "ops_detail_errorCode",
  provider: "ops_detail_provider",
  outcome: "ops_detail_outcome",
  status: "ops_detail_status",
  kind: "ops_detail_kind",
  refundCents: "ops_detail_refund",
  used: "ops_detail_used",
  bought: "ops_detail_bought",
  performanceConsent: "ops_detail_performanceConsent",
  refundId: "ops_detail_refundId",
  dueAt: "ops_detail_dueAt",
  confirmedWith: "ops_detail_confirmedWith",
  requestedAt: "ops_detail_requestedAt",
  deleted: "ops_detail_deleted",
  pseudonymised: "ops_detail_pseudonymised",
  photos: "ops_detail_photos",
  rows: "ops_detail_rows",
  promotions: "ops_detail_promotions",
  third_parties: "ops_detail_third_parties",
};
const isLabelled = (key: string): key is keyof typeof labels => Object.hasOwn(labels, key);

/** The providers by their own names. */
const providers: Record<string, string> = {
  sandbox: "Sandbox",
  adyen: "Adyen",
  trustpay: "TrustPay",
  maxpay: "Maxpay",
  mollie: "Mollie",
  coda: "Coda",
  paypal: "PayPal",
};

/** "Importe: 9,90 €", "Motivo: …": one entry per field; a field of an older row shows as stored. */
export function auditDetails(t: Translate, locale: string, details: Record<string, unknown>): string[] {
  const value = (key: keyof typeof labels, raw: unknown): string => {
    if (
      (key === "amountCents" || key === "refundCents") &&
      typeof raw === "number" &&
      typeof details.currency === "string"
    ) {
      return new Intl.NumberFormat(locale, { style: "currency", currency: details.currency }).format(
        raw / 100,
      );
    }
    if (key === "expiresAt" && typeof raw === "string") {
      return new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(new Date(raw));
    }
    if ((key === "dueAt" || key === "requestedAt") && typeof raw === "string") {
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(raw),
      );
    }
    if (typeof raw === "boolean") return t(raw ? "ops_detail_yes" : "ops_detail_no");
    // Rows per table (an erasure, a retention run): "likes 3, visits 12".
    if (typeof raw === "object" && raw !== null) {
      return Object.entries(raw)
        .map(([table, n]) => `${table} ${String(n)}`)
        .join(", ");
    }
    if (key === "errorCode" && typeof raw === "string") {
      const text = raw === "refund_in_portal" ? "ops_detail_refund_in_portal" : `pagamento_${raw}`;
      return isMessageKey(text) ? t(text) : raw;
    }
    if (key === "provider" && typeof raw === "string") return providers[raw] ?? raw;
    return typeof raw === "string" ? raw : JSON.stringify(raw);
  };
  return Object.entries(details)
    .filter(([key, raw]) => key !== "currency" && raw !== null && raw !== undefined)
    .map(([key, raw]) =>
      isLabelled(key)
        ? `${t(labels[key])}: ${value(key, raw)}`
        : `${key}: ${typeof raw === "string" ? raw : JSON.stringify(raw)}`,
    );
}
