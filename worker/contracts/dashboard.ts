// The console dashboard's wire shapes (zod): its filters and its figures, for worker/ops/dashboard.routes.ts;
// the web console reads them through the typed client. Amounts are integer cents of `currency`, one row per
// currency: money in different currencies is never added up.
import { z } from "zod";

/** The longest range one view may ask for: bounded work per request. */
export const DASHBOARD_MAX_DAYS = 366;
/** The range a view without dates shows: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/**
 * The longest range shown per day; a longer one is shown per week (a year's 366 bars are unreadable on a
 * phone, and the answer is a seventh of the size).
 */
export const DASHBOARD_DAILY_MAX_DAYS = 92;
/** What one x value of the figures covers: a day, or a week from its Monday (the first from the range's start). */
export const DashboardStep = z.enum(["day", "week"]);
export type DashboardStep = z.infer<typeof DashboardStep>;

const Day = z.iso.date();
/** A day a view may ask for: a calendar date the database takes (no year 0, nothing absurd). */
const AskedDay = Day.refine((d) => d >= "2000-01-01" && d <= "2100-12-31", "a day from 2000 to 2100");
const Count = z.number().int();
const Cents = z.number().int();

/** A filter value as the rollups store it (a flow id, a sign-up source). */
const DimensionValue = z.string().trim().min(1).max(100);

export const DashboardQuery = z.object({
  from: AskedDay.optional(),
  to: AskedDay.optional(),
  /** One of the brands the operator covers; all of them when absent. */
  brand: z.string().trim().min(1).max(40).optional(),
  flux: DimensionValue.optional(),
  source: DimensionValue.optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const dashboardFigures = [
  "funnel",
  "money",
  "payers",
  "renewals",
  "cohorts",
  "notifications",
] as const;
export const DashboardFigure = z.enum(dashboardFigures);
export type DashboardFigure = z.infer<typeof DashboardFigure>;

export const DashboardCsvQuery = DashboardQuery.extend({ figure: DashboardFigure });

export const FunnelDay = z.object({
  day: Day,
  landings: Count,
  signups: Count,
  phoneVerified: Count,
  firstMessages: Count,
  firstPayments: Count,
  firstRenewals: Count,
});

export const MoneyDay = z.object({
  day: Day,
  provider: z.string(),
  currency: z.string(),
  payments: Count,
  revenueCents: Cents,
  refunds: Count,
  refundCents: Cents,
  chargebacks: Count,
  chargebackCents: Cents,
});

/** Members who paid in that step (each counted once in it) in that currency, and what they paid. */
export const PayersDay = z.object({
  day: Day,
  currency: z.string(),
  payingMembers: Count,
  revenueCents: Cents,
});

/** Over the whole range, per currency: distinct paying members and the average revenue per paying member. */
export const PayersTotal = z.object({
  currency: z.string(),
  payingMembers: Count,
  revenueCents: Cents,
  /** revenueCents / payingMembers, rounded to the cent. */
  arppuCents: Cents,
});

export const RenewalsDay = z.object({
  day: Day,
  renewalsPaid: Count,
  renewalsFailed: Count,
  retriesStarted: Count,
  retriesRecovered: Count,
});

/** A sign-up week (its Monday) and, per week since it, the members of it who paid for the first time then. */
export const Cohort = z.object({
  week: Day,
  members: Count,
  firstPayers: z.array(Count),
});

/** Notifications per step and channel: sent, opened, and followed by the member coming back. */
export const NotificationsDay = z.object({
  day: Day,
  channel: z.string(),
  sent: Count,
  opened: Count,
  cameBack: Count,
});

export const Dashboard = z.object({
  from: Day,
  to: Day,
  /** The figures' `day` is the first day of each step: a day, or a week (its Monday, or `from`). */
  step: DashboardStep,
  /** The brands these figures cover (the filter's, or every brand the operator covers). */
  brands: z.array(z.string()),
  /** The flows and sources with figures in the range, for the filters. */
  options: z.object({ fluxes: z.array(z.string()), sources: z.array(z.string()) }),
  funnel: z.array(FunnelDay),
  money: z.array(MoneyDay),
  payers: z.array(PayersDay),
  payerTotals: z.array(PayersTotal),
  /** Distinct members who paid in the range, in any currency. */
  payingMembers: Count,
  renewals: z.array(RenewalsDay),
  cohorts: z.array(Cohort),
  /** From the notification cascade's daily rollup, per channel (brand filter only: it has no flow or source). */
  notifications: z.array(NotificationsDay),
});
export type Dashboard = z.infer<typeof Dashboard>;
