import { useRouterState } from "@tanstack/react-router";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ChatMessage } from "../../../worker/contracts/chat";
import type { ListedNotificationType, Notification } from "../../../worker/contracts/engagement";
import { api } from "../../lib/api";
import { insertNewestFirst } from "../../lib/delivery";
import { store } from "../../lib/storage";
import { useSession } from "../session/session";
import {
  currentPopup,
  dismiss,
  emptyQueue,
  enqueue,
  FIRST_POLL_MS,
  markSeen,
  notificaDisplay,
  POLL_INTERVAL_MS,
  type PopupItem,
  type PopupQueue,
  parsePending,
  popupBlocked,
  popupFromMessage,
  popupFromNotification,
  reloadsAfterHidden,
} from "./notification-rules";

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

interface NotificationsApi {
  /** Null until the first answer of GET /get/notifications. */
  messages: readonly Notification[] | null;
  unread: number;
  /** Marks one tab's notifications read (server and local list). */
  markRead(type: ListedNotificationType): void;
  /** The member's conversations, newest first; null until loaded. */
  conversations: readonly Conversation[] | null;
  /** Unread angel messages over all conversations. */
  chatUnread: number;
  /** The notification popup on show (one at a time). */
  popup: PopupItem | null;
  closePopup(): void;
  /** The member opens the popup's chat: a pressing message records lettura_pressing. */
  openPopup(item: PopupItem): void;
}

const NotificationsContext = createContext<NotificationsApi>({
  messages: null,
  unread: 0,
  markRead: () => {},
  conversations: null,
  chatUnread: 0,
  popup: null,
  closePopup: () => {},
  openPopup: () => {},
});

const openChatId = (pathname: string): number | null => {
  const match = /^\/chats\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
};

const isHidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

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

