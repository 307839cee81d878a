import { z } from "zod";
import type { AdyenWeb, PublicBrand } from "../contracts/brand";

const paymentCompanies = ["adyen", "trustpay", "maxpay", "mollie", "coda", "paypal"] as const;

/**
 * The company behind a brand: what the legal pages, the mail footers and the payment providers need. It is
 * configuration a real brand fills in (the BRAND_COMPANIES var of wrangler.toml), not code: the registry
 * holds the brand's identity only.
 */
export const BrandCompany = z.object({
  company_name: z.string().min(1),
  company_address: z.string().min(1),
  vat: z.string().min(1),
  /** The brand's customer-care address and phone (contact page, legal pages, mails). */
  email: z.email(),
  tel: z.string().min(1),
  /** Merchant accounts per payment provider (account names, never secrets). */
  payment_accounts: z.partialRecord(z.enum(paymentCompanies), z.string().min(1)).default({}),
});
export type BrandCompany = z.infer<typeof BrandCompany>;

type CompanyField = "company_name" | "company_address" | "vat" | "email" | "tel";
/** Public fields that come from the deployment's configuration, not from the registry. */
type ConfiguredField = CompanyField | "google_login" | "adyen_web";

/** Server-only settings of a brand: names of secrets and provider accounts, never their values. */
export interface ServerBrand {
  /** Sender of transactional e-mail. */
  mailFrom: string;
  /** Name of the Worker secret holding the Telegram bot token. */
  telegramTokenSecret: string;
  /**
   * The brand's tracker: a postback URL template with {clickid} and the payout placeholders
   * (worker/tracking/postback-template.ts); TRACKER_POSTBACK_URLS overrides it per deployment. None keeps the
   * brand's postbacks in the outbox.
   */
  postbackUrl?: string;
  /** Merchant accounts per payment provider (from the brand's company configuration). */
  paymentAccounts: BrandCompany["payment_accounts"];
}

/** One brand of the registry: its identity (hosts, names, theme, folders); the company comes from config. */
export interface BrandEntry {
  /** Host names that select this brand (production domain and its local alias). */
  hosts: readonly string[];
  public: Omit<PublicBrand, ConfiguredField>;
  server: Omit<ServerBrand, "paymentAccounts">;
}

/** A brand as a request sees it: the registry's entry with its company. */
export interface Brand {
  hosts: readonly string[];
  public: PublicBrand;
  server: ServerBrand;
}

export type BrandRegistry = Readonly<Record<string, BrandEntry>>;

/**
 * The entry with its company's details, whether Google sign-in is configured, and Adyen's secured fields when
 * the brand's card system is Adyen (the first of adyen, trustpay, maxpay among its accounts) with a client key.
 */
export function withCompany(
  entry: BrandEntry,
  company: BrandCompany,
  googleLogin: boolean,
  adyenWeb?: AdyenWeb,
): Brand {
  const { payment_accounts, ...details } = company;
  const cardsToAdyen = adyenWeb && payment_accounts.adyen;
  return {
    hosts: entry.hosts,
    public: {
      ...entry.public,
      ...details,
      google_login: googleLogin,
      ...(cardsToAdyen ? { adyen_web: adyenWeb } : {}),
    },
    server: { ...entry.server, paymentAccounts: payment_accounts },
  };
}
