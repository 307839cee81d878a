import { useCallback, useEffect, useRef, useState } from "react";
import { store } from "../storage";
import {
  currentPopup,
  dismiss,
  emptyQueue,
  enqueue,
  markSeen,
  type PopupItem,
  type PopupQueue,
  parsePending,
  popupBlocked,
  reloadsAfterHidden,
  replay,
} from "./notification-rules";

export const isHidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

export interface PopupQueueApi {
  /** The popup on show (one at a time); none on a chat, purchase or vip_plan page. */
  popup: PopupItem | null;
  /** Shows a popup now, keeps it for later (tab hidden), or drops it (on a chat, purchase, vip_plan). */
  offer(item: PopupItem | null): void;
  /** Marks keys as known without showing them (the list loaded at start). */
  markSeen(keys: readonly string[]): void;
  /** Closes the popup on show; the next in line takes its place. */
  close(): void;
}

/**
 * The notification popups: one at a time, each key once. While the tab is hidden new ones wait in
 * notificheInPending and are replayed when it shows again; after more than 180 s hidden the page reloads.
 */
export function usePopupQueue(clickid: string | undefined, pathname: string): PopupQueueApi {
  const [queue, setQueue] = useState<PopupQueue>(emptyQueue);
  const path = useRef(pathname);
  path.current = pathname;

  // Another member (or none): nothing queued or seen carries over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts over when the member changes.
  useEffect(() => {
    setQueue(emptyQueue);
  }, [clickid]);

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

  const seen = useCallback((keys: readonly string[]) => setQueue((q) => markSeen(q, keys)), []);
  const close = useCallback(() => setQueue(dismiss), []);

  // The popup closes (and none shows) on a chat, purchase or vip_plan page.
  useEffect(() => {
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
      if (pending.length === 0) return;
      setQueue((q) =>
        popupBlocked(path.current)
          ? markSeen(
              q,
              pending.map((p) => p.key),
            )
          : pending.reduce(replay, q),
      );
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, [clickid]);

  return { popup: popupBlocked(pathname) ? null : currentPopup(queue), offer, markSeen: seen, close };
}
