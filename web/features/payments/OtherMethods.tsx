import { useMutation } from "@tanstack/react-query";
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
/** How a payment attempt ends here: the page to go to (the provider's, or /ok/), or the message of its outcome. */
type Ending = { leave: string } | { message: string | undefined };

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

  /** Goes to the page, or shows the outcome popup. */
  const conclude = (ending: Ending) => {
    if ("leave" in ending) {
      window.location.assign(ending.leave);
      return;
    }
    const { message } = ending;
    onOutcome({
      status: message === "open" || message === "pending" ? "open" : "ko",
      message: message ?? "generico",
    });
  };
  // The attempt is begun by the tap itself (Apple's session must be), and the mutation waits for its ending.
  const attempt = useMutation({
    mutationFn: (underway: Promise<Ending>) => underway,
    onSuccess: conclude,
    onError: (error) => {
      console.warn("the payment did not reach the server", error);
      conclude({ message: "problemi_api" });
    },
  });
  // A payment that leaves for another page stays busy until the page goes.
  const busy = attempt.isPending || (attempt.isSuccess && "leave" in attempt.data);

  /** The ending of a refused call: the server's message key, else the generic one. */
  const refused = async (response: { json(): Promise<unknown> }): Promise<Ending> => ({
    message: (await errorOf(response)).messageKey,
  });

  async function redirectMethod(): Promise<Ending> {
    if (method === "mollie") {
      const response = await api.orders.mollie.createPayment.$post({ json: payload() });
      if (!response.ok) return refused(response);
      const body = await response.json();
      const href = body._links?.checkout.href;
      if (!href || !body.id) return { message: body.message };
      // Mollie's return URL carries no id: the return page reads it from here.
      sessionStorage.setItem(MOLLIE_REFERENCE_KEY, body.id);
      return { leave: href };
    }
    if (method === "coda_paypal") {
      const response = await api.orders.coda.createPayment.$post({ json: payload() });
      if (!response.ok) return refused(response);
      const body = await response.json();
      return body.result && body.redirectUrl ? { leave: body.redirectUrl } : { message: body.message };
    }
    const response = await api.orders.client.paypal.createOrder.$post({ json: payload() });
    if (!response.ok) return refused(response);
    const body = await response.json();
    return body.approveUrl ? { leave: body.approveUrl } : { message: body.message };
  }

  async function googlePay(): Promise<Ending> {
    const client = await googlePayClient(hostname);
    if (!client) return { message: "generico" };
    let paymentData: Awaited<ReturnType<typeof client.loadPaymentData>>;
    try {
      paymentData = await client.loadPaymentData(googlePaymentDataRequest(plan, brand));
    } catch (error) {
      const canceled = (error as { statusCode?: string } | null)?.statusCode === "CANCELED";
      return { message: canceled ? "payment_canceled" : "generico" };
    }
    const response = await api.orders.googlePay.paymentData.$post({ json: { ...payload(), paymentData } });
    if (!response.ok) return refused(response);
    const body = await response.json();
    if (body.redirectUrl) return { leave: body.redirectUrl };
    if (body.result) return { leave: "/ok/" };
    return { message: body.message };
  }

  /**
   * Apple's session must begin within the tap itself: nothing is awaited before `begin`. The attempt ends
   * with the session's first ending; a later one (a cancel after a refusal) still shows its outcome.
   */
  function applePay(): Promise<Ending> {
    const { session, success, failure } = applePaySession(applePayRequest(plan, brand), {
      open: (request, answer) => setSheet({ request, answer }),
      close: () => setSheet(null),
    });
    let settle: ((ending: Ending) => void) | null = null;
    const ended = new Promise<Ending>((resolve) => {
      settle = resolve;
    });
    const end = (ending: Ending) => {
      if (!settle) return conclude(ending);
      settle(ending);
      settle = null;
    };
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
        end({ message: "problemi_api" });
      }
    };
    session.onpaymentauthorized = async ({ payment }) => {
      try {
        const response = await api.orders.applePay.payment.$post({
          json: { ...payload(), token: payment.token },
        });
        const body = response.ok ? await response.json() : null;
        session.completePayment(body?.result ? success : failure);
        end(
          body?.result
            ? { leave: "/ok/" }
            : { message: body?.message ?? (await errorOf(response)).messageKey },
        );
      } catch (error) {
        console.warn("the Apple Pay charge did not reach the server", error);
        session.completePayment(failure);
        end({ message: "problemi_api" });
      }
    };
    session.oncancel = () => end({ message: "payment_canceled" });
    session.begin();
    return ended;
  }

  function pay() {
    if (busy) return;
    firePixel(brand, "tentativo", member.clickid);
    attempt.mutate(
      method === "applepay" ? applePay() : method === "googlepay" ? googlePay() : redirectMethod(),
    );
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
