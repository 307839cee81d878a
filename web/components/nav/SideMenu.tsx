import { Link } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { Credits } from "./Credits";
import { useNavEntries } from "./entries";
import { NavIcon } from "./icons";
import { sectionLabel, sectionPath } from "./nav-rules";
import { UnreadWords } from "./UnreadBadge";
import "./nav.css";

/**
 * The mobile side menu: a drawer with the member's sections, the credits and logout. Escape, the backdrop
 * and the close button close it; focus moves in on open, stays inside, and returns to the menu button.
 */
export function SideMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const { signOut } = useSession();
  const { side, credits, vip } = useNavEntries();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    return () => opener?.focus();
  }, []);

  function onKey(e: KeyboardEvent) {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>("a, button")];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys of the dialog inside bubble here.
    <div className="side-menu-layer" onKeyDown={onKey}>
      <div
        className="side-menu-backdrop"
        data-testid="side-menu-backdrop"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panel}
        id={id}
        className="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t("nav_menu")}
        data-testid="side-menu"
      >
        <div className="side-menu-head">
          <strong>{t("nav_menu")}</strong>
          <button
            type="button"
            className="link-button"
            aria-label={t("nav_menu_close")}
            data-testid="side-menu-close"
            onClick={onClose}
          >
            <NavIcon name="close" />
          </button>
        </div>
        <nav aria-label={t("nav_main")}>
          <ul>
            {side.map(({ section, count }) => (
              <li key={section}>
                <Link
                  to={sectionPath[section]}
                  activeProps={{ className: "active", "aria-current": "page" }}
                  className="side-entry"
                  data-testid={`side-${section}`}
                  onClick={onClose}
                >
                  <NavIcon name={section} />
                  <span>
                    {t(sectionLabel[section])}
                    <UnreadWords section={section} count={count} />
                  </span>
                  {count > 0 && (
                    <span className="count-badge" aria-hidden="true">
                      {count}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {vip && (
          <Link
            to="/vip_plan/$rateplan"
            params={{ rateplan: "cred" }}
            className="button primary side-vip"
            data-testid="side-vip"
            onClick={onClose}
          >
            {t("nav_vip")}
          </Link>
        )}
        {credits !== null && <Credits credits={credits} mobile testId="side-credits" />}
        <button type="button" className="button side-logout" onClick={() => void signOut()}>
          {t("nav_logout")}
        </button>
      </div>
    </div>
  );
}
