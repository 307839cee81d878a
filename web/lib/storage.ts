// The spec's local storage keys (accounts-community.md section 3), all declared here so the names never
// drift; every read and write of local storage goes through `store`.
export const storageKeys = {
  /** The session token (bearer). */
  token: "token",
  /** The tracking id before sign-up; the member's click id after. */
  trackerId: "trackerId",
  country: "country",
  campid: "campid",
  ip: "ip",
  ua: "ua",
  source: "source",
  like: "like",
  avatar: "avatar",
  remarketing_clickid: "remarketing_clickid",
  landedTime: "landedTime",
  dispenserSeed: "dispenserSeed",
  dispenserSeedTime: "dispenserSeedTime",
  fingerprint: "fingerprint",
  /** Comma list of visited angel ids. */
  profiliVisitati: "profiliVisitati",
  messaggiNonLetti: "messaggiNonLetti",
  page: "page",
  city: "city",
  cookiePolicy: "cookiePolicy",
  socketId: "socketId",
  softwareVersion: "softwareVersion",
  notificheInPending: "notificheInPending",
  tipologiaNotifica: "tipologiaNotifica",
  /** Chat and invite events not answered by the room yet (web/lib/outbox.ts). */
  outbox: "outbox",
  /** When this browser's push subscription was last sent to the server, and its endpoint (web/lib/push.ts). */
  pushSentAt: "pushSentAt",
  pushEndpoint: "pushEndpoint",
  /** When the notification-channel popup was last answered or closed. */
  channelPopupAt: "channelPopupAt",
} as const;
export type StorageKey = keyof typeof storageKeys;

/** Storage can throw (private mode, quota, disabled cookies): the app then behaves as on a first visit. */
function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const store = {
  get: (key: StorageKey): string | null => safely(() => localStorage.getItem(storageKeys[key]), null),
  set: (key: StorageKey, value: string) =>
    safely(() => localStorage.setItem(storageKeys[key], value), undefined),
  remove: (key: StorageKey) => safely(() => localStorage.removeItem(storageKeys[key]), undefined),
  /** Disable profile: the spec clears the whole local storage. */
  clearAll: () => safely(() => localStorage.clear(), undefined),
};

/** The spec's seed lifetime: the dispenser order stays the same for 30 minutes. */
export const SEED_LIFETIME_MS = 1_800_000;

export function dispenserSeed(now = Date.now()): string {
  const seed = store.get("dispenserSeed");
  const time = Number(store.get("dispenserSeedTime"));
  if (seed && now - time < SEED_LIFETIME_MS) return seed;
  const fresh = String(Math.floor(Math.random() * 1e9));
  store.set("dispenserSeed", fresh);
  store.set("dispenserSeedTime", String(now));
  return fresh;
}
