// Apart from the engagement schemas: the browser's tracking helper is on the member's start-up path, which
// fetches no zod (docs/decisions/2026-11-26-zods-builders-are-pure-in-the-browsers-build.md).

/** The spec's event post names for POST /api/log/event. */
export const logEventTypes = [
  "ko_icebreaker",
  "ko_msg",
  "vista_profilo",
  "visita_profilo",
  "like_da_home",
  "lettura_pressing",
  "like",
  "dislike",
  "engage",
] as const;
