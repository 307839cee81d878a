import { formatMoney } from "../../../worker/contracts/money";
import type { RatePlanRow } from "../../../worker/contracts/payments";
import { useI18n } from "../../i18n/i18n";

/**
 * The fee the texts of the age verification name (spec section 1): one says up to 0.01 euro, the French one up
 * to 0.10 euro. Both readings are shown, in cents.
 */
export const AGE_CHECK_FEE_CENTS = { low: 1, high: 10 } as const;

/**
 * The payment page's own header for the age verification (the verifica plan, no charge): the 18+ badge, what
 * is charged (0.00 as displayed, and both readings of the possible fee), that it is no subscription, and that
 * it is by card only.
 */
export function AgeVerificationHeader({ plan }: { plan: RatePlanRow }) {
  const { t, locale } = useI18n();
  const money = (cents: number) => formatMoney(cents, plan.currency, locale);
  return (
    <header className="pay-age" data-testid="age-verification-header">
      <span className="pay-age-badge" aria-hidden="true">
        {t("pm_eta_badge")}
      </span>
      <div>
        <h1>{t("pm_eta_titolo")}</h1>
        <p>{t("pm_eta_testo")}</p>
        <p>
          <strong data-testid="age-charge">
            {t("pm_eta_addebito", { zero: money(plan.prezzo_totale) })}
          </strong>{" "}
          {t("pm_eta_letture", {
            low: money(AGE_CHECK_FEE_CENTS.low),
            high: money(AGE_CHECK_FEE_CENTS.high),
          })}
        </p>
        <p>
          {t("pm_eta_non_abbonamento")} {t("pm_eta_solo_carta")}
        </p>
      </div>
    </header>
  );
}
