// The title of a page that names itself (another member's profile: the angel's screen name) instead of
// its section: the tab's title and the mobile top bar's title follow it while the page is open.
import { useEffect, useSyncExternalStore } from "react";

let current: string | null = null;
const listeners = new Set<() => void>();
const publish = (title: string | null) => {
  current = title;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Names the open page (null while what it shows is loading) until it closes. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    // The served title is the brand's: the page's own goes first ("Giulia – Amore Italia").
    const served = document.title;
    document.title = `${title} – ${served}`;
    publish(title);
    return () => {
      document.title = served;
      publish(null);
    };
  }, [title]);
}

/** The title the open page gave itself, or null (then the section's title applies). */
export const useOwnPageTitle = () => useSyncExternalStore(subscribe, () => current);
