// Every figure of the dashboard as CSV (RFC 4180), safe to open in a spreadsheet: a text cell that a
// spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return, OWASP's list) is
// prefixed with an apostrophe, so a sign-up source such as "=HYPERLINK(…)" stays text. Numbers are written as
// numbers; money as integer cents beside its currency.
import type { Dashboard, DashboardFigure } from "../contracts/dashboard";
import type { FunnelRow } from "./dashboard.service";

type Cell = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** How many whole weeks after its first week a cohort has lived by the range's last day. */
export const cohortAgeWeeks = (week: string, to: string) =>
  Math.floor((Date.parse(to) - Date.parse(week)) / (7 * 86_400_000));

/** One figure's table: the funnel per day, brand, flow and source; the others as their plot shows them. */
export function figureCsv(d: Dashboard, figure: DashboardFigure, funnel: readonly FunnelRow[]): string {
  switch (figure) {
    case "funnel":
      return toCsv(
        [
          "day",
          "brand",
          "flow",
          "source",
          "landings",
          "signups",
          "phone_verified",
          "first_messages",
          "first_payments",
          "first_renewals",
        ],
        funnel.map((r) => [
          r.day,
          r.brand_id,
          r.flux_id,
          r.source,
          r.landings,
          r.signups,
          r.phone_verified,
          r.first_messages,
          r.first_payments,
          r.first_renewals,
        ]),
      );
    case "money":
      return toCsv(
        [
          "day",
          "provider",
          "currency",
          "payments",
          "revenue_cents",
          "refunds",
          "refund_cents",
          "chargebacks",
          "chargeback_cents",
        ],
        d.money.map((r) => [
          r.day,
          r.provider,
          r.currency,
          r.payments,
          r.revenueCents,
          r.refunds,
          r.refundCents,
          r.chargebacks,
          r.chargebackCents,
        ]),
      );
    case "payers":
      return toCsv(
        ["day", "currency", "paying_members", "revenue_cents", "arppu_cents"],
        d.payers.map((r) => [
          r.day,
          r.currency,
          r.payingMembers,
          r.revenueCents,
          Math.round(r.revenueCents / r.payingMembers),
        ]),
      );
    case "renewals":
      return toCsv(
        ["day", "renewals_paid", "renewals_failed", "retries_started", "retries_recovered"],
        d.renewals.map((r) => [
          r.day,
          r.renewalsPaid,
          r.renewalsFailed,
          r.retriesStarted,
          r.retriesRecovered,
        ]),
      );
    case "notifications":
      return toCsv(
        ["day", "channel", "sent", "opened", "came_back"],
        d.notifications.map((n) => [n.day, n.channel, n.sent, n.opened, n.cameBack]),
      );
    case "cohorts": {
      const weeks = Math.max(0, ...d.cohorts.map((c) => cohortAgeWeeks(c.week, d.to) + 1));
      const header = [
        "sign_up_week",
        "members",
        ...Array.from({ length: weeks }, (_, w) => `paying_by_week_${w}`),
      ];
      return toCsv(
        header,
        d.cohorts.map((c) => {
          // A week the cohort has not lived yet is left empty, not filled with the last share.
          const age = cohortAgeWeeks(c.week, d.to);
          let paying = 0;
          const cumulative = Array.from({ length: weeks }, (_, w) => {
            paying += c.firstPayers[w] ?? 0;
            return w <= age ? paying : "";
          });
          return [c.week, c.members, ...cumulative];
        }),
      );
    }
  }
}
