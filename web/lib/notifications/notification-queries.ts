import { queryOptions, skipToken } from "@tanstack/react-query";
import { api, okJson } from "../api";
import { afterFirstScreen } from "../first-screen";

/**
 * GET /get/notifications/{trackerId}: the member's likes and visits. Asked at start and by the spec's
 * polling (40 s, then every 10 s: use-notification-list.ts), each time from the server (staleTime 0).
 */
export const notificationListQuery = (clickid: string) =>
  queryOptions({
    queryKey: ["notifications", clickid],
    queryFn: async () => {
      await afterFirstScreen();
      return okJson(await api.get.notifications[":trackerId"].$get({ param: { trackerId: clickid } }));
    },
    staleTime: 0,
  });

/**
 * GET /get/messages/{trackerId}: the member's conversations. Asked once when the member's pages open
 * (the room's chat events keep the list current after that); asked again if they open again.
 */
export const conversationListQuery = (clickid: string | undefined) =>
  queryOptions({
    queryKey: ["conversations", clickid],
    queryFn: clickid
      ? async () => {
          await afterFirstScreen();
          return okJson(await api.get.messages[":trackerId"].$get({ param: { trackerId: clickid } }));
        }
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
