// One real payment through a provider's adapter against its test environment (`npm run payments:smoke --
// <provider>`), to see that our requests are what the provider takes before a brand goes live on it. It runs
// only with the provider's test credentials in the environment and refuses live ones; nothing is charged.
//   adyen                    a card payment with Adyen's documented test Visa (no 3-D Secure asked)
//   paypal                   creates an order and prints its approval link; `--capture <orderId>` captures it
//   mollie                   creates a payment and prints its checkout link; `--check <id>` reads its status
// Exit codes: 0 the step went as expected, 1 the provider refused or failed, 2 missing credentials or usage.
// It prints what the provider answered of the payment (reference, status, links, error code), never a secret.
import { fileURLToPath } from "node:url";
import type { ProviderPayment } from "../worker/payments/provider";
import { adyenProvider } from "../worker/payments/providers/adyen";
import { mollieProvider } from "../worker/payments/providers/mollie";
import { paypalProvider } from "../worker/payments/providers/paypal";

type Env = Record<string, string | undefined>;

const USAGE =
  "usage: npm run payments:smoke -- adyen | paypal [--capture <orderId>] | mollie [--check <paymentId>]";

/** The variables each provider needs, and where its test environment is unless told otherwise. */
const NEEDS = {
  adyen: ["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT"],
  paypal: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
  mollie: ["MOLLIE_API_KEY"],
} as const;
type Provider = keyof typeof NEEDS;

/** The second step each provider has (the member approves or pays on the provider's page in between). */
const SECOND_STEP: Record<Provider, string | null> = { adyen: null, paypal: "--capture", mollie: "--check" };

const DEFAULTS = {
  ADYEN_CHECKOUT_URL: "https://checkout-test.adyen.com/v71",
  PAYPAL_API_BASE: "https://api-m.sandbox.paypal.com",
  MOLLIE_API_BASE: "https://api.mollie.com",
  // Mollie refuses a webhook URL it cannot reach (localhost): a public one that ignores the call will do.
  MOLLIE_WEBHOOK_URL: "https://example.com/mollie-smoke-webhook",
  SMOKE_RETURN_URL: "https://example.com/paymentCheck",
};

/** Live endpoints and keys: the smoke test never moves real money. */
function liveSetting(provider: Provider, env: Env): string | null {
  if (provider === "adyen" && /-live|live\.adyen/.test(env.ADYEN_CHECKOUT_URL ?? ""))
    return "ADYEN_CHECKOUT_URL";
  if (provider === "paypal" && /^https:\/\/api(-m)?\.paypal\.com/.test(env.PAYPAL_API_BASE ?? "")) {
    return "PAYPAL_API_BASE";
  }
  if (provider === "mollie" && !(env.MOLLIE_API_KEY ?? "").startsWith("test_")) return "MOLLIE_API_KEY";
  return null;
}

const payment = (label: string) => ({
  idempotencyKey: `smoke_${label}_${Date.now()}`,
  amountCents: 100,
  currency: "EUR",
  descriptor: "SMOKE TEST",
  shopperReference: "member-smoke-test",
});

function print(step: string, answer: ProviderPayment, out: (line: string) => void) {
  const { reference, status, errorCode, redirectUrl, threeDs, card } = answer;
  out(
    `${step}: ${JSON.stringify({ reference, status, errorCode, redirectUrl, threeDs: threeDs?.url, card })}`,
  );
}

/** Runs the smoke test; answers the exit code. `out` receives what is printed. */
async function smoke(args: string[], env: Env, out: (line: string) => void): Promise<number> {
  const [name, flag, id] = args;
  const provider = name && Object.hasOwn(NEEDS, name) ? (name as Provider) : null;
  if (!provider || (flag && (flag !== SECOND_STEP[provider] || !id))) {
    out(USAGE);
    return 2;
  }
  const missing = NEEDS[provider].filter((key) => !env[key]);
  if (missing.length > 0) {
    out(`${provider}: set ${missing.join(", ")} to its test credentials (docs/payments.md says where).`);
    return 2;
  }
  const settings = { ...DEFAULTS, ...Object.fromEntries(Object.entries(env).filter(([, v]) => v)) } as Env &
    typeof DEFAULTS;
  const live = liveSetting(provider, settings);
  if (live) {
    out(`${provider}: ${live} is a live setting; the smoke test runs against the test environment only.`);
    return 2;
  }
  const returnUrl = settings.SMOKE_RETURN_URL;

  if (provider === "adyen") {
    const adyen = adyenProvider({
      baseUrl: settings.ADYEN_CHECKOUT_URL,
      apiKey: settings.ADYEN_API_KEY ?? "",
      merchantAccount: settings.ADYEN_MERCHANT_ACCOUNT ?? "",
      // Only webhooks are signed: a payment needs no HMAC key.
      hmacKey: settings.ADYEN_HMAC_KEY ?? "",
    });
    const answer = await adyen.chargeCard({
      ...payment("adyen"),
      returnUrl,
      // Adyen's documented test Visa (https://docs.adyen.com/development-resources/testing/test-card-numbers).
      card: { number: "4111111145551142", expMonth: 3, expYear: 2030, cvc: "737", holderName: "Smoke Test" },
      storeCard: false,
    });
    print("charge", answer, out);
    return answer.status === "succeeded" ? 0 : 1;
  }

  if (provider === "paypal") {
    const paypal = paypalProvider({
      apiBase: settings.PAYPAL_API_BASE,
      clientId: settings.PAYPAL_CLIENT_ID ?? "",
      clientSecret: settings.PAYPAL_CLIENT_SECRET ?? "",
      // Only webhooks are verified with it.
      webhookId: settings.PAYPAL_WEBHOOK_ID ?? "",
    });
    if (id) {
      const captured = await paypal.capturePayment(id);
      print("capture", captured, out);
      return captured.status === "succeeded" ? 0 : 1;
    }
    const created = await paypal.createRedirectPayment({ ...payment("paypal"), returnUrl, method: "paypal" });
    print("order", created, out);
    if (!created.redirectUrl) return 1;
    out(`Approve it with a sandbox buyer account at ${created.redirectUrl}`);
    out(`then: npm run payments:smoke -- paypal --capture ${created.reference}`);
    return 0;
  }

  const mollie = mollieProvider({
    apiBase: settings.MOLLIE_API_BASE,
    apiKey: settings.MOLLIE_API_KEY ?? "",
    webhookUrl: settings.MOLLIE_WEBHOOK_URL,
    // A one-off payment keeps no customer.
    customers: { find: async () => null, keep: async () => {} },
  });
  if (id) {
    const checked = await mollie.checkPayment(id);
    print("check", checked, out);
    return checked.status === "succeeded" ? 0 : 1;
  }
  const created = await mollie.createRedirectPayment({ ...payment("mollie"), returnUrl, method: "mollie" });
  print("payment", created, out);
  if (!created.redirectUrl) return 1;
  out(`Pay it on Mollie's test checkout (choose "paid") at ${created.redirectUrl}`);
  out(`then: npm run payments:smoke -- mollie --check ${created.reference}`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  smoke(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // The error's name and message: the adapters keep secrets out of them.
      console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      process.exit(1);
    },
  );
}
