import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { POSTBACK_STATUSES, type PostbackStatus } from "../../../worker/contracts/tracking-names";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { okJson } from "../../lib/api";
import { formatCents, opsApi } from "./ops-api";
import { useSignOutOnUnauthorized } from "./ops-session";

const statusKeys: Record<PostbackStatus, MessageKey> = {
  pending: "ops_postback_pending",
  sending: "ops_postback_sending",
  sent: "ops_postback_sent",
  failed: "ops_postback_failed",
};

const postbacksQuery = (status: PostbackStatus | null) =>
  queryOptions({
    queryKey: ["ops", "postbacks", status],
    queryFn: async () => okJson(await opsApi.postbacks.$get({ query: status ? { status } : {} })),
    refetchInterval: 15_000,
    gcTime: 0,
  });

const clientErrorsQuery = () =>
  queryOptions({
    queryKey: ["ops", "client-errors"],
    queryFn: async () => okJson(await opsApi["client-errors"].$get()),
    refetchInterval: 30_000,
    gcTime: 0,
  });

/** The postbacks sent to the brands' trackers: status, attempts and the last error, newest first. */
export function OpsPostbacksPage() {
  const { t, locale } = useI18n();
  const [status, setStatus] = useState<PostbackStatus | null>(null);
  const list = useQuery(postbacksQuery(status));
  useSignOutOnUnauthorized(list.error);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });
  const rows = list.data?.postbacks ?? null;
  return (
    <section className="ops-postbacks" data-testid="ops-postbacks">
      <header className="ops-page-head">
        <h1>{t("ops_postbacks_title")}</h1>
        <label>
          {t("ops_postbacks_status")}{" "}
          <select
            value={status ?? ""}
            onChange={(e) => setStatus((e.target.value || null) as PostbackStatus | null)}
          >
            <option value="">{t("ops_postbacks_all")}</option>
            {POSTBACK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusKeys[s])}
              </option>
            ))}
          </select>
        </label>
      </header>
      {rows?.length === 0 && <p className="muted">{t("ops_postbacks_none")}</p>}
      {rows && rows.length > 0 && (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t("ops_postbacks_created")}</th>
                <th>{t("ops_postbacks_kind")}</th>
                <th>clickid</th>
                <th>{t("ops_postbacks_payout")}</th>
                <th>{t("ops_postbacks_status")}</th>
                <th>{t("ops_postbacks_attempts")}</th>
                <th>{t("ops_postbacks_last_error")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid="postback-row">
                  <td data-label={t("ops_postbacks_created")}>{time.format(new Date(p.createdAt))}</td>
                  <td data-label={t("ops_postbacks_kind")}>
                    {p.kind} <span className="muted small">{p.brandId}</span>
                  </td>
                  <td className="ops-mono" data-label="clickid">
                    {p.clickid}
                  </td>
                  <td data-label={t("ops_postbacks_payout")}>
                    {p.payoutCents === null ? "" : formatCents(p.payoutCents, p.currency ?? "EUR", locale)}
                  </td>
                  <td data-label={t("ops_postbacks_status")}>
                    {t(statusKeys[p.status as PostbackStatus] ?? "ops_postback_pending")}
                  </td>
                  <td data-label={t("ops_postbacks_attempts")}>{p.attempts}</td>
                  <td className="small" data-label={t("ops_postbacks_last_error")}>
                    {p.lastError ?? ""}
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

/** The browsers' errors grouped by subject and message, most frequent first, with the releases that sent them. */
export function OpsClientErrorsPage() {
  const { t, locale } = useI18n();
  const list = useQuery(clientErrorsQuery());
  useSignOutOnUnauthorized(list.error);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  const groups = list.data?.groups ?? null;
  return (
    <section className="ops-client-errors" data-testid="ops-client-errors">
      <header className="ops-page-head">
        <h1>{t("ops_client_errors_title", { days: list.data?.days ?? 7 })}</h1>
      </header>
      {groups?.length === 0 && <p className="muted">{t("ops_client_errors_none")}</p>}
      {groups && groups.length > 0 && (
        <div className="card ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t("ops_client_errors_count")}</th>
                <th>{t("ops_client_errors_subject")}</th>
                <th>{t("ops_client_errors_message")}</th>
                <th>{t("ops_client_errors_release")}</th>
                <th>{t("ops_client_errors_last")}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={`${g.brandId}\n${g.subject}\n${g.message}`} data-testid="client-error-row">
                  <td data-label={t("ops_client_errors_count")}>{g.count}</td>
                  <td data-label={t("ops_client_errors_subject")}>
                    {g.subject} <span className="muted small">{g.brandId}</span>
                  </td>
                  <td className="small ops-wrap" data-label={t("ops_client_errors_message")}>
                    {g.message}
                  </td>
                  <td className="small" data-label={t("ops_client_errors_release")}>
                    {g.releases.join(", ")}
                  </td>
                  <td data-label={t("ops_client_errors_last")}>{time.format(new Date(g.lastAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
