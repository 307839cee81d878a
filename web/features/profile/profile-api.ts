// The own profile's calls: the profile (GET /users/profile/{clickid}), its form (PUT /api/users/{clickid}),
// the photos (upload, default, delete) and the notification toggles. Failures come back as message keys.
import { queryOptions } from "@tanstack/react-query";
import type { OwnPhoto } from "../../../worker/contracts/profile";
import { isMessageKey, type MessageKey } from "../../i18n/i18n";
import { api, errorOf, okJson } from "../../lib/api";

export const ownProfileQuery = (clickid: string) =>
  queryOptions({
    queryKey: ["own-profile", clickid],
    queryFn: async () => okJson(await api.users.profile[":clickid"].$get({ param: { clickid } })),
    staleTime: 0,
  });

/** A refused call: the message key to show, the field it is about, and how long to wait (429). */
export interface Refusal {
  key: MessageKey;
  field?: string;
  retryAfterS?: number;
}

async function refusal(response: { json(): Promise<unknown> }): Promise<Refusal> {
  const error = await errorOf(response);
  return {
    key: isMessageKey(error.messageKey) ? error.messageKey : "errore_generico",
    field: error.field,
    retryAfterS: error.retryAfterS,
  };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** Runs a call; a network failure is a generic refusal (the member's input stays where it is). */
async function attempt<T>(
  call: () => Promise<{ ok: boolean; json(): Promise<unknown> }>,
): Promise<Outcome<T>> {
  try {
    const response = await call();
    if (!response.ok) return { ok: false, refusal: await refusal(response) };
    return { ok: true, value: (await response.json()) as T };
  } catch (error) {
    console.warn("the profile call failed", error);
    return { ok: false, refusal: { key: "errore_generico" } };
  }
}

type ProfileChanges = Parameters<(typeof api.api.users)[":clickid"]["$put"]>[0]["json"];
type SavedProfile = Awaited<
  ReturnType<typeof okJson<Awaited<ReturnType<(typeof api.api.users)[":clickid"]["$put"]>>>>
>;

export const saveProfile = (clickid: string, changes: ProfileChanges) =>
  attempt<SavedProfile>(() => api.api.users[":clickid"].$put({ param: { clickid }, json: changes }));

interface Photos {
  imageName: OwnPhoto[];
}

export const uploadPhoto = (clickid: string, jpeg: Blob) =>
  attempt<Photos>(() =>
    api.api.upload[":trackerId"].$post({
      param: { trackerId: clickid },
      form: { avatar: new File([jpeg], "photo.jpg", { type: "image/jpeg" }) },
    }),
  );

export const makeDefaultPhoto = (clickid: string, name: string) =>
  attempt<Photos>(() =>
    api.api.users[":clickid"].photos[":name"].predefinita.$post({ param: { clickid, name } }),
  );

export const deletePhoto = (clickid: string, name: string) =>
  attempt<Photos>(() => api.api.users[":clickid"].photos[":name"].$delete({ param: { clickid, name } }));

export const saveNotifications = (
  clickid: string,
  prefs: { email: boolean; telegram: boolean; notifiche_push: boolean },
) =>
  attempt<{ result: "OK" }>(() =>
    api.users.changeNotificationPreferences.$post({ json: { clickid, ...prefs } }),
  );
