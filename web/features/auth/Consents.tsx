import { useI18n } from "../../i18n/i18n";
import "./auth.css";

export const consentKeys = ["terms1", "terms2", "terms3", "terms4"] as const;
export type ConsentKey = (typeof consentKeys)[number];
export type ConsentValues = Record<ConsentKey, boolean>;
export const noConsents: ConsentValues = { terms1: false, terms2: false, terms3: false, terms4: false };

/**
 * The four consents of every sign-up form, always ticked by the visitor (never pre-ticked): the server
 * records each with the version of these texts.
 */
export function Consents(props: {
  values: ConsentValues;
  invalid: boolean;
  onChange: (key: ConsentKey, checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={`consents ${props.invalid ? "invalid" : ""}`}>
      {consentKeys.map((key) => (
        <label key={key} className="check">
          <input
            type="checkbox"
            name={key}
            checked={props.values[key]}
            onChange={(e) => props.onChange(key, e.target.checked)}
            aria-invalid={props.invalid && !props.values[key]}
          />
          <span>{t(`signup_${key}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The fictional-profiles disclosure: on every sign-up page, never configurable away. */
export function Disclosure() {
  const { t } = useI18n();
  return (
    <p className="disclosure" data-testid="disclosure">
      {t("disclosure")}
    </p>
  );
}
