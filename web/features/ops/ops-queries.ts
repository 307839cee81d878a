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

const fetchMoney = async (clickid: string) =>
  okJson(await opsApi.members[":clickid"].money.$get({ param: { clickid } }));
/** The money view as the API sends it. */
export type OpsMoney = Awaited<ReturnType<typeof fetchMoney>>;

/** A member's money view: orders, payments, subscriptions and ledger (refetched after a refund). */
export const opsMoneyQuery = (clickid: string) =>
  queryOptions({ queryKey: ["ops", "money", clickid], queryFn: () => fetchMoney(clickid), gcTime: 0 });

/** Members by exact e-mail or clickid (supervisors); nothing is asked until there is a query. */
export const opsMemberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ["ops", "members", q],
    queryFn: q ? async () => (await okJson(await opsApi.members.$get({ query: { q } }))).members : skipToken,
    gcTime: 0,
  });

/** The dashboard's filters as the API reads them (empty values left out). */
export interface DashboardFilters {
  from: string;
  to: string;
  brand: string;
  flux: string;
  source: string;
}

export const dashboardQueryParams = (f: DashboardFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "")) as Partial<DashboardFilters>;

/** GET /ops/api/dashboard for the filters; the previous figures stay drawn while new ones load. */
export const opsDashboardQuery = (filters: DashboardFilters) =>
  queryOptions({
    queryKey: ["ops", "dashboard", filters],
    queryFn: async () => okJson(await opsApi.dashboard.$get({ query: dashboardQueryParams(filters) })),
    placeholderData: (previous) => previous,
    gcTime: 0,
  });
