import { describe, expect, it } from "vitest";
import {
  ABOUT_MAX_CHARS,
  freshCards,
  INVITE_AUTO_CLOSE_MS,
  REFILL_BELOW,
  SWIPE_VELOCITY_PX_PER_MS,
  swipeOutcome,
  truncateAbout,
} from "../../web/features/discovery/match-rules";
import type { AngelCard } from "../../worker/contracts/discovery";

const card = (id: number) => ({ id, _id: `m${id}` }) as AngelCard;

describe("the match stack's rules", () => {
  it("keeps the spec's constants", () => {
    expect(ABOUT_MAX_CHARS).toBe(300);
    expect(REFILL_BELOW).toBe(5);
    expect(INVITE_AUTO_CLOSE_MS).toBe(4000);
    // 300 px/s in the px/ms of @use-gesture's swipe.velocity.
    expect(SWIPE_VELOCITY_PX_PER_MS * 1000).toBe(300);
  });

  it("cuts the about text at 300 characters with an ellipsis", () => {
    expect(truncateAbout("short")).toBe("short");
    const exact = "a".repeat(300);
    expect(truncateAbout(exact)).toBe(exact);
    const long = "b".repeat(301);
    expect(truncateAbout(long)).toBe(`${"b".repeat(300)}…`);
    // Characters, not UTF-16 units: an emoji is not split.
    const emoji = "😀".repeat(301);
    expect(Array.from(truncateAbout(emoji))).toHaveLength(301);
  });

  it("appends only cards not held, not swiped and not repeated", () => {
    const page = [card(1), card(2), card(3), card(3), card(4)];
    expect(freshCards(page, [1], new Set([2])).map((c) => c.id)).toEqual([3, 4]);
    expect(freshCards(page, [1, 2, 3, 4], new Set())).toEqual([]);
  });

  it("reads a swipe's direction", () => {
    expect(swipeOutcome(1)).toBe("like");
    expect(swipeOutcome(-1)).toBe("dislike");
    expect(swipeOutcome(0)).toBeNull();
  });
});
