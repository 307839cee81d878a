// The tracking feature's closed lists and constants, without their schemas (tracking.ts): the browser's
// start-up reads these (the error reporting, the cookie choice), and a module it loads first must not build
// schemas that later pages use.

/** The KPI event's name (nome_evento): the spec's client events and the tracking helper's. */
export const KPI_EVENTS = [
  "like",
  "dislike",
  "ko_msg",
  "ko_icebreaker",
  "engage",
  "scelta_rateplan",
  "vista_profilo",
  "visita_profilo",
  "like_da_home",
  "like_da_radar",
  "lettura_pressing",
  "lead",
  "tentativo",
] as const;
export type KpiEventName = (typeof KPI_EVENTS)[number];

export const POSTBACK_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type PostbackStatus = (typeof POSTBACK_STATUSES)[number];

/** The version of the cookie policy the banner shows; a new version asks again. */
export const COOKIE_POLICY_VERSION = "2026-11-29";

/** The spec's logged problems (subjects of api/log/client) the client sends. */
export const CLIENT_LOG_SUBJECTS = {
  windowError: "Errore window",
  unhandledRejection: "Errore promise",
  errorBoundary: "Errore boundary",
  socket: "PROBLEMA SOCKET",
  signup: "Errore authServices",
  dispenserMatch: "Problemi con chiamata dispenser Match",
  missingTracker: "manca trackerId in match",
  missingRateplan: "manca rateplan",
  fetchFailed: "Errore fetch",
} as const;

/** The retargeting pixels' events (lead at sign-up, tentativo at a payment attempt). */
export const PIXEL_EVENTS = ["lead", "tentativo"] as const;
export type PixelEvent = (typeof PIXEL_EVENTS)[number];
