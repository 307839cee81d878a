import { queryOptions, useQuery } from "@tanstack/react-query";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { okJson } from "../../lib/api";
import { opsApi } from "./ops-api";

const memberNotificationsQuery = (clickid: string) =>
  queryOptions({
    queryKey: ["ops", "member-notifications", clickid],
    queryFn: async () => okJson(await opsApi.members[":clickid"].notifications.$get({ param: { clickid } })),
    gcTime: 0,
  });

const channelLabel: Record<string, MessageKey> = {
  push: "ops_notify_push",
  telegram: "ops_notify_telegram",
  email: "ops_notify_email",
};

/** The member's notification channels and last deliveries (sent, opened, came back), in the member view. */
export function OpsMemberNotifications({ clickid }: { clickid: string }) {
  const { t, locale } = useI18n();
  const query = useQuery(memberNotificationsQuery(clickid));
  const view = query.data;
  if (!view) return null;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  const at = (iso: string | null) => (iso ? time.format(new Date(iso)) : "—");
  const state = (on: boolean) => t(on ? "ops_notify_on" : "ops_notify_off");
  const { push, telegram, email } = view.channels;
  return (
    <section className="card ops-profile" data-testid="ops-member-notifications">
      <h2>{t("ops_notify_title")}</h2>
      <dl>
        <dt>{t("ops_notify_push")}</dt>
        <dd>
          {state(push.on)} · {t("ops_notify_devices", { count: push.devices })}
        </dd>
        <dt>{t("ops_notify_telegram")}</dt>
        <dd>
          {state(telegram.on)} · {t(telegram.linked ? "ops_notify_linked" : "ops_notify_not_linked")}
        </dd>
        <dt>{t("ops_notify_email")}</dt>
        <dd>{state(email.on)}</dd>
      </dl>
      {view.deliveries.length === 0 ? (
        <p className="muted">{t("ops_notify_none")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t("ops_notify_sent")}</th>
              <th>{t("ops_notify_channel")}</th>
              <th>{t("ops_notify_what")}</th>
              <th>{t("ops_notify_opened")}</th>
              <th>{t("ops_notify_came_back")}</th>
            </tr>
          </thead>
          <tbody>
            {view.deliveries.map((d) => (
              <tr key={`${d.sentAt}-${d.channel}-${d.kind}-${d.angelId}`}>
                <td>{at(d.sentAt)}</td>
                <td>
                  {channelLabel[d.channel] ? t(channelLabel[d.channel] as MessageKey) : d.channel} (
                  {d.outcome})
                </td>
                <td>
                  {d.kind}
                  {d.angelId !== null ? ` #${d.angelId}` : ""} ×{d.count}
                </td>
                <td>{at(d.openedAt)}</td>
                <td>{at(d.cameBackAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
