// The money view's read-only tables: the subscription, the orders and the credit ledger (a table on wide
// screens, one card per row on phones, as the audit log).
import type { ReactNode } from "react";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { balanceLabel, orderKindLabel, reasonLabel, subscriptionStatusLabel } from "./money-labels";
import { formatCents } from "./ops-api";
import type { OpsMoney } from "./ops-queries";

function useFormats() {
  const { t, locale } = useI18n();
  return {
    t,
    locale,
    time: new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }),
    day: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }),
  };
}

/**
 * One section of the money view: its title, a note before the table, then what it says when it has no rows,
 * or its table (`headers` as column titles, `extraHeader` for a column without one, the rows as children).
 */
export function MoneyTable(props: {
  title: MessageKey;
  empty: MessageKey;
  rowCount: number;
  headers: MessageKey[];
  extraHeader?: ReactNode;
  notice?: ReactNode;
  footnote?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="ops-money-section">
      <h2>{t(props.title)}</h2>
      {props.notice}
      {props.rowCount === 0 ? (
        <p className="muted">{t(props.empty)}</p>
      ) : (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                {props.headers.map((key) => (
                  <th key={key}>{t(key)}</th>
                ))}
                {props.extraHeader}
              </tr>
            </thead>
            <tbody>{props.children}</tbody>
          </table>
          {props.footnote}
        </div>
      )}
    </section>
  );
}

export function MoneySubscriptions({ view }: { view: OpsMoney }) {
  const { t, day, time } = useFormats();
  const plans = new Map(view.orders.map((o) => [o.id, o.planName]));
  return (
    <MoneyTable
      title="ops_money_subscription"
      empty="ops_money_no_subscription"
      rowCount={view.subscriptions.length}
      headers={[
        "ops_money_plan",
        "ops_money_status",
        "ops_money_period_end",
        "ops_money_cancel_at_end",
        "ops_money_renewal_failures",
        "ops_money_next_attempt",
      ]}
    >
      {view.subscriptions.map((s) => (
        <tr key={s.id} data-testid="ops-subscription" data-status={s.status}>
          <td data-label={t("ops_money_plan")}>{plans.get(s.orderId) ?? `#${s.orderId}`}</td>
          <td data-label={t("ops_money_status")}>
            <span className={`ops-status ${s.status}`}>{subscriptionStatusLabel(t, s.status)}</span>
          </td>
          <td data-label={t("ops_money_period_end")}>{day.format(new Date(s.currentPeriodEnd))}</td>
          <td data-label={t("ops_money_cancel_at_end")}>
            {s.cancelAtPeriodEnd ? t("ops_yes") : t("ops_no")}
          </td>
          <td data-label={t("ops_money_renewal_failures")} className="ops-num">
            {s.renewalFailures}
          </td>
          <td data-label={t("ops_money_next_attempt")}>
            {s.nextAttemptAt ? time.format(new Date(s.nextAttemptAt)) : "—"}
          </td>
        </tr>
      ))}
    </MoneyTable>
  );
}

export function MoneyOrders({ view }: { view: OpsMoney }) {
  const { t, locale, time } = useFormats();
  return (
    <MoneyTable
      title="ops_money_orders"
      empty="ops_money_no_orders"
      rowCount={view.orders.length}
      headers={["ops_money_order", "ops_money_date", "ops_money_plan", "ops_money_kind", "ops_money_amount"]}
    >
      {view.orders.map((o) => (
        <tr key={o.id} data-testid="ops-order">
          <td data-label={t("ops_money_order")} className="ops-num">
            #{o.id}
          </td>
          <td data-label={t("ops_money_date")}>{time.format(new Date(o.createdAt))}</td>
          <td data-label={t("ops_money_plan")}>
            {o.planName}
            {o.renewalDays && (
              <span className="muted small"> · {t("ops_money_every", { days: o.renewalDays })}</span>
            )}
          </td>
          <td data-label={t("ops_money_kind")}>{orderKindLabel(t, o.kind)}</td>
          <td data-label={t("ops_money_amount")} className="ops-num">
            {formatCents(o.amountCents, o.currency, locale)}
          </td>
        </tr>
      ))}
    </MoneyTable>
  );
}

export function MoneyLedger({ view }: { view: OpsMoney }) {
  const { t, time } = useFormats();
  return (
    <MoneyTable
      title="ops_money_ledger"
      empty="ops_money_no_ledger"
      rowCount={view.ledger.length}
      headers={[
        "ops_money_date",
        "ops_money_balance",
        "ops_money_delta",
        "ops_money_after",
        "ops_money_reason",
      ]}
      footnote={
        view.ledgerTruncated && (
          <p className="muted small ops-table-note">
            {t("ops_money_ledger_truncated", { count: view.ledger.length })}
          </p>
        )
      }
    >
      {view.ledger.map((l) => (
        <tr key={l.id} data-testid="ops-ledger-row" data-reason={l.reason} data-balance={l.balance}>
          <td data-label={t("ops_money_date")}>{time.format(new Date(l.createdAt))}</td>
          <td data-label={t("ops_money_balance")}>{balanceLabel(t, l.balance)}</td>
          <td data-label={t("ops_money_delta")} className={`ops-num ${l.delta < 0 ? "ops-minus" : ""}`}>
            {l.delta > 0 ? `+${l.delta}` : l.delta}
          </td>
          <td data-label={t("ops_money_after")} className="ops-num">
            {l.balanceAfter}
          </td>
          <td data-label={t("ops_money_reason")}>
            {reasonLabel(t, l.reason)}
            {l.reference && <code className="ops-code small"> {l.reference}</code>}
          </td>
        </tr>
      ))}
    </MoneyTable>
  );
}
