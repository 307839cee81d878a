import { type RefObject, useEffect, useRef, useState } from "react";
import type { AdyenWeb } from "../../../../worker/contracts/brand";
import type { CardBrand } from "../../../../worker/contracts/payments";
import { FormMessage } from "../../../components/ui/FormMessage";
import { useI18n } from "../../../i18n/i18n";
import type { SecuredField, SecuredFields } from "./secured-fields";
import "./adyen-fields.css";

/** Adyen Web's locale for each of ours (its iframes' accessible texts). */
const ADYEN_LOCALE = { it: "it-IT", en: "en-US", es: "es-ES", fr: "fr-FR" } as const;

/** Adyen's brand names as the card form's brand icon names them. */
const BRAND: Record<string, CardBrand> = {
  visa: "visa",
  mc: "mastercard",
  amex: "amex",
  diners: "diners",
  discover: "discover",
  jcb: "jcb",
};

export type SecuredValidity = Record<SecuredField, boolean>;

/**
 * The card form's number, expiry and CVV as Adyen's secured fields, laid out as the typed form's: Adyen Web is
 * loaded on first render (its own chunk) and mounts its iframes into the holders. `fields` receives the
 * handle that gives the encrypted values; `onValidity` each change of the fields' validity (as the member
 * types: the form shows the spec's message of the first wrong one).
 */
export function AdyenCardFields({
  config,
  disabled,
  invalid,
  fields,
  onValidity,
  onFieldError,
}: {
  config: AdyenWeb;
  disabled: boolean;
  invalid: SecuredField | null;
  fields: RefObject<SecuredFields | null>;
  onValidity: (validity: SecuredValidity) => void;
  onFieldError: (field: SecuredField, error: boolean) => void;
}) {
  const { t, locale } = useI18n();
  const root = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [brand, setBrand] = useState<CardBrand>("unknown");
  // All three fields valid: the page (and a test) can tell a complete card from one still being checked.
  const [complete, setComplete] = useState(false);
  // The latest callbacks and texts, so the fields are mounted once per page and not again on each render.
  const handlers = useRef({ onValidity, onFieldError });
  handlers.current = { onValidity, onFieldError };
  const texts = useRef({
    locale: ADYEN_LOCALE[locale],
    placeholders: { cardNumber: "", expiryDate: "", securityCode: "" },
  });
  texts.current = {
    locale: ADYEN_LOCALE[locale],
    placeholders: {
      cardNumber: t("adyen_segnaposto_numero"),
      expiryDate: t("adyen_segnaposto_scadenza"),
      securityCode: t("adyen_segnaposto_cvv"),
    },
  };

  useEffect(() => {
    const node = root.current;
    if (!node) return;
    let gone = false;
    let mounted: SecuredFields | null = null;
    const validity: SecuredValidity = { number: false, expiry: false, cvv: false };
    const style = getComputedStyle(node);
    const error = getComputedStyle(document.documentElement).getPropertyValue("--error").trim();
    import("./secured-fields")
      .then(({ mountSecuredFields }) =>
        mountSecuredFields(node, {
          config,
          ...texts.current,
          text: {
            color: style.color,
            fontFamily: style.fontFamily,
            fontSize: "16px",
            placeholder: "#8a8a8a",
            error: error || "#840000",
          },
          onValid: (field, valid) => {
            validity[field] = valid;
            handlers.current.onValidity({ ...validity });
            if (!gone) setComplete(validity.number && validity.expiry && validity.cvv);
          },
          onError: (field, failed) => handlers.current.onFieldError(field, failed),
          onBrand: (adyenBrand) => setBrand(BRAND[adyenBrand] ?? "unknown"),
          onReady: () => {
            if (!gone) setStatus("ready");
          },
        }),
      )
      .then((secured) => {
        if (gone) return secured.destroy();
        mounted = secured;
        fields.current = secured;
      })
      .catch((failure: unknown) => {
        console.warn("Adyen's secured card fields did not load", failure);
        if (!gone) setStatus("failed");
      });
    return () => {
      gone = true;
      mounted?.destroy();
      fields.current = null;
    };
  }, [config, fields]);

  const holder = (field: SecuredField, cse: string) => (
    <span
      className={`adyen-field${invalid === field ? " invalid" : ""}`}
      data-cse={cse}
      data-testid={`adyen-${field}`}
    />
  );

  return (
    <div
      ref={root}
      className="adyen-fields"
      data-testid="adyen-fields"
      data-status={status}
      data-complete={complete}
      inert={disabled}
      aria-busy={status === "loading"}
    >
      <div className="pay-field">
        <span className="pay-label">{t("pay_numero")}</span>
        <span className="card-number">
          {holder("number", "encryptedCardNumber")}
          <span className={`card-brand card-brand-${brand}`} data-testid="card-brand">
            {brand === "unknown" ? "" : brand}
          </span>
        </span>
      </div>
      <div className="pay-row">
        <div className="pay-field">
          <span className="pay-label">{t("pay_scadenza")}</span>
          {holder("expiry", "encryptedExpiryDate")}
        </div>
        <div className="pay-field">
          <span className="pay-label">{t("pay_cvv")}</span>
          {holder("cvv", "encryptedSecurityCode")}
        </div>
      </div>
      {status === "loading" && <p className="muted small">{t("adyen_campi_caricamento")}</p>}
      {status === "failed" && <FormMessage tone="error">{t("adyen_campi_errore")}</FormMessage>}
      {status === "ready" && <p className="muted small adyen-note">{t("adyen_campi_sicuri")}</p>}
    </div>
  );
}
