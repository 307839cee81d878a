import { useEffect, useId, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH } from "../../../worker/contracts/chat";
import type { AngelCard } from "../../../worker/contracts/discovery";
import { AngelPhoto } from "../../components/AngelPhoto";
import { requireVerified } from "../../components/phone-verify/PhoneVerify";
import { useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { INVITE_AUTO_CLOSE_MS } from "./match-rules";

type InviteStatus = "writing" | "sending" | "sent" | "failed";

/** A fresh id per invite, so a resent frame is stored once (the room dedupes on it). */
const newClientId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The spec's invite modal (flows with messaggi_inviti): photo, close x, 'Manda un invito', a message and
 * 'Invia'. Once the room confirms, the angel's name with 'HA RICEVUTO IL TUO INVITO!'; it closes by itself
 * after INVITE_AUTO_CLOSE_MS. `onClose(true)` means the invite was sent (it counts as a like: the server
 * stored the like with the invite); `onClose(false)` means nothing happened. A refused invite (no like
 * credits) closes with false: the room's like ack opens the file_like popup of the page.
 */
export function InviteModal({ angel, onClose }: { angel: AngelCard; onClose: (sent: boolean) => void }) {
  const { t } = useI18n();
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  const dialog = useRef<HTMLDialogElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const [text, setText] = useState("");
  const [status, setStatus] = useState<InviteStatus>("writing");
  const clientId = useRef("");
  const statusRef = useRef(status);
  statusRef.current = status;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    textarea.current?.focus();
  }, []);

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (statusRef.current !== "sending") return;
      if (event.event === "invite" && event.data.clientId === clientId.current) {
        if (event.data.status === "sent") setStatus("sent");
        else closeRef.current(false);
      } else if (event.event === "error" && event.data.clientId === clientId.current) {
        setStatus("failed");
      }
    });
  }, [room]);

  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => closeRef.current(true), INVITE_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const msg = text.trim();
  const canSend = msg.length > 0 && (status === "writing" || status === "failed") && Boolean(room);
  const send = () => {
    if (!canSend || !room || !member || !requireVerified(member)) return;
    clientId.current = newClientId();
    setStatus("sending");
    room.send({
      event: "invite",
      data: {
        angelId: angel.id,
        msg,
        clientId: clientId.current,
        trackerId: member.clickid,
        screenName: angel.screenName,
        servizio: location.hostname,
        country: member.country,
      },
    });
  };
  const close = () => onClose(status === "sent");

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (onCancel).
    <dialog
      ref={dialog}
      className="popup invite-modal"
      aria-labelledby={titleId}
      data-testid="invite-modal"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) close();
      }}
    >
      <button
        type="button"
        className="invite-close"
        aria-label={t("popup_close")}
        data-testid="invite-close"
        onClick={close}
      >
        <span aria-hidden="true">×</span>
      </button>
      <AngelPhoto
        sources={[angel.default_photo]}
        alt={angel.screenName}
        className="invite-photo"
        width={96}
        height={96}
      />
      {status === "sent" ? (
        <div className="invite-done" role="status" data-testid="invite-sent">
          <h2 id={titleId} className="invite-name">
            {angel.screenName}
          </h2>
          <p className="invite-received">{t("invito_ricevuto")}</p>
          <p className="muted">{t("invito_se_accetta")}</p>
        </div>
      ) : (
        <form
          className="invite-form"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <h2 id={titleId}>{t("invito_titolo")}</h2>
          <p className="invite-to">{angel.screenName}</p>
          <textarea
            ref={textarea}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t("invito_placeholder")}
            aria-label={t("invito_placeholder")}
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
            readOnly={status === "sending"}
            data-testid="invite-text"
          />
          {status === "failed" && (
            <p className="error small" role="alert">
              {t("errore_generico")}
            </p>
          )}
          <button
            type="submit"
            className={`button invite-send${canSend ? " primary active" : ""}`}
            disabled={!canSend}
            data-testid="invite-send"
          >
            {t("invito_invia")}
          </button>
        </form>
      )}
    </dialog>
  );
}
