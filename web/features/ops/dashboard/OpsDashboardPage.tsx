// The console dashboard (supervisors and admins): filters, the plots of the rollups' figures, and each figure's
// CSV. Its own chunk, the only one that loads the chart library.
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { DASHBOARD_DAILY_MAX_DAYS } from "../../../../worker/contracts/dashboard";
import type { Operator } from "../../../../worker/contracts/ops";
import { type MessageKey, useI18n } from "../../../i18n/i18n";
import { formatCents, opsApi } from "../ops-api";
import { type DashboardFilters, dashboardQueryParams, opsDashboardQuery } from "../ops-queries";
import { RequireOperator, useSignOutOnUnauthorized } from "../ops-session";
import { DashboardFilterForm } from "./DashboardFilterForm";
import {
  channelsOf,
  cohortSeries,
  currenciesOf,
  type DashboardData,
  funnelSeries,
  funnelSteps,
  funnelTotals,
  moneySeries,
  notificationSeries,
  payersSeries,
  providerTotals,
  renewalSeries,
  renewalTotals,
  stepSeconds,
  stepsOf,
} from "./dashboard-series";
import { Plot, type PlotSeries } from "./Plot";
import "./dashboard.css";

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const COLORS = ["#6b7280", "#2563eb", "#0891b2", "#7c3aed", "#16a34a", "#ea580c"];

const stepKeys: Record<(typeof funnelSteps)[number], MessageKey> = {
  landings: "ops_dash_step_landings",
  signups: "ops_dash_step_signups",
  phoneVerified: "ops_dash_step_phone",
  firstMessages: "ops_dash_step_message",
  firstPayments: "ops_dash_step_payment",
  firstRenewals: "ops_dash_step_renewal",
};

type Figure = "funnel" | "money" | "payers" | "renewals" | "cohorts" | "notifications";

