// A constant of the member's start-up path, apart from the notification schemas so that the start fetches no zod
// (docs/decisions/2026-11-26-zods-builders-are-pure-in-the-browsers-build.md).

/** The spec's push token renewal: a subscription older than this is made again by the page. */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
