import { Link } from "@tanstack/react-router";
import { useEffect, useId } from "react";
import { AngelPhoto } from "../../components/AngelPhoto";
import type { MessageKey } from "../../i18n/en";
import { useI18n } from "../../i18n/i18n";
import type { PopupItem } from "../../lib/notifications/notification-rules";
import { useNotifications } from "../../lib/notifications/notifications";
import "./notifications.css";

const titles: Record<PopupItem["kind"], MessageKey> = {
  like: "popup_notifica_like",
  match: "popup_notifica_match",
  visit: "popup_notifica_visita",
  message: "popup_notifica_messaggio",
};

/** The chat button's text: reply to a message or a like-back, else chat. */
const chatLabel = (kind: PopupItem["kind"]): MessageKey =>
  kind === "message" || kind === "match" ? "popup_notifica_rispondi" : "popup_notifica_chatta";

/**
 * The notification popup (like, like reply = match, visit, angel message): one at a time, non-modal so
 * the page stays usable; Escape or the close button dismisses it and the next in line shows.
 */
export function NotificationPopup() {
  const { t } = useI18n();
  const { popup, closePopup, openPopup } = useNotifications();
  const titleId = useId();

  useEffect(() => {
    if (!popup) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closePopup();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [popup, closePopup]);

  if (!popup) return null;
  const name = popup.screenName ?? "";
  const angelId = String(popup.angelId);
  return (
    <div
      key={popup.key}
      className={`notification-popup kind-${popup.kind}`}
      role="dialog"
      aria-labelledby={titleId}
      aria-live="polite"
      data-testid="notification-popup"
      data-kind={popup.kind}
    >
      <button
        type="button"
        className="link-button notification-popup-close"
        aria-label={t("popup_close")}
        data-testid="notification-popup-close"
        onClick={closePopup}
      >
        ×
      </button>
      <AngelPhoto
        sources={[popup.photo]}
        alt=""
        width={64}
        height={64}
        className="notification-popup-photo"
        data-testid="notification-popup-photo"
      />
      <div className="notification-popup-body">
        <h2 id={titleId}>{t(titles[popup.kind], { name })}</h2>
        {popup.text && <p className="notification-popup-text">{popup.text}</p>}
        <div className="notification-popup-actions">
          <Link
            to="/chats/$angelId"
            params={{ angelId }}
            className="button primary small"
            data-testid="notification-popup-chat"
            onClick={() => openPopup(popup)}
          >
            {t(chatLabel(popup.kind))}
          </Link>
          <Link
            to="/user/$angelId"
            params={{ angelId }}
            className="button small"
            data-testid="notification-popup-profile"
            onClick={closePopup}
          >
            {t("popup_notifica_profilo")}
          </Link>
        </div>
      </div>
    </div>
  );
}