/** Fetches one figure's CSV with the operator's token and hands it to the browser as a download. */
async function downloadCsv(figure: Figure, filters: DashboardFilters) {
  const response = await opsApi.dashboard.csv.$get({ query: { ...dashboardQueryParams(filters), figure } });
  if (!response.ok) throw new Error(`csv ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `${figure}-${filters.from}-${filters.to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

function Figure(props: { id: Figure; title: string; filters: DashboardFilters; children: ReactNode }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  return (
    <section className="card ops-dash-figure" data-testid={`figure-${props.id}`}>
      <header className="ops-dash-figure-head">
        <h2>{props.title}</h2>
        <button
          type="button"
          className="button small"
          onClick={() => {
            setFailed(false);
            downloadCsv(props.id, props.filters).catch(() => setFailed(true));
          }}
        >
          {t("ops_dash_csv")}
        </button>
      </header>
      {failed && <p className="error">{t("ops_error_generic")}</p>}
      {props.children}
    </section>
  );
}

const percent = (share: number | null, locale: string) =>
  share === null
    ? "–"
    : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);

/** Sent, opened and came back per channel: drawn once the notifications' rollup has rows. */
function NotificationsFigure({
  data,
  steps,
  filters,
}: {
  data: DashboardData;
  steps: number[];
  filters: DashboardFilters;
}) {
  const { t } = useI18n();
  const channels = channelsOf(data);
  const [chosen, setChannel] = useState<string | null>(null);
  const channel = chosen && channels.includes(chosen) ? chosen : (channels[0] ?? "");
  const values = useMemo(() => notificationSeries(data, steps, channel), [data, steps, channel]);
  const lines: PlotSeries[] = useMemo(
    () => [
      { label: t("ops_dash_sent"), color: "#2563eb", bars: true },
      { label: t("ops_dash_opened"), color: "#16a34a" },
      { label: t("ops_dash_came_back"), color: "#7c3aed" },
    ],
    [t],
  );
  return (
    <Figure id="notifications" title={t("ops_dash_notifications")} filters={filters}>
      {channels.length === 0 ? (
        <p className="muted">{t("ops_dash_no_notifications")}</p>
      ) : (
        <>
          <label className="ops-dash-currency">
            {t("ops_dash_channel")}
            <select value={channel} onChange={(e) => setChannel(e.target.value)}>
              {channels.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <Plot
            title={t("ops_dash_notifications")}
            x={steps}
            xStep={stepSeconds(data.step)}
            series={lines}
            values={values}
          />
        </>
      )}
    </Figure>
  );
}

function Plots({ data, filters }: { data: DashboardData; filters: DashboardFilters }) {
  const { t, locale } = useI18n();
  const days = useMemo(() => stepsOf(data.from, data.to, data.step), [data.from, data.to, data.step]);
  const xStep = stepSeconds(data.step);
  const currencies = currenciesOf(data);
  const [chosen, setCurrency] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? "EUR");
  const funnel = useMemo(() => funnelSeries(data, days), [data, days]);
  const money = useMemo(() => moneySeries(data, days, currency), [data, days, currency]);
  const payers = useMemo(() => payersSeries(data, days, currency), [data, days, currency]);
  const renewals = useMemo(() => renewalSeries(data, days), [data, days]);
  const cohorts = useMemo(() => cohortSeries(data), [data]);
  const funnelLines: PlotSeries[] = useMemo(
    () => funnelSteps.map((s, i) => ({ label: t(stepKeys[s]), color: COLORS[i] ?? "#000" })),
    [t],
  );
  const moneyLines: PlotSeries[] = useMemo(
    () => [
      { label: t("ops_dash_revenue"), color: "#16a34a", bars: true },
      { label: t("ops_dash_refunds"), color: "#ea580c" },
      { label: t("ops_dash_chargebacks"), color: "#dc2626" },
    ],
    [t],
  );
  const payerLines: PlotSeries[] = useMemo(
    () => [
      { label: t("ops_dash_paying_members"), color: "#2563eb", bars: true },
      { label: t("ops_dash_arppu", { currency }), color: "#7c3aed", right: true },
    ],
    [t, currency],
  );
  const renewalLines: PlotSeries[] = useMemo(
    () => [
      { label: t("ops_dash_renewal_success"), color: "#16a34a" },
      { label: t("ops_dash_retry_recovery"), color: "#ea580c" },
    ],
    [t],
  );
  const cohortLines: PlotSeries[] = useMemo(
    () => cohorts.cohorts.map((c, i) => ({ label: c.week, color: COLORS[i % COLORS.length] ?? "#000" })),
    [cohorts],
  );
  const totals = data.payerTotals.find((p) => p.currency === currency);
  const rates = renewalTotals(data);
  const money0 = (cents: number) => formatCents(cents, currency, locale);
  const pct = (v: number) => `${v}%`;

  return (
    <div className="ops-dash-grid">
      {data.step === "week" && (
        <p className="muted ops-dash-step" data-testid="dash-step">
          {t("ops_dash_per_week", { days: DASHBOARD_DAILY_MAX_DAYS })}
        </p>
      )}
      <Figure id="funnel" title={t("ops_dash_funnel")} filters={filters}>
        <ol className="ops-dash-steps">
          {funnelTotals(data).map((s) => (
            <li key={s.step}>
              <span>{t(stepKeys[s.step])}</span>
              <strong data-testid={`step-${s.step}`}>{s.total}</strong>
              <small>{s.share === null ? "" : percent(s.share, locale)}</small>
            </li>
          ))}
        </ol>
        <Plot
          title={t("ops_dash_funnel")}
          x={days}
          xStep={xStep}
          series={funnelLines}
          values={funnel}
          integer
        />
      </Figure>

      <Figure id="money" title={t("ops_dash_money")} filters={filters}>
        {currencies.length > 1 && (
          <label className="ops-dash-currency">
            {t("ops_dash_currency")}
            <select value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        )}
        <Plot
          title={t("ops_dash_money")}
          x={days}
          xStep={xStep}
          series={moneyLines}
          values={money}
          yLabel={currency}
        />
        <ul className="ops-dash-providers" aria-label={t("ops_dash_provider")}>
          {providerTotals(data, currency).map((p) => (
            <li key={p.provider}>
              <strong>{p.provider}</strong>
              <span>
                {t("ops_dash_revenue")} {money0(p.revenueCents)}
              </span>
              <span>
                {t("ops_dash_refunds")} {money0(p.refundCents)}
              </span>
              <span>
                {t("ops_dash_chargebacks")} {money0(p.chargebackCents)}
              </span>
            </li>
          ))}
        </ul>
      </Figure>

      <Figure id="payers" title={t("ops_dash_payers")} filters={filters}>
        <p className="ops-dash-kpis">
          <span>
            {t("ops_dash_paying_members")}:{" "}
            <strong data-testid="paying-members">{totals?.payingMembers ?? 0}</strong>
          </span>
          <span>
            {t("ops_dash_arppu", { currency })}:{" "}
            <strong data-testid="arppu">{totals ? money0(totals.arppuCents) : "–"}</strong>
          </span>
        </p>
        <Plot
          title={t("ops_dash_payers")}
          x={days}
          xStep={xStep}
          series={payerLines}
          values={payers}
          rightLabel={currency}
          integer
        />
      </Figure>

      <Figure id="renewals" title={t("ops_dash_renewals")} filters={filters}>
        <p className="ops-dash-kpis">
          <span>
            {t("ops_dash_renewal_success")}: <strong>{percent(rates.success, locale)}</strong>
          </span>
          <span>
            {t("ops_dash_retry_recovery")}: <strong>{percent(rates.recovery, locale)}</strong>
          </span>
        </p>
        <Plot
          title={t("ops_dash_renewals")}
          x={days}
          xStep={xStep}
          series={renewalLines}
          values={renewals}
          formatY={pct}
          yMax={100}
        />
      </Figure>

      <NotificationsFigure data={data} steps={days} filters={filters} />

      <Figure id="cohorts" title={t("ops_dash_cohorts")} filters={filters}>
        {cohorts.cohorts.length === 0 ? (
          <p className="muted">{t("ops_dash_no_cohorts")}</p>
        ) : (
          <Plot
            title={t("ops_dash_cohorts")}
            x={cohorts.x}
            time={false}
            series={cohortLines}
            values={cohorts.series}
            xLabel={t("ops_dash_weeks_since")}
            formatY={pct}
            yMax={100}
          />
        )}
      </Figure>
    </div>
  );
}

export function OpsDashboardPage({ operator }: { operator: Operator }) {
  const { t } = useI18n();
  const [filters, setFilters] = useState<DashboardFilters>(() => {
    const now = Date.now();
    return { from: isoDay(now - 29 * DAY_MS), to: isoDay(now), brand: "", flux: "", source: "" };
  });
  const valid = filters.from !== "" && filters.to !== "" && filters.from <= filters.to;
  const dashboard = useQuery({ ...opsDashboardQuery(filters), enabled: valid });
  useSignOutOnUnauthorized(dashboard.error);
  return (
    <section className="ops-dash" aria-busy={dashboard.isFetching}>
      <header className="ops-page-head">
        <h1>{t("ops_dash_title")}</h1>
        <p className="muted">{t("ops_dash_intro")}</p>
      </header>
      <DashboardFilterForm
        operator={operator}
        filters={filters}
        data={dashboard.data}
        onChange={setFilters}
      />
      {!valid && <p className="error">{t("ops_dash_bad_range")}</p>}
      {dashboard.isError && <p className="error">{t("ops_error_generic")}</p>}
      {dashboard.data && <Plots data={dashboard.data} filters={filters} />}
    </section>
  );
}

/** The route's component: supervisors and admins; an operator who reaches it is told it is not for them. */
export function OpsDashboard() {
  const { t } = useI18n();
  return (
    <RequireOperator>
      {(operator) =>
        operator.role === "operator" ? (
          <p className="muted">{t("ops_dash_not_for_operators")}</p>
        ) : (
          <OpsDashboardPage operator={operator} />
        )
      }
    </RequireOperator>
  );
}
