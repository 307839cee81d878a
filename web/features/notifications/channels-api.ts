// The member's notification channels (GET /api/notifications/channels) and the toggles' save
// (POST /users/changeNotificationPreferences), for /activeNotifications and the channel-choice popup.
import { queryOptions } from "@tanstack/react-query";
import type { NotificationChannels } from "../../../worker/contracts/notifications";
import { api, okJson } from "../../lib/api";

export const channelsQuery = queryOptions({
  queryKey: ["notification-channels"],
  queryFn: async () => okJson(await api.api.notifications.channels.$get()),
  staleTime: 0,
});

/** Saves the three toggles as the channels now stand; answers whether the server kept them. */
export async function saveChannels(
  clickid: string,
  channels: NotificationChannels,
  change: Partial<{ push: boolean; telegram: boolean; email: boolean }>,
): Promise<boolean> {
  try {
    const response = await api.users.changeNotificationPreferences.$post({
      json: {
        clickid,
        notifiche_push: change.push ?? channels.push.on,
        telegram: change.telegram ?? channels.telegram.on,
        email: change.email ?? channels.email.on,
      },
    });
    return response.ok;
  } catch {
    return false;
  }
}
