// Adyen's test environment triggers a refusal when the card's holderName is one of these values
// (https://docs.adyen.com/development-resources/testing/result-codes: "Values for testing refusal reasons"),
// answering the refusalReasonCode, refusalReason and resultCode beside it. Plain data, so that both the fake
// (Node) and the Worker tests (workerd) can read it.
export interface AdyenTestRefusal {
  code: string;
  reason: string;
  resultCode: "Refused" | "Error" | "Cancelled";
}

export const ADYEN_TEST_HOLDER_NAMES: Record<string, AdyenTestRefusal> = {
  DECLINED: { code: "2", reason: "Refused", resultCode: "Refused" },
  REFERRAL: { code: "3", reason: "Referral", resultCode: "Refused" },
  ERROR: { code: "4", reason: "Acquirer Error", resultCode: "Error" },
  BLOCK_CARD: { code: "5", reason: "Blocked Card", resultCode: "Refused" },
  CARD_EXPIRED: { code: "6", reason: "Expired Card", resultCode: "Refused" },
  INVALID_AMOUNT: { code: "7", reason: "Invalid Amount", resultCode: "Refused" },
  INVALID_CARD: { code: "8", reason: "Invalid Card Number", resultCode: "Refused" },
  ISSUER_UNAVAILABLE: { code: "9", reason: "Issuer Unavailable", resultCode: "Refused" },
  NOT_SUPPORTED: { code: "10", reason: "Not supported", resultCode: "Refused" },
  NOT_3D_AUTHENTICATED: { code: "11", reason: "3D Not Authenticated", resultCode: "Refused" },
  NOT_ENOUGH_BALANCE: { code: "12", reason: "Not enough balance", resultCode: "Refused" },
  ACQUIRER_FRAUD: { code: "14", reason: "Acquirer Fraud", resultCode: "Refused" },
  CANCELLED: { code: "15", reason: "Cancelled", resultCode: "Cancelled" },
  SHOPPER_CANCELLED: { code: "16", reason: "Shopper Cancelled", resultCode: "Cancelled" },
  FRAUD: { code: "20", reason: "FRAUD", resultCode: "Refused" },
  FRAUD_CANCELLED: { code: "22", reason: "FRAUD-CANCELLED", resultCode: "Refused" },
  TRANSACTION_NOT_PERMITTED: { code: "23", reason: "Transaction Not Permitted", resultCode: "Refused" },
  CVC_DECLINED: { code: "24", reason: "CVC Declined", resultCode: "Refused" },
  RESTRICTED_CARD: { code: "25", reason: "Restricted Card", resultCode: "Refused" },
  REVOCATION_OF_AUTH: { code: "26", reason: "Revocation Of Auth", resultCode: "Refused" },
  DECLINED_NON_GENERIC: { code: "27", reason: "Declined Non Generic", resultCode: "Refused" },
  WITHDRAW_AMOUNT_EXCEEDED: { code: "28", reason: "Withdrawal amount exceeded", resultCode: "Refused" },
  WITHDRAW_COUNT_EXCEEDED: { code: "29", reason: "Withdrawal count exceeded", resultCode: "Refused" },
  ISSUER_SUSPECTED_FRAUD: { code: "31", reason: "Issuer Suspected Fraud", resultCode: "Refused" },
  AVS_DECLINED: { code: "32", reason: "AVS Declined", resultCode: "Refused" },
  AUTHENTICATION_REQUIRED: { code: "38", reason: "Authentication required", resultCode: "Refused" },
  "3DS_AUTHENTICATION_ERROR": { code: "42", reason: "3DS Authentication Error", resultCode: "Refused" },
  TRANSACTION_BLOCKED_BY_ADYEN_TO_PREVENT_EXCESSIVE_RETRY_FEES: {
    code: "46",
    reason: "Transaction blocked by Adyen to prevent excessive retry fees",
    resultCode: "Refused",
  },
};

/** The documented 3-D Secure test card (3DS2, challenge). Any other Luhn-valid number is authorised. */
export const ADYEN_3DS_CARD = "4212345678901237";
/** Not Adyen's: this fake never answers a payment whose holderName is this (the timeout tests). */
export const ADYEN_FAKE_HANG_HOLDER = "FAKE HANG";

/** BrowserInfo's fields that Adyen requires for 3-D Secure 2 in a browser (Checkout API v71). */
export const ADYEN_BROWSER_INFO_FIELDS = [
  "acceptHeader",
  "colorDepth",
  "javaEnabled",
  "language",
  "screenHeight",
  "screenWidth",
  "timeZoneOffset",
  "userAgent",
] as const;

/**
 * The fake secured fields' stand-in for Adyen's client-side encryption (not encryption: the fake has no key
 * pair); the fake Checkout API reads it back. Adyen's own blobs start `adyenjs_`.
 */
export const FAKE_CSE_PREFIX = "fakecse_0_1$";

/** A value as the fake secured fields give it. */
export const fakeEncrypt = (value: string) =>
  FAKE_CSE_PREFIX + btoa(JSON.stringify({ value, generationtime: new Date().toISOString() }));

/**
 * A secured field's value as the fake Checkout API reads it: Adyen's test environment takes unencrypted values
 * prefixed `test_` (test_4111111111111111, test_03, test_2030, test_737); the fake's own stand-in; else null.
 */
export function decryptFakeField(blob: string): string | null {
  if (blob.startsWith("test_")) return blob.slice("test_".length);
  if (!blob.startsWith(FAKE_CSE_PREFIX)) return null;
  try {
    const parsed: unknown = JSON.parse(atob(blob.slice(FAKE_CSE_PREFIX.length)));
    const value = (parsed as { value?: unknown } | null)?.value;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** 3-D Secure 2's browser data, as Adyen Web gives it (a web payment without it is refused 422). */
export const ADYEN_TEST_BROWSER = {
  acceptHeader: "*/*",
  colorDepth: 24,
  language: "it-IT",
  javaEnabled: false,
  screenHeight: 800,
  screenWidth: 1280,
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
  timeZoneOffset: -60,
};
