// Apple Pay and Google Pay in the browser (spec sections 4 and 9): the payment requests (EUR, the plan's total,
// section 9's card networks), Apple's session with its merchant validation, Google's client, and their
// stand-ins on local hosts, where the built-in sandbox provider plays the wallets' part.
import type { PublicBrand } from "../../../worker/contracts/brand";
import type { RatePlanRow } from "../../../worker/contracts/payments";
import { isTestHost } from "./card-form";

/** A price in cents as the wallets want it: "9.90", exact (no floating point on the way). */
export const amountText = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The wallets want a country (ISO 3166); the brands' markets are it, es and en (the United Kingdom). */
const countryCode = (brand: PublicBrand) => (brand.country === "en" ? "GB" : brand.country.toUpperCase());

// ---- Apple Pay ----------------------------------------------------------------------------------------------

/** Section 9: the networks the Apple Pay sheet offers. */
export const APPLE_PAY_NETWORKS = ["visa", "masterCard", "amex", "discover"] as const;
/** The ApplePaySession version the request is written for (supported from iOS 11 and macOS 10.13). */
const APPLE_PAY_VERSION = 3;

export interface ApplePayRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type: "final" };
}

/** Apple's PKPaymentToken: what onpaymentauthorized hands over, and orders/applePay/payment charges. */
export interface ApplePayToken {
  paymentData: Record<string, unknown>;
  paymentMethod: { displayName?: string; network?: string; type?: string };
  transactionIdentifier: string;
}

/** The part of Safari's ApplePaySession this page uses. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: ApplePayToken } }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
}

interface ApplePaySessionClass {
  new (version: number, request: ApplePayRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

/** Safari's ApplePaySession where the device can pay with it; null elsewhere (Chromium has none). */
export function nativeApplePay(): ApplePaySessionClass | null {
  const session = (window as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
  try {
    return session?.canMakePayments() ? session : null;
  } catch {
    // canMakePayments throws outside a secure context.
    return null;
  }
}

/**
 * Where the Apple Pay button shows: where Safari can pay with it, and on local hosts, where the stand-in
 * below plays the sheet so the whole path (merchant validation, the token's charge, the outcome) runs in
 * any browser. Elsewhere it is hidden: a button that cannot open a sheet would only fail.
 */
export const applePayShown = (hostname: string) => nativeApplePay() !== null || isTestHost(hostname);

export function applePayRequest(plan: RatePlanRow, brand: PublicBrand): ApplePayRequest {
  return {
    countryCode: countryCode(brand),
    currencyCode: "EUR",
    supportedNetworks: [...APPLE_PAY_NETWORKS],
    merchantCapabilities: ["supports3DS"],
    total: { label: brand.title, amount: amountText(plan.prezzo_totale), type: "final" },
  };
}

/** Apple's gateway as the sheet names it in onvalidatemerchant; the sandbox provider never calls it. */
const SANDBOX_VALIDATION_URL = "https://apple-pay-gateway.apple.com/paymentservices/paymentSession";

/** What the stand-in's sheet needs from the page: show it with the request, answer, hide it. */
export interface StandInSheet {
  open(request: ApplePayRequest, answer: (approved: boolean) => void): void;
  close(): void;
}

/**
 * The Apple Pay sheet's stand-in on local hosts: the same events in the same order as Safari's session
 * (merchant validation first, then the sheet, then the token), the sheet being the page's own dialog and the
 * token a sandbox one, so the route calls are the real ones.
 */
export class StandInApplePaySession implements ApplePaySessionLike {
  static readonly STATUS_SUCCESS = 0;
  static readonly STATUS_FAILURE = 1;
  onvalidatemerchant: ApplePaySessionLike["onvalidatemerchant"] = null;
  onpaymentauthorized: ApplePaySessionLike["onpaymentauthorized"] = null;
  oncancel: ApplePaySessionLike["oncancel"] = null;

  constructor(
    private readonly request: ApplePayRequest,
    private readonly sheet: StandInSheet,
  ) {}

  begin() {
    this.onvalidatemerchant?.({ validationURL: SANDBOX_VALIDATION_URL });
  }

  abort() {
    this.sheet.close();
  }

  completeMerchantValidation() {
    this.sheet.open(this.request, (approved) => {
      if (approved) {
        this.onpaymentauthorized?.({
          payment: {
            token: {
              paymentData: { version: "EC_v1", data: "sandbox", signature: "sandbox" },
              paymentMethod: { displayName: "Visa 4242", network: "Visa", type: "debit" },
              transactionIdentifier: `sandbox-${crypto.randomUUID()}`,
            },
          },
        });
        return;
      }
      this.sheet.close();
      this.oncancel?.();
    });
  }

  completePayment() {
    this.sheet.close();
  }
}

/** A new session: Safari's where it can pay, else the stand-in (local hosts only: see applePayShown). */
export function applePaySession(request: ApplePayRequest, sheet: StandInSheet) {
  const native = nativeApplePay();
  if (native) {
    return {
      session: new native(APPLE_PAY_VERSION, request),
      success: native.STATUS_SUCCESS,
      failure: native.STATUS_FAILURE,
    };
  }
  return {
    session: new StandInApplePaySession(request, sheet),
    success: StandInApplePaySession.STATUS_SUCCESS,
    failure: StandInApplePaySession.STATUS_FAILURE,
  };
}

// ---- Google Pay ---------------------------------------------------------------------------------------------

/** Section 9: the networks the Google Pay sheet offers. */
export const GOOGLE_PAY_NETWORKS = ["MASTERCARD", "VISA"] as const;

/** Google Pay's PaymentData as loadPaymentData resolves it (orders/googlePay/paymentData's body). */
export interface GooglePaymentData {
  apiVersion: 2;
  apiVersionMinor: number;
  paymentMethodData: {
    type: "CARD";
    description?: string;
    info?: { cardNetwork: (typeof GOOGLE_PAY_NETWORKS)[number]; cardDetails: string };
    tokenizationData: { type: "PAYMENT_GATEWAY" | "DIRECT"; token: string };
  };
}

interface GooglePaymentsClient {
  isReadyToPay(request: object): Promise<{ result: boolean }>;
  loadPaymentData(request: object): Promise<GooglePaymentData>;
}

/** Section 9: Google Pay's TEST environment on local hosts, PRODUCTION elsewhere. */
export const googlePayEnvironment = (hostname: string) => (isTestHost(hostname) ? "TEST" : "PRODUCTION");

const googleCard = (brand: PublicBrand) => ({
  type: "CARD",
  parameters: {
    allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"],
    allowedCardNetworks: [...GOOGLE_PAY_NETWORKS],
  },
  tokenizationSpecification: {
    type: "PAYMENT_GATEWAY",
    parameters: { gateway: brand.payment_company, gatewayMerchantId: brand.google_pay?.merchantId ?? "" },
  },
});

export const googleReadyRequest = (brand: PublicBrand) => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  allowedPaymentMethods: [googleCard(brand)],
});

