import { Link, type LinkComponentProps, useCanGoBack, useRouter } from "@tanstack/react-router";
import "./ui.css";

/**
 * A page's back arrow, top left (the pages without the bottom menu have no other way back on a phone): a link
 * to `to`, or with `history` back to the page the member came from when this page was reached inside the site
 * (a hook's chat, /find's pager), else to `to`. `label` names it: shown beside it, or for screen readers and as
 * its tooltip.
 */
export function BackArrow({
  label,
  history = false,
  showLabel = false,
  className,
  ...link
}: {
  label: string;
  history?: boolean;
  /** The label beside the arrow, where there is room (a page's own row rather than a header). */
  showLabel?: boolean;
  className?: string;
} & Pick<LinkComponentProps, "to" | "params">) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Link
      {...link}
      className={`back-arrow${showLabel ? " labelled" : ""}${className ? ` ${className}` : ""}`}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
      data-testid="back-arrow"
      onClick={(event) => {
        if (!history || !canGoBack) return;
        event.preventDefault();
        router.history.back();
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M15 5 8 12l7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {showLabel && <span>{label}</span>}
    </Link>
  );
}
