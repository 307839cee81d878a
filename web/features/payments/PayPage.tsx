import { useQuery } from "@tanstack/react-query";
import { Navigate, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { formatMoney } from "../../../worker/contracts/money";
import { BackArrow } from "../../components/ui/BackArrow";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import { AgeVerificationHeader } from "./AgeVerificationHeader";
import { CardForm } from "./CardForm";
import { isPayMethod, MethodPicker, type PayMethod } from "./MethodPicker";
import { OtherMethodPanel, type Outcome } from "./OtherMethods";
import { outcomeText, PaymentOutcomePopup } from "./PaymentOutcomePopup";
import { findPlan, plansQuery } from "./payments-queries";
import { askWhileUnavailable } from "./retry-unavailable";
import { applePayShown, googlePayReady } from "./wallets";
import "./payments.css";

/**
 * PayPal's answer to the capture, as the popup tells it (section 4): COMPLETED goes to /ok/; the member's own
 * cancel says so; a capture still pending waits; any other refusal is the insufficient-funds popup.
 */
function paypalOutcome(status: string): Outcome | null {
  if (status === "COMPLETED") return null;
  if (status === "PENDING") return { status: "open", message: "pending" };
  if (status === "VOIDED" || status === "PAYER_ACTION_REQUIRED")
    return { status: "ko", message: "payment_canceled" };
  return { status: "ko", message: "insufficient_funds" };
}

/**
 * /purchase/pay?plan={product_id}: the plan's header with the money-back box (or, for the age verification,
 * its own header, card only), the method picker of the flow's sistemi_pagamento and the chosen method: the
 * card form, or another method's button. Back from PayPal (?token=…) the order is captured here.
 */
export function PayPage({
  brand,
  productId,
  retry,
}: {
  brand: PublicBrand;
  productId: string | undefined;
  /** The catalogue's code of the payment for this plan that was just refused (from its return page). */
  retry?: string | undefined;
}) {
  const { t, locale } = useI18n();
  const { state } = useSession();
  const navigate = useNavigate();
  const plans = useQuery(plansQuery());
  const hostname = window.location.hostname;
  const googlePay = useQuery({
    queryKey: ["google-pay-ready", hostname],
    queryFn: () => googlePayReady(hostname, brand),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const paypalToken = useRouterState({
    select: (s) => (s.location.search as Record<string, string | undefined>).token,
  });
  const [chosen, setChosen] = useState<PayMethod | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A refused payment keeps the plan: the page says why and asks for another card, or another method.
  const [refused, setRefused] = useState<string | null>(retry ?? null);
  const [attempt, setAttempt] = useState(0);
  const [capturing, setCapturing] = useState(false);
  const captured = useRef(false);
  const clickid = state.status === "member" ? state.member.clickid : null;

  // Back from PayPal's page: capture the order once; COMPLETED goes to /ok/, anything else is the popup.
  useEffect(() => {
    if (!paypalToken || !clickid || captured.current) return;
    captured.current = true;
    setCapturing(true);
    void (async () => {
      let result: Outcome | null = { status: "ko", message: "problemi_api" };
      try {
        const response = await askWhileUnavailable(() =>
          api.orders.client.paypal.orderOk.$post({ json: { clickid, id: paypalToken } }),
        );
        // Still unavailable after the waits: PayPal's capture notification applies the approved order later.
        if (response.status === 503) result = { status: "open", message: "pending" };
        else if (response.ok) result = paypalOutcome((await response.json()).status);
      } catch (error) {
        console.warn("the PayPal capture did not reach the server", error);
      }
      if (!result) {
        window.location.assign("/ok/");
        return;
      }
      setOutcome(result);
      setChosen("paypal");
      setCapturing(false);
      // The token is spent: a reload of the page must not look like a return from PayPal.
      void navigate({ to: "/purchase/pay", search: { plan: productId }, replace: true });
    })();
  }, [paypalToken, clickid, navigate, productId]);

  if (plans.isPending) return <Spinner label={t("app_loading")} />;
  const lists = plans.data?.rateplan[0];
  const plan = lists ? findPlan(lists, productId) : undefined;
  if (!plan || !plans.data || state.status !== "member")
    return <Navigate to="/vip_plan/$rateplan" params={{ rateplan: "cred" }} />;
  const member = state.member;
  const verification = (lists?.verifica ?? []).some((p) => p.product_id === plan.product_id);
  const usable = (method: PayMethod) =>
    method === "applepay" ? applePayShown(hostname) : method === "googlepay" ? googlePay.data === true : true;
  // The age verification is a card check, and a renewing plan renews on what it keeps (a card, or the
  // methods whose provider keeps one); otherwise what the flow offers and this browser can use.
  const offered = verification
    ? (["credit_card"] as const)
    : (plan.renewal_days !== null ? plans.data.renewingMethods : plans.data.sistemi_pagamento)
        .filter(isPayMethod)
        .filter(usable);
  const methods: readonly PayMethod[] = offered.length > 0 ? offered : ["credit_card"];
  // The first offered method is chosen at first (the flows list the card first): one tap less for most.
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? "credit_card");

  /** The popup's retry: this plan again, with the card's fields emptied for another card, or another method. */
  function tryAgain(code: string) {
    setOutcome(null);
    setRefused(code);
    setAttempt((n) => n + 1);
    // Blocked after too many attempts with the card (change_method): another method is chosen for the member.
    const other = methods.find((m) => m !== "credit_card");
    if (code === "change_method" && other) setChosen(other);
  }

  return (
    <section className="pay" data-testid="pay-page">
      {/* The spec: the purchase page's back arrow returns to /vip_plan/cred. */}
      <BackArrow
        label={t("back_piani")}
        to="/vip_plan/$rateplan"
        params={{ rateplan: "cred" }}
        showLabel
        className="pay-back"
      />
      {verification ? (
        <AgeVerificationHeader plan={plan} />
      ) : (
        <>
          <header className="pay-header">
            <div>
              <span className="muted small">{t("pay_piano")}</span>
              <h1>
                {plan.nomePiano} {plan.badge && <span className="plan-badge">{plan.badge}</span>}
              </h1>
              <p className="plan-credits">{t("vip_crediti", { count: plan.crediti + plan.crediti_promo })}</p>
              {plan.vecchioPrezzo !== null && (
                <p className="plan-credits small" data-testid="pay-reference">
                  {t("vip_prezzo_riferimento", {
                    price: formatMoney(plan.vecchioPrezzo, plan.currency, locale),
                  })}
                </p>
              )}
            </div>
            <strong className="pay-price" data-testid="pay-price">
              {formatMoney(plan.prezzo_totale, plan.currency, locale)}
            </strong>
          </header>
          <aside className="pay-guarantee">
            <strong>{t("pay_garanzia_titolo")}</strong>
            <p>{t("pay_garanzia")}</p>
          </aside>
        </>
      )}
      {refused && !capturing && (
        <div className="pay-retry" role="status" data-testid="pay-retry">
          <strong>{t(outcomeText(refused))}</strong>
          <p>{t(methods.length > 1 ? "pay_riprova_metodi" : "pay_riprova_carta")}</p>
        </div>
      )}
      {capturing ? (
        <div className="pay-capturing">
          <Spinner label={t("pm_paypal_conferma")} />
          <p className="center muted">{t("pm_paypal_conferma")}</p>
        </div>
      ) : (
        <>
          {methods.length > 1 && (
            <MethodPicker methods={methods} chosen={method} disabled={false} onChoose={setChosen} />
          )}
          {method === "credit_card" ? (
            <CardForm
              attempt={attempt}
              plan={plan}
              brand={brand}
              member={member}
              verification={verification}
              onOutcome={setOutcome}
            />
          ) : (
            <OtherMethodPanel
              key={method}
              method={method}
              sandbox={plans.data.sandboxMethods.includes(method)}
              plan={plan}
              brand={brand}
              member={member}
              onOutcome={setOutcome}
            />
          )}
        </>
      )}
      {outcome && (
        <PaymentOutcomePopup
          status={outcome.status}
          message={outcome.message}
          onClose={() => setOutcome(null)}
          retry={() => tryAgain(outcome.message)}
        />
      )}
    </section>
  );
}
