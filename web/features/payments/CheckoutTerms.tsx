import type { PublicBrand } from "../../../worker/contracts/brand";
import { formatMoney } from "../../../worker/contracts/money";
import type { RatePlanRow } from "../../../worker/contracts/payments";
import { useI18n } from "../../i18n/i18n";

/**
 * What the member agrees to, shown beside every pay button (the card form's and each other method's): the
 * price today; whether the plan renews, how often and for how much (its renewal_days), and how to cancel it
 * (one click, nobody to contact); who sells it and the name on the statement.
 */
export function CheckoutTerms({ plan, brand }: { plan: RatePlanRow; brand: PublicBrand }) {
  const { t, locale } = useI18n();
  const price = formatMoney(plan.prezzo_totale, plan.currency, locale);
  const days = plan.renewal_days;
  return (
    <div className="checkout-terms small" data-testid="checkout-terms">
      <p>
        <strong>{t("pm_termini_oggi", { price })}</strong>{" "}
        {days === null
          ? t("pm_termini_una_tantum")
          : days === 1
            ? t("pm_termini_rinnovo_giorno", { price })
            : t("pm_termini_rinnovo", { days, price })}
      </p>
      {days !== null && <p>{t("pm_termini_disdetta")}</p>}
      <p className="muted">
        {t("pm_termini_venditore", { company: brand.company_name, descriptor: brand.descriptor })}
      </p>
    </div>
  );
}
