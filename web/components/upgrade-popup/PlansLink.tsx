import { Link } from "@tanstack/react-router";
import { useI18n } from "../../i18n/i18n";

/** A hook popup's way on: the plans page for that hook (/vip_plan/{hook}). */
export function PlansLink({ hook }: { hook: string }) {
  const { t } = useI18n();
  return (
    <Link
      to="/vip_plan/$rateplan"
      params={{ rateplan: hook }}
      className="button primary"
      data-testid="hook-plans"
    >
      {t("hook_vai_ai_piani")}
    </Link>
  );
}