/**
 * Likes and visits from angels and the unread chat messages: loaded once per member, kept live from the
 * room's notification and chat events and from the spec's polling (40 s, then every 10 s). New ones show
 * the notification popup once; while the tab is hidden they wait in notificheInPending and are replayed.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  const clickid = member?.clickid;
  const country = member?.country;
  const cerco = member?.cerco;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [messages, setMessages] = useState<readonly Notification[] | null>(null);
  const [conversations, setConversations] = useState<readonly Conversation[] | null>(null);
  const [queue, setQueue] = useState<PopupQueue>(emptyQueue);
  const path = useRef(pathname);
  path.current = pathname;
  const names = useRef(new Map<number, string>());

  /** Shows a popup now, keeps it for later (tab hidden), or drops it (on a chat, purchase, vip_plan). */
  const offer = useCallback((item: PopupItem | null) => {
    if (!item) return;
    if (isHidden()) {
      const pending = parsePending(store.get("notificheInPending"));
      if (!pending.some((p) => p.key === item.key)) {
        store.set("notificheInPending", JSON.stringify([...pending, item]));
        store.set("tipologiaNotifica", item.kind);
      }
      return;
    }
    setQueue((q) => (popupBlocked(path.current) ? markSeen(q, [item.key]) : enqueue(q, item)));
  }, []);

  const load = useCallback(
    async (initial: boolean) => {
      if (!clickid) return;
      try {
        const r = await api.get.notifications[":trackerId"].$get({ param: { trackerId: clickid } });
        if (!r.ok) throw new Error(String(r.status));
        const body = await r.json();
        setMessages((live) => {
          // Socket events that arrived before the list stay on top.
          const known = new Set(body.messages.map((m) => m.id));
          return [...(live ?? []).filter((m) => !known.has(m.id)), ...body.messages];
        });
        if (initial)
          setQueue((q) =>
            markSeen(
              q,
              body.messages.map((m) => `n:${m.id}`),
            ),
          );
        // Oldest first, so the popups come in the order the notifications were made.
        else for (const n of [...body.messages].reverse()) offer(popupFromNotification(n));
      } catch (error) {
        console.warn("notifications: list unavailable", error);
        if (initial) setMessages((live) => live ?? []);
      }
    },
    [clickid, offer],
  );

  // The list at start, then the spec's polling: first after 40 s, then every 10 s.
  useEffect(() => {
    setMessages(null);
    setQueue(emptyQueue);
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

  // Conversations and the unread chat count at start (GET /get/messages/{trackerId}).
  useEffect(() => {
    setConversations(null);
    if (!clickid) return;
    let cancelled = false;
    api.get.messages[":trackerId"]
      .$get({ param: { trackerId: clickid } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body) => {
        if (cancelled) return;
        for (const c of body.messages) names.current.set(c.angelId, c.screenName);
        const open = openChatId(path.current);
        setConversations((live) => {
          const known = new Set((live ?? []).map((c) => c.angelId));
          return [
            ...(live ?? []),
            ...body.messages
              .filter((c) => !known.has(c.angelId))
              .map((c) => (c.angelId === open ? { ...c, unread: 0 } : c)),
          ];
        });
      })
      .catch((error: unknown) => {
        console.warn("chats: list unavailable", error);
        if (!cancelled) setConversations((live) => live ?? []);
      });
    return () => {
      cancelled = true;
    };
  }, [clickid]);

  // The room: notifications, and chat lines (an angel's message outside its chat counts as unread).
  // Every chat line the client shows is acknowledged; an angel's line in the open chat is read by it.
  useEffect(() => {
    if (!room) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = room.subscribe((event) => {
      if (event.event === "notification") {
        const n = event.data;
        setMessages((list) => insertNewestFirst(list ?? [], n));
        offer(popupFromNotification(n));
        return;
      }
      if (event.event !== "chat") return;
      const m = event.data;
      const fromAngel = m.type !== "personal" && m.type !== "like";
      const inChat = openChatId(path.current) === m.angelId && !isHidden();
      room.ack(m.id, fromAngel && inChat);
      setConversations((list) => withMessage(list ?? [], m, fromAngel && !inChat ? 1 : 0));
      if (!fromAngel || inChat) return;
      // The display rule: now, after the offset, or never (wait_ai, a delayed full).
      const display = notificaDisplay(event.notifica);
      if (!display.show) return;
      const show = () => {
        const screenName = names.current.get(m.angelId) ?? null;
        if (!country || !cerco) {
          offer(popupFromMessage(m, { screenName, photo: null }, event.notifica));
          return;
        }
        // The popup shows the angel's name and photo (the dispenser's card of one angel).
        api.dispenser[":angelId"][":country"][":cerco"]
          .$get({ param: { angelId: String(m.angelId), country, cerco } })
          .then((r) => (r.ok ? r.json() : []))
          .catch(() => [])
          .then((cards) => {
            const card = cards[0];
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
  }, [room, offer, country, cerco]);

  // The spec's brain event, once per page session after clickid (the room sends it after its hello).
  useEffect(() => {
    if (!room || !member) return;
    room.startBrain({
      trackerId: member.clickid,
      tipologia: "web",
      country: member.country,
      domain: location.host,
      landedTime: store.get("landedTime") ?? undefined,
      fluxid: member.fluxId,
      premiumLevel: member.premiumLevel,
      region: member.region,
      provenienza_richiesta: location.pathname,
      servizio: location.host,
    });
    // The room sends it once: later changes of the member (credits, region) send nothing.
  }, [room, member]);

  // Opening a conversation reads it; the popup closes (and none shows) on a chat, purchase or vip_plan page.
  useEffect(() => {
    const open = openChatId(pathname);
    if (open !== null)
      setConversations((list) => list?.map((c) => (c.angelId === open ? { ...c, unread: 0 } : c)) ?? list);
    if (popupBlocked(pathname)) setQueue((q) => (q.items.length ? { ...q, items: [] } : q));
  }, [pathname]);

  // Hidden tab: popups wait in notificheInPending; visible again: replayed, or a reload after 180 s.
  useEffect(() => {
    if (!clickid) return;
    let hiddenAt: number | null = isHidden() ? Date.now() : null;
    const onChange = () => {
      if (isHidden()) {
        hiddenAt = Date.now();
        return;
      }
      if (reloadsAfterHidden(hiddenAt, Date.now())) {
        window.location.reload();
        return;
      }
      hiddenAt = null;
      const pending = parsePending(store.get("notificheInPending"));
      store.remove("notificheInPending");
      store.remove("tipologiaNotifica");
      for (const item of pending) offer(item);
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, [clickid, offer]);

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

  const chatUnread = conversations?.reduce((n, c) => n + c.unread, 0) ?? 0;
  // messaggiNonLetti follows the count the navigation shows.
  useEffect(() => {
    if (conversations === null) return;
    store.set("messaggiNonLetti", String(chatUnread));
  }, [conversations, chatUnread]);

  const closePopup = useCallback(() => setQueue(dismiss), []);
  const openPopup = useCallback(
    (item: PopupItem) => {
      setQueue(dismiss);
      if (!item.pressing || !clickid) return;
      api.api.log.event
        .$post({ json: { clickid, angelId: item.angelId, type: "lettura_pressing" } })
        .catch((error: unknown) => console.warn("notifications: lettura_pressing failed", error));
    },
    [clickid],
  );
  const popup = popupBlocked(pathname) ? null : currentPopup(queue);

  const value = useMemo<NotificationsApi>(
    () => ({
      messages,
      unread: messages?.filter((m) => !m.letto).length ?? 0,
      markRead,
      conversations,
      chatUnread,
      popup,
      closePopup,
      openPopup,
    }),
    [messages, markRead, conversations, chatUnread, popup, closePopup, openPopup],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export const useNotifications = () => useContext(NotificationsContext);
