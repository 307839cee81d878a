import { infiniteQueryOptions, queryOptions, skipToken } from "@tanstack/react-query";
import { HttpError, okJson } from "../../lib/api";
import { opsApi } from "./ops-api";

// The console's server data. Each view is asked while its page is open and dropped when it closes
// (gcTime 0), so an operator signing in after another on this browser never sees the last one's data.

/** How often the queue asks again: new conversations and other operators' leases show within seconds. */
export const QUEUE_REFRESH_MS = 4000;
/** New member messages and the lease's state show within this many ms. */
export const CONVERSATION_REFRESH_MS = 4000;
/** Audit entries per page. */
export const AUDIT_PAGE = 50;

/** The API answered 401: the operator's token is gone (logout elsewhere, expiry). */
export const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

/** GET /ops/api/me: the operator of the stored token, or null when the token is no longer valid. */
export const opsMeQuery = (token: string | null) =>
  queryOptions({
    queryKey: ["ops", "me", token],
    queryFn: token
      ? async () => {
          const response = await opsApi.me.$get();
          return response.ok ? await response.json() : null;
        }
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** GET /ops/api/queue, every QUEUE_REFRESH_MS while the page is open (a hidden tab waits). */
export const opsQueueQuery = () =>
  queryOptions({
    queryKey: ["ops", "queue"],
    queryFn: async () => okJson(await opsApi.queue.$get()),
    refetchInterval: QUEUE_REFRESH_MS,
    gcTime: 0,
  });

/** One conversation with its lease and notes, every CONVERSATION_REFRESH_MS while it is open. */
export const opsConversationQuery = (clickid: string, angelId: number) =>
  queryOptions({
    queryKey: ["ops", "conversation", clickid, angelId],
    queryFn: async () =>
      okJson(
        await opsApi.conversations[":clickid"][":angelId"].$get({
          param: { clickid, angelId: String(angelId) },
        }),
      ),
    refetchInterval: CONVERSATION_REFRESH_MS,
    gcTime: 0,
  });

/** The audit log, newest first, AUDIT_PAGE entries at a time (the next page starts before the last id). */
export const opsAuditQuery = () =>
  infiniteQueryOptions({
    queryKey: ["ops", "audit"],
    queryFn: async ({ pageParam }) => {
      const query = pageParam
        ? { limit: String(AUDIT_PAGE), before: String(pageParam) }
        : { limit: String(AUDIT_PAGE) };
      return (await okJson(await opsApi.audit.$get({ query }))).entries;
    },
    initialPageParam: 0,
    getNextPageParam: (page) => (page.length === AUDIT_PAGE ? page.at(-1)?.id : undefined),
    gcTime: 0,
  });
