import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditAction } from "../../../worker/contracts/ops";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { auditDetails } from "./audit-details";
import { opsAuditQuery } from "./ops-queries";
import { useSignOutOnUnauthorized } from "./ops-session";

const actionKeys: Record<AuditAction, MessageKey> = {
  login: "ops_action_login",
  logout: "ops_action_logout",
  take: "ops_action_take",
  release: "ops_action_release",
  reply: "ops_action_reply",
  note_edit: "ops_action_note_edit",
  lease_expired: "ops_action_lease_expired",
  refund: "ops_action_refund",
  refund_refused: "ops_action_refund_refused",
  refund_failed: "ops_action_refund_failed",
  data_export: "ops_action_data_export",
  data_export_downloaded: "ops_action_data_export_downloaded",
  deletion_requested: "ops_action_deletion_requested",
  deletion_restored: "ops_action_deletion_restored",
  erasure_done: "ops_action_erasure_done",
  consent_changed: "ops_action_consent_changed",
  withdrawal: "ops_action_withdrawal",
  withdrawal_refunded: "ops_action_withdrawal_refunded",
  withdrawal_refund_failed: "ops_action_withdrawal_refund_failed",
  retention_run: "ops_action_retention_run",
};

/** The audit log for supervisors and admins, newest first, a page at a time. */
export function OpsAuditPage() {
  const { t, locale } = useI18n();
  const audit = useInfiniteQuery(opsAuditQuery());
  useSignOutOnUnauthorized(audit.error);
  const entries = audit.data?.pages.flat() ?? null;
  const more = audit.hasNextPage;

  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });
  return (
    <section className="ops-audit">
      <header className="ops-page-head">
        <h1>{t("ops_audit_title")}</h1>
      </header>
      {entries?.length === 0 && <p className="muted">{t("ops_audit_empty")}</p>}
      {entries && entries.length > 0 && (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t("ops_audit_time")}</th>
                <th>{t("ops_audit_operator")}</th>
                <th>{t("ops_audit_action")}</th>
                <th>{t("ops_audit_member")}</th>
                <th>{t("ops_audit_angel")}</th>
                <th>{t("ops_audit_details")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="ops-audit-row" data-action={e.action}>
                  <td data-label={t("ops_audit_time")}>{time.format(new Date(e.time))}</td>
                  <td data-label={t("ops_audit_operator")}>{e.operatorName ?? t("ops_audit_system")}</td>
                  <td data-label={t("ops_audit_action")}>
                    {Object.hasOwn(actionKeys, e.action) ? t(actionKeys[e.action as AuditAction]) : e.action}
                  </td>
                  <td data-label={t("ops_audit_member")}>{e.accountId ?? "—"}</td>
                  <td data-label={t("ops_audit_angel")}>{e.angelId ?? "—"}</td>
                  <td data-label={t("ops_audit_details")} className="ops-details">
                    {e.details ? auditDetails(t, locale, e.details).join(" · ") : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more && (
        <button type="button" className="button small" onClick={() => void audit.fetchNextPage()}>
          {t("ops_audit_more")}
        </button>
      )}
    </section>
  );
}
