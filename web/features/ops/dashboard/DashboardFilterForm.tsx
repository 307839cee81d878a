// The dashboard's filters: the brand (of those the operator covers), the flow and the source with figures in
// the range (a value chosen stays listed), and the range.
import type { Operator } from "../../../../worker/contracts/ops";
import { useI18n } from "../../../i18n/i18n";
import type { DashboardFilters } from "../ops-queries";
import type { DashboardData } from "./dashboard-series";

export function DashboardFilterForm(props: {
  operator: Operator;
  filters: DashboardFilters;
  data: DashboardData | undefined;
  onChange: (f: DashboardFilters) => void;
}) {
  const { t } = useI18n();
  const { filters, data, onChange } = props;
  const set = (key: keyof DashboardFilters) => (e: { target: { value: string } }) =>
    onChange({ ...filters, [key]: e.target.value });
  const choices = (values: string[], current: string) =>
    current && !values.includes(current) ? [current, ...values] : values;
  return (
    <form className="card ops-dash-filters" onSubmit={(e) => e.preventDefault()}>
      <label>
        {t("ops_dash_brand")}
        <select value={filters.brand} onChange={set("brand")} data-testid="filter-brand">
          <option value="">{t("ops_dash_all")}</option>
          {props.operator.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("ops_dash_flow")}
        <select value={filters.flux} onChange={set("flux")}>
          <option value="">{t("ops_dash_all")}</option>
          {choices(data?.options.fluxes ?? [], filters.flux).map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </label>
      <label>
        {t("ops_dash_source")}
        <select value={filters.source} onChange={set("source")}>
          <option value="">{t("ops_dash_all")}</option>
          {choices(data?.options.sources ?? [], filters.source).map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        {t("ops_dash_from")}
        <input type="date" value={filters.from} max={filters.to} onChange={set("from")} required />
      </label>
      <label>
        {t("ops_dash_to")}
        <input type="date" value={filters.to} min={filters.from} onChange={set("to")} required />
      </label>
    </form>
  );
}