export const googlePaymentDataRequest = (plan: RatePlanRow, brand: PublicBrand) => ({
  ...googleReadyRequest(brand),
  merchantInfo: {
    merchantId: brand.google_pay?.merchantId ?? "",
    merchantName: brand.google_pay?.merchantName ?? brand.title,
  },
  transactionInfo: {
    totalPriceStatus: "FINAL",
    totalPrice: amountText(plan.prezzo_totale),
    currencyCode: "EUR",
    countryCode: countryCode(brand),
  },
});

/**
 * The TEST environment's stand-in: Google's TEST sheet hands back a dummy token for any card; this does the
 * same without Google's script, and the sandbox provider's wallet page then plays the sheet's confirmation.
 */
const testClient: GooglePaymentsClient = {
  isReadyToPay: async () => ({ result: true }),
  loadPaymentData: async () => ({
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: "CARD",
      description: "Visa •••• 1111",
      info: { cardNetwork: "VISA", cardDetails: "1111" },
      tokenizationData: { type: "PAYMENT_GATEWAY", token: "sandbox-test-token" },
    },
  }),
};

const GOOGLE_PAY_SCRIPT = "https://pay.google.com/gp/p/js/pay.js";

function loadScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve(true);
    script.onerror = () => resolve(false);
    document.head.append(script);
  });
}

type GoogleGlobal = {
  google?: { payments?: { api?: { PaymentsClient: new (o: object) => GooglePaymentsClient } } };
};

/**
 * Google's client for this host: pay.js's PaymentsClient where the page has it (in PRODUCTION, or TEST on local
 * hosts); else, on local hosts, the TEST environment's stand-in (Google's script is neither reachable offline
 * nor allowed by the site's CSP); elsewhere pay.js loaded now. Null when it cannot load (the button then stays
 * hidden).
 */
export async function googlePayClient(hostname: string): Promise<GooglePaymentsClient | null> {
  const environment = googlePayEnvironment(hostname);
  const loaded = (window as GoogleGlobal).google?.payments?.api?.PaymentsClient;
  if (loaded) return new loaded({ environment });
  if (environment === "TEST") return testClient;
  if (!(await loadScript(GOOGLE_PAY_SCRIPT))) return null;
  const PaymentsClient = (window as GoogleGlobal).google?.payments?.api?.PaymentsClient;
  return PaymentsClient ? new PaymentsClient({ environment }) : null;
}

/** Whether Google Pay can be offered here (brand configured, or a local host), asked once per page. */
export async function googlePayReady(hostname: string, brand: PublicBrand): Promise<boolean> {
  if (!isTestHost(hostname) && !brand.google_pay) return false;
  try {
    const client = await googlePayClient(hostname);
    return client ? (await client.isReadyToPay(googleReadyRequest(brand))).result : false;
  } catch {
    return false;
  }
}
