// The real payment providers' credentials per brand (the Worker secret PAYMENT_CREDENTIALS): their parse,
// and the checks that need the brands' merchant accounts beside them.
import { z } from "zod";
import type { BrandEntry, BrandRegistry } from "./brands/brand";
import { brands } from "./brands/registry";
import type { Environment } from "./config-environment";
import { ADYEN_WEB_ENVIRONMENTS } from "./contracts/brand";
import type { ProviderId } from "./payments/provider";

/** PayPal's live REST API; its sandbox is https://api-m.sandbox.paypal.com. */
const PAYPAL_DEFAULT_API_BASE = "https://api-m.paypal.com";
/** Mollie has one host for test and live: the key's prefix (test_, live_) decides. */
const MOLLIE_DEFAULT_API_BASE = "https://api.mollie.com";
const TRUSTPAY_DEFAULT_API_BASE = "https://tpgw.trustpay.eu";
const CODA_DEFAULT_API_BASE = "https://airtime.codapayments.com";
/** Maxpay's live gateway; its sandbox is https://gateway-sandbox.maxpay.com. */
const MAXPAY_DEFAULT_API_BASE = "https://gateway.maxpay.com";

const secret = z.string().trim().min(1);
const apiBase = (fallback?: string) =>
  (fallback ? z.url().default(fallback) : z.url()).transform((u) => u.replace(/\/+$/, ""));

/**
 * A brand's credentials per real provider (the Worker secret PAYMENT_CREDENTIALS). Adyen's merchant account
 * is not here: it is the brand's payment_accounts.adyen (its registry entry's company), an account name, no secret.
 */
export const BrandPaymentCredentials = z
  .object({
    adyen: z
      .object({
        /** The Checkout API with its version: https://checkout-test.adyen.com/v71, or the live prefix's URL. */
        apiBase: apiBase(),
        apiKey: secret,
        /** The standard webhook's HMAC key, hex as the Customer Area shows it. */
        hmacKey: z.string().regex(/^([0-9a-fA-F]{2})+$/, "must be hex"),
        applePayMerchantId: secret.optional(),
        /**
         * The client key (Customer Area > API credentials > Client settings): public, it goes to the browser,
         * whose card fields are then Adyen's secured fields (the card never reaches this Worker).
         */
        clientKey: z
          .string()
          .regex(/^(test|live)_[A-Za-z0-9]+$/, "must be a test_ or live_ client key")
          .optional(),
        /** Where Adyen Web loads the secured fields from: Adyen's test or live environment (regional lives too). */
        environment: z.enum(ADYEN_WEB_ENVIRONMENTS).default("test"),
        /**
         * Local runs only (the tests' fake): the origin serving the secured fields instead of Adyen's
         * checkoutshopper; refused in production.
         */
        webBase: apiBase().optional(),
      })
      .strict()
      .optional(),
    paypal: z
      .object({
        apiBase: apiBase(PAYPAL_DEFAULT_API_BASE),
        clientId: secret,
        clientSecret: secret,
        /** The id of the webhook registered for the brand's /hooks/paypal (verifies each notification). */
        webhookId: secret,
      })
      .strict()
      .optional(),
    mollie: z
      .object({ apiBase: apiBase(MOLLIE_DEFAULT_API_BASE), apiKey: secret })
      .strict()
      .optional(),
    trustpay: z
      .object({
        apiBase: apiBase(TRUSTPAY_DEFAULT_API_BASE),
        apiKey: secret,
        /** Signs TrustPay's notifications to /hooks/trustpay. */
        secretKey: secret,
      })
      .strict()
      .optional(),
    coda: z
      .object({
        apiBase: apiBase(CODA_DEFAULT_API_BASE),
        apiKey: secret,
        projectId: secret,
        /** ISO 3166 numeric country of the brand's Codapay set-up (380 Italy, 724 Spain, 826 United Kingdom). */
        country: z.number().int().positive(),
        /** 0: Coda's own channel page; a channel id (e.g. PayPal's for `coda_paypal`) goes straight to it. */
        payType: z.number().int().min(0),
      })
      .strict()
      .optional(),
    maxpay: z
      .object({
        apiBase: apiBase(MAXPAY_DEFAULT_API_BASE),
        merchantAccount: secret,
        merchantPassword: secret,
        /** Signs Maxpay's callbacks to /hooks/maxpay. */
        privateKey: secret,
      })
      .strict()
      .optional(),
  } satisfies Partial<Record<Exclude<ProviderId, "sandbox">, z.ZodType>>)
  .strict();
export type BrandPaymentCredentials = z.infer<typeof BrandPaymentCredentials>;

/**
 * Adyen's credentials of a brand without its merchant account would call Adyen for no account; a stand-in for
 * Adyen's secured fields (webBase) in production would send members' cards elsewhere; a client key of the
 * other environment would not load the fields at all.
 */
export function paymentProblems(e: Environment): string[] {
  const problems: string[] = [];
  for (const [brandId, { adyen }] of Object.entries(e.PAYMENT_CREDENTIALS ?? {})) {
    if (!adyen) continue;
    const at = `PAYMENT_CREDENTIALS.${brandId}.adyen`;
    const entry: BrandEntry | undefined = (brands as BrandRegistry)[brandId];
    const accounts = e.BRAND_COMPANIES?.[brandId]?.payment_accounts ?? entry?.company.payment_accounts;
    if (!accounts?.adyen) {
      problems.push(
        `${at} needs BRAND_COMPANIES.${brandId}.payment_accounts.adyen or an adyen account in its registry entry`,
      );
    }
    if (adyen.webBase && e.APP_ENV === "production") problems.push(`${at}.webBase is for local runs only`);
    if (
      adyen.clientKey &&
      !adyen.clientKey.startsWith(adyen.environment.startsWith("live") ? "live_" : "test_")
    ) {
      problems.push(`${at}.clientKey does not belong to the ${adyen.environment} environment`);
    }
  }
  return problems;
}
