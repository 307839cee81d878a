import { Link } from "@tanstack/react-router";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { COMPLIANT_FLUX_ID } from "../../../worker/contracts/flow";
import { AngelPhoto } from "../../components/AngelPhoto";
import { LegalLinks } from "../../components/LegalLinks";
import { useI18n } from "../../i18n/i18n";
import { preview } from "../../lib/notifications/notification-rules";
import { useNotifications } from "../../lib/notifications/notifications";
import { useSession } from "../../lib/session/session";
import "./chat-list.css";

/** Today's time, else the date. */
function when(iso: string, locale: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString()
    ? date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleDateString(locale, { day: "numeric", month: "short" });
}

/** /chats: the member's conversations, newest first, with a 25-character preview and unread marks. */
export function ChatListPage({ brand }: { brand: PublicBrand }) {
  const { t, locale } = useI18n();
  const { state } = useSession();
  const { conversations } = useNotifications();
  const member = state.status === "member" ? state.member : null;

  const list = [...(conversations ?? [])].sort((a, b) => b.time.localeCompare(a.time));
  return (
    <section className="chats" data-testid="chats">
      <h1>{t("chats_titolo")}</h1>
      {conversations === null ? (
        <p className="muted center">{t("app_loading")}</p>
      ) : list.length === 0 ? (
        <p className="muted center" data-testid="chats-empty">
          {t("nessun_messaggio")}
        </p>
      ) : (
        <ul className="chat-list">
          {list.map((c) => {
            return (
              <li key={c.angelId} className={c.unread > 0 ? "unread" : ""} data-testid="conversation">
                <Link to="/chats/$angelId" params={{ angelId: String(c.angelId) }} className="chat-list-item">
                  <AngelPhoto
                    sources={[c.default_photo]}
                    alt=""
                    width={52}
                    height={52}
                    className="chat-list-photo"
                    data-testid="conversation-photo"
                  />
                  <span className="chat-list-text">
                    <strong data-testid="conversation-name">{c.screenName}</strong>
                    <span className="muted" data-testid="conversation-preview">
                      {c.blurredMessage ? t("chat_blurred_label") : preview(c.msg)}
                    </span>
                  </span>
                  <span className="chat-list-meta">
                    <time dateTime={c.time} className="muted">
                      {when(c.time, locale)}
                    </time>
                    {c.unread > 0 && (
                      <span
                        className="count-badge"
                        data-testid="conversation-unread"
                        title={t("nav_unread_messages", { count: c.unread })}
                      >
                        {c.unread}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {member?.fluxId === COMPLIANT_FLUX_ID && (
        <footer className="footer chats-footer" data-testid="chats-footer">
          <LegalLinks brand={brand} />
        </footer>
      )}
    </section>
  );
}
