// The payment providers' fakes for the end-to-end site on E2E_PORT + 1 (scripts/e2e-server.ts): each brand
// there gets real adapters pointed at the fakes, so a browser walks the providers' own pages
// (tests/e2e/payments-providers.spec.ts). The card provider is the first of adyen, trustpay, maxpay in a brand's
// payment_accounts, so one brand per card provider: Italian Adyen (with Apple Pay, Google Pay, PayPal, Mollie
// and Coda), Spanish TrustPay, English Maxpay.
import dns from "node:dns";
import { startFakeAdyen } from "../tests/fakes/adyen.ts";
import { startFakeCoda } from "../tests/fakes/coda.ts";
import { startFakeMaxpay } from "../tests/fakes/maxpay.ts";
import { startFakeMollie } from "../tests/fakes/mollie.ts";
import { startFakePayPal } from "../tests/fakes/paypal.ts";
import { startFakeTrustPay } from "../tests/fakes/trustpay.ts";

/**
 * Node resolves no *.localhost name (Chromium maps them all to the loopback, as RFC 6761 allows): the fakes'
 * webhooks to http://it.localhost:PORT/hooks/… go to 127.0.0.1, the Host header still naming the brand.
 */
function resolveLocalhostNames() {
  const lookup = dns.lookup;
  const patched = (host: string, ...rest: unknown[]) =>
    (lookup as (...args: unknown[]) => void)(host.endsWith(".localhost") ? "127.0.0.1" : host, ...rest);
  (dns as { lookup: unknown }).lookup = patched;
}

/** Each brand's merchant accounts on this site, over its registry entry's (BRAND_COMPANIES). */
function paymentAccounts(adyenAccount: string) {
  return {
    amoreitalia: { payment_accounts: { adyen: adyenAccount } },
    amorespana: { payment_accounts: { trustpay: "e2e" } },
    lovechat: { payment_accounts: { maxpay: "e2e" } },
  };
}

/** Starts the fakes; answers the Worker's environment of the providers' site on `port`. */
export async function startProviderFakes(port: string) {
  resolveLocalhostNames();
  const site = (host: string) => `http://${host}.localhost:${port}`;
  const [adyen, paypal, mollie, coda, trustpay, maxpay] = await Promise.all([
    startFakeAdyen(),
    // PayPal's webhook listener is set once for the app: the brand's own /hooks route.
    startFakePayPal({ webhookUrl: `${site("it")}/hooks/paypal` }),
    startFakeMollie(),
    // Coda's and TrustPay's notification URL is set once in their portals: the brand's own /hooks route.
    startFakeCoda({ notificationUrl: `${site("it")}/hooks/coda` }),
    startFakeTrustPay({ notificationUrl: `${site("es")}/hooks/trustpay` }),
    startFakeMaxpay(),
  ]);
  const credentials = {
    amoreitalia: {
      adyen: {
        apiBase: adyen.url,
        apiKey: adyen.apiKey,
        hmacKey: adyen.hmacKey,
        applePayMerchantId: adyen.applePayMerchantId,
        // The card form's secured fields (Adyen Web), loaded from the fake's stand-in of Adyen's iframe page.
        clientKey: adyen.clientKey,
        environment: "test",
        webBase: adyen.webBase,
      },
      paypal: {
        apiBase: paypal.url,
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        webhookId: paypal.webhookId,
      },
      mollie: { apiBase: mollie.url, apiKey: mollie.apiKey },
      coda: { apiBase: coda.url, apiKey: coda.apiKey, projectId: coda.projectId, country: 380, payType: 0 },
    },
    amorespana: {
      trustpay: { apiBase: trustpay.url, apiKey: trustpay.apiKey, secretKey: trustpay.secretKey },
    },
    lovechat: {
      maxpay: {
        apiBase: maxpay.url,
        merchantAccount: maxpay.merchantAccount,
        merchantPassword: maxpay.merchantPassword,
        privateKey: maxpay.privateKey,
      },
    },
  };
  return {
    env: {
      PAYMENT_CREDENTIALS: JSON.stringify(credentials),
      BRAND_COMPANIES: JSON.stringify(paymentAccounts(adyen.merchantAccount)),
    },
  };
}
