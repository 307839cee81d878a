import { useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { formatMoney } from "../../../worker/contracts/money";
import type { RatePlanRow } from "../../../worker/contracts/payments";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { firePixel } from "../../lib/consent";
import { CheckoutTerms } from "./CheckoutTerms";
import { isTestHost } from "./card-form";
import { methodNames, type PayMethod } from "./MethodPicker";
import { MOLLIE_REFERENCE_KEY } from "./PaymentCheckPage";
import { PerformanceConsent } from "./PerformanceConsent";
import { StandInApplePaySheet } from "./StandInApplePaySheet";
import {
  type ApplePayRequest,
  applePayRequest,
  applePaySession,
  googlePayClient,
  googlePaymentDataRequest,
  nativeApplePay,
} from "./wallets";

/** What the page's outcome popup shows: a refusal (ko) or a payment the provider still reviews (open). */
export interface Outcome {
  status: "ko" | "open";
  message: string;
}

type OtherMethod = Exclude<PayMethod, "credit_card">;

const descriptions: Record<OtherMethod, MessageKey> = {
  paypal: "pm_descrizione_paypal",
  applepay: "pm_descrizione_applepay",
  googlepay: "pm_descrizione_googlepay",
  mollie: "pm_descrizione_mollie",
  coda_paypal: "pm_descrizione_coda_paypal",
};

/** The paySource each method's creation payload names (section 3). */
const paySources: Record<OtherMethod, string> = {
  paypal: "PAYPAL",
  applepay: "APPLEPAY",
  googlepay: "GOOGLEPAY",
  mollie: "MOLLIE",
  coda_paypal: "CODA",
};

/** The methods that leave for the provider's page as soon as it is created. */
const redirects: readonly OtherMethod[] = ["paypal", "mollie", "coda_paypal"];

/** The wallets whose page the sandbox plays where it serves them (the page says so, as for the test card). */
const sandboxWallets: readonly OtherMethod[] = ["paypal", "googlepay"];

/**
 * One method other than the card: what it is, coda's disclaimer, the checkout terms and its pay button.
 * mollie, coda and PayPal go to the provider's page (a refusal shows the blocked popup with the message);
 * Google Pay hands its sheet's paymentData over, then the provider's page or the outcome; Apple Pay runs
 * its session (merchant validation through startSession) and goes to /ok/ when paid.
 */
export function OtherMethodPanel({
  method,
  sandbox,
  plan,
  brand,
  member,
  onOutcome,
}: {
  method: OtherMethod;
  /** The built-in sandbox serves this method here (/api/plans' sandboxMethods). */
  sandbox: boolean;
  plan: RatePlanRow;
  brand: PublicBrand;
  member: { clickid: string; country: string; email: string };
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t, locale } = useI18n();
  const [busy, setBusy] = useState(false);
  const [performance, setPerformance] = useState(false);
  const [sheet, setSheet] = useState<{ request: ApplePayRequest; answer: (ok: boolean) => void } | null>(
    null,
  );
  const price = formatMoney(plan.prezzo_totale, plan.currency, locale);
  const name = t(methodNames[method]);
  const hostname = window.location.hostname;

  const payload = () => ({
    rateplan: plan.product_id,
    clickid: member.clickid,
    country: member.country,
    descriptor: brand.descriptor,
    payment_company: brand.payment_company,
    domain: hostname,
    paySource: paySources[method],
    email: member.email,
    newCard: false,
    actonfile: false,
    userAgent: navigator.userAgent,
    immediatePerformance: performance,
  });

  const fail = (message: string | undefined) => {
    onOutcome({
      status: message === "open" || message === "pending" ? "open" : "ko",
      message: message ?? "generico",
    });
    setBusy(false);
  };

  /** The answer of a refused call: the server's message key, else the generic one. */
  const refused = async (response: { json(): Promise<unknown> }) =>
    fail((await errorOf(response)).messageKey);

  async function redirectMethod() {
    if (method === "mollie") {
      const response = await api.orders.mollie.createPayment.$post({ json: payload() });
      if (!response.ok) return refused(response);
      const body = await response.json();
      const href = body._links?.checkout.href;
      if (!href || !body.id) return fail(body.message);
      // Mollie's return URL carries no id: the return page reads it from here.
      sessionStorage.setItem(MOLLIE_REFERENCE_KEY, body.id);
      window.location.assign(href);
      return;
    }
    if (method === "coda_paypal") {
      const response = await api.orders.coda.createPayment.$post({ json: payload() });
      if (!response.ok) return refused(response);
      const body = await response.json();
      if (body.result && body.redirectUrl) window.location.assign(body.redirectUrl);
      else fail(body.message);
      return;
    }
    const response = await api.orders.client.paypal.createOrder.$post({ json: payload() });
    if (!response.ok) return refused(response);
    const body = await response.json();
    if (body.approveUrl) window.location.assign(body.approveUrl);
    else fail(body.message);
  }

  async function googlePay() {
    const client = await googlePayClient(hostname);
    if (!client) return fail("generico");
    let paymentData: Awaited<ReturnType<typeof client.loadPaymentData>>;
    try {
      paymentData = await client.loadPaymentData(googlePaymentDataRequest(plan, brand));
    } catch (error) {
      const canceled = (error as { statusCode?: string } | null)?.statusCode === "CANCELED";
      return fail(canceled ? "payment_canceled" : "generico");
    }
    const response = await api.orders.googlePay.paymentData.$post({ json: { ...payload(), paymentData } });
    if (!response.ok) return refused(response);
    const body = await response.json();
    if (body.redirectUrl) window.location.assign(body.redirectUrl);
    else if (body.result) window.location.assign("/ok/");
    else fail(body.message);
  }

  /** Apple's session must begin within the tap itself: nothing is awaited before `begin`. */
  function applePay() {
    const { session, success, failure } = applePaySession(applePayRequest(plan, brand), {
      open: (request, answer) => setSheet({ request, answer }),
      close: () => setSheet(null),
    });
    session.onvalidatemerchant = async ({ validationURL }) => {
      try {
        const response = await api.orders.applePay.startSession.$post({
          json: { clickid: member.clickid, validationURL, domain: hostname },
        });
        if (!response.ok) throw new Error(`startSession answered ${response.status}`);
        session.completeMerchantValidation(await response.json());
      } catch (error) {
        console.warn("Apple Pay's merchant validation failed", error);
        session.abort();
        fail("problemi_api");
      }
    };
    session.onpaymentauthorized = async ({ payment }) => {
      try {
        const response = await api.orders.applePay.payment.$post({
          json: { ...payload(), token: payment.token },
        });
        const body = response.ok ? await response.json() : null;
        session.completePayment(body?.result ? success : failure);
        if (body?.result) window.location.assign("/ok/");
        else fail(body?.message ?? (await errorOf(response)).messageKey);
      } catch (error) {
        console.warn("the Apple Pay charge did not reach the server", error);
        session.completePayment(failure);
        fail("problemi_api");
      }
    };
    session.oncancel = () => fail("payment_canceled");
    setBusy(true);
    session.begin();
  }

  function pay() {
    if (busy) return;
    firePixel(brand, "tentativo", member.clickid);
    if (method === "applepay") {
      applePay();
      return;
    }
    setBusy(true);
    const run = method === "googlepay" ? googlePay : redirectMethod;
    run().catch((error: unknown) => {
      console.warn("the payment did not reach the server", error);
      fail("problemi_api");
    });
  }

  return (
    <section className="card form pay-form pay-method-panel" data-testid={`method-${method}`}>
      <h2>{name}</h2>
      <p>{t(descriptions[method])}</p>
      {method === "coda_paypal" && (
        <p className="pay-disclaimer small" data-testid="coda-disclaimer">
          {t("pm_disclaimer_coda")}
        </p>
      )}
      {/* Where a real provider's adapter serves PayPal or Google Pay (e.g. against a fake), no sandbox stands in. */}
      {sandboxWallets.includes(method) && sandbox && (
        <p className="pay-test">{t("pm_test_wallet", { method: name })}</p>
      )}
      {/* The in-page sheet stands in for Apple's on local hosts whoever serves it; Safari's own needs no notice. */}
      {method === "applepay" && isTestHost(hostname) && !nativeApplePay() && (
        <p className="pay-test">{t("pm_test_apple")}</p>
      )}
      <CheckoutTerms plan={plan} brand={brand} />
      <PerformanceConsent
        renews={plan.renewal_days !== null}
        checked={performance}
        onChange={setPerformance}
      />
      <button
        type="button"
        className={`button primary pay-with pay-with-${method}`}
        disabled={busy}
        onClick={pay}
        data-testid="method-pay"
      >
        {busy ? (
          <Spinner label={t(redirects.includes(method) ? "pm_reindirizzamento" : "pay_in_corso")} />
        ) : (
          t("pm_paga_con", { price, method: name })
        )}
      </button>
      {sheet && <StandInApplePaySheet request={sheet.request} price={price} answer={sheet.answer} />}
    </section>
  );
}
