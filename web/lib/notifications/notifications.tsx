import { useRouterState } from "@tanstack/react-router";
import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import type { ListedNotificationType, Notification } from "../../../worker/contracts/engagement";
import { api } from "../api";
import { useSession } from "../session/session";
import type { PopupItem } from "./notification-rules";
import { type Conversation, useConversations } from "./use-conversations";
import { useNotificationList } from "./use-notification-list";
import { usePopupQueue } from "./use-popup-queue";

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

/**
 * The member's notification state, which the navigation's counters, the chat list, the notifications page
 * and the notification popup read: likes and visits from angels (use-notification-list.ts), the
 * conversations and their unread messages (use-conversations.ts), and the popups they offer, one at a
 * time (use-popup-queue.ts).
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  const clickid = member?.clickid;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const popups = usePopupQueue(clickid, pathname);
  const { messages, unread, markRead } = useNotificationList(clickid, room, popups);
  const { conversations, chatUnread } = useConversations(member, room, pathname, popups.offer);

  const { popup, close } = popups;
  const openPopup = useCallback(
    (item: PopupItem) => {
      close();
      if (!item.pressing || !clickid) return;
      api.api.log.event
        .$post({ json: { clickid, angelId: item.angelId, type: "lettura_pressing" } })
        .catch((error: unknown) => console.warn("notifications: lettura_pressing failed", error));
    },
    [clickid, close],
  );

  const value = useMemo<NotificationsApi>(
    () => ({ messages, unread, markRead, conversations, chatUnread, popup, closePopup: close, openPopup }),
    [messages, unread, markRead, conversations, chatUnread, popup, close, openPopup],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export const useNotifications = () => useContext(NotificationsContext);
