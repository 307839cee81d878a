import { useRouterState } from "@tanstack/react-router";
import { useMemo, useState } from "react";

/**
 * The address bar's query as URLSearchParams, read again on every navigation. It reads the browser's
 * own location: the router's `location.searchStr` was seen empty for a render while a link's query was
 * still in the address bar, which lost an auto-login token.
 */
export function useSearchParams(): URLSearchParams {
  const href = useRouterState({ select: (s) => s.location.href });
  // biome-ignore lint/correctness/useExhaustiveDependencies: href is the signal that the address changed.
  return useMemo(() => new URLSearchParams(window.location.search), [href]);
}

/**
 * The query of the link that opened a landing page at `path` (auto-login, e-mail confirmation, Google's
 * return), kept for the page's life; null when the page is drawn anew at another address. That happens: on
 * signing in, the member's frame replaces the visitor's and draws the current page again, and when the next
 * page's chunk is still loading that is the landing page, now at the next address (an auto-login read "no
 * token" there and sent the member home). A landing page with null does nothing.
 */
export function useLandingParams(path: string): URLSearchParams | null {
  const [params] = useState(() =>
    window.location.pathname === path ? new URLSearchParams(window.location.search) : null,
  );
  return params;
}
