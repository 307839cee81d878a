import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import type { ChatLock } from "../../../worker/contracts/chat";
import type { AngelCard } from "../../../worker/contracts/discovery";
import { phonePrompt } from "../../components/phone-verify/PhoneVerify";
import type { UpgradeHook } from "../../components/upgrade-popup/UpgradePopup";
import { api, okJson } from "../../lib/api";
import { readBrand } from "../../lib/brand";
import { freshData } from "../../lib/query-client";
import { useSession } from "../../lib/session/session";
import { trackEvent } from "../../lib/track-event";
import {
  acceptsInvite,
  answersAngelFirstTime,
  chatLock,
  isIcebreaker,
  type Line,
  mergeLine as merge,
  messageToSend,
  withStored,
} from "./chat-rules";
import { type PendingMessage, pendingMessage } from "./pending-message";

/**
 * GET /get/messages/{trackerId}/{angelId}: the conversation, its lock and the angel's phone. Asked when the
 * chat opens, and again once the member verifies by phone (blurred replies become readable and the phone
 * shows); a failure leaves the screen as it is.
 */
const conversationQuery = (clickid: string | undefined, angelId: number, verified: boolean) =>
  queryOptions({
    queryKey: ["conversation", clickid, angelId, { verified }],
    queryFn: clickid
      ? async () =>
          okJson(
            await api.get.messages[":trackerId"][":angelId"].$get({
              param: { trackerId: clickid, angelId: String(angelId) },
            }),
          )
      : skipToken,
    staleTime: 0,
    gcTime: 0,
  });

/** The hooks a chat opens: a blurred reply, or a message refused for credits. */
export type ChatHook = Extract<UpgradeHook, "blurred" | "fine_crediti">;

export interface Chat {
  lines: Line[];
  /** The textarea's text (a refused or pending message comes back into it). */
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  /** The pending message of this chat (refused for credits), while it is in the textarea. */
  pending: PendingMessage | null;
  /** The angel is typing. */
  typing: boolean;
  /** Why the member cannot write, or null. */
  lock: ChatLock;
  /** The angel's phone number: only verified or premium members get it. */
  angelPhone: string | null;
  /** The member has never written: their first message is free (a free member's, the spec). */
  firstEver: boolean;
  /** The chat's upgrade popup on show. */
  hook: ChatHook | null;
  setHook(hook: ChatHook | null): void;
  /** Sends the textarea's message (held until the member verifies by phone; an invite on a flow with them). */
  send(): void;
}

/**
 * One chat's state: the stored conversation merged with the lines on screen, the room's events for it
 * (the echo of each message, refusals, typing, the angel's like back that accepts an invite), and sending.
 */
export function useChat(angelId: number, angel: AngelCard | null): Chat {
  const { state, room, seen, updateMember } = useSession();
  const member = state.status === "member" ? state.member : null;
  const invitations = state.status === "member" && state.flow.messaggi_inviti;
  const [lines, setLines] = useState<Line[]>([]);
  // A pending message (refused for credits) to this angel comes back into the textarea.
  const [pending, setPending] = useState(() => {
    const p = pendingMessage.get();
    return p?.angelId === angelId ? p : null;
  });
  const [text, setText] = useState(pending?.msg ?? "");
  const [typing, setTyping] = useState(false);
  const [hook, setHook] = useState<ChatHook | null>(null);
  /** The angel accepted the member's invite (from the conversation answer, or live by the like back). */
  const [inviteAccepted, setInviteAccepted] = useState(false);
  /** The server refused a message for a lock this screen did not know about. */
  const [refusedLocked, setRefusedLocked] = useState(false);
  const [angelPhone, setAngelPhone] = useState<string | null>(null);
  const [firstEver, setFirstEver] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The text of each message being sent, by client id, to restore a refused one. */
  const sentTexts = useRef(new Map<string, string>());

  const clickid = member?.clickid;
  const verified = member?.verifiedUser ?? false;

  // Lines not stored yet stay on screen.
  const conversation = useQuery(conversationQuery(clickid, angelId, verified));
  const answer = freshData(conversation);
  useEffect(() => {
    if (!answer) return;
    for (const m of answer.messages) seen(m.time);
    setLines((l) => withStored(l, answer.messages));
    setInviteAccepted(answer.inviteAccepted);
    setAngelPhone(answer.angelPhone);
    setFirstEver(answer.freeFirstMessage);
  }, [answer, seen]);

  // The conversation as rendered, for the room's events and the held lines (their effects outlive a render).
  const linesNow = useRef(lines);
  linesNow.current = lines;
  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event === "chat" && event.data.angelId === angelId) {
        seen(event.data.time);
        if (event.data.type !== "personal") {
          clearTimeout(typingTimer.current);
          setTyping(false);
        } else {
          // The member has written now: no message of theirs is the free first one any more.
          setFirstEver(false);
          // Sent from this tab (the others see the echo too) as his first answer to the angel: engage. The
          // lines still on their way are not before it (two quick answers: the first one stored engages).
          const clientId = event.data.clientId;
          const before = linesNow.current.filter((l) => l.clientId !== clientId && l.state !== "sending");
          if (clientId && sentTexts.current.has(clientId) && answersAngelFirstTime(before)) {
            trackEvent(
              "engage",
              { brand: readBrand(), clickid: member?.clickid },
              { angelId, onceAs: `engage-${angelId}` },
            );
          }
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
        // The refusal's KPI (ko_msg or ko_icebreaker); the server stored the member event when it refused.
        trackEvent(
          event.data.event,
          { brand: readBrand(), clickid: member?.clickid },
          { angelId, storedByServer: true },
        );
      }
    });
  }, [room, angelId, seen, updateMember, member?.clickid]);

  // Once the member is verified, the held lines go out, in the order they were written.
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

  const lock =
    chatLock(lines, { angelId, messaggiInviti: invitations, inviteAccepted }) ??
    (refusedLocked ? "angel" : null);

  const send = useCallback(() => {
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
  }, [text, room, lock, lines, angelId, member, invitations, angel]);

  return { lines, text, setText, pending, typing, lock, angelPhone, firstEver, hook, setHook, send };
}
