// Adyen's standard webhook (Webhooks-v1, HTTP POST of JSON): a NotificationRequest whose items each carry an
// HMAC signature in additionalData.hmacSignature, HMAC-SHA256 with the merchant's hex key over
// pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success,
// base64. Adyen counts a notification delivered only when the answer is 200 with the body `[accepted]`.
import type { ProviderPayment, WebhookEvent } from "../provider";
import { brandOf, refusalErrorCode, storedCardOf } from "./adyen-codes";

/**
 * A genuine notification of an event that changes no payment of ours (CAPTURE, REPORT_AVAILABLE…): the
 * webhook route answers it `[accepted]` too, or Adyen sends it again and again.
 */
export class AdyenIgnoredNotification extends Error {
  constructor(readonly eventCode: string) {
    super(`Adyen notification ${eventCode} changes no payment`);
    this.name = "AdyenIgnoredNotification";
  }
}

/** Adyen takes a notification as delivered only when the answer's body is `[accepted]` (HTTP 200). */
export const ADYEN_WEBHOOK_ANSWER = "[accepted]";
export const adyenWebhookAnswer = () =>
  new Response(ADYEN_WEBHOOK_ANSWER, { status: 200, headers: { "content-type": "text/plain" } });

/** The fields Adyen signs, joined with ':' (an absent field is empty), HMAC-SHA256 with the hex key, base64. */
async function notificationSignature(item: NotificationItem, hexKey: string): Promise<string> {
  const signed = [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(":");
  const keyBytes = new Uint8Array((hexKey.match(/../g) ?? []).map((h) => Number.parseInt(h, 16)));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(signed)));
  return btoa(String.fromCharCode(...mac));
}

/** Compares two signatures in time independent of where they differ. */
function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: string;
  /** visa, mc, amex… for cards. */
  paymentMethod?: string;
  reason?: string;
  additionalData?: Record<string, string>;
}

/** Reads a standard notification's items, or null when the body is not one. */
function notificationItems(body: string): NotificationItem[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const list = (parsed as { notificationItems?: unknown })?.notificationItems;
  if (!Array.isArray(list) || list.length === 0) return null;
  const items: NotificationItem[] = [];
  for (const wrapper of list) {
    const item = (wrapper as { NotificationRequestItem?: Partial<NotificationItem> })
      ?.NotificationRequestItem;
    const text = (v: unknown) => typeof v === "string";
    if (
      !item ||
      !text(item.pspReference) ||
      !text(item.merchantAccountCode) ||
      !text(item.merchantReference) ||
      !text(item.eventCode) ||
      !text(item.success) ||
      typeof item.amount?.value !== "number" ||
      !text(item.amount.currency)
    ) {
      return null;
    }
    items.push(item as NotificationItem);
  }
  return items;
}

/** A notification item as the payment it reports. */
function notificationPayment(item: NotificationItem): ProviderPayment {
  const ok = item.success === "true";
  switch (item.eventCode) {
    case "AUTHORISATION": {
      // The payment's own event: it names our reference of it too (a modification's names the original's).
      const ours = { reference: item.pspReference, merchantReference: item.merchantReference };
      if (!ok) {
        const errorCode = refusalErrorCode(undefined, item.reason);
        const status = errorCode === "payment_canceled" ? "canceled" : "failed";
        return { ...ours, status, errorCode };
      }
      const brand = brandOf(item.paymentMethod ?? item.additionalData?.cardPaymentMethod);
      const payment: ProviderPayment = { ...ours, status: "succeeded" };
      const last4 = item.additionalData?.cardSummary;
      if (last4) payment.card = { brand, last4 };
      const stored = storedCardOf(item.additionalData, brand);
      if (stored) payment.storedCard = stored;
      return payment;
    }
    // A modification's pspReference is its own; originalReference names the payment.
    case "CANCELLATION":
      if (!ok || !item.originalReference) break;
      return { reference: item.originalReference, status: "canceled", errorCode: "payment_canceled" };
    case "REFUND":
    case "CANCEL_OR_REFUND":
      if (!ok || !item.originalReference) break;
      return { reference: item.originalReference, status: "refunded" };
    // The member's bank took the money back (a lost dispute); the item's pspReference is the dispute's own.
    case "CHARGEBACK":
      if (!ok || !item.originalReference) break;
      return { reference: item.originalReference, status: "refunded", reversal: "chargeback" };
  }
  throw new AdyenIgnoredNotification(item.eventCode);
}

/**
 * A notification's payment when every item is signed with `hmacKey` for `merchantAccount`; null when one is
 * not (forged, altered, another account's) or the body is no notification. Throws AdyenIgnoredNotification
 * for a genuine one that changes no payment.
 */
export async function parseAdyenNotification(
  body: string,
  { merchantAccount, hmacKey }: { merchantAccount: string; hmacKey: string },
): Promise<WebhookEvent | null> {
  const items = notificationItems(body);
  if (!items) return null;
  for (const item of items) {
    if (item.merchantAccountCode !== merchantAccount) return null;
    const signature = item.additionalData?.hmacSignature ?? "";
    if (!sameSignature(signature, await notificationSignature(item, hmacKey))) return null;
  }
  // Adyen sends one item per notification today; the first is the one answered.
  const [first] = items;
  return first ? { payment: notificationPayment(first) } : null;
}
