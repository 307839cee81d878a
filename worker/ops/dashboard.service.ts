// The console dashboard's figures: one statement over the rollups (drizzle/schema/dashboard.ts), never a scan
// of the raw events, filtered by the brands the operator covers and the view's brand, flow, source and range.
import { type SQL, sql } from "drizzle-orm";
import {
  DASHBOARD_DAILY_MAX_DAYS,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  Dashboard,
  type DashboardQuery,
  type DashboardStep,
} from "../contracts/dashboard";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";

const DAY_MS = 86_400_000;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The view's filters once checked: the brands are those the operator covers, narrowed to the one asked. */
export interface DashboardFilter {
  from: string;
  to: string;
  brands: string[];
  flux: string | null;
  source: string | null;
  step: DashboardStep;
}

export const dashboardErrors = {
  range: (message: string) => new AppError(400, "invalid_input", `from, to: ${message}`, { field: "from" }),
  brand: () => new AppError(403, "forbidden", "This brand is not one you cover."),
};

/** The filters of a request, checked: a range of at most DASHBOARD_MAX_DAYS, a brand the operator covers. */
export function dashboardFilter(
  query: DashboardQuery,
  covered: readonly string[],
  now = Date.now(),
): DashboardFilter {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(Date.parse(to) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) throw dashboardErrors.range("from must not be after to");
  if (days > DASHBOARD_MAX_DAYS) throw dashboardErrors.range(`at most ${DASHBOARD_MAX_DAYS} days`);
  if (query.brand && !covered.includes(query.brand)) throw dashboardErrors.brand();
  return {
    from,
    to,
    brands: query.brand ? [query.brand] : [...covered],
    flux: query.flux ?? null,
    source: query.source ?? null,
    step: days > DASHBOARD_DAILY_MAX_DAYS ? "week" : "day",
  };
}

/** The brands as one array parameter (ids of the registry: letters only); empty for an operator without brands. */
const brandArray = (f: DashboardFilter) => `{${f.brands.map((b) => `"${b}"`).join(",")}}`;

/** The brands condition, on a rollup table's column. */
const inBrands = (f: DashboardFilter) => sql`brand_id = any(${brandArray(f)}::text[])`;

/** The rows of the view's level: the flow and the source asked, or the totals over them (null). */
function dimensions(f: DashboardFilter): SQL {
  const flux = f.flux === null ? sql`flux_id is null` : sql`flux_id = ${f.flux}`;
  const source = f.source === null ? sql`source is null` : sql`source = ${f.source}`;
  return sql`${inBrands(f)} and ${flux} and ${source}`;
}

/** The rows of each flow and source themselves (the funnel's CSV), narrowed to the flow and source asked. */
function detail(f: DashboardFilter): SQL {
  const flux = f.flux === null ? sql`flux_id is not null` : sql`flux_id = ${f.flux}`;
  const source = f.source === null ? sql`source is not null` : sql`source = ${f.source}`;
  return sql`${inBrands(f)} and ${flux} and ${source}`;
}

