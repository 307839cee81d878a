import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Popup } from "../../components/ui/Popup";
import { useI18n } from "../../i18n/i18n";
import { enablePush, pushSupported } from "../../lib/push";
import { useSession } from "../../lib/session/session";
import { store } from "../../lib/storage";
import { channelsQuery } from "./channels-api";

/** How long after the member's page opened the popup comes (he has looked around first). */
const POPUP_DELAY_MS = 15_000;
/** A popup answered or closed stays away this long. */
const POPUP_QUIET_MS = 7 * 24 * 60 * 60 * 1000;
/** Pages where a popup would be in the way: paying, and the choice's own page. */
const AWAY_FROM = /^\/(purchase|vip_plan|unsubscribe|activeNotifications|[a-z]+\/paymentCheck)/;

/**
 * The spec's notification-channel choice popup, for flows with popup_selezione_canale_notifiche: once a week
 * at most, to a member whose browser can show notifications and who has neither push nor Telegram on.
 */
export function ChannelChoicePopup() {
  const { t } = useI18n();
  const { state } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const asks = state.status === "member" && state.flow.popup_selezione_canale_notifiche;
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState(false);
  const channels = useQuery({ ...channelsQuery, enabled: asks && due });

  useEffect(() => {
    if (!asks) return;
    const last = Number(store.get("channelPopupAt") ?? 0);
    if (Date.now() - last < POPUP_QUIET_MS) return;
    const timer = setTimeout(() => setDue(true), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [asks]);

  const data = channels.data;
  const wanted =
    due &&
    data &&
    !data.push.on &&
    !data.telegram.on &&
    pushSupported() &&
    Notification.permission === "default";
  useEffect(() => {
    if (wanted && !AWAY_FROM.test(pathname)) setOpen(true);
  }, [wanted, pathname]);

  if (!open || !data) return null;
  const close = () => {
    store.set("channelPopupAt", String(Date.now()));
    setOpen(false);
  };
  const choosePush = async () => {
    close();
    if (data.push.vapidPublicKey) await enablePush(data.push.vapidPublicKey);
    await queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey });
  };
  const chooseTelegram = () => {
    close();
    void navigate({ to: "/activeNotifications" });
  };
  return (
    <Popup
      title={t("channel_popup_title")}
      onClose={close}
      testId="channel-choice-popup"
      actions={
        <div className="channel-choice">
          {data.push.vapidPublicKey && (
            <button type="button" className="button primary" onClick={() => void choosePush()}>
              {t("channel_popup_push")}
            </button>
          )}
          <button type="button" className="button" onClick={chooseTelegram}>
            {t("channel_popup_telegram")}
          </button>
          <button type="button" className="button" onClick={close}>
            {t("channel_popup_later")}
          </button>
        </div>
      }
    >
      <p>{t("channel_popup_text")}</p>
    </Popup>
  );
}
