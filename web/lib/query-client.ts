import { QueryClient } from "@tanstack/react-query";

export { QueryClientProvider } from "@tanstack/react-query";

/**
 * The one cache of server data (TanStack Query). Each resource states its own freshness next to its key
 * (`*Query` factories); these defaults keep what the hand-written loaders did: a failure shows at once (no
 * retries), and nothing is asked again because the window got the focus or the network came back (the
 * room socket and the spec's own polling do that).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The data of a query asked since this component mounted, not an answer cached before: for the loads that
 * every opening of a page asks again and that feed the page's own state.
 */
export const freshData = <T>(query: { data: T | undefined; isFetchedAfterMount: boolean }): T | undefined =>
  query.isFetchedAfterMount ? query.data : undefined;
