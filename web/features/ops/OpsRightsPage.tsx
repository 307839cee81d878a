import { queryOptions, useQuery } from "@tanstack/react-query";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { okJson } from "../../lib/api";
import { formatCents, opsApi } from "./ops-api";
import { useSignOutOnUnauthorized } from "./ops-session";

/** GET /ops/api/rights while the page is open (dropped when it closes, like the console's other views). */
const opsRightsQuery = () =>
  queryOptions({
    queryKey: ["ops", "rights"],
    queryFn: async () => okJson(await opsApi.rights.$get()),
    gcTime: 0,
  });

const deletionStates: Record<string, MessageKey> = {
  pending: "ops_rights_pending",
  overdue: "ops_rights_overdue",
  erased: "ops_rights_erased",
};
const withdrawalStates: Record<string, MessageKey> = {
  received: "ops_rights_received",
  refunded: "ops_rights_refunded",
  refund_failed: "ops_rights_refund_failed",
};

/**
 * The members' rights for supervisors and admins: deletion requests with the date their erasure is due, and
 * withdrawals with the date their refund is owed by (a refund the provider refused is to be made by hand).
 * Members are named by account id only: an erased one has nothing else.
 */
export function OpsRightsPage() {
  const { t, locale } = useI18n();
  const rights = useQuery(opsRightsQuery());
  useSignOutOnUnauthorized(rights.error);
  const time = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso))
      : "—";
  const data = rights.data;
  return (
    <section className="ops-rights">
      <header className="ops-page-head">
        <h1>{t("ops_rights_title")}</h1>
      </header>
      <h2>{t("ops_rights_deletions")}</h2>
      {data?.deletions.length === 0 && <p className="muted">{t("ops_rights_none")}</p>}
      {data && data.deletions.length > 0 && (
        <div className="card ops-table-wrap">
          <table className="ops-table" data-testid="ops-deletions">
            <thead>
              <tr>
                <th>{t("ops_rights_account")}</th>
                <th>{t("ops_rights_requested")}</th>
                <th>{t("ops_rights_due")}</th>
                <th>{t("ops_rights_state")}</th>
              </tr>
            </thead>
            <tbody>
              {data.deletions.map((d) => (
                <tr key={d.accountId} data-state={d.state}>
                  <td data-label={t("ops_rights_account")}>
                    {d.accountId} · {d.brandTitle}
                  </td>
                  <td data-label={t("ops_rights_requested")}>{time(d.requestedAt)}</td>
                  <td data-label={t("ops_rights_due")}>{time(d.erasedAt ?? d.dueAt)}</td>
                  <td data-label={t("ops_rights_state")}>
                    {t(deletionStates[d.state] ?? "ops_rights_pending")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>{t("ops_rights_withdrawals")}</h2>
      {data?.withdrawals.length === 0 && <p className="muted">{t("ops_rights_none")}</p>}
      {data && data.withdrawals.length > 0 && (
        <div className="card ops-table-wrap">
          <table className="ops-table" data-testid="ops-withdrawals">
            <thead>
              <tr>
                <th>{t("ops_rights_account")}</th>
                <th>{t("ops_rights_payment")}</th>
                <th>{t("ops_rights_refund")}</th>
                <th>{t("ops_rights_requested")}</th>
                <th>{t("ops_rights_refund_due")}</th>
                <th>{t("ops_rights_state")}</th>
              </tr>
            </thead>
            <tbody>
              {data.withdrawals.map((w) => (
                <tr key={w.id} data-state={w.status}>
                  <td data-label={t("ops_rights_account")}>{w.accountId}</td>
                  <td data-label={t("ops_rights_payment")}>
                    {w.paymentId} · {w.provider}
                  </td>
                  <td data-label={t("ops_rights_refund")}>
                    {formatCents(w.refundCents, w.currency, locale)}
                  </td>
                  <td data-label={t("ops_rights_requested")}>{time(w.createdAt)}</td>
                  <td data-label={t("ops_rights_refund_due")}>{time(w.refundDueAt)}</td>
                  <td data-label={t("ops_rights_state")}>
                    {t(withdrawalStates[w.status] ?? "ops_rights_received")}
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
