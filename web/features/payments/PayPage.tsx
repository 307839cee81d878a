import { useQuery } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import type { ChargeAnswer } from "../../../worker/contracts/payments";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { useSession } from "../../lib/session/session";
import {
  brandOfNumber,
  type CardField,
  type CardFields,
  firstInvalid,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isTestHost,
  TEST_CARD,
} from "./card-form";
import { PaymentOutcomePopup } from "./PaymentOutcomePopup";
import { findPlan, formatPrice, plansQuery } from "./payments-queries";
import { startThreeDs } from "./three-ds";
import "./payments.css";

const fieldErrors: Record<CardField, MessageKey> = {
  number: "errore_carta_numero",
  expiry: "errore_carta_scadenza",
  cvv: "errore_carta_cvv",
  firstName: "errore_carta_nome",
  lastName: "errore_carta_cognome",
};

const empty: CardFields = { number: "", expiry: "", cvv: "", firstName: "", lastName: "" };

/**
 * /purchase/pay?plan={product_id}: the plan's header with the money-back box, and the card form (the
 * spec's validation as the member types). While paying the inputs are disabled; ok goes to /ok/ (or
 * through the payment system's 3-D Secure step), ko and open show the outcome popup.
 */
export function PayPage({ brand, productId }: { brand: PublicBrand; productId: string | undefined }) {
  const { t, locale } = useI18n();
  const { state } = useSession();
  const plans = useQuery(plansQuery());
  const testMode = isTestHost(window.location.hostname);
  const [fields, setFields] = useState<CardFields>(testMode ? TEST_CARD : empty);
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const [paying, setPaying] = useState(false);
  const [threeDs, setThreeDs] = useState(false);
  const [outcome, setOutcome] = useState<{ status: "ko" | "open"; message: string } | null>(null);
  const cancelThreeDs = useRef<() => void>(() => {});
  useEffect(() => () => cancelThreeDs.current(), []);

  if (plans.isPending) return <Spinner label={t("app_loading")} />;
  const plan = plans.data ? findPlan(plans.data.rateplan[0] ?? {}, productId) : undefined;
  if (!plan || state.status !== "member")
    return <Navigate to="/vip_plan/$rateplan" params={{ rateplan: "cred" }} />;
  const member = state.member;
  const price = formatPrice(plan.prezzo_totale, plan.currency, locale);
  const cardBrand = brandOfNumber(fields.number);

  const set = (field: CardField, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  async function pay(e: FormEvent) {
    e.preventDefault();
    const wrong = firstInvalid(fields);
    setInvalid(wrong);
    if (wrong || !plan) return;
    const [month, year] = fields.expiry.split("/");
    setPaying(true);
    try {
      const response = await api.orders.tryCharge.$post({
        json: {
          cardNumber: fields.number,
          cardMonth: Number(month),
          cardYear: Number(year),
          cardSecurityCode: fields.cvv,
          firstName: fields.firstName,
          lastName: fields.lastName,
          rateplan: plan.product_id,
          clickid: member.clickid,
          newCard: true,
          paySource: "CREDITCARD",
          country: member.country,
          domain: window.location.hostname,
          language: locale,
          screenWidth: window.screen.width,
          screenHeight: window.screen.height,
          screenColorDepth: window.screen.colorDepth,
          timezone: new Date().getTimezoneOffset(),
          userAgent: navigator.userAgent,
          javaEnabled: false,
          javascriptEnabled: true,
        },
      });
      if (!response.ok) {
        const failure = await errorOf(response);
        setOutcome({ status: "ko", message: failure.messageKey ?? "generico" });
        setPaying(false);
        return;
      }
      const answer = (await response.json()) as ChargeAnswer;
      if (answer.status === "ok" && answer.threeDS) {
        setThreeDs(true);
        cancelThreeDs.current = startThreeDs({ ...answer, threeDS: answer.threeDS });
        return;
      }
      if (answer.status === "ok") {
        window.location.assign("/ok/");
        return;
      }
      setOutcome({ status: answer.status, message: answer.message });
      setPaying(false);
    } catch (failure) {
      console.warn("the charge did not reach the server", failure);
      setOutcome({ status: "ko", message: "problemi_api" });
      setPaying(false);
    }
  }

  const input = (field: CardField) => ({
    disabled: paying,
    "aria-invalid": invalid === field,
    className: invalid === field ? "invalid" : undefined,
  });

  return (
    <section className="pay" data-testid="pay-page">
      <header className="pay-header">
        <div>
          <span className="muted small">{t("pay_piano")}</span>
          <h1>
            {plan.nomePiano} {plan.badge && <span className="plan-badge">{plan.badge}</span>}
          </h1>
          <p className="plan-credits">{t("vip_crediti", { count: plan.crediti + plan.crediti_promo })}</p>
        </div>
        <strong className="pay-price" data-testid="pay-price">
          {price}
        </strong>
      </header>
      <aside className="pay-guarantee">
        <strong>{t("pay_garanzia_titolo")}</strong>
        <p>{t("pay_garanzia")}</p>
      </aside>
      <form className="card form pay-form" onSubmit={pay} noValidate aria-busy={paying}>
        <h2>{t("pay_metodo_carta")}</h2>
        {testMode && <p className="pay-test">{t("pay_test")}</p>}
        <label>
          {t("pay_numero")}
          <span className="card-number">
            <input
              {...input("number")}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={19}
              value={fields.number}
              onChange={(e) => set("number", formatCardNumber(e.target.value))}
            />
            <span className={`card-brand card-brand-${cardBrand}`} data-testid="card-brand">
              {cardBrand === "unknown" ? "" : cardBrand}
            </span>
          </span>
        </label>
        <div className="pay-row">
          <label>
            {t("pay_scadenza")}
            <input
              {...input("expiry")}
              name="cardExpiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={5}
              value={fields.expiry}
              onChange={(e) => set("expiry", formatExpiry(e.target.value, fields.expiry))}
            />
          </label>
          <label>
            {t("pay_cvv")}
            <input
              {...input("cvv")}
              name="cardCvv"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={3}
              value={fields.cvv}
              onChange={(e) => set("cvv", formatCvv(e.target.value))}
            />
          </label>
        </div>
        <div className="pay-row">
          <label>
            {t("pay_nome")}
            <input
              {...input("firstName")}
              name="firstName"
              autoComplete="cc-given-name"
              value={fields.firstName}
              onChange={(e) => set("firstName", e.target.value)}
            />
          </label>
          <label>
            {t("pay_cognome")}
            <input
              {...input("lastName")}
              name="lastName"
              autoComplete="cc-family-name"
              value={fields.lastName}
              onChange={(e) => set("lastName", e.target.value)}
            />
          </label>
        </div>
        {invalid && <FormMessage tone="error">{t(fieldErrors[invalid])}</FormMessage>}
        <p className="pay-terms small muted">
          {t("pay_una_tantum", { price })}{" "}
          {t("pay_descrittore", { descriptor: brand.descriptor, company: brand.company_name })}
        </p>
        <button type="submit" className="button primary" disabled={paying} data-testid="pay-submit">
          {paying ? <Spinner label={t(threeDs ? "pay_3ds" : "pay_in_corso")} /> : t("pay_paga", { price })}
        </button>
        {threeDs && <p className="center muted">{t("pay_3ds")}</p>}
      </form>
      {outcome && (
        <PaymentOutcomePopup
          status={outcome.status}
          message={outcome.message}
          onClose={() => setOutcome(null)}
        />
      )}
    </section>
  );
}
