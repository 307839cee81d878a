import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../worker/contracts/chat";
import { angelCardQuery, seekingOf } from "../angel-card";
import type { Room } from "../party";
import { store } from "../storage";
import { conversationListQuery } from "./notification-queries";
import { notificationDisplay, openChatId, popupFromMessage } from "./notification-rules";
import { isHidden, type PopupQueueApi } from "./use-popup-queue";

/** One conversation of GET /get/messages/{trackerId}. */
export interface Conversation {
  angelId: number;
  screenName: string;
  msg: string;
  time: string;
  type: string;
  unread: number;
  /** The angel's default photo; empty until known for a conversation that a live message started. */
  default_photo: string;
  /** The last message is a blurred reply the member may not read (its msg is empty). */
  blurredMessage?: boolean;
}

/** Newest first; an incoming line replaces its conversation's last message. */
function withMessage(list: readonly Conversation[], m: ChatMessage, unreadDelta: number): Conversation[] {
  const old = list.find((c) => c.angelId === m.angelId);
  const next: Conversation = {
    angelId: m.angelId,
    screenName: old?.screenName ?? "",
    msg: m.msg,
    time: m.time,
    type: m.type,
    unread: (old?.unread ?? 0) + unreadDelta,
    default_photo: old?.default_photo ?? "",
    blurredMessage: m.blurredMessage,
  };
  return [next, ...list.filter((c) => c.angelId !== m.angelId)];
}

export interface Conversations {
  /** The member's conversations, newest first; null until loaded. */
  conversations: readonly Conversation[] | null;
  /** Unread angel messages over all conversations. */
  chatUnread: number;
}

/**
 * The member's conversations and the unread chat count: the list at start, then the room's chat lines (an
 * angel's message outside its chat counts as unread and offers a popup). Every chat line the client shows
 * is acknowledged; an angel's line in the open chat of a visible tab is read by it.
 */
export function useConversations(
  member: { clickid: string; country: string; cerco: string } | null,
  room: Room | null,
  pathname: string,
  offer: PopupQueueApi["offer"],
): Conversations {
  const queryClient = useQueryClient();
  const clickid = member?.clickid;
  const country = member?.country;
  const seeking = member?.cerco;
  const [conversations, setConversations] = useState<readonly Conversation[] | null>(null);
  const path = useRef(pathname);
  path.current = pathname;
  const names = useRef(new Map<number, string>());

  const list = useQuery(conversationListQuery(clickid));
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts over when the member changes.
  useEffect(() => {
    setConversations(null);
  }, [clickid]);
  useEffect(() => {
    if (!list.data) return;
    for (const c of list.data.messages) names.current.set(c.angelId, c.screenName);
    const open = openChatId(path.current);
    const loaded = list.data.messages;
    setConversations((live) => {
      // Conversations that live messages started before the list came stay as they are.
      const known = new Set((live ?? []).map((c) => c.angelId));
      return [
        ...(live ?? []),
        ...loaded
          .filter((c) => !known.has(c.angelId))
          .map((c) => (c.angelId === open ? { ...c, unread: 0 } : c)),
      ];
    });
  }, [list.data]);
  useEffect(() => {
    if (!list.error) return;
    console.warn("chats: list unavailable", list.error);
    setConversations((live) => live ?? []);
  }, [list.error]);

  useEffect(() => {
    if (!room) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = room.subscribe((event) => {
      if (event.event !== "chat") return;
      const m = event.data;
      const fromAngel = m.type !== "personal" && m.type !== "like";
      const inChat = openChatId(path.current) === m.angelId && !isHidden();
      room.ack(m.id, fromAngel && inChat);
      setConversations((list) => withMessage(list ?? [], m, fromAngel && !inChat ? 1 : 0));
      if (!fromAngel || inChat) return;
      // The display rule: now, after the offset, or never (wait_ai, a delayed full).
      const display = notificationDisplay(event.notifica);
      if (!display.show) return;
      const show = () => {
        const screenName = names.current.get(m.angelId) ?? null;
        if (!country || !seeking) {
          offer(popupFromMessage(m, { screenName, photo: null }, event.notifica));
          return;
        }
        // The popup shows the angel's name and photo (the dispenser's card of one angel).
        queryClient
          .fetchQuery(angelCardQuery({ angelId: m.angelId, country, seeking: seekingOf({ cerco: seeking }) }))
          .catch(() => null)
          .then((card) => {
            if (card) names.current.set(m.angelId, card.screenName);
            setConversations((list) =>
              (list ?? []).map((c) =>
                c.angelId === m.angelId && card && (!c.screenName || !c.default_photo)
                  ? { ...c, screenName: card.screenName, default_photo: card.default_photo }
                  : c,
              ),
            );
            offer(
              popupFromMessage(
                m,
                { screenName: card?.screenName ?? screenName, photo: card?.default_photo ?? null },
                event.notifica,
              ),
            );
          });
      };
      if (display.afterMs === 0) show();
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          show();
        }, display.afterMs);
        timers.add(timer);
      }
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [room, offer, country, seeking, queryClient]);

  // Opening a conversation reads it.
  useEffect(() => {
    const open = openChatId(pathname);
    if (open !== null)
      setConversations((list) => list?.map((c) => (c.angelId === open ? { ...c, unread: 0 } : c)) ?? list);
  }, [pathname]);

  const chatUnread = conversations?.reduce((n, c) => n + c.unread, 0) ?? 0;
  // messaggiNonLetti follows the count the navigation shows.
  useEffect(() => {
    if (conversations === null) return;
    store.set("messaggiNonLetti", String(chatUnread));
  }, [conversations, chatUnread]);

  return { conversations, chatUnread };
}
