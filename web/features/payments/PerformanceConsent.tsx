import { useI18n } from "../../i18n/i18n";
import "./performance-consent.css";

/**
 * The checkout's request for immediate performance (EU Directive 2011/83 art. 14(3) and 16(m)): never
 * pre-ticked; the server records it with the order. A credit pack's wording acknowledges losing the right of
 * withdrawal for the credits used; a plan's, paying for the days used if the member withdraws.
 */
export function PerformanceConsent(props: {
  renews: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <label className="check performance-consent small" data-testid="performance-consent">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      <span>{t(props.renews ? "recesso_consenso_piano" : "recesso_consenso_crediti")}</span>
    </label>
  );
}
