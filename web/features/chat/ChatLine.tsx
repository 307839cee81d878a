import { SafeHtml } from "../../components/SafeHtml";
import { useI18n } from "../../i18n/i18n";
import type { Line } from "./chat-rules";

/**
 * One line of the conversation: the member's own or the angel's, a blurred reply (a button that opens the
 * blurred hook), the sanitised 'benvenuto' HTML, or text; under it its time or its sending state.
 */
export function ChatLine({
  line,
  verified,
  onBlurred,
  onVerify,
}: {
  line: Line;
  /** The member is verified by phone (otherwise the own lines carry the link to verify). */
  verified: boolean;
  onBlurred: () => void;
  onVerify: () => void;
}) {
  const { t, locale } = useI18n();
  const mine = line.type === "personal";
  return (
    <div
      className={`bubble ${mine ? "mine" : "theirs"} ${line.state ?? ""}`}
      data-testid={mine ? "my-message" : "angel-message"}
    >
      {line.blurredMessage ? (
        <button
          type="button"
          className="blurred-message"
          data-testid="blurred-message"
          aria-label={t("chat_blurred_label")}
          onClick={onBlurred}
        >
          <span aria-hidden="true">{t("chat_blurred_filler")}</span>
        </button>
      ) : line.idNotifica === "benvenuto" ? (
        <div className="bubble-html" data-testid="welcome-message">
          <SafeHtml html={line.msg} />
        </div>
      ) : (
        <p>{line.msg}</p>
      )}
      <time dateTime={line.time}>
        {line.state === "sending"
          ? t("chat_sending")
          : line.state === "refused"
            ? t("chat_not_sent")
            : line.state === "held"
              ? t("chat_held")
              : new Date(line.time).toLocaleTimeString(locale, {
                  hour: "2-digit",
                  minute: "2-digit",
                })}
      </time>
      {mine && !verified && (
        <button type="button" className="verify-phone" data-testid="verify-phone" onClick={onVerify}>
          {t("chat_verify_phone")}
        </button>
      )}
    </div>
  );
}
