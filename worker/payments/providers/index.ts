// Which provider a payment goes to: per brand (its credentials in PAYMENT_CREDENTIALS, its card system in
// payment_accounts) and per way to pay (the card form to the brand's card provider, the wallets to Adyen,
// PayPal and Mollie to their own). A brand without credentials for that provider keeps the built-in sandbox
// in local runs; a deployed Worker answers payments_unavailable rather than pretend. Nothing outside this
// folder knows which provider it talks to.
import type { Context } from "hono";
import { brandOf } from "../../brands/registry";
import { brandWithCompany } from "../../brands/resolve";
import type { Config } from "../../config";
import type { BrandPaymentCredentials } from "../../config-payments";
import { PAYMENT_SYSTEMS, type PaymentSystem } from "../../contracts/payments";
import type { Db } from "../../core/db";
import { AppError } from "../../core/errors";
import type { AppEnv } from "../../env";
import type { PaymentMethod, PaymentProvider, ProviderId } from "../provider";
import { adyenProvider } from "./adyen";
import { codaProvider } from "./coda";
import { maxpayProvider } from "./maxpay";
import { maxpayCardStore } from "./maxpay-cards";
import { mollieProvider } from "./mollie";
import { mollieCustomerStore } from "./mollie-customers";
import { paypalProvider } from "./paypal";
import { type SandboxProvider, sandboxProvider } from "./sandbox";
import { trustpayProvider } from "./trustpay";

export const paymentsUnavailable = () =>
  new AppError(503, "payments_unavailable", "Payments are not available on this site yet.", {
    messageKey: "problemi_api",
  });

type RealProviderId = Exclude<ProviderId, "sandbox">;

/** The card provider of each card system. */
const CARD_PROVIDER: Record<PaymentSystem, RealProviderId> = {
  adyen: "adyen",
  trustpay: "trustpay",
  maxpay: "maxpay",
};

/** Which provider takes each way to pay (spec section 4); Apple Pay and Google Pay tokens go through Adyen. */
const METHOD_PROVIDER: Record<
  PaymentMethod,
  (cardSystem: PaymentSystem, credentials: BrandPaymentCredentials | undefined) => RealProviderId | null
> = {
  card: (cardSystem) => CARD_PROVIDER[cardSystem],
  // Apple's merchant validation goes through Adyen's certificate, which needs the Apple Pay merchant id.
  applepay: (_, credentials) => (credentials?.adyen?.applePayMerchantId ? "adyen" : null),
  googlepay: () => "adyen",
  paypal: () => "paypal",
  mollie: () => "mollie",
  coda: () => "coda",
};

/** The brand a provider works for: whose credentials, and where its member pages and webhooks are. */
interface Site {
  brandId: string;
  title: string;
  origin: string;
}

/** Builds each real adapter from a brand's credentials; null when the brand has none for it. */
const ADAPTERS: Record<RealProviderId, (config: Config, db: Db, site: Site) => PaymentProvider | null> = {
  adyen: (config, _db, site) => {
    const credentials = config.paymentCredentials[site.brandId]?.adyen;
    const merchantAccount = brandWithCompany(brandOf(site.brandId), config).server.paymentAccounts.adyen;
    if (!credentials || !merchantAccount) return null;
    const { apiBase, apiKey, hmacKey, applePayMerchantId } = credentials;
    return adyenProvider({
      baseUrl: apiBase,
      apiKey,
      merchantAccount,
      hmacKey,
      ...(applePayMerchantId ? { applePayMerchantId } : {}),
    });
  },
  paypal: (config, _db, site) => {
    const credentials = config.paymentCredentials[site.brandId]?.paypal;
    return credentials ? paypalProvider({ ...credentials, brandName: site.title }) : null;
  },
  mollie: (config, db, site) => {
    const credentials = config.paymentCredentials[site.brandId]?.mollie;
    if (!credentials) return null;
    return mollieProvider({
      ...credentials,
      webhookUrl: `${site.origin}/hooks/mollie`,
      customers: mollieCustomerStore(db),
    });
  },
  // TrustPay keeps one notification URL per project (its portal): set it to the brand's /hooks/trustpay.
  trustpay: (config, _db, site) => {
    const credentials = config.paymentCredentials[site.brandId]?.trustpay;
    return credentials ? trustpayProvider(credentials) : null;
  },
  coda: (config, _db, site) => {
    const credentials = config.paymentCredentials[site.brandId]?.coda;
    return credentials ? codaProvider(credentials) : null;
  },
  maxpay: (config, db, site) => {
    const credentials = config.paymentCredentials[site.brandId]?.maxpay;
    if (!credentials) return null;
    return maxpayProvider({
      ...credentials,
      callbackUrl: `${site.origin}/hooks/maxpay`,
      cards: maxpayCardStore(db),
    });
  },
};

