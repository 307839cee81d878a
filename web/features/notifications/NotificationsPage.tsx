import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { ListedNotificationType, Notification } from "../../../worker/contracts/engagement";
import { AngelPhoto } from "../../components/AngelPhoto";
import { en, type MessageKey } from "../../i18n/en";
import { useI18n } from "../../i18n/i18n";
import { useNotifications } from "../../lib/notifications/notifications";
import "./notifications.css";

const msgKey = (n: Notification): MessageKey => {
  const key = n.msg ?? (n.type === "visita" ? "visita_ricevuta" : "like_ricevuto");
  return key in en ? (key as MessageKey) : n.type === "visita" ? "visita_ricevuta" : "like_ricevuto";
};

/** Relative time for the last hour, the local time today, else the local date and time. */
function when(iso: string, locale: string, t: ReturnType<typeof useI18n>["t"]): string {
  const date = new Date(iso);
  const minutes = Math.floor((Date.now() - date.getTime()) / 60_000);
  if (minutes < 1) return t("notifiche_ora");
  if (minutes < 60) return t("notifiche_minuti_fa", { count: minutes });
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleString(locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** /notifications: likes and visits from angels, in two tabs (visits only when there are some). */
export function NotificationsPage() {
  const { t, locale } = useI18n();
  const { messages, markRead } = useNotifications();
  const [tab, setTab] = useState<ListedNotificationType>("like");
  const likes = messages?.filter((m) => m.type === "like") ?? [];
  const visits = messages?.filter((m) => m.type === "visita") ?? [];
  const hasVisits = visits.length > 0;
  const open: ListedNotificationType = tab === "visita" && hasVisits ? "visita" : "like";
  const shown = open === "visita" ? visits : likes;
  const unreadShown = shown.some((m) => !m.letto);
  const loaded = messages !== null;

  // The open tab's entries are read once shown, and again when a new unread one arrives on it.
  const marked = useRef<ListedNotificationType | null>(null);
  useEffect(() => {
    if (!loaded || (marked.current === open && !unreadShown)) return;
    marked.current = open;
    markRead(open);
  }, [loaded, open, unreadShown, markRead]);

  return (
    <section className="notifications" data-testid="notifications">
      <h1>{t("notifiche_titolo")}</h1>
      <div className="tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={open === "like"}
          className={`tab${open === "like" ? " active" : ""}`}
          data-testid="tab-likes"
          onClick={() => setTab("like")}
        >
          {t("notifiche_tab_like")}
        </button>
        {hasVisits && (
          <button
            type="button"
            role="tab"
            aria-selected={open === "visita"}
            className={`tab${open === "visita" ? " active" : ""}`}
            data-testid="tab-visits"
            onClick={() => setTab("visita")}
          >
            {t("notifiche_tab_visite")}
          </button>
        )}
      </div>
      {!loaded ? (
        <p className="muted center">{t("app_loading")}</p>
      ) : shown.length === 0 ? (
        <p className="muted center" data-testid="notifications-empty">
          {t("nessuna_notifica")}
        </p>
      ) : (
        <ul className="notification-list" role="tabpanel">
          {shown.map((n) => {
            const body = (
              <>
                <AngelPhoto
                  sources={[n.default_photo]}
                  alt=""
                  width={56}
                  height={56}
                  className={`notification-photo${n.blurred ? " blurred" : ""}`}
                  data-testid="notification-photo"
                />
                <span className="notification-text">
                  <strong>{n.screenName ?? ""}</strong>
                  <span>{t(msgKey(n))}</span>
                </span>
                <time dateTime={n.time} className="muted">
                  {when(n.time, locale, t)}
                </time>
              </>
            );
            return (
              <li key={n.id} className={n.letto ? "" : "unread"} data-testid="notification">
                {n.angelId ? (
                  <Link
                    to="/user/$angelId"
                    params={{ angelId: String(n.angelId) }}
                    className="notification-item"
                  >
                    {body}
                  </Link>
                ) : (
                  <span className="notification-item">{body}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
