// What the dashboard's plots draw from the API's answer: every day of the range (zeros on days without
// figures), money per currency only, rates only where there is something to divide, cohorts' paying share
// cumulative and left empty for weeks a cohort has not lived yet.
import { describe, expect, it } from "vitest";
import {
  cohortSeries,
  currenciesOf,
  type DashboardData,
  funnelSeries,
  funnelTotals,
  moneySeries,
  renewalSeries,
  stepsOf,
} from "../../web/features/ops/dashboard/dashboard-series";

const empty: DashboardData = {
  from: "2026-11-01",
  to: "2026-11-03",
  step: "day",
  brands: ["amoreitalia"],
  options: { fluxes: [], sources: [] },
  funnel: [],
  money: [],
  payers: [],
  payerTotals: [],
  payingMembers: 0,
  renewals: [],
  cohorts: [],
  notifications: [],
};
const step = { landings: 0, phoneVerified: 0, firstMessages: 0, firstRenewals: 0 };

describe("the dashboard's series", () => {
  it("has one x per day of the range, and zeros on days without figures", () => {
    const data = { ...empty, funnel: [{ day: "2026-11-02", ...step, signups: 4, firstPayments: 1 }] };
    const days = stepsOf(data.from, data.to);
    expect(days.map((d) => new Date(d * 1000).toISOString().slice(0, 10))).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
    expect(funnelSeries(data, days)[1]).toEqual([0, 4, 0]);
    // A week step: the range's first day, then each Monday (2026-11-02 and 2026-11-09 are Mondays).
    const weeks = stepsOf("2026-11-01", "2026-11-10", "week");
    expect(weeks.map((d) => new Date(d * 1000).toISOString().slice(0, 10))).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-09",
    ]);
    expect(funnelSeries({ ...data, step: "week" }, weeks)[1]).toEqual([0, 4, 0]);
    const totals = funnelTotals(data);
    expect(totals.find((t) => t.step === "firstPayments")).toMatchObject({ total: 1 });
    expect(totals.find((t) => t.step === "phoneVerified")).toMatchObject({ total: 0, share: 0 });
  });

  it("never adds up two currencies", () => {
    const row = {
      provider: "sandbox",
      payments: 1,
      refunds: 0,
      refundCents: 0,
      chargebacks: 0,
      chargebackCents: 0,
    };
    const data = {
      ...empty,
      money: [
        { ...row, day: "2026-11-01", currency: "EUR", revenueCents: 990 },
        { ...row, day: "2026-11-01", currency: "GBP", revenueCents: 5000 },
      ],
    };
    expect(currenciesOf(data)).toEqual(["GBP", "EUR"]);
    const days = stepsOf(data.from, data.to);
    expect(moneySeries(data, days, "EUR")[0]).toEqual([9.9, 0, 0]);
    expect(moneySeries(data, days, "GBP")[0]).toEqual([50, 0, 0]);
  });

  it("draws rates only on days with renewals or retries", () => {
    const data = {
      ...empty,
      renewals: [
        { day: "2026-11-02", renewalsPaid: 3, renewalsFailed: 1, retriesStarted: 1, retriesRecovered: 0 },
      ],
    };
    expect(renewalSeries(data, stepsOf(data.from, data.to))).toEqual([
      [null, 75, null],
      [null, 0, null],
    ]);
  });

  it("gives each cohort its cumulative paying share, empty where it has not lived yet", () => {
    const data = {
      ...empty,
      to: "2026-11-16",
      cohorts: [
        { week: "2026-11-02", members: 10, firstPayers: [2, 0, 3] },
        { week: "2026-11-09", members: 4, firstPayers: [1] },
      ],
    };
    const { x, series } = cohortSeries(data);
    expect(x).toEqual([0, 1, 2]);
    expect(series).toEqual([
      [20, 20, 50],
      [25, 25, null],
    ]);
  });
});
