import { formatMoney } from "../../../worker/contracts/money";
import { planMessageValue, type RatePlanRow } from "../../../worker/contracts/payments";
import { useI18n } from "../../i18n/i18n";

/**
 * One plan row's content (spec section 2: name, badge, description and suggestion with their colours, old
 * price struck through, price and price description), with what the member needs to compare plans: its value
 * per message at the flow's price of a message, and, for a reduction, the reference price it is measured
 * against (the lowest of the 30 days before it). The notes under the row wrap on a phone's width.
 */
export function PlanRowContent({ plan, messagePrice }: { plan: RatePlanRow; messagePrice: number }) {
  const { t, locale } = useI18n();
  const money = (cents: number) => formatMoney(cents, plan.currency, locale);
  const value = planMessageValue(plan, messagePrice);
  return (
    <>
      {plan.badge && <span className="plan-badge">{plan.badge}</span>}
      <span className="plan-main">
        <strong className="plan-name">{plan.nomePiano}</strong>
        <span className="plan-credits">
          {t("vip_crediti", { count: plan.crediti })}
          {plan.crediti_promo > 0 && ` ${t("vip_crediti_promo", { count: plan.crediti_promo })}`}
        </span>
        {value && (
          <span className="plan-value" data-testid={`plan-value-${plan.product_id}`}>
            {t("vip_valore_messaggio", {
              messages: value.messages,
              price: money(value.centsPerMessage),
            })}
          </span>
        )}
        {plan.description && (
          <span className="plan-description" style={{ color: plan.description_color ?? undefined }}>
            {plan.description}
          </span>
        )}
        {plan.suggestion && (
          <span className="plan-suggestion" style={{ color: plan.suggestion_color ?? undefined }}>
            {plan.suggestion}
          </span>
        )}
      </span>
      <span className="plan-price">
        {plan.vecchioPrezzo !== null && <s className="plan-old-price">{money(plan.vecchioPrezzo)}</s>}
        <strong>{money(plan.prezzo)}</strong>
        {plan.prezzoDescription && <span className="plan-price-note">{plan.prezzoDescription}</span>}
      </span>
      {(plan.renewal_days !== null || plan.vecchioPrezzo !== null) && (
        <span className="plan-notes">
          {plan.vecchioPrezzo !== null && (
            <span data-testid={`plan-reference-${plan.product_id}`}>
              {t("vip_prezzo_riferimento", { price: money(plan.vecchioPrezzo) })}
            </span>
          )}
          {plan.renewal_days !== null && (
            <span data-testid={`plan-renews-${plan.product_id}`}>
              {t("vip_rinnovo", { days: plan.renewal_days })}
            </span>
          )}
        </span>
      )}
    </>
  );
}
