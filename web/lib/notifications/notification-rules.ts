// Notification popups, polling and replay: the spec's constants and the pure rules behind them.
import type { ChatMessage } from "../../../worker/contracts/chat";
import type { Notification } from "../../../worker/contracts/engagement";
import { LIKE_REPLY_CATEGORY } from "../../../worker/contracts/notification-category";
import type { ChatNotifica } from "../../../worker/contracts/realtime";

/** The spec: the first notification poll 40 s after start… */
export const FIRST_POLL_MS = 40_000;
/** …then every 10 s. */
export const POLL_INTERVAL_MS = 10_000;
/** The spec: a tab hidden for more than 180,000 ms reloads the page when visible again. */
export const HIDDEN_RELOAD_MS = 180_000;
/** The spec's chat preview length (characters, then an ellipsis). */
export const PREVIEW_LENGTH = 25;

/** A chat preview: the first 25 characters plus '…' when the text is longer. */
export function preview(text: string, length = PREVIEW_LENGTH): string {
  const chars = Array.from(text.trim());
  return chars.length > length ? `${chars.slice(0, length).join("")}…` : chars.join("");
}

export const popupKinds = ["like", "match", "visit", "message"] as const;
export type PopupKind = (typeof popupKinds)[number];
export interface PopupItem {
  /** Dedupe key: n:{id} for a notification, m:{id} for a chat message. */
  key: string;
  kind: PopupKind;
  angelId: number;
  screenName: string | null;
  photo: string | null;
  /** The message text (message popups). */
  text: string | null;
  /** A message of the brain's schedule: opening it records lettura_pressing. */
  pressing?: boolean;
}

/** A popup for an angel's like, like reply (match) or visit; null for anything else. */
export function popupFromNotification(n: Notification): PopupItem | null {
  if (!n.angelId || n.letto) return null;
  const kind =
    n.type === "visita"
      ? "visit"
      : n.type === "like"
        ? n.categoriaNotifica === LIKE_REPLY_CATEGORY
          ? "match"
          : "like"
        : null;
  if (!kind) return null;
  return {
    key: `n:${n.id}`,
    kind,
    angelId: n.angelId,
    screenName: n.screenName,
    photo: n.default_photo,
    text: null,
  };
}

/** A popup for an angel's chat message; the member's own lines and likes give none. */
export function popupFromMessage(
  m: ChatMessage,
  angel: { screenName: string | null; photo: string | null },
  notification?: ChatNotifica,
): PopupItem | null {
  if (m.type === "personal" || m.type === "like") return null;
  const item: PopupItem = {
    key: `m:${m.id}`,
    kind: "message",
    angelId: m.angelId,
    ...angel,
    text: preview(m.msg),
  };
  return notification?.pressing ? { ...item, pressing: true } : item;
}

export type NotificaDisplay = { show: false } | { show: true; afterMs: number };

/**
 * The spec's display rule of a chat notification: when a delay (ritardo) is set the client waits offset
 * ms before showing; a 'full' notification is ignored when delayed; 'wait_ai' is never shown. A message
 * without display data shows at once.
 */
export function notificationDisplay(n: ChatNotifica | undefined): NotificaDisplay {
  if (!n) return { show: true, afterMs: 0 };
  if (n.type === "wait_ai") return { show: false };
  if (n.ritardo) return n.type === "full" ? { show: false } : { show: true, afterMs: Math.max(0, n.offset) };
  return { show: true, afterMs: 0 };
}

/** One popup at a time: the first item is shown, the rest wait; a key is shown once. */
export interface PopupQueue {
  readonly seen: readonly string[];
  readonly items: readonly PopupItem[];
}
export const emptyQueue: PopupQueue = { seen: [], items: [] };

export function enqueue(queue: PopupQueue, item: PopupItem): PopupQueue {
  if (queue.seen.includes(item.key)) return queue;
  return { seen: [...queue.seen, item.key], items: [...queue.items, item] };
}

/**
 * A popup kept while the tab was hidden, shown now: it was new when it came, so a list loaded meanwhile (which
 * marks what it holds as known) does not hide it; one already in line is not added twice.
 */
export function replay(queue: PopupQueue, item: PopupItem): PopupQueue {
  if (queue.items.some((i) => i.key === item.key)) return queue;
  return { seen: [...new Set([...queue.seen, item.key])], items: [...queue.items, item] };
}

/** Marks keys as known without showing them (the list loaded at start). */
export const markSeen = (queue: PopupQueue, keys: readonly string[]): PopupQueue => ({
  ...queue,
  seen: [...new Set([...queue.seen, ...keys])],
});

/** Closes the popup on show; the next one in line takes its place. */
export const dismiss = (queue: PopupQueue): PopupQueue => ({ ...queue, items: queue.items.slice(1) });

export const currentPopup = (queue: PopupQueue): PopupItem | null => queue.items[0] ?? null;

/** The spec: no notification popup on a single chat, a purchase or a vip_plan page (and an open one closes). */
export function popupBlocked(pathname: string): boolean {
  return (
    /^\/chats\/[^/]+\/?$/.test(pathname) ||
    /^\/purchase(\/|$)/.test(pathname) ||
    /^\/vip_plan(\/|$)/.test(pathname)
  );
}

/** The angel whose chat is open at this path (its messages are read there, not counted as unread). */
export function openChatId(pathname: string): number | null {
  const match = /^\/chats\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

/** One kept popup, checked field by field; null when any field is missing or of another type. */
function pendingItem(value: unknown): PopupItem | null {
  if (typeof value !== "object" || value === null) return null;
  const { key, kind, angelId, screenName, photo, text, pressing } = value as Record<string, unknown>;
  if (typeof key !== "string" || !popupKinds.some((k) => k === kind) || typeof angelId !== "number")
    return null;
  if (!stringOrNull(screenName) || !stringOrNull(photo) || !stringOrNull(text)) return null;
  if (pressing !== undefined && typeof pressing !== "boolean") return null;
  const item: PopupItem = { key, kind: kind as PopupKind, angelId, screenName, photo, text };
  return pressing === undefined ? item : { ...item, pressing };
}

/**
 * notificheInPending: the popups kept while the tab was hidden; anything unreadable counts as none. Checked
 * by hand, not with zod: this module is in the member's frame, on every member page's start.
 */
export function parsePending(raw: string | null): PopupItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const items = parsed.map(pendingItem);
    return items.every((item) => item !== null) ? (items as PopupItem[]) : [];
  } catch {
    return [];
  }
}

/** A tab hidden for more than 180 s reloads when it shows again. */
export const reloadsAfterHidden = (hiddenAt: number | null, now: number): boolean =>
  hiddenAt !== null && now - hiddenAt > HIDDEN_RELOAD_MS;
