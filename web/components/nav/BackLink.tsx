import { Link, useCanGoBack, useRouter } from "@tanstack/react-router";
import { useI18n } from "../../i18n/i18n";

/** Whether the page before this one in the tab was a page of this site (also across full page loads). */
const cameFromHere = () => {
  try {
    return window.history.length > 1 && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
};

/**
 * A page's way back, at its top: to the page the member came from on this site (a profile opened from the
 * chats goes back to the chats, a legal page to the one its footer linked from), or to `fallback` when the
 * page was opened from a link, a mail or a new tab. A real link to the fallback, so it also opens in a tab.
 */
export function BackLink({ fallback }: { fallback: "/" | "/find" }) {
  const { t } = useI18n();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Link
      to={fallback}
      className="back-link"
      data-testid="back-link"
      onClick={(e) => {
        if (!(canGoBack || cameFromHere()) || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        router.history.back();
      }}
    >
      <span aria-hidden="true">← </span>
      {t("nav_back")}
    </Link>
  );
}
