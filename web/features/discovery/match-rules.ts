// The match stack's constants from the spec (section 9) and the pure rules the page and the tests share.
import type { AngelCard } from "../../../worker/contracts/discovery";

/** The spec: below this many cards the next page is fetched and appended. */
export const REFILL_BELOW = 5;
/** The spec: the about text shown on a card is cut at this many characters (plus an ellipsis). */
export const ABOUT_MAX_CHARS = 300;
/** The spec's swipe threshold, 300 px/s, in the px/ms that @use-gesture's `swipe.velocity` takes. */
export const SWIPE_VELOCITY_PX_PER_MS = 0.3;
/**
 * The shortest travel that counts as a swipe. At 300 px/s a flick of 150 ms travels 45 px, which
 * @use-gesture's default of 50 px would miss; below ~30 px a jitter or a tap could count.
 */
export const SWIPE_MIN_DISTANCE_PX = 30;
/**
 * How long a gesture may last and still be a swipe (@use-gesture's default is 250 ms). A drag that
 * hesitates and then flicks still counts; the velocity is measured on the last move before release.
 */
export const SWIPE_MAX_DURATION_MS = 600;
/** How long a swiped card takes to fly out before it is removed. */
export const SWIPE_OUT_MS = 260;
/** The spec: after an invite is sent the modal closes by itself after 4 s, counting as a like. */
export const INVITE_AUTO_CLOSE_MS = 4000;
/** After this many pages without a new card the stack is considered empty (the server has no more). */
export const MAX_PAGES_PER_REFILL = 20;

/** The spec's about text: at most ABOUT_MAX_CHARS characters, then an ellipsis. */
export function truncateAbout(about: string, max = ABOUT_MAX_CHARS): string {
  const text = about.trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

/**
 * The cards of a page worth appending: not already held, not swiped in this visit (the server may not
 * have stored a swipe yet), each once.
 */
export function freshCards(
  page: readonly AngelCard[],
  held: Iterable<number>,
  swiped: ReadonlySet<number>,
): AngelCard[] {
  const skip = new Set<number>(held);
  const fresh: AngelCard[] = [];
  for (const card of page) {
    if (skip.has(card.id) || swiped.has(card.id)) continue;
    skip.add(card.id);
    fresh.push(card);
  }
  return fresh;
}

export type SwipeDirection = "like" | "dislike";

/** What a released drag means: a swipe to a side, or nothing (the card snaps back). */
export function swipeOutcome(swipeX: number): SwipeDirection | null {
  if (swipeX > 0) return "like";
  if (swipeX < 0) return "dislike";
  return null;
}
