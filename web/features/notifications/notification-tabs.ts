import type { ListedNotificationType, Notification } from "../../../worker/contracts/engagement";

type Listed = Pick<Notification, "type" | "letto">;

const unreadOf = (messages: readonly Listed[], type: ListedNotificationType) =>
  messages.filter((m) => m.type === type && !m.letto).length;

/** Unread notifications per tab (the navigation's badge counts them all). */
export const unreadByTab = (messages: readonly Listed[]): Record<ListedNotificationType, number> => ({
  like: unreadOf(messages, "like"),
  visita: unreadOf(messages, "visita"),
});

/** The tab the page opens on: the first with unread notifications, else likes. */
export function openingTab(messages: readonly Listed[]): ListedNotificationType {
  const unread = unreadByTab(messages);
  return unread.like === 0 && unread.visita > 0 ? "visita" : "like";
}
