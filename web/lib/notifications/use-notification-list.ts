import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { ListedNotificationType, Notification } from "../../../worker/contracts/engagement";
import { api } from "../api";
import { insertNewestFirst } from "../delivery";
import type { Room } from "../party";
import { notificationListQuery } from "./notification-queries";
import { FIRST_POLL_MS, POLL_INTERVAL_MS, popupFromNotification } from "./notification-rules";
import type { PopupQueueApi } from "./use-popup-queue";

export interface NotificationList {
  /** Null until the first answer of GET /get/notifications. */
  messages: readonly Notification[] | null;
  unread: number;
  /** Marks one tab's notifications read (server and local list). */
  markRead(type: ListedNotificationType): void;
}

/**
 * Likes and visits from angels: the list at start, then the spec's polling (first after 40 s, then every
 * 10 s), and the room's notification events. The list at start shows no popup; later ones offer one each.
 */
export function useNotificationList(
  clickid: string | undefined,
  room: Room | null,
  popups: Pick<PopupQueueApi, "offer" | "markSeen">,
): NotificationList {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<readonly Notification[] | null>(null);
  const { offer, markSeen } = popups;

  const load = useCallback(
    async (initial: boolean) => {
      if (!clickid) return;
      try {
        const body = await queryClient.fetchQuery(notificationListQuery(clickid));
        setMessages((live) => {
          // Socket events that arrived before the list stay on top.
          const known = new Set(body.messages.map((m) => m.id));
          return [...(live ?? []).filter((m) => !known.has(m.id)), ...body.messages];
        });
        if (initial) markSeen(body.messages.map((m) => `n:${m.id}`));
        // Oldest first, so the popups come in the order the notifications were made.
        else for (const n of [...body.messages].reverse()) offer(popupFromNotification(n));
      } catch (error) {
        console.warn("notifications: list unavailable", error);
        if (initial) setMessages((live) => live ?? []);
      }
    },
    [clickid, offer, markSeen, queryClient],
  );

  // The list at start, then the spec's polling: first after 40 s, then every 10 s.
  useEffect(() => {
    setMessages(null);
    if (!clickid) return;
    void load(true);
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void load(false);
      interval = setInterval(() => void load(false), POLL_INTERVAL_MS);
    }, FIRST_POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, [clickid, load]);

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event !== "notification") return;
      const n = event.data;
      setMessages((list) => insertNewestFirst(list ?? [], n));
      offer(popupFromNotification(n));
    });
  }, [room, offer]);

  const markRead = useCallback(
    (type: ListedNotificationType) => {
      if (!clickid) return;
      setMessages(
        (list) => list?.map((m) => (m.type === type && !m.letto ? { ...m, letto: true } : m)) ?? list,
      );
      api.log.notification.readed
        .$post({ json: { clickid, type } })
        .catch((error: unknown) => console.warn("notifications: readed failed", error));
    },
    [clickid],
  );

  return { messages, unread: messages?.filter((m) => !m.letto).length ?? 0, markRead };
}
