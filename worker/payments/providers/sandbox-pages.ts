// What the sandbox's hosted pages take and show: the member's answer on the 3-D Secure page, the redirect
// methods' checkout and the wallet's approval page, and the payment as those pages show it.
import type { RedirectMethod } from "../provider";

/** The 3-D Secure challenge's answer on the sandbox's page: pass or fail (`warning`, the catalogue's 3DS code). */
export type ChallengeAnswer = "pass" | "fail";

/** The member's answer on the hosted checkout of a redirect method (mollie, coda). */
export type CheckoutAnswer = "pay" | "cancel";
/**
 * The member's answer on the wallet's approval page (PayPal, Google Pay): `decline` is the test choice of a
 * wallet without the funds (insufficient_funds; for PayPal its capture is declined).
 */
export type WalletAnswer = "approve" | "decline" | "cancel";

/** What the hosted pages show of a payment, and where they send the member back. */
export interface SandboxCheckout {
  method: RedirectMethod;
  amountCents: number;
  currency: string;
  /** Still waiting for the member's answer. */
  open: boolean;
  /** The method's return page on this site, with the provider's reference parameter. */
  returnPath: string;
}
