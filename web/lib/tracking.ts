// Tracking at start-up (money-platform.md "Tracking and flux", accounts-community.md section 4): the
// tracking id, the source, the flux id, the landed time, the device fingerprint. The rules are pure
// functions (tests/unit/tracking.test.ts); `startTracking` applies them once to the landing URL.

import type { PublicBrand } from "../../worker/contracts/brand";
import { COMPLIANT_FLUX_ID, DEFAULT_FLUX_ID } from "../../worker/contracts/flow";
import { store } from "./storage";

/** The spec's default flux and the compliant one (the flux id when a visitor lands on / or /signup with no tid). */
/** The spec's landed-time window: a visit more than 10 minutes after the last landing is a new landing. */
export const LANDED_TIME_MAX_MS = 10 * 60_000;
/** The server's limits for these fields (worker/contracts/auth.ts). */
const MAX_ID = 64;
const MAX_SOURCE = 100;
const MAX_FLUX = 16;

const clean = (value: string | null | undefined, max: number) => {
  const v = value?.trim();
  return v ? v.slice(0, max) : null;
};

/** Random hex, 12 bytes (24 characters) unless told: the length of the server's click ids. */
export function randomHex(bytes = 12): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

/** The tracking id: the tid parameter, else the stored one, else a new random one. */
export function trackingIdFor(
  params: URLSearchParams,
  stored: string | null,
  generate: () => string,
): string {
  return clean(params.get("tid"), MAX_ID) ?? clean(stored, MAX_ID) ?? generate();
}

/** The source: the source parameter, else the stored one, else "direct". */
export function sourceFor(params: URLSearchParams, stored: string | null): string {
  return clean(params.get("source"), MAX_SOURCE) ?? clean(stored, MAX_SOURCE) ?? "direct";
}

/**
 * The flux id: the fluxid or fluxId parameter; otherwise on / and /signup the brand's default when the
 * landing URL has a tid, 0000 when it has none; anywhere else the default 7.
 */
export function fluxIdFor(path: string, params: URLSearchParams, brandDefault: string): string {
  const given = clean(params.get("fluxid") ?? params.get("fluxId"), MAX_FLUX);
  if (given) return given;
  const page = path.replace(/\/+$/, "") || "/";
  if (page === "/" || page === "/signup")
    return clean(params.get("tid"), MAX_ID) ? brandDefault : COMPLIANT_FLUX_ID;
  return DEFAULT_FLUX_ID;
}

/**
 * Whether a stored landed time starts over: missing or unreadable, older than 10 minutes (so also more
 * than a day old), or in the future (a clock put back).
 */
export function landedTimeExpired(stored: string | null, now: number): boolean {
  const time = Number(stored);
  if (!stored || !Number.isFinite(time)) return true;
  const age = now - time;
  return age < 0 || age > LANDED_TIME_MAX_MS;
}

export interface Tracking {
  trackerId: string;
  source: string;
  fluxId: string;
  campid: string | null;
  remarketingClickid: string | null;
  fingerprint: string;
  landedTime: number;
}

let current: Tracking | null = null;

/** Applies the rules to the landing URL and stores the results; runs once, before the app renders. */
export function startTracking(
  brand: PublicBrand,
  url: URL = new URL(window.location.href),
  now = Date.now(),
) {
  const params = url.searchParams;
  const trackerId = trackingIdFor(params, store.get("trackerId"), randomHex);
  const source = sourceFor(params, store.get("source"));
  const campid = clean(params.get("campid"), MAX_SOURCE) ?? store.get("campid");
  const remarketingClickid =
    clean(params.get("remarketing_clickid"), MAX_ID) ?? store.get("remarketing_clickid");
  const fingerprint = clean(store.get("fingerprint"), 128) ?? randomHex(16);
  const landedTime = landedTimeExpired(store.get("landedTime"), now) ? now : Number(store.get("landedTime"));
  store.set("trackerId", trackerId);
  store.set("source", source);
  if (campid) store.set("campid", campid);
  if (remarketingClickid) store.set("remarketing_clickid", remarketingClickid);
  store.set("fingerprint", fingerprint);
  store.set("landedTime", String(landedTime));
  store.set("country", brand.country);
  store.set("ua", navigator.userAgent);
  current = {
    trackerId,
    source,
    fluxId: fluxIdFor(url.pathname, params, brand.default_fluxid),
    campid,
    remarketingClickid,
    fingerprint,
    landedTime,
  };
  return current;
}

export function tracking(): Tracking {
  if (!current) throw new Error("startTracking has not run");
  return current;
}

/** The tracking fields the spec sends with login, forgot password and Google (and, with more, sign-up). */
export function trackingFields(brand: PublicBrand) {
  const t = tracking();
  const city = store.get("city");
  return {
    source: t.source,
    country: brand.country,
    clickid: store.get("trackerId") ?? t.trackerId,
    fingerprint: t.fingerprint,
    fluxId: t.fluxId,
    servizio: window.location.host,
    ...(city ? { city } : {}),
  };
}
