import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Notification, NotificationType } from "../../../worker/contracts/engagement";
import { api } from "../../lib/api";
import { useSession } from "../session/session";

interface NotificationsApi {
  /** Null until the first answer of GET /get/notifications. */
  messages: readonly Notification[] | null;
  unread: number;
  /** Marks one tab's notifications read (server and local list). */
  markRead(type: NotificationType): void;
}

const NotificationsContext = createContext<NotificationsApi>({
  messages: null,
  unread: 0,
  markRead: () => {},
});

/** Likes and visits from angels: loaded once per member, kept live from the room's notification events. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { state, room } = useSession();
  const clickid = state.status === "member" ? state.member.clickid : undefined;
  const [messages, setMessages] = useState<readonly Notification[] | null>(null);

  useEffect(() => {
    setMessages(null);
    if (!clickid) return;
    let cancelled = false;
    api.get.notifications[":trackerId"]
      .$get({ param: { trackerId: clickid } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body) => {
        if (!cancelled)
          setMessages((live) => {
            // Socket events that arrived before the list stay on top.
            const known = new Set(body.messages.map((m) => m.id));
            return [...(live ?? []).filter((m) => !known.has(m.id)), ...body.messages];
          });
      })
      .catch((error: unknown) => {
        console.warn("notifications: list unavailable", error);
        if (!cancelled) setMessages((live) => live ?? []);
      });
    return () => {
      cancelled = true;
    };
  }, [clickid]);

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event !== "notification") return;
      const n = event.data;
      setMessages((list) => [n, ...(list ?? []).filter((m) => m.id !== n.id)]);
    });
  }, [room]);

  const markRead = useCallback(
    (type: NotificationType) => {
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

  const value = useMemo<NotificationsApi>(
    () => ({ messages, unread: messages?.filter((m) => !m.letto).length ?? 0, markRead }),
    [messages, markRead],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export const useNotifications = () => useContext(NotificationsContext);
