// The dashboard's answer turned into what each plot draws: one x value per step of the range, a day or a week
// (steps without a figure are zeros, not gaps), and the series of each plot. Money stays per currency: a plot
// draws one currency.
import type { InferResponseType } from "hono/client";
import type { opsApi } from "../ops-api";

export type DashboardData = InferResponseType<typeof opsApi.dashboard.$get, 200>;

const DAY_MS = 86_400_000;

/** The seconds one step of the answer covers (uPlot's time scale is in seconds). */
export const stepSeconds = (step: DashboardData["step"]) => (step === "week" ? 7 : 1) * (DAY_MS / 1000);

/**
 * The first day of every step of the range as UTC midnight in seconds: each day, or for a week step the
 * range's first day and then each Monday after it (as the Worker groups the rollups).
 */
export function stepsOf(from: string, to: string, step: DashboardData["step"] = "day"): number[] {
  const steps: number[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) {
    const monday = new Date(t).getUTCDay() === 1;
    if (step === "day" || monday || t === Date.parse(from)) steps.push(t / 1000);
  }
  return steps;
}

const indexOfDay = (days: number[]) => {
  const index = new Map(days.map((d, i) => [new Date(d * 1000).toISOString().slice(0, 10), i]));
  return (day: string) => index.get(day);
};

/** A per-step series filled from rows with a `day` (the first day of their step). */
function perDay<T extends { day: string }>(days: number[], rows: readonly T[], value: (row: T) => number) {
  const at = indexOfDay(days);
  const series = days.map(() => 0);
  for (const row of rows) {
    const i = at(row.day);
    if (i !== undefined) series[i] = (series[i] ?? 0) + value(row);
  }
  return series;
}

export const funnelSteps = [
  "landings",
  "signups",
  "phoneVerified",
  "firstMessages",
  "firstPayments",
  "firstRenewals",
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export function funnelSeries(d: DashboardData, days: number[]) {
  return funnelSteps.map((step) => perDay(days, d.funnel, (r) => r[step]));
}

/** The step totals over the range, each with its share of the step before it. */
export function funnelTotals(d: DashboardData) {
  let previous: number | null = null;
  return funnelSteps.map((step) => {
    const total = d.funnel.reduce((n, r) => n + r[step], 0);
    const share = previous ? total / previous : null;
    previous = total;
    return { step, total, share };
  });
}

/** The currencies with money in the range, the one with the most revenue first. */
export function currenciesOf(d: DashboardData): string[] {
  const revenue = new Map<string, number>();
  for (const m of d.money) revenue.set(m.currency, (revenue.get(m.currency) ?? 0) + m.revenueCents);
  for (const p of d.payers) if (!revenue.has(p.currency)) revenue.set(p.currency, 0);
  return [...revenue.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
}

/** Revenue, refunds and chargebacks per day in one currency, in units of the currency (cents / 100). */
export function moneySeries(d: DashboardData, days: number[], currency: string) {
  const rows = d.money.filter((m) => m.currency === currency);
  return [
    perDay(days, rows, (m) => m.revenueCents / 100),
    perDay(days, rows, (m) => m.refundCents / 100),
    perDay(days, rows, (m) => m.chargebackCents / 100),
  ];
}

/** The money of the range per provider in one currency, exact in cents. */
export function providerTotals(d: DashboardData, currency: string) {
  const totals = new Map<string, { revenueCents: number; refundCents: number; chargebackCents: number }>();
  for (const m of d.money) {
    if (m.currency !== currency) continue;
    const t = totals.get(m.provider) ?? { revenueCents: 0, refundCents: 0, chargebackCents: 0 };
    t.revenueCents += m.revenueCents;
    t.refundCents += m.refundCents;
    t.chargebackCents += m.chargebackCents;
    totals.set(m.provider, t);
  }
  return [...totals.entries()].map(([provider, t]) => ({ provider, ...t }));
}

/** Paying members per day and ARPPU per day (currency units) in one currency. */
export function payersSeries(d: DashboardData, days: number[], currency: string) {
  const rows = d.payers.filter((p) => p.currency === currency);
  const members = perDay(days, rows, (p) => p.payingMembers);
  const revenue = perDay(days, rows, (p) => p.revenueCents);
  const arppu = members.map((n, i) => (n > 0 ? (revenue[i] ?? 0) / n / 100 : null));
  return [members, arppu];
}

/** Renewal success and retry recovery per day, in percent (null on a day without renewals or retries). */
export function renewalSeries(d: DashboardData, days: number[]) {
  const paid = perDay(days, d.renewals, (r) => r.renewalsPaid);
  const failed = perDay(days, d.renewals, (r) => r.renewalsFailed);
  const started = perDay(days, d.renewals, (r) => r.retriesStarted);
  const recovered = perDay(days, d.renewals, (r) => r.retriesRecovered);
  const rate = (a: number, b: number) => (b > 0 ? (100 * a) / b : null);
  return [
    paid.map((p, i) => rate(p, p + (failed[i] ?? 0))),
    recovered.map((r, i) => rate(r, started[i] ?? 0)),
  ];
}

export function renewalTotals(d: DashboardData) {
  const sum = (pick: (r: DashboardData["renewals"][number]) => number) =>
    d.renewals.reduce((n, r) => n + pick(r), 0);
  const paid = sum((r) => r.renewalsPaid);
  const failed = sum((r) => r.renewalsFailed);
  const started = sum((r) => r.retriesStarted);
  const recovered = sum((r) => r.retriesRecovered);
  return {
    success: paid + failed > 0 ? paid / (paid + failed) : null,
    recovery: started > 0 ? recovered / started : null,
  };
}

/**
 * Cohorts' paying share (percent of the cohort that has paid) by weeks since sign-up; a week the cohort has
 * not lived yet by the range's end is a gap. x is the week number.
 */
export function cohortSeries(d: DashboardData) {
  const age = (week: string) => Math.floor((Date.parse(d.to) - Date.parse(week)) / (7 * DAY_MS));
  const cohorts = d.cohorts.filter((c) => c.members > 0);
  const weeks = Math.max(0, ...cohorts.map((c) => age(c.week) + 1));
  const x = Array.from({ length: weeks }, (_, w) => w);
  const series = cohorts.map((c) => {
    let paying = 0;
    return x.map((w) => {
      paying += c.firstPayers[w] ?? 0;
      return w <= age(c.week) ? (100 * paying) / c.members : null;
    });
  });
  return { x, cohorts, series };
}

/** The channels with notifications in the range. */
export const channelsOf = (d: DashboardData) => [...new Set(d.notifications.map((n) => n.channel))].sort();

/** Sent, opened and came back per day for one channel. */
export function notificationSeries(d: DashboardData, days: number[], channel: string) {
  const rows = d.notifications.filter((n) => n.channel === channel);
  return [
    perDay(days, rows, (n) => n.sent),
    perDay(days, rows, (n) => n.opened),
    perDay(days, rows, (n) => n.cameBack),
  ];
}
