import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import type { ListedNotificationType, Notification } from "../../../worker/contracts/engagement";
import { AngelPhoto } from "../../components/AngelPhoto";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { useNotifications } from "../../lib/notifications/notifications";
import { openingTab, unreadByTab } from "./notification-tabs";
import "./notifications.css";

const msgKey = (n: Notification): MessageKey => {
  const key = n.msg ?? (n.type === "visita" ? "visita_ricevuta" : "like_ricevuto");
  return isMessageKey(key) ? key : n.type === "visita" ? "visita_ricevuta" : "like_ricevuto";
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

const tabs = [
  { type: "like", label: "notifiche_tab_like", testId: "tab-likes" },
  { type: "visita", label: "notifiche_tab_visite", testId: "tab-visits" },
] as const satisfies readonly { type: ListedNotificationType; label: MessageKey; testId: string }[];

/**
 * /notifications: likes and visits from angels, in two tabs (visits only when there are some), each with
 * its unread count; the page opens on the first tab with unread ones.
 */
export function NotificationsPage() {
  const { t, locale } = useI18n();
  const { messages, markRead } = useNotifications();
  const ids = useId();
  const [tab, setTab] = useState<ListedNotificationType | null>(null);
  // Chosen once, on the first list: marking that tab read must not move the page to another.
  if (tab === null && messages !== null) setTab(openingTab(messages));
  const likes = messages?.filter((m) => m.type === "like") ?? [];
  const visits = messages?.filter((m) => m.type === "visita") ?? [];
  const hasVisits = visits.length > 0;
  const open: ListedNotificationType = tab === "visita" && hasVisits ? "visita" : "like";
  const shown = open === "visita" ? visits : likes;
  const unread = unreadByTab(messages ?? []);
  const unreadShown = unread[open] > 0;
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
        {tabs
          .filter(({ type }) => type === "like" || hasVisits)
          .map(({ type, label, testId }) => (
            <button
              key={type}
              type="button"
              role="tab"
              id={`${ids}-${type}`}
              aria-selected={open === type}
              aria-controls={`${ids}-panel`}
              className={`tab${open === type ? " active" : ""}`}
              data-testid={testId}
              onClick={() => setTab(type)}
            >
              {t(label)}
              {/* The name comes from the content, as the navigation's: an aria-label ("Likes (2 unread)")
                  left out the badge's visible text, which axe's label-content-name-mismatch refuses. */}
              {unread[type] > 0 && (
                <>
                  <span className="count-badge" aria-hidden="true" data-testid={`${testId}-unread`}>
                    {unread[type]}
                  </span>
                  <span className="visually-hidden">
                    {" "}
                    {t("notifiche_non_lette", { count: unread[type] })}
                  </span>
                </>
              )}
            </button>
          ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-${open}`}>
        {!loaded ? (
          <p className="muted center">{t("app_loading")}</p>
        ) : shown.length === 0 ? (
          <p className="muted center" data-testid="notifications-empty">
            {t("nessuna_notifica")}
          </p>
        ) : (
          <ul className="notification-list">
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
      </div>
    </section>
  );
}
