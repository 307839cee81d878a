import { useI18n } from "../../i18n/i18n";
import { blockNeighbours, blockPages } from "./pager";

/** The spec's pager: the current block's 5 numbers between previous-block and next-block arrows. */
export function Pager({
  page,
  count,
  onPage,
}: {
  page: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  if (count <= 1) return null;
  const { previous, next } = blockNeighbours(page, count);
  return (
    <nav className="pager" aria-label={t("find_pages")} data-testid="pager">
      <button
        type="button"
        className="pager-arrow"
        aria-label={t("find_previous_block")}
        disabled={previous === null}
        onClick={() => previous !== null && onPage(previous)}
        data-testid="pager-previous"
      >
        «
      </button>
      {blockPages(page, count).map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? "pager-number current" : "pager-number"}
          aria-label={t("find_page", { page: n })}
          aria-current={n === page ? "page" : undefined}
          onClick={() => n !== page && onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="pager-arrow"
        aria-label={t("find_next_block")}
        disabled={next === null}
        onClick={() => next !== null && onPage(next)}
        data-testid="pager-next"
      >
        »
      </button>
    </nav>
  );
}