/** The statement of the whole view; exported for the benchmark, which times it against a bare query. */
export function dashboardStatement(f: DashboardFilter): SQL {
  const where = dimensions(f);
  const inRange = (column: string) => sql`${sql.raw(column)} between ${f.from}::date and ${f.to}::date`;
  // The step a rollup's day falls in: the day itself, or its week's Monday (the range's first day for the
  // first, partial week).
  const step = f.step === "day" ? sql`day` : sql`greatest(date_trunc('week', day)::date, ${f.from}::date)`;
  return sql`
    with funnel as (
      select ${step} as day, sum(landings) landings, sum(signups) signups, sum(phone_verified) phone_verified,
        sum(first_messages) first_messages, sum(first_payments) first_payments, sum(first_renewals) first_renewals
      from funnel_daily where ${where} and ${inRange("day")} group by 1
    ), money as (
      select ${step} as day, provider, currency, sum(payments) payments, sum(revenue_cents) revenue_cents,
        sum(refunds) refunds, sum(refund_cents) refund_cents, sum(chargebacks) chargebacks,
        sum(chargeback_cents) chargeback_cents, sum(renewals_paid) renewals_paid,
        sum(renewals_failed) renewals_failed, sum(retries_started) retries_started,
        sum(retries_recovered) retries_recovered
      from money_daily where ${where} and ${inRange("day")} group by 1, provider, currency
    ), payers as (
      -- A member counts once in a step and once over the range: on his first paying day in it, the one whose
      -- previous paying day (payers_daily's since) is before it.
      select ${step} as day, currency, since, sum(members) members, sum(revenue_cents) revenue_cents
      from payers_daily where ${where} and ${inRange("day")} group by 1, currency, since
    ), cohort_sizes as (
      select date_trunc('week', day)::date week, sum(signups) members from funnel_daily
      where ${where} and day between date_trunc('week', ${f.from}::date)::date and ${f.to}::date group by 1
    ), cohort_payers as (
      select cohort_week week, weeks_after, sum(first_payers) n from cohort_weekly
      where ${where} and cohort_week between date_trunc('week', ${f.from}::date)::date and ${f.to}::date
      group by 1, 2
    ), notifications as (
      -- Kept by the notification cascade per brand, channel and day; it knows no flow or source.
      select ${step} as day, channel, sum(sent) sent, sum(opened) opened, sum(came_back) came_back
      from notification_daily where ${inBrands(f)} and ${inRange("day")}
      group by 1, channel
    ), options as (
      -- The flows and the sources with figures in the range: the totals over the other dimension name them.
      select distinct flux_id, null source from funnel_daily
      where ${inBrands(f)} and flux_id is not null and source is null and ${inRange("day")}
      union all
      select distinct null, source from funnel_daily
      where ${inBrands(f)} and flux_id is null and source is not null and ${inRange("day")}
    )
    select json_build_object(
      'fluxes', (select coalesce(json_agg(flux_id order by flux_id), '[]') from options where flux_id is not null),
      'sources', (select coalesce(json_agg(source order by source), '[]') from options where source is not null),
      'funnel', (select coalesce(json_agg(x order by x.day), '[]') from (
          select day, landings, signups, phone_verified "phoneVerified", first_messages "firstMessages",
            first_payments "firstPayments", first_renewals "firstRenewals" from funnel) x),
      'money', (select coalesce(json_agg(x order by x.day, x.provider, x.currency), '[]') from (
          select day, provider, currency, payments, revenue_cents "revenueCents", refunds, refund_cents "refundCents",
            chargebacks, chargeback_cents "chargebackCents"
          from money where payments > 0 or refunds > 0 or chargebacks > 0) x),
      'renewals', (select coalesce(json_agg(r order by r.day), '[]') from (
          select day, sum(renewals_paid) "renewalsPaid", sum(renewals_failed) "renewalsFailed",
            sum(retries_started) "retriesStarted", sum(retries_recovered) "retriesRecovered"
          from money group by day
          having sum(renewals_paid) + sum(renewals_failed) + sum(retries_started) + sum(retries_recovered) > 0) r),
      'payers', (select coalesce(json_agg(x order by x.day, x.currency), '[]') from (
          select day, currency, sum(members) filter (where since < day) "payingMembers",
            sum(revenue_cents) "revenueCents" from payers
          group by day, currency) x),
      'payerTotals', (select coalesce(json_agg(t order by t.currency), '[]') from (
          select currency, sum(members) filter (where since < ${f.from}::date) "payingMembers",
            sum(revenue_cents) "revenueCents",
            round(sum(revenue_cents)::numeric / sum(members) filter (where since < ${f.from}::date)) "arppuCents"
          from payers group by currency) t),
      'notifications', (select coalesce(json_agg(x order by x.day, x.channel), '[]') from (
          select day, channel, sent, opened, came_back "cameBack" from notifications) x),
      'payingMembers', (select coalesce(sum(members), 0) from payers_any_daily
        where ${where} and ${inRange("day")} and since < ${f.from}::date),
      'cohorts', (select coalesce(json_agg(json_build_object('week', s.week, 'members', s.members,
          'firstPayers', coalesce((select json_agg(coalesce(cp.n, 0) order by w)
            from generate_series(0, (select max(weeks_after) from cohort_payers c where c.week = s.week)) w
            left join cohort_payers cp on cp.week = s.week and cp.weeks_after = w), '[]'))
          order by s.week), '[]') from cohort_sizes s)
    ) as dashboard`;
}

/** The funnel per day, brand, flow and source (the funnel's CSV), from the same rollup. */
export type FunnelRow = {
  day: string;
  brand_id: string;
  flux_id: string;
  source: string;
  landings: number;
  signups: number;
  phone_verified: number;
  first_messages: number;
  first_payments: number;
  first_renewals: number;
};

export async function readFunnelBreakdown(db: Db, f: DashboardFilter): Promise<FunnelRow[]> {
  const result = await db.execute<FunnelRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, brand_id, flux_id, source, landings, signups, phone_verified,
      first_messages, first_payments, first_renewals
    from funnel_daily where ${detail(f)} and day between ${f.from}::date and ${f.to}::date
    order by day, brand_id, flux_id, source`);
  return result.rows;
}

/** The dashboard for the filter, read in one statement. */
export async function readDashboard(db: Db, f: DashboardFilter): Promise<Dashboard> {
  const result = await db.execute<{ dashboard: Record<string, unknown> }>(dashboardStatement(f));
  const figures = result.rows[0]?.dashboard ?? {};
  const { fluxes, sources, ...rest } = figures;
  return Dashboard.parse({
    from: f.from,
    to: f.to,
    step: f.step,
    brands: f.brands,
    options: { fluxes, sources },
    ...rest,
  });
}
