import { useRouterState } from "@tanstack/react-router";
import { useMemo } from "react";

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
