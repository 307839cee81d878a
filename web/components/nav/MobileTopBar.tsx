import { Link, useRouterState } from "@tanstack/react-router";
import { useId, useState } from "react";
import { createPortal } from "react-dom";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { useI18n } from "../../i18n/i18n";
import { useOwnPageTitle } from "../../lib/page-title";
import { useNavEntries } from "./entries";
import { NavIcon } from "./icons";
import { sectionTitle } from "./nav-rules";
import { SideMenu } from "./SideMenu";
import "./nav.css";
import "./topbar.css";

/** The mobile top bar (500 px or less): the side-menu button with the unread badge, the section's title. */
export function MobileTopBar({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { totalUnread } = useNavEntries();
  const pageTitle = useOwnPageTitle();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="topbar mobile-topbar">
      <button
        type="button"
        className="menu-button"
        // "Menu, 2 unread": with the count in brackets axe finds the badge's visible "2" missing from the name.
        aria-label={
          totalUnread > 0 ? `${t("nav_menu")}, ${t("nav_unread", { count: totalUnread })}` : t("nav_menu")
        }
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="dialog"
        data-testid="menu-button"
        onClick={() => setOpen(true)}
      >
        <NavIcon name="menu" />
        {totalUnread > 0 && (
          <span className="count-badge menu-badge" data-testid="menu-unread" aria-hidden="true">
            {totalUnread}
          </span>
        )}
      </button>
      <h1 className="topbar-title" data-testid="topbar-title">
        {pageTitle ?? t(sectionTitle(pathname))}
      </h1>
      <Link to="/" className="brand compact" aria-label={brand.title}>
        <img src={brand.logo_url} alt="" width={32} height={32} />
      </Link>
      {/* On the body: the sticky top bar's stacking context would put it under the bottom menu. */}
      {open && createPortal(<SideMenu id={menuId} onClose={() => setOpen(false)} />, document.body)}
    </header>
  );
}
