import { Link, Outlet } from "@tanstack/react-router";
import { type Locale, locales } from "../../../worker/contracts/locales";
import type { Operator } from "../../../worker/contracts/ops";
import { useI18n } from "../../i18n/i18n";
import { useOps } from "./ops-session";
import "./ops.css";

/** Which sites (brands) the operator covers, as the bar shows it. */
function coverage(t: ReturnType<typeof useI18n>["t"], operator: Operator): string {
  if (operator.allBrands) return t("ops_brands_all");
  if (operator.brands.length === 0) return t("ops_brands_none");
  return t("ops_brands", { brands: operator.brands.map((b) => b.title).join(", ") });
}

/**
 * The console's own frame (not the member layout): title, navigation, language, the operator with the sites
 * they cover, and logout.
 */
export function OpsLayout() {
  const { t, locale } = useI18n();
  const { state, signOut, setLanguage } = useOps();
  const operator = state.status === "operator" ? state.operator : null;
  const names = new Intl.DisplayNames([locale], { type: "language" });
  return (
    <div className="ops">
      <header className="ops-bar">
        <Link to="/ops" className="ops-title">
          {t("ops_title")}
        </Link>
        {operator && (
          <nav className="ops-nav" aria-label={t("ops_title")}>
            <Link to="/ops" activeOptions={{ exact: true }} activeProps={{ className: "active" }}>
              {t("ops_nav_queue")}
            </Link>
            {operator.role !== "operator" && (
              <>
                <Link to="/ops/dashboard" activeProps={{ className: "active" }}>
                  {t("ops_nav_dashboard")}
                </Link>
                <Link to="/ops/members" activeProps={{ className: "active" }}>
                  {t("ops_nav_members")}
                </Link>
                <Link to="/ops/audit" activeProps={{ className: "active" }}>
                  {t("ops_nav_audit")}
                </Link>
                <Link to="/ops/rights" activeProps={{ className: "active" }}>
                  {t("ops_nav_rights")}
                </Link>
              </>
            )}
            <Link to="/ops/postbacks" activeProps={{ className: "active" }}>
              {t("ops_nav_postbacks")}
            </Link>
            <Link to="/ops/client-errors" activeProps={{ className: "active" }}>
              {t("ops_nav_client_errors")}
            </Link>
          </nav>
        )}
        <div className="ops-bar-end">
          <select
            className="ops-language"
            aria-label={t("ops_language")}
            value={locale}
            onChange={(e) => setLanguage(e.target.value as Locale)}
          >
            {locales.map((l) => (
              <option key={l} value={l}>
                {names.of(l) ?? l}
              </option>
            ))}
          </select>
          {operator && (
            <>
              <span className="ops-who">
                <span data-testid="ops-operator">
                  {t("ops_signed_in_as", {
                    name: operator.displayName,
                    role: t(`ops_role_${operator.role}`),
                  })}
                </span>
                <span className="ops-brands" data-testid="ops-brands">
                  {coverage(t, operator)}
                </span>
              </span>
              <button type="button" className="button small" onClick={() => void signOut()}>
                {t("ops_logout")}
              </button>
            </>
          )}
        </div>
      </header>
      <main className="ops-main">
        <Outlet />
      </main>
    </div>
  );
}
