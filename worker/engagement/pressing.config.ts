// The angels' side of engagement ("pressing", DESIGN.md section 5): when an angel likes a member back and
// when one visits. Real rows with real times; only the delays and the share come from configuration.
import type { Bindings } from "../env";

/** The spec's random delay window for pressing (money-platform.md section 9), in ms. */
export const PRESSING_MIN_MS = 20_000;
export const PRESSING_MAX_MS = 40_000;
/** Share of a member's new likes that the angel answers with a like (a match). */
export const LIKE_BACK_RATE = 0.3;
/** At most one angel visit is scheduled per member in this time (the member's activity triggers it). */
export const VISIT_COOLDOWN_MS = 6 * 60 * 60 * 1000;

export interface PressingConfig {
  likeBack: { rate: number; minMs: number; maxMs: number };
  /** The wait between two steps of the brain's schedule (the spec's random delay). */
  brain: { minMs: number; maxMs: number };
  visit: { minMs: number; maxMs: number; cooldownMs: number };
}

type PressingVars = Pick<
  Bindings,
  | "ANGEL_LIKE_BACK_RATE"
  | "ANGEL_LIKE_BACK_MIN_MS"
  | "ANGEL_LIKE_BACK_MAX_MS"
  | "ANGEL_VISIT_MIN_MS"
  | "ANGEL_VISIT_MAX_MS"
  | "ANGEL_VISIT_COOLDOWN_MS"
  | "ANGEL_BRAIN_MIN_MS"
  | "ANGEL_BRAIN_MAX_MS"
>;

/** A non-negative number from a var, else the fallback (an unset or mistyped var never breaks the room). */
function num(value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= max ? n : fallback;
}

export function pressingConfig(env: PressingVars): PressingConfig {
  const window = (min: string | undefined, max: string | undefined) => {
    const minMs = num(min, PRESSING_MIN_MS);
    return { minMs, maxMs: Math.max(minMs, num(max, PRESSING_MAX_MS)) };
  };
  return {
    likeBack: {
      rate: num(env.ANGEL_LIKE_BACK_RATE, LIKE_BACK_RATE, 1),
      ...window(env.ANGEL_LIKE_BACK_MIN_MS, env.ANGEL_LIKE_BACK_MAX_MS),
    },
    visit: {
      ...window(env.ANGEL_VISIT_MIN_MS, env.ANGEL_VISIT_MAX_MS),
      cooldownMs: num(env.ANGEL_VISIT_COOLDOWN_MS, VISIT_COOLDOWN_MS),
    },
    brain: window(env.ANGEL_BRAIN_MIN_MS, env.ANGEL_BRAIN_MAX_MS),
  };
}

/** Whether the angel answers this like; `draw` is uniform in [0, 1). */
export const answersLike = (rate: number, draw: number = Math.random()) => draw < rate;

/** A time inside the window, from now. */
export const delayedTime = (w: { minMs: number; maxMs: number }, now = Date.now(), draw = Math.random()) =>
  new Date(now + w.minMs + Math.floor(draw * (w.maxMs - w.minMs)));

/** How many likes, visits and messages one brain schedule brings (a flow's `pressing`, else this). */
export const DEFAULT_BRAIN_PLAN = { likes: 1, visits: 2, messages: 1 } as const;
