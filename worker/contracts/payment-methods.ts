// The wire shapes of the payment methods besides the card (spec/money-platform.md sections 3, 4 and 7):
// PayPal's order and capture, Apple Pay's merchant validation and token, Google Pay's paymentData, and the
// redirect methods' (mollie, coda) creation and answers.
import { z } from "zod";
import { ImmediatePerformance } from "./payments";

/** The redirect-method payment creation payload (section 3); only rateplan and clickid decide anything. */
export const PaymentCreation = z.object({
  /** The product_id of the chosen plan. */
  rateplan: z.string().min(1).max(64),
  clickid: z.string().max(64),
  // What the client sends beside, as for the card: kept for the provider's risk checks, never trusted for
  // the amount, the descriptor or the account (those come from the plan and the brand).
  country: z.string().max(8).optional(),
  descriptor: z.string().max(64).optional(),
  payment_company: z.string().max(32).optional(),
  city: z.string().max(100).optional(),
  domain: z.string().max(253).optional(),
  paySource: z.string().max(32).optional(),
  email: z.string().max(254).optional(),
  newCard: z.boolean().optional(),
  actonfile: z.boolean().optional(),
  userAgent: z.string().max(512).optional(),
  ...ImmediatePerformance,
});

/** Mollie's payment as its API answers a creation: the checkout link, else the reason (`message`). */
export const MollieAnswer = z.object({
  id: z.string().nullable(),
  status: z.enum(["open", "pending", "paid", "failed", "canceled"]),
  _links: z.object({ checkout: z.object({ href: z.string(), type: z.literal("text/html") }) }).optional(),
  message: z.string().optional(),
});

/** coda's answer (section 3's redirect-method response): result, the page to go to, and a message. */
export const CodaAnswer = z.object({
  result: z.boolean(),
  redirectUrl: z.string().nullable(),
  message: z.string(),
});

/** PayPal's order and capture statuses, as its Orders API names them. */
export const PayPalStatus = z.enum([
  "CREATED",
  "PAYER_ACTION_REQUIRED",
  "PENDING",
  "COMPLETED",
  "DECLINED",
  "VOIDED",
  "REFUNDED",
]);

export const PayPalOrder = z.object({
  /** The order's id: PayPal gives it back on the return URL as `token`, and orderOk captures it. */
  id: z.string().nullable(),
  status: PayPalStatus,
  /** Where the member approves the order (PayPal's payer-action link). */
  approveUrl: z.string().nullable(),
  message: z.string(),
});

/** orderOk's body: the approved order's id, and what the client read of the payer (spec section 7). */
export const PayPalOrderOk = z.object({
  clickid: z.string().max(64),
  id: z.string().min(1).max(128),
  payerID: z.string().max(64).optional(),
  cardholderName: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  card: z.object({ tokenId: z.string().max(128).optional() }).optional(),
});

export const PayPalCaptureAnswer = z.object({ id: z.string(), status: PayPalStatus, message: z.string() });

/** A wallet's charge: paid (result true), refused (message: the catalogue's code), or a page to go to first. */
export const WalletAnswer = z.object({
  result: z.boolean(),
  message: z.string(),
  redirectUrl: z.string().nullable(),
});

export const ApplePayStart = z.object({
  clickid: z.string().max(64),
  /** The validation URL of the sheet's onvalidatemerchant event. */
  validationURL: z.url().max(2048),
  domain: z.string().max(253).optional(),
});

/** Apple Pay's PKPaymentToken as the sheet gives it to onpaymentauthorized. */
export const ApplePayToken = z.object({
  paymentData: z.record(z.string(), z.unknown()),
  paymentMethod: z.object({
    displayName: z.string().max(100).optional(),
    network: z.string().max(32).optional(),
    type: z.string().max(16).optional(),
  }),
  transactionIdentifier: z.string().min(1).max(256),
});

export const ApplePayPayment = /* @__PURE__ */ PaymentCreation.extend({ token: ApplePayToken });

/** Google Pay's PaymentData as loadPaymentData resolves it (API version 2, a card of section 9's networks). */
export const GooglePayPaymentData = z.object({
  apiVersion: z.literal(2),
  apiVersionMinor: z.number().int().min(0).max(9),
  paymentMethodData: z.object({
    type: z.literal("CARD"),
    description: z.string().max(100).optional(),
    info: z
      .object({ cardNetwork: z.enum(["MASTERCARD", "VISA"]), cardDetails: z.string().max(8) })
      .optional(),
    tokenizationData: z.object({
      type: z.enum(["PAYMENT_GATEWAY", "DIRECT"]),
      token: z.string().min(1).max(16_384),
    }),
  }),
});

export const GooglePayPayment = /* @__PURE__ */ PaymentCreation.extend({ paymentData: GooglePayPaymentData });
