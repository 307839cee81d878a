// The angels' side of engagement ("pressing", DESIGN.md section 5): the spec's delays and the defaults of
// when an angel likes a member back and when one visits. worker/config.ts reads the configured values.

/** The spec's random delay window for pressing (money-platform.md section 9), in ms. */
export const PRESSING_MIN_MS = 20_000;
export const PRESSING_MAX_MS = 40_000;
/** Share of a member's new likes that the angel answers with a like (a match). */
export const LIKE_BACK_RATE = 0.3;
/** At most one angel visit is scheduled per member in this time (the member's activity triggers it). */
export const VISIT_COOLDOWN_MS = 6 * 60 * 60 * 1000;

/** Whether the angel answers this like; `draw` is uniform in [0, 1). */
export const answersLike = (rate: number, draw: number = Math.random()) => draw < rate;

/** A time inside the window, from now. */
export const delayedTime = (w: { minMs: number; maxMs: number }, now = Date.now(), draw = Math.random()) =>
  new Date(now + w.minMs + Math.floor(draw * (w.maxMs - w.minMs)));

/** How many likes, visits and messages one brain schedule brings (a flow's `pressing`, else this). */
export const DEFAULT_BRAIN_PLAN = { likes: 1, visits: 2, messages: 1 } as const;
