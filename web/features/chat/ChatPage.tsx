import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../worker/contracts/chat";
import type { AngelCard } from "../../../worker/contracts/discovery";
import { Popup } from "../../components/ui/Popup";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useSession } from "../session/session";

/** The spec's textarea base height. */
const TEXTAREA_BASE_PX = 43;

type Line = ChatMessage & { state?: "sending" | "refused" };

/** Adds or replaces a line by server id or by the client id of a message being sent. */
function merge(lines: Line[], incoming: Line): Line[] {
  const i = lines.findIndex(
    (l) => l.id === incoming.id || (incoming.clientId && l.clientId === incoming.clientId),
  );
  const next = i >= 0 ? lines.map((l, j) => (j === i ? incoming : l)) : [...lines, incoming];
  return next.sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
}

export function ChatPage({ angelId }: { angelId: number }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { state, room, seen } = useSession();
  const member = state.status === "member" ? state.member : null;
  const [angel, setAngel] = useState<AngelCard | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState("");
  const [typing, setTyping] = useState(false);
  const [outOfCredits, setOutOfCredits] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const clickid = member?.clickid;
  const country = member?.country;
  const cerco = member?.cerco;

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
    api.get.messages[":trackerId"][":angelId"]
      .$get({ param: { trackerId: clickid, angelId: String(angelId) } })
      .then((r) => (r.ok ? r.json() : []))
      .then((list) => {
        for (const m of list) seen(m.time);
        setLines(list);
      })
      .catch(() => undefined);
  }, [clickid, country, cerco, angelId, navigate, seen]);

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event === "chat" && event.data.angelId === angelId) {
        seen(event.data.time);
        if (event.data.type !== "personal") {
          clearTimeout(typingTimer.current);
          setTyping(false);
        }
        setLines((l) => merge(l, event.data));
      } else if (event.event === "typing" && event.data.angelId === angelId) {
        setTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), event.data.ms + 2000);
      } else if (event.event === "refused") {
        setLines((l) =>
          l.map((line) => (line.clientId === event.data.clientId ? { ...line, state: "refused" } : line)),
        );
        setOutOfCredits(true);
      }
    });
  }, [room, angelId, seen]);

  // Keep the newest line in view whenever a line or the typing note appears.
  const lastKey = `${lines.length}-${typing}`;
  useEffect(() => {
    if (lastKey) bottom.current?.scrollIntoView({ block: "end" });
  }, [lastKey]);

  if (!member) return <Navigate to="/signup" />;

  function send(e?: FormEvent) {
    e?.preventDefault();
    const msg = text.trim();
    // The spec: empty messages are not sent.
    if (!msg || !room) return;
    const clientId = crypto.randomUUID();
    setLines((l) =>
      merge(l, {
        id: -Date.now(),
        msg,
        angelId,
        time: new Date().toISOString(),
        type: "personal",
        letto: true,
        blurredMessage: false,
        idNotifica: null,
        clientId,
        state: "sending",
      }),
    );
    room.send({
      event: "chat",
      data: { msg, angelId, clientId, trackerId: member?.clickid, screenName: angel?.screenName },
    });
    setText("");
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
        </div>
      </header>
      <div className="messages" data-testid="messages">
        {lines.length === 0 && angel && <p className="muted center">{t("chat_empty", { name })}</p>}
        {lines.map((line) => (
          <div
            key={line.clientId ?? line.id}
            className={`bubble ${line.type === "personal" ? "mine" : "theirs"} ${line.state ?? ""}`}
            data-testid={line.type === "personal" ? "my-message" : "angel-message"}
          >
            <p>{line.msg}</p>
            <time dateTime={line.time}>
              {line.state === "sending"
                ? t("chat_sending")
                : line.state === "refused"
                  ? t("chat_not_sent")
                  : new Date(line.time).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })}
            </time>
          </div>
        ))}
        {typing && (
          <p className="typing" data-testid="typing">
            {t("chat_typing", { name })}
          </p>
        )}
        <div ref={bottom} />
      </div>
      <form className="composer" onSubmit={send}>
        <textarea
          value={text}
          placeholder={t("chat_placeholder")}
          onChange={(e) => {
            setText(e.target.value);
            e.target.style.height = `${TEXTAREA_BASE_PX}px`;
            e.target.style.height = `${Math.max(TEXTAREA_BASE_PX, e.target.scrollHeight)}px`;
          }}
          onKeyDown={onKey}
          style={{ height: TEXTAREA_BASE_PX }}
          rows={1}
          maxLength={2000}
        />
        <button type="submit" className="button primary" disabled={!text.trim()}>
          {t("chat_send")}
        </button>
      </form>
      {outOfCredits && (
        <Popup
          title={t("fine_crediti_title")}
          onClose={() => setOutOfCredits(false)}
          actions={
            <button type="button" className="button" onClick={() => setOutOfCredits(false)}>
              {t("popup_close")}
            </button>
          }
        >
          <p>{t("fine_crediti_text")}</p>
        </Popup>
      )}
    </section>
  );
}
