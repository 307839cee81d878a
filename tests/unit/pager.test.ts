import { describe, expect, it } from "vitest";
import {
  blockNeighbours,
  blockPages,
  clampPage,
  pageCount,
  pageForTotal,
  pageIsLocked,
} from "../../web/features/discovery/pager";

describe("the find pager", () => {
  it("counts pages as the total over 5, rounded up, at least 1", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(pageCount(30)).toBe(6);
    expect(pageCount(31)).toBe(7);
  });

  it("shows the 5 numbers of the current page's block, cut at the last page", () => {
    expect(blockPages(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(blockPages(5, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(blockPages(6, 20)).toEqual([6, 7, 8, 9, 10]);
    expect(blockPages(12, 13)).toEqual([11, 12, 13]);
    expect(blockPages(1, 3)).toEqual([1, 2, 3]);
  });

  it("moves a block back or forward, to its first page", () => {
    expect(blockNeighbours(3, 20)).toEqual({ previous: null, next: 6 });
    expect(blockNeighbours(7, 20)).toEqual({ previous: 1, next: 11 });
    expect(blockNeighbours(11, 13)).toEqual({ previous: 6, next: null });
    expect(blockNeighbours(2, 5)).toEqual({ previous: null, next: null });
    expect(blockNeighbours(5, 6)).toEqual({ previous: null, next: 6 });
  });

  it("keeps a stored page only when it is a whole page within the count", () => {
    expect(clampPage("2", 4)).toBe(2);
    expect(clampPage("4", 4)).toBe(4);
    expect(clampPage("5", 4)).toBe(1);
    expect(clampPage("0", 4)).toBe(1);
    expect(clampPage("-2", 4)).toBe(1);
    expect(clampPage("1.5", 4)).toBe(1);
    expect(clampPage("x", 4)).toBe(1);
    expect(clampPage(null, 4)).toBe(1);
    expect(clampPage(3, 4)).toBe(3);
  });

  it("forces page 1 when the first page is not full or the page is past the end", () => {
    expect(pageForTotal(2, 4)).toBe(1);
    expect(pageForTotal(1, 0)).toBe(1);
    expect(pageForTotal(2, 20)).toBe(2);
    expect(pageForTotal(5, 20)).toBe(1);
    expect(pageForTotal(4, 20)).toBe(4);
  });
});

describe("the paginazione hook", () => {
  const hooks = ["paginazione", "cambia_regione"] as const;
  it("locks pages after the first block for a free member on a flow with the hook", () => {
    for (const page of [1, 2, 5]) expect(pageIsLocked(page, { premiumLevel: 0, hooks })).toBe(false);
    for (const page of [6, 7, 11]) expect(pageIsLocked(page, { premiumLevel: 0, hooks })).toBe(true);
  });

  it("never locks for a paid member or on a flow without the hook", () => {
    expect(pageIsLocked(6, { premiumLevel: 1, hooks })).toBe(false);
    expect(pageIsLocked(40, { premiumLevel: 2, hooks })).toBe(false);
    expect(pageIsLocked(6, { premiumLevel: 0, hooks: ["cambia_regione"] })).toBe(false);
  });
});
