// The spec's local storage keys used by the client; one place so the names never drift.
export const storageKeys = {
  token: "token",
  trackerId: "trackerId",
  country: "country",
  source: "source",
  dispenserSeed: "dispenserSeed",
  dispenserSeedTime: "dispenserSeedTime",
  page: "page",
} as const;

export const store = {
  get: (key: keyof typeof storageKeys) => localStorage.getItem(storageKeys[key]),
  set: (key: keyof typeof storageKeys, value: string) => localStorage.setItem(storageKeys[key], value),
  remove: (key: keyof typeof storageKeys) => localStorage.removeItem(storageKeys[key]),
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
