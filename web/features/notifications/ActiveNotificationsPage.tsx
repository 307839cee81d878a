import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { NotificationChannels } from "../../../worker/contracts/notifications";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { disablePush, enablePush, type PushState, pushState } from "../../lib/push";
import { useSession } from "../../lib/session/session";
import { channelsQuery, saveChannels } from "./channels-api";
import { TelegramLink } from "./TelegramLink";
import "./notifications.css";

const pushNote: Record<PushState, MessageKey | null> = {
  unsupported: "active_push_unsupported",
  blocked: "active_push_blocked",
  off: null,
  on: "active_push_on",
};

/**
 * /activeNotifications: the spec's Telegram and push activation. Push is turned on for this browser (its
 * permission and subscription), Telegram by linking the brand's bot, the e-mail digest by its toggle.
 */
export function ActiveNotificationsPage() {
  const { t } = useI18n();
  const { state } = useSession();
  const queryClient = useQueryClient();
  const channels = useQuery(channelsQuery);
  const [device, setDevice] = useState<PushState | null>(null);
  const [saved, setSaved] = useState<"success" | "error" | null>(null);
  // A toggle shows its new state at once; the server's answer confirms it or puts it back.
  const [chosen, setChosen] = useState<{ email?: boolean }>({});
  const clickid = state.status === "member" ? state.member.clickid : null;

  useEffect(() => {
    void pushState().then(setDevice);
  }, []);
  // Push on this browser, or the e-mail digest; answers whether the change was kept.
  const save = useMutation({
    mutationFn: async (
      change:
        | { channel: "push"; device: PushState; data: NotificationChannels }
        | { channel: "email"; on: boolean; data: NotificationChannels },
    ) => {
      const { data } = change;
      if (change.channel === "email")
        return clickid ? saveChannels(clickid, data, { email: change.on }) : false;
      if (change.device === "on") {
        await disablePush();
        setDevice("off");
        return clickid ? saveChannels(clickid, data, { push: data.push.devices > 1 }) : false;
      }
      const vapidKey = data.push.vapidPublicKey;
      if (!vapidKey) return false;
      const next = await enablePush(vapidKey);
      setDevice(next);
      return next === "on";
    },
    onSuccess: (ok, change) => {
      if (!ok && change.channel === "email") setChosen((c) => ({ ...c, email: !change.on }));
      setSaved(ok ? "success" : "error");
      // The button is free again at once; the channels are read again meanwhile.
      void queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey });
    },
  });
  const busy = save.isPending;

  if (!channels.data || device === null) return <Spinner label={t("app_loading")} />;
  const data = channels.data;
  const vapidKey = data.push.vapidPublicKey;

  // mutateAsync: a browser that fails to (un)subscribe stays an unhandled rejection, which the error
  // reporting logs.
  const togglePush = () => save.mutateAsync({ channel: "push", device, data });

  const toggle = (channel: "email", on: boolean) => {
    setChosen((c) => ({ ...c, [channel]: on }));
    return save.mutateAsync({ channel, on, data });
  };

  const note = vapidKey ? pushNote[device] : "active_push_unavailable";
  return (
    <section className="active-notifications" data-testid="active-notifications">
      <h1>{t("active_title")}</h1>
      <p className="claim">{t("active_claim")}</p>
      <article className="card channel" data-testid="channel-push">
        <h2>{t("active_push_title")}</h2>
        <p className="muted">{t("active_push_text")}</p>
        {note && <p className={device === "on" ? "success small" : "muted small"}>{t(note)}</p>}
        {vapidKey && (device === "on" || device === "off") && (
          <button
            type="button"
            className={device === "on" ? "button" : "button primary"}
            disabled={busy}
            onClick={() => void togglePush()}
          >
            {t(device === "on" ? "active_push_disable" : "active_push_enable")}
          </button>
        )}
      </article>
      <div data-testid="channel-telegram">
        <TelegramLink />
      </div>
      <article className="card channel" data-testid="channel-email">
        <h2>{t("active_email_title")}</h2>
        <p className="muted">{t("active_email_text")}</p>
        <label className="toggle">
          <input
            type="checkbox"
            name="email"
            checked={chosen.email ?? data.email.on}
            disabled={busy}
            onChange={(e) => void toggle("email", e.target.checked)}
          />
          {t("active_channel_on")}
        </label>
      </article>
      {saved && (
        <FormMessage tone={saved}>{t(saved === "success" ? "active_saved" : "errore_generico")}</FormMessage>
      )}
    </section>
  );
}
