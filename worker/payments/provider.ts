// The one interface every payment provider sits behind (DESIGN.md section 6). Nothing outside an adapter in
// worker/payments/providers/ knows which provider it talks to: the settlement, the routes and the renewals
// speak only these types.
import type { BrowserInfo, CardBrand, PaymentErrorCode, PaymentStatus } from "../contracts/payments";

/** The providers this Worker can talk to; `sandbox` is built in (local runs and the end-to-end tests). */
export const PROVIDER_IDS = ["sandbox", "adyen", "mollie", "paypal", "trustpay", "coda", "maxpay"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** How the member's browser passes 3-D Secure, as each named system does it (spec section 4). */
export interface ThreeDsAction {
  /** adyen: a hidden form posted after 2 s; trustpay: a hidden frame, then the redirect form; maxpay: a redirect. */
  system: "adyen" | "trustpay" | "maxpay";
  url: string;
  /** The fields of the form to post (adyen, trustpay); empty for a plain redirect. */
  fields: Record<string, string>;
}

/** A card the provider keeps for later charges: its token and what the member may see of it. */
export interface KeptCard {
  kind: "card";
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The wallets a provider keeps for renewals: PayPal's vault, and Apple Pay's and Google Pay's tokens. */
export const WALLET_KINDS = ["paypal", "applepay", "googlepay"] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/**
 * A wallet the provider keeps (PayPal's vault id, an Apple Pay or Google Pay token stored by the provider): it
 * has no card digits to show, only a label (the payer's e-mail) when the provider tells one.
 */
export interface KeptWallet {
  kind: WalletKind;
  token: string;
  label?: string;
}

/** What a provider keeps for one-tap payments (cards) and renewals: a card, or a wallet charged the same way. */
export type StoredCard = KeptCard | KeptWallet;

/** What a provider says of a payment, on creation and on every later check or notification. */
export interface ProviderPayment {
  reference: string;
  /**
   * Our idempotency key of the payment, when the provider's answer or notification gives it back (Adyen's
   * merchantReference). A payment whose reference could not be recorded after the charge (the database lost
   * at that moment) is found by it, so the return page and the webhook still apply it.
   */
  merchantReference?: string;
  status: PaymentStatus;
  /** Set when the status is `failed` or `canceled`. */
  errorCode?: PaymentErrorCode;
  /** With the status `refunded`: how the money went back (a refund by default, or the member's chargeback). */
  reversal?: "refund" | "chargeback";
  /** Set when the status is `action_required` for 3-D Secure. */
  threeDs?: ThreeDsAction;
  /** A redirect method's checkout page (or a wallet's approval page). */
  redirectUrl?: string;
  /** The card paid with, as receipts show it (card payments). */
  card?: { brand: CardBrand; last4: string };
  /** The card (or PayPal wallet) kept for one-tap payments and renewals, when the member agreed to keep it. */
  storedCard?: StoredCard;
}

/** Card data as the member typed it. It goes to the provider only: never stored, never logged. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

interface ChargeBase {
  /** Ours, sent with the call: a retried call moves money once. */
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  /** What the member's statement shows. */
  descriptor: string;
  /** Where the provider sends the member back after 3-D Secure or a redirect payment (a return page). */
  returnUrl: string;
  /**
   * Ours for the member at the provider (Adyen's shopperReference; a customer elsewhere): the cards a
   * provider keeps are kept under it, and it is the member's customer id once a card is kept.
   */
  shopperReference: string;
}

/** The member's reference at every provider: stable, and nothing personal in it. */
export const shopperReferenceOf = (accountId: number) => `member-${accountId}`;

/** Who pays, for providers that require it with a card (Maxpay); the others may ignore it. */
export interface Customer {
  email: string;
  /** The member's IP as Cloudflare saw it (CF-Connecting-IP); absent when the request carried none. */
  ip?: string;
  /** ISO 3166-1 alpha-3 (ITA, ESP, GBR): Maxpay refuses two letters. */
  country?: string;
}

/** What 3-D Secure 2 asks of the member's browser and page, for the providers that take it (Adyen). */
export interface BrowserContext {
  /** The browser's own data (Adyen Web's browserInfo, or the card payload's fields). */
  browser?: BrowserInfo;
  /** The origin of the page the member pays on (the brand's site). */
  origin?: string;
}

export interface CardCharge extends ChargeBase, BrowserContext {
  card: CardDetails;
  customer?: Customer;
  /** Keep the card for one-tap payments and renewals (the first payment of a renewing plan). */
  storeCard: boolean;
}

/**
 * The values of Adyen's secured fields (client-side encrypted in the member's browser with the merchant's
 * key): only Adyen can read them. They go to Adyen only: never stored, never logged.
 */
export interface EncryptedCardDetails {
  encryptedCardNumber: string;
  encryptedExpiryMonth: string;
  encryptedExpiryYear: string;
  encryptedSecurityCode: string;
  holderName: string;
}

/** A charge of a card typed into the provider's own fields (the browser's data is required with them). */
export interface EncryptedCardCharge extends Omit<CardCharge, "card" | "browser"> {
  card: EncryptedCardDetails;
  browser: BrowserInfo;
}

/**
 * A charge of a kept card or wallet; `merchantInitiated` for a renewal the member is not present for. A one-tap
 * charge has the member's browser there: its issuer may ask for 3-D Secure, which needs the browser's data.
 */
export interface StoredCardCharge extends ChargeBase, BrowserContext {
  cardToken: string;
  /** What the token keeps (a card unless told): a provider may name the method with the token (Adyen's type). */
  kind?: StoredCard["kind"];
  merchantInitiated: boolean;
  customer?: Customer;
}

/** The ways to pay other than the card form (spec section 4, other methods); `card` is the form's. */
export const REDIRECT_METHODS = ["paypal", "mollie", "coda", "googlepay", "applepay"] as const;
export type RedirectMethod = (typeof REDIRECT_METHODS)[number];
/** What a payment row records as its `method`. */
export type PaymentMethod = "card" | RedirectMethod;

/**
 * A payment the member completes on the provider's page: `redirectUrl` in the answer, and back to
 * `returnUrl` with the provider's own reference parameter (coda's TxnId, PayPal's token; Mollie adds none).
 */
export interface RedirectPayment extends ChargeBase {
  method: RedirectMethod;
  /**
   * The plan renews: keep what the member paid with for merchant-initiated renewals (Mollie's mandate of a
   * `first` payment, PayPal's vault). A provider that keeps nothing for the method ignores it.
   */
  storeCard?: boolean;
}

/** A wallet's payment token to charge: Apple Pay's PKPaymentToken or Google Pay's paymentData. */
export interface WalletCharge extends ChargeBase {
  method: "applepay" | "googlepay";
  /** The wallet's token as JSON text. It goes to the provider only: never stored, never logged. */
  token: string;
  /**
   * The plan renews: the provider keeps the wallet's card (its own token, a StoredCard) for merchant-initiated
   * renewals. A provider that keeps nothing for the method ignores it.
   */
  storeCard?: boolean;
}

/** Apple Pay's merchant validation: the URL Apple's sheet gave the page, and who is asking. */
export interface ApplePayValidation {
  validationUrl: string;
  /** The host the page runs on (registered with Apple for the merchant). */
  domainName: string;
  /** The name the sheet shows. */
  displayName: string;
}

/** Apple's merchant session: opaque to us, handed as is to the page's `completeMerchantValidation`. */
export type ApplePayMerchantSession = Record<string, unknown>;

/**
 * A call a provider cannot make through its API (the reason is in the message), e.g. Adyen's Checkout API has
 * no status call for a bare pspReference. The reconciliation job skips a payment whose `checkPayment` throws it;
 * a `refund` that throws it is one made in the provider's own portal (Coda's), which the console tells the operator.
 */
export class ProviderUnsupported extends Error {
  constructor(
    readonly provider: string,
    readonly operation: string,
    why: string,
  ) {
    super(`${provider} cannot ${operation}: ${why}`);
    this.name = "ProviderUnsupported";
  }
}

/** A provider's notification, once its signature (or a fetch that confirms it) has been checked. */
export interface WebhookEvent {
  payment: ProviderPayment;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /**
   * The redirect methods whose payment with `storeCard` keeps a card (a StoredCard) that renewals charge: a
   * renewing plan may be paid by them. Absent: renewing plans are paid by card only.
   */
  readonly renewsWith?: readonly RedirectMethod[];
  /** Charges a card; the answer may ask for 3-D Secure (`action_required` with `threeDs`). */
  chargeCard(charge: CardCharge): Promise<ProviderPayment>;
  /**
   * Charges a card the member typed into the provider's own fields (Adyen's secured fields): the PCI DSS SAQ A
   * path. Absent: the provider takes the card as typed only.
   */
  chargeEncryptedCard?(charge: EncryptedCardCharge): Promise<ProviderPayment>;
  /** Charges a kept card: one-tap (member present) or a renewal (merchant initiated). */
  chargeStoredCard(charge: StoredCardCharge): Promise<ProviderPayment>;
  /** Creates a payment the member completes on the provider's page (`redirectUrl`). */
  createRedirectPayment(payment: RedirectPayment): Promise<ProviderPayment>;
  /**
   * Charges a wallet's token (Apple Pay, Google Pay). The answer may ask the member to go to the provider's
   * page first (`action_required` with `redirectUrl`, e.g. 3-D Secure for a Google Pay card).
   */
  chargeWallet(charge: WalletCharge): Promise<ProviderPayment>;
  /**
   * Apple Pay's merchant validation: the merchant session for the page's sheet, or null when the validation
   * URL is not Apple's (the adapter must never call any other host with the merchant's certificate).
   */
  startApplePaySession(validation: ApplePayValidation): Promise<ApplePayMerchantSession | null>;
  /**
   * Collects a payment the member approved on the provider's page (a PayPal order's capture). For the other
   * methods the approval is the payment: the answer is the payment as `checkPayment` gives it.
   */
  capturePayment(reference: string): Promise<ProviderPayment>;
  /** The provider's current view of a payment (the return pages' and the reconciliation's check). */
  checkPayment(reference: string): Promise<ProviderPayment>;
  /** Checks a notification's authenticity and reads it; null when it is not the provider's. */
  parseWebhook(request: Request): Promise<WebhookEvent | null>;
  /** Refunds a payment in full; the idempotency key makes a retried refund one refund. */
  refund(refund: { reference: string; amountCents: number; idempotencyKey: string }): Promise<{
    ok: boolean;
    errorCode?: PaymentErrorCode;
  }>;
}
