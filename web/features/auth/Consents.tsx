import type { PublicBrand } from "../../../worker/contracts/brand";
import { isRequiredConsent } from "../../../worker/contracts/consents";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import "./auth.css";

export const consentKeys = ["terms1", "terms2", "terms3", "terms4"] as const;
export type ConsentKey = (typeof consentKeys)[number];
export type ConsentValues = Record<ConsentKey, boolean>;
export const noConsents: ConsentValues = { terms1: false, terms2: false, terms3: false, terms4: false };

type Links = PublicBrand["legal_link"];
/** The pages each consent asks the visitor to accept: art. 14 of the terms, the data uses, both. */
const consentPages: Record<ConsentKey, { link: keyof Links; title: MessageKey }[]> = {
  terms1: [{ link: "termini", title: "legal_title_terms" }],
  terms2: [{ link: "privacy", title: "legal_title_privacy" }],
  terms3: [{ link: "privacy", title: "legal_title_privacy" }],
  terms4: [
    { link: "termini", title: "legal_title_terms" },
    { link: "privacy", title: "legal_title_privacy" },
  ],
};

/**
 * The four consents of every sign-up form, never pre-ticked: the terms (terms1) and the adult declaration
 * (terms4) are required, the two marketing ones optional and said so (GDPR art. 7(4)); the server records each,
 * ticked or not, with the version of these texts. Each links to what it asks to accept, in a new tab so the
 * form keeps what was typed.
 */
export function Consents(props: {
  values: ConsentValues;
  invalid: boolean;
  links: Links;
  onChange: (key: ConsentKey, checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={`consents ${props.invalid ? "invalid" : ""}`}>
      {consentKeys.map((key) => (
        <div key={key}>
          <label className="check">
            <input
              type="checkbox"
              name={key}
              checked={props.values[key]}
              onChange={(e) => props.onChange(key, e.target.checked)}
              aria-invalid={props.invalid && isRequiredConsent(key) && !props.values[key]}
            />
            <span>
              {t(`signup_${key}`)}
              {!isRequiredConsent(key) && <em className="consent-optional"> {t("signup_facoltativo")}</em>}
            </span>
          </label>
          <span className="consent-links">
            {consentPages[key].map((page) => (
              <a
                key={page.link}
                href={props.links[page.link]}
                target="_blank"
                rel="noopener"
                aria-label={`${t(page.title)} ${t("legal_new_tab")}`}
              >
                {t(page.title)}
              </a>
            ))}
          </span>
        </div>
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
