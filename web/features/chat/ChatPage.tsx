import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { AngelCard } from "../../../worker/contracts/discovery";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { OutOfLikesPopup, useLikes } from "../engagement/likes";
import { HookPopup } from "../hooks/HookPopup";
import { phonePrompt } from "../profile/PhoneVerify";
import { useSession } from "../session/session";
import {
  acceptsInvite,
  chatLock,
  isIcebreaker,
  type Line,
  mergeLine as merge,
  messageToSend,
  onlyLikes,
  TEXTAREA_BASE_PX,
  textareaHeight,
  visibleLines,
  withStored,
} from "./chat-rules";
import { pendingMessage } from "./pending-message";
import { SafeHtml } from "./SafeHtml";
import "./chat.css";

export function ChatPage({ angelId }: { angelId: number }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { state, room, seen, updateMember } = useSession();
  // An invite is a like: a refused one (file_like) opens the like hook's popup.
  const likes = useLikes();
  const member = state.status === "member" ? state.member : null;
  const [angel, setAngel] = useState<AngelCard | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  // A pending message (refused for credits) to this angel comes back into the textarea.
  const [pending, setPending] = useState(() => {
    const p = pendingMessage.get();
    return p?.angelId === angelId ? p : null;
  });
  const [text, setText] = useState(pending?.msg ?? "");
  const [typing, setTyping] = useState(false);
  const [hook, setHook] = useState<"blurred" | "fine_crediti" | null>(null);
  const [now, setNow] = useState(() => Date.now());
  /** The angel accepted the member's invite (from the conversation answer, or live by the like back). */
  const [inviteAccepted, setInviteAccepted] = useState(false);
  /** The server refused a message for a lock this screen did not know about. */
  const [refusedLocked, setRefusedLocked] = useState(false);
  /** The angel's phone number: only verified or premium members get it. */
  const [angelPhone, setAngelPhone] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The text of each message being sent, by client id, to restore a refused one. */
  const sentTexts = useRef(new Map<string, string>());

  const clickid = member?.clickid;
  const country = member?.country;
  const cerco = member?.cerco;
  const verified = member?.verifiedUser ?? false;

  useEffect(() => {
    if (!clickid || !country || !cerco) return;
    const params = { angelId: String(angelId), country, cerco };
    api.dispenser[":angelId"][":country"][":cerco"]
      .$get({ param: params })
      .then((r) => r.json())
      .then((list) => {
        // The spec: an empty answer for the angel of a chat sends the member home.
        if (list[0]) setAngel(list[0]);
        else void navigate({ to: "/" });
      })
      .catch(() => void navigate({ to: "/" }));
  }, [clickid, country, cerco, angelId, navigate]);

  // The conversation, its lock and the angel's phone; asked again once the member verifies by phone
  // (blurred replies become readable and the phone shows). Lines not stored yet stay on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when `verified` turns true.
  useEffect(() => {
    if (!clickid) return;
    api.get.messages[":trackerId"][":angelId"]
      .$get({ param: { trackerId: clickid, angelId: String(angelId) } })
      .then((r) => (r.ok ? r.json() : null))
      .then((answer) => {
        if (!answer) return;
        for (const m of answer.messages) seen(m.time);
        setLines((l) => withStored(l, answer.messages));
        setInviteAccepted(answer.inviteAccepted);
        setAngelPhone(answer.angelPhone);
      })
      .catch(() => undefined);
  }, [clickid, angelId, seen, verified]);

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event === "chat" && event.data.angelId === angelId) {
        seen(event.data.time);
        if (event.data.type !== "personal") {
          clearTimeout(typingTimer.current);
          setTyping(false);
        }
        const sentPending = pendingMessage.get();
        if (sentPending && event.data.clientId === sentPending.clientId) {
          // The pending message went out after a purchase: it is a line now, no longer in the textarea.
          pendingMessage.set(null);
          setPending(null);
          setText((t) => (t.trim() === sentPending.msg ? "" : t));
        }
        setLines((l) => merge(l, event.data));
      } else if (event.event === "notification" && acceptsInvite(event.data, angelId)) {
        // The angel liked the member back: the invite is accepted and the chat opens now.
        setInviteAccepted(true);
        setRefusedLocked(false);
      } else if (event.event === "error" && event.data.clientId) {
        const clientId = event.data.clientId;
        const msg = sentTexts.current.get(clientId);
        if (msg === undefined) return;
        if (event.data.code === "unverified") {
          // The session thought the member verified: hold the line and ask for the phone.
          setLines((l) => l.map((line) => (line.clientId === clientId ? { ...line, state: "held" } : line)));
          updateMember({ verifiedUser: false });
          phonePrompt.open();
        } else if (event.data.code === "chat_locked") {
          // Locked on the server: the message is not lost, it goes back in the textarea.
          setLines((l) => l.filter((line) => line.clientId !== clientId));
          setText(msg);
          setRefusedLocked(true);
        } else {
          setLines((l) =>
            l.map((line) => (line.clientId === clientId ? { ...line, state: "refused" } : line)),
          );
        }
      } else if (event.event === "invite" && event.data.status === "refused") {
        // An invite refused by the like rules (file_like, which useLikes opens): back in the textarea.
        const clientId = event.data.clientId;
        const msg = sentTexts.current.get(clientId);
        if (msg === undefined) return;
        setLines((l) => l.filter((line) => line.clientId !== clientId));
        setText(msg);
      } else if (event.event === "typing" && event.data.angelId === angelId) {
        setTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), event.data.ms + 2000);
      } else if (event.event === "refused") {
        const msg = sentTexts.current.get(event.data.clientId);
        if (msg === undefined) return; // another tab's or another chat's message
        // The refused message becomes the pending one: out of the conversation, back in the textarea.
        setLines((l) => l.filter((line) => line.clientId !== event.data.clientId));
        const refused = { angelId, msg, clientId: event.data.clientId };
        pendingMessage.set(refused);
        setPending(refused);
        setText(msg);
        setHook(event.data.hook);
      }
    });
  }, [room, angelId, seen, updateMember]);

  // Once the member is verified, the held lines go out, in the order they were written.
  const linesNow = useRef(lines);
  linesNow.current = lines;
  useEffect(() => {
    if (!verified || !room) return;
    const held = linesNow.current.filter((line) => line.state === "held" && line.clientId);
    if (held.length === 0) return;
    const icebreaker = isIcebreaker(linesNow.current);
    held.forEach((line, i) => {
      room.send({
        event: "chat",
        data: {
          msg: line.msg,
          angelId,
          clientId: line.clientId ?? "",
          icebreaker: icebreaker && i === 0,
          trackerId: clickid,
        },
      });
    });
    const sent = new Set(held.map((line) => line.clientId));
    setLines((l) => l.map((line) => (sent.has(line.clientId) ? { ...line, state: "sending" } : line)));
  }, [verified, room, angelId, clickid]);

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
  const lock =
    chatLock(lines, { angelId, messaggiInviti: invitations, inviteAccepted }) ??
    (refusedLocked ? "angel" : null);

  function send(e?: FormEvent) {
    e?.preventDefault();
    // The spec: empty messages are not sent.
    const msg = messageToSend(text);
    if (!msg || !room || lock) return;
    const icebreaker = isIcebreaker(lines);
    const clientId = crypto.randomUUID();
    sentTexts.current.set(clientId, msg);
    pendingMessage.set(null);
    setPending(null);
    setText("");
    // The member's own line, until the room's echo replaces it (by clientId) with the stored message.
    const ownLine = (state: "held" | "sending"): Line => ({
      id: -Date.now(),
      msg,
      angelId,
      time: new Date().toISOString(),
      type: "personal",
      letto: true,
      blurredMessage: false,
      idNotifica: null,
      clientId,
      state,
    });
    // The spec: unverified members cannot emit chat events. The message shows held, with the link to
    // verify, and goes out once the member has entered a phone number.
    if (!member?.verifiedUser) {
      setLines((l) => merge(l, ownLine("held")));
      phonePrompt.open();
      return;
    }
    setLines((l) => merge(l, ownLine("sending")));
    if (invitations && icebreaker) {
      // On a flow with invitations the first message is an invite (a like and a message): the angel
      // accepts it by liking back, and the chat stays locked until then.
      room.send({
        event: "invite",
        data: {
          msg,
          angelId,
          clientId,
          trackerId: member?.clickid,
          screenName: angel?.screenName,
          servizio: location.hostname,
          country: member?.country,
        },
      });
      return;
    }
    room.send({
      event: "chat",
      data: { msg, angelId, clientId, icebreaker, trackerId: member?.clickid, screenName: angel?.screenName },
    });
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
        {angel && <img src={angel.default_photo} alt="" width={40} height={40} className="avatar" />}
        <div>
          <strong>{name}</strong>
          {angel && <div className="muted small">{t("find_years", { age: angel.age })}</div>}
          {angelPhone && (
            <a
              href={`tel:${angelPhone.replaceAll(" ", "")}`}
              className="small angel-phone"
              data-testid="angel-phone"
            >
              {t("chat_angel_phone", { phone: angelPhone })}
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
        {visible.map((line) => {
          const mine = line.type === "personal";
          if (line.type === "like") return null;
          return (
            <div
              key={line.clientId ?? line.id}
              className={`bubble ${mine ? "mine" : "theirs"} ${line.state ?? ""}`}
              data-testid={mine ? "my-message" : "angel-message"}
            >
              {line.blurredMessage ? (
                <button
                  type="button"
                  className="blurred-message"
                  data-testid="blurred-message"
                  aria-label={t("chat_blurred_label")}
                  onClick={() => setHook("blurred")}
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
              {mine && !member.verifiedUser && (
                <button
                  type="button"
                  className="verify-phone"
                  data-testid="verify-phone"
                  onClick={() => phonePrompt.open()}
                >
                  {t("chat_verify_phone")}
                </button>
              )}
            </div>
          );
        })}
        {typing && (
          <p className="typing" data-testid="typing">
            {t("chat_typing", { name })}
          </p>
        )}
        <div ref={bottom} />
      </div>
      {lock && (
        <p className="chat-note locked" role="status" data-testid="chat-locked">
          {lock === "invite" ? t("chat_invite_locked", { name }) : t("chat_locked")}
        </p>
      )}
      {invitations && !lock && angel && isIcebreaker(visible) && (
        <p className="chat-note" data-testid="chat-invite-hint">
          {t("chat_invite_hint", { name })}
        </p>
      )}
      {pending !== null && !lock && (
        <p className="chat-note pending" role="status" data-testid="chat-pending">
          {t("chat_pending")}
        </p>
      )}
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
      </form>
      <OutOfLikesPopup likes={likes} />
      {hook === "blurred" ? (
        <HookPopup
          hook="blurred"
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
        hook && <HookPopup hook={hook} onClose={() => setHook(null)} />
      )}
    </section>
  );
}
