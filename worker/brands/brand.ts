import type { PublicBrand } from "../contracts/brand";

/** Server-only settings of a brand: names of secrets and provider accounts, never their values. */
export interface ServerBrand {
  /** Sender of transactional e-mail. */
  mailFrom: string;
  /** Name of the Worker secret holding the Telegram bot token. */
  telegramTokenSecret: string;
  /** Merchant accounts per payment provider. */
  paymentAccounts: Partial<Record<"adyen" | "trustpay" | "maxpay" | "mollie" | "coda" | "paypal", string>>;
}

export interface Brand {
  /** Host names that select this brand (production domain and its local alias). */
  hosts: readonly string[];
  public: PublicBrand;
  server: ServerBrand;
}

export type BrandRegistry = Readonly<Record<string, Brand>>;
