// The find grid's pager rules (accounts-community.md sections 2, 6 and 9), pure so they are unit-tested.
import { DISPENSER_PAGE_SIZE } from "../../../worker/contracts/discovery";
import type { HookKey } from "../../../worker/contracts/flow";

/** The spec's pager: 5 page numbers per block. */
export const PAGES_PER_BLOCK = 5;

/** The spec's page count: the total divided by the page size (5), rounded up; at least 1. */
export function pageCount(total: number, pageSize = DISPENSER_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page numbers of the block holding `page` (1-5, 6-10, …), cut at the page count. */
export function blockPages(page: number, count: number, perBlock = PAGES_PER_BLOCK): number[] {
  const start = Math.floor((Math.max(1, page) - 1) / perBlock) * perBlock + 1;
  const end = Math.min(start + perBlock - 1, count);
  const pages: number[] = [];
  for (let n = start; n <= end; n++) pages.push(n);
  return pages;
}

/** The first page of the previous and of the next block, or null at either end. */
export function blockNeighbours(
  page: number,
  count: number,
  perBlock = PAGES_PER_BLOCK,
): { previous: number | null; next: number | null } {
  const start = Math.floor((Math.max(1, page) - 1) / perBlock) * perBlock + 1;
  return {
    previous: start > 1 ? start - perBlock : null,
    next: start + perBlock <= count ? start + perBlock : null,
  };
}

/**
 * A page read from local storage, kept only when it is a whole number within the page count; anything
 * else (missing, garbage, beyond the last page) falls back to page 1.
 */
export function clampPage(stored: string | number | null | undefined, count: number): number {
  const page = typeof stored === "number" ? stored : Number(stored);
  return Number.isInteger(page) && page >= 1 && page <= count ? page : 1;
}

/** The page to show once the place's total is known: page 1 when the first page is not full (spec). */
export function pageForTotal(page: number, total: number): number {
  if (total < DISPENSER_PAGE_SIZE) return 1;
  return clampPage(page, pageCount(total));
}

/**
 * The paginazione hook: a free member (premiumLevel 0) on a flow whose hooks include paginazione browses
 * the first block only; any later page opens the hook instead of loading. Paid members browse every page.
 */
export function pageIsLocked(page: number, member: { premiumLevel: number; hooks: readonly HookKey[] }) {
  return member.premiumLevel === 0 && member.hooks.includes("paginazione") && page > PAGES_PER_BLOCK;
}
