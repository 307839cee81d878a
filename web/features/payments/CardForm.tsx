import { type FormEvent, type InputHTMLAttributes, useEffect, useRef, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { formatMoney, SITE_CURRENCY } from "../../../worker/contracts/money";
import type { ChargeAnswer, RatePlanRow } from "../../../worker/contracts/payments";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { firePixel } from "../../lib/consent";
import { AdyenCardFields, type SecuredValidity } from "./adyen-fields/AdyenCardFields";
import type { SecuredFields } from "./adyen-fields/secured-fields";
import { browserFields } from "./browser-fields";
import { CheckoutTerms } from "./CheckoutTerms";
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
import type { Outcome } from "./OtherMethods";
import { PerformanceConsent } from "./PerformanceConsent";
import { startThreeDs } from "./three-ds";

const fieldErrors: Record<CardField, MessageKey> = {
  number: "errore_carta_numero",
  expiry: "errore_carta_scadenza",
  cvv: "errore_carta_cvv",
  firstName: "errore_carta_nome",
  lastName: "errore_carta_cognome",
};

const empty: CardFields = { number: "", expiry: "", cvv: "", firstName: "", lastName: "" };
const SECURED_ORDER = ["number", "expiry", "cvv"] as const;

/** The first wrong field of the secured fields' form: Adyen's three in order (its validity), then the names. */
function firstInvalidSecured(validity: SecuredValidity, fields: CardFields): CardField | null {
  const secured = SECURED_ORDER.find((field) => !validity[field]);
  if (secured) return secured;
  if (!fields.firstName.trim()) return "firstName";
  if (!fields.lastName.trim()) return "lastName";
  return null;
}

/**
 * The card form (the spec's validation as the member types). While paying the inputs are disabled; ok goes
 * to /ok/ (or through the payment system's 3-D Secure step), ko and open are the page's outcome popup.
 * `verification`: the age verification's zero-amount check, with its own button. Without a plan the form
 * keeps a new card (orders/createToken, a zero-amount check) and `onKept` runs once it is kept.
 * Where the brand's cards go to Adyen (`brand.adyen_web`), the number, expiry and CVV are Adyen's secured
 * fields (the card reaches only Adyen) and the form sends their encrypted values with the browser's data.
 */
export function CardForm({
  attempt = 0,
  plan,
  brand,
  member,
  verification = false,
  onOutcome,
  onKept,
}: {
  /** Counts the member's retries after a refusal: each empties the card's own fields for another card. */
  attempt?: number;
  plan?: RatePlanRow;
  brand: PublicBrand;
  member: { clickid: string; country: string };
  verification?: boolean;
  onOutcome: (outcome: Outcome) => void;
  onKept?: () => void;
}) {
  const { t, locale } = useI18n();
  const testMode = isTestHost(window.location.hostname);
  const adyen = brand.adyen_web;
  // Adyen's fields cannot be filled in from here: only the names are, in test mode.
  const [fields, setFields] = useState<CardFields>(
    testMode
      ? adyen
        ? { ...empty, firstName: TEST_CARD.firstName, lastName: TEST_CARD.lastName }
        : TEST_CARD
      : empty,
  );
  const secured = useRef<SecuredFields | null>(null);
  const securedValidity = useRef<SecuredValidity>({ number: false, expiry: false, cvv: false });
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const [paying, setPaying] = useState(false);
  const [performance, setPerformance] = useState(false);
  const [threeDs, setThreeDs] = useState(false);
  const cancelThreeDs = useRef<() => void>(() => {});
  useEffect(() => () => cancelThreeDs.current(), []);
  const price = plan ? formatMoney(plan.prezzo_totale, plan.currency, locale) : "";
  const cardBrand = brandOfNumber(fields.number);
  const numberInput = useRef<HTMLInputElement>(null);

  // Another card after a refusal: the number, expiry and CVV go (the holder's names stay), the number first.
  useEffect(() => {
    if (attempt === 0) return;
    setFields((f) => ({ ...f, number: "", expiry: "", cvv: "" }));
    setInvalid(null);
    numberInput.current?.focus();
  }, [attempt]);

  const set = (field: CardField, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  const failed = (outcome: Outcome) => {
    onOutcome(outcome);
    setPaying(false);
  };

  /** The card part of the payload: the secured fields' values (Adyen), or the card as typed. */
  function cardPart() {
    if (adyen) {
      const entry = secured.current?.entry();
      return entry ?? null;
    }
    const [month, year] = fields.expiry.split("/");
    return {
      cardNumber: fields.number,
      cardMonth: Number(month),
      cardYear: Number(year),
      cardSecurityCode: fields.cvv,
    };
  }

  async function pay(e: FormEvent) {
    e.preventDefault();
    const wrong = adyen ? firstInvalidSecured(securedValidity.current, fields) : firstInvalid(fields);
    setInvalid(wrong);
    if (wrong) return;
    const cardFields = cardPart();
    if (!cardFields) {
      setInvalid("number");
      return;
    }
    setPaying(true);
    if (plan) firePixel(brand, "tentativo", member.clickid);
    try {
      const card = {
        ...cardFields,
        firstName: fields.firstName,
        lastName: fields.lastName,
        clickid: member.clickid,
        paySource: "CREDITCARD" as const,
        country: member.country,
        domain: window.location.hostname,
        ...browserFields(locale),
      };
      const response = plan
        ? await api.orders.tryCharge.$post({
            json: { ...card, rateplan: plan.product_id, newCard: true, immediatePerformance: performance },
          })
        : await api.orders.createToken.$post({ json: card });
      if (!response.ok) {
        const failure = await errorOf(response);
        failed({ status: "ko", message: failure.messageKey ?? "generico" });
        return;
      }
      const answer = (await response.json()) as ChargeAnswer;
      if (answer.status === "ok" && answer.threeDS) {
        setThreeDs(true);
        cancelThreeDs.current = startThreeDs({ ...answer, threeDS: answer.threeDS });
        return;
      }
      if (answer.status === "ok" && !plan) {
        setPaying(false);
        onKept?.();
        return;
      }
      if (answer.status === "ok") {
        window.location.assign(verification ? "/ok/?verifica=1" : "/ok/");
        return;
      }
      failed({ status: answer.status, message: answer.message });
    } catch (failure) {
      console.warn("the charge did not reach the server", failure);
      failed({ status: "ko", message: "problemi_api" });
    }
  }

  const input = (field: CardField) => ({
    disabled: paying,
    "aria-invalid": invalid === field,
    className: invalid === field ? "invalid" : undefined,
  });

  /** A labelled field of the form, shown as `format` writes what was typed. */
  const labelled = (
    field: CardField,
    label: MessageKey,
    attributes: InputHTMLAttributes<HTMLInputElement>,
    format: (typed: string) => string = (typed) => typed,
  ) => (
    <label>
      {t(label)}
      <input
        {...input(field)}
        {...attributes}
        value={fields[field]}
        onChange={(e) => set(field, format(e.target.value))}
      />
    </label>
  );

  return (
    <form className="card form pay-form" onSubmit={pay} noValidate aria-busy={paying} data-testid="card-form">
      <h2>{t("pay_metodo_carta")}</h2>
      {testMode && !adyen && <p className="pay-test">{t("pay_test")}</p>}
      {adyen ? (
        <AdyenCardFields
          config={adyen}
          disabled={paying}
          invalid={invalid === "number" || invalid === "expiry" || invalid === "cvv" ? invalid : null}
          fields={secured}
          onValidity={(validity) => {
            securedValidity.current = validity;
            if (invalid && invalid in validity && validity[invalid as keyof SecuredValidity])
              setInvalid(null);
          }}
          onFieldError={(field, failed) => {
            if (failed) setInvalid(field);
            else if (invalid === field) setInvalid(null);
          }}
        />
      ) : (
        <>
          <label>
            {t("pay_numero")}
            <span className="card-number">
              <input
                {...input("number")}
                ref={numberInput}
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
            {labelled(
              "expiry",
              "pay_scadenza",
              { name: "cardExpiry", inputMode: "numeric", autoComplete: "cc-exp", maxLength: 5 },
              (typed) => formatExpiry(typed, fields.expiry),
            )}
            {labelled(
              "cvv",
              "pay_cvv",
              { name: "cardCvv", inputMode: "numeric", autoComplete: "cc-csc", maxLength: 3 },
              formatCvv,
            )}
          </div>
        </>
      )}
      <div className="pay-row">
        {labelled("firstName", "pay_nome", { name: "firstName", autoComplete: "cc-given-name" })}
        {labelled("lastName", "pay_cognome", { name: "lastName", autoComplete: "cc-family-name" })}
      </div>
      {invalid && <FormMessage tone="error">{t(fieldErrors[invalid])}</FormMessage>}
      {plan ? (
        <>
          <CheckoutTerms plan={plan} brand={brand} />
          {!verification && (
            <PerformanceConsent
              renews={plan.renewal_days !== null}
              checked={performance}
              onChange={setPerformance}
            />
          )}
        </>
      ) : (
        <p className="muted small">
          {t("carta_nessun_addebito", { amount: formatMoney(0, SITE_CURRENCY, locale) })}
        </p>
      )}
      <button type="submit" className="button primary" disabled={paying} data-testid="pay-submit">
        {paying ? (
          <Spinner label={t(threeDs ? "pay_3ds" : "pay_in_corso")} />
        ) : !plan ? (
          t("carta_salva")
        ) : verification ? (
          `${t("pm_eta_bottone")} (${price})`
        ) : (
          t("pay_paga", { price })
        )}
      </button>
      {threeDs && <p className="center muted">{t("pay_3ds")}</p>}
    </form>
  );
}
