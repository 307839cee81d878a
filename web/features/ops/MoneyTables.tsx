// The money view's read-only tables: the subscription, the orders and the credit ledger (a table on wide
// screens, one card per row on phones, as the audit log).
import { useI18n } from "../../i18n/i18n";
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

export function MoneySubscriptions({ view }: { view: OpsMoney }) {
  const { t, day, time } = useFormats();
  const plans = new Map(view.orders.map((o) => [o.id, o.planName]));
  return (
    <section className="ops-money-section">
      <h2>{t("ops_money_subscription")}</h2>
      {view.subscriptions.length === 0 ? (
        <p className="muted">{t("ops_money_no_subscription")}</p>
      ) : (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t("ops_money_plan")}</th>
                <th>{t("ops_money_status")}</th>
                <th>{t("ops_money_period_end")}</th>
                <th>{t("ops_money_cancel_at_end")}</th>
                <th>{t("ops_money_renewal_failures")}</th>
                <th>{t("ops_money_next_attempt")}</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function MoneyOrders({ view }: { view: OpsMoney }) {
  const { t, locale, time } = useFormats();
  return (
    <section className="ops-money-section">
      <h2>{t("ops_money_orders")}</h2>
      {view.orders.length === 0 ? (
        <p className="muted">{t("ops_money_no_orders")}</p>
      ) : (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t("ops_money_order")}</th>
                <th>{t("ops_money_date")}</th>
                <th>{t("ops_money_plan")}</th>
                <th>{t("ops_money_kind")}</th>
                <th>{t("ops_money_amount")}</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function MoneyLedger({ view }: { view: OpsMoney }) {
  const { t, time } = useFormats();
  return (
    <section className="ops-money-section">
      <h2>{t("ops_money_ledger")}</h2>
      {view.ledger.length === 0 ? (
        <p className="muted">{t("ops_money_no_ledger")}</p>
      ) : (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t("ops_money_date")}</th>
                <th>{t("ops_money_balance")}</th>
                <th>{t("ops_money_delta")}</th>
                <th>{t("ops_money_after")}</th>
                <th>{t("ops_money_reason")}</th>
              </tr>
            </thead>
            <tbody>
              {view.ledger.map((l) => (
                <tr key={l.id} data-testid="ops-ledger-row" data-reason={l.reason} data-balance={l.balance}>
                  <td data-label={t("ops_money_date")}>{time.format(new Date(l.createdAt))}</td>
                  <td data-label={t("ops_money_balance")}>{balanceLabel(t, l.balance)}</td>
                  <td
                    data-label={t("ops_money_delta")}
                    className={`ops-num ${l.delta < 0 ? "ops-minus" : ""}`}
                  >
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
            </tbody>
          </table>
          {view.ledgerTruncated && (
            <p className="muted small ops-table-note">
              {t("ops_money_ledger_truncated", { count: view.ledger.length })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