const siteOf = (c: Context<AppEnv>): Site => ({
  brandId: c.var.brand.public.id,
  title: c.var.brand.public.title,
  origin: new URL(c.req.url).origin,
});

/** The 3-D Secure style of the brand's card provider: its first card account among the named systems. */
export function paymentSystemOf(c: Context<AppEnv>): PaymentSystem {
  const accounts = c.var.brand.server.paymentAccounts;
  return PAYMENT_SYSTEMS.find((system) => accounts[system]) ?? "adyen";
}

/** This brand's provider for a way to pay; null where none is configured and this is no local run. */
export function providerOrNull(c: Context<AppEnv>, method: PaymentMethod): PaymentProvider | null {
  const id = METHOD_PROVIDER[method](
    paymentSystemOf(c),
    c.var.config.paymentCredentials[c.var.brand.public.id],
  );
  const real = id ? ADAPTERS[id](c.var.config, c.var.db, siteOf(c)) : null;
  return real ?? (c.var.config.local ? sandboxFor(c) : null);
}

/** This brand's provider for a way to pay, or payments_unavailable where none is configured. */
export function providerFor(c: Context<AppEnv>, method: PaymentMethod): PaymentProvider {
  const provider = providerOrNull(c, method);
  if (!provider) throw paymentsUnavailable();
  return provider;
}

/** The provider a webhook route is for, with this brand's credentials (the host names the brand). */
export function webhookProviderFor(c: Context<AppEnv>, id: ProviderId): PaymentProvider {
  if (id === "sandbox") return sandboxFor(c);
  const provider = ADAPTERS[id](c.var.config, c.var.db, siteOf(c));
  if (!provider) throw paymentsUnavailable();
  return provider;
}

/** The built-in sandbox, local runs only: its hosted pages and webhooks. */
export function sandboxFor(c: Context<AppEnv>): SandboxProvider {
  return sandboxOf(c.var.config, c.var.db, new URL(c.req.url).origin, paymentSystemOf(c));
}

function sandboxOf(config: Config, db: Db, origin: string, threeDsSystem: PaymentSystem): SandboxProvider {
  if (config.appEnv !== "local") throw paymentsUnavailable();
  return sandboxProvider(db, {
    origin,
    threeDsSystem,
    webhookSecret: config.sandboxWebhookSecret,
  });
}

/**
 * A provider by the id a payment or a kept card records, for the brand of its order, with no member's request
 * behind it (the renewal job, the console's refund): the brand's own domain is where its webhooks go.
 */
export function providerById(config: Config, db: Db, id: ProviderId, brandId: string): PaymentProvider {
  if (id === "sandbox") return sandboxOf(config, db, "", "adyen");
  const brand = brandOf(brandId).public;
  const site = { brandId, title: brand.title, origin: `https://${brand.domain}` };
  const provider = ADAPTERS[id](config, db, site);
  if (!provider) throw paymentsUnavailable();
  return provider;
}
