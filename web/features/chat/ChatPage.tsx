import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { COMPLIANT_FLUX_ID } from "../../../worker/contracts/flow";
import { AngelPhoto } from "../../components/AngelPhoto";
import { OutOfLikesPopup } from "../../components/like-button/LikeButton";
import { useLikes } from "../../components/like-button/use-likes";
import { phonePrompt } from "../../components/phone-verify/PhoneVerify";
import { UpgradePopup } from "../../components/upgrade-popup/UpgradePopup";
import { useI18n } from "../../i18n/i18n";
import { useAngelCard } from "../../lib/angel-card";
import { useSession } from "../../lib/session/session";
import { ChatLine } from "./ChatLine";
import { ComposerMeterLine, ComposerWarning } from "./ComposerMeter";
import {
  isIcebreaker,
  messageToSend,
  onlyLikes,
  TEXTAREA_BASE_PX,
  textareaHeight,
  visibleLines,
} from "./chat-rules";
import { composerMeter } from "./composer-meter";
import { useChat } from "./use-chat";
import "../../components/conversation.css";
import "./chat.css";

export function ChatPage({ angelId }: { angelId: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { state } = useSession();
  // An invite is a like: a refused one (file_like) opens the like hook's popup.
  const likes = useLikes();
  const member = state.status === "member" ? state.member : null;
  const { angel, missing } = useAngelCard(angelId);
  const chat = useChat(angelId, angel);
  const { lines, text, setText, typing, lock, hook, setHook } = chat;
  const [now, setNow] = useState(() => Date.now());
  const bottom = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  // The spec: an empty answer for the angel of a chat sends the member home.
  useEffect(() => {
    if (missing) void navigate({ to: "/" });
  }, [missing, navigate]);

  // Lines due in the future stay hidden until their time (then a timer shows them).
  const { visible, nextDue } = visibleLines(lines, now);
  useEffect(() => {
    if (nextDue === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextDue - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextDue]);

  // Keep the newest line in view whenever a line or the typing note appears.
  const lastKey = `${visible.length}-${typing}`;
  useEffect(() => {
    if (lastKey) bottom.current?.scrollIntoView({ block: "end" });
  }, [lastKey]);

  // The textarea grows with its text from the base height (also when a pending text is restored).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured whenever the text changes.
  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = `${TEXTAREA_BASE_PX}px`;
    el.style.height = `${textareaHeight(el.scrollHeight)}px`;
  }, [text]);

  if (!member) return <Navigate to="/signup" />;
  const invitations = state.status === "member" && state.flow.messaggi_inviti;
  // What the message being written costs, beside the send button (the gate the room decides with). An
  // invite (a flow with invitations, the first message) is a like, which the like rules pay for.
  const icebreaker = isIcebreaker(visible);
  const meter =
    invitations && icebreaker ? null : composerMeter(member, { icebreaker, firstEver: chat.firstEver });

  function send(e?: FormEvent) {
    e?.preventDefault();
    chat.send();
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  }

  const name = angel?.screenName ?? "";
  return (
    <section className="chat">
      <header className="chat-header">
        <Link to="/find" className="link-button" aria-label={t("chat_back")}>
          ←
        </Link>
        {angel && (
          <AngelPhoto sources={[angel.default_photo]} alt="" width={40} height={40} className="avatar" />
        )}
        <div>
          <h1 className="chat-title">{name}</h1>
          {angel && <div className="muted small">{t("find_years", { age: angel.age })}</div>}
          {chat.angelPhone && (
            <a
              href={`tel:${chat.angelPhone.replaceAll(" ", "")}`}
              className="small angel-phone"
              data-testid="angel-phone"
            >
              {t("chat_angel_phone", { phone: chat.angelPhone })}
            </a>
          )}
        </div>
      </header>
      <div className="messages" data-testid="messages">
        {visible.length === 0 && angel && <p className="muted center">{t("chat_empty", { name })}</p>}
        {onlyLikes(visible) && angel && (
          <p className="chat-note" data-testid="chat-visited">
            {t("chat_visited", { name })}
          </p>
        )}
        {visible.map((line) =>
          line.type === "like" ? null : (
            <ChatLine
              key={line.clientId ?? line.id}
              line={line}
              verified={member.verifiedUser}
              onBlurred={() => setHook("blurred")}
              onVerify={() => phonePrompt.open()}
            />
          ),
        )}
        {/* Texts naming the angel wait for its profile: a name slot is never shown empty. */}
        {typing && angel && (
          <p className="typing" data-testid="typing">
            {t("chat_typing", { name })}
          </p>
        )}
        <div ref={bottom} />
      </div>
      {lock && (
        <p className="chat-note locked" role="status" data-testid="chat-locked">
          {lock === "invite" && angel ? t("chat_invite_locked", { name }) : t("chat_locked")}
        </p>
      )}
      {invitations && !lock && angel && icebreaker && (
        <p className="chat-note" data-testid="chat-invite-hint">
          {t("chat_invite_hint", { name })}
        </p>
      )}
      {chat.pending !== null && !lock && (
        <p className="chat-note pending" role="status" data-testid="chat-pending">
          {t("chat_pending")}
        </p>
      )}
      {/* A pending message already says that it waits for credits. */}
      {!lock && meter && chat.pending === null && <ComposerWarning meter={meter} name={name} />}
      <form className="composer" onSubmit={send}>
        <textarea
          ref={textarea}
          value={text}
          placeholder={t("chat_placeholder")}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          style={{ height: TEXTAREA_BASE_PX }}
          rows={1}
          maxLength={2000}
          disabled={lock !== null}
          data-testid="chat-input"
        />
        <button type="submit" className="button primary" disabled={lock !== null || !messageToSend(text)}>
          {t("chat_send")}
        </button>
        {!lock && meter && <ComposerMeterLine meter={meter} />}
      </form>
      <OutOfLikesPopup likes={likes} />
      {hook === "blurred" ? (
        // A hidden reply: an unverified member activates reading by verifying the phone (attiva_lettura).
        <UpgradePopup
          hook={member.verifiedUser ? "blurred" : "attiva_lettura"}
          onClose={() => setHook(null)}
          teaser={angel ? { name, photo: angel.default_photo } : undefined}
          verify={
            member.verifiedUser
              ? undefined
              : () => {
                  setHook(null);
                  phonePrompt.open();
                }
          }
        />
      ) : (
        // Out of credits: a paid member is offered a top-up (in the compliant flow's words in flow 0000).
        hook && (
          <UpgradePopup
            hook={
              member.premiumLevel === 0
                ? hook
                : member.fluxId === COMPLIANT_FLUX_ID
                  ? "utente_premium_compliant"
                  : "utente_premium"
            }
            onClose={() => setHook(null)}
          />
        )
      )}
    </section>
  );
}
