import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import type { PublicBrand } from "../../worker/contracts/brand";
import { NotificationPopup } from "../features/notifications/NotificationPopup";
import { NotificationsProvider } from "../features/notifications/notifications";
import { PhoneVerifyHost } from "../features/profile/PhoneVerify";
import { SessionPopups } from "../features/session/SessionPopups";
import { useSession } from "../features/session/session";
import { useI18n } from "../i18n/i18n";
import { CookieBanner } from "./CookieBanner";
import { BottomMenu } from "./nav/BottomMenu";
import { MobileTopBar } from "./nav/MobileTopBar";
import { showsBottomMenu } from "./nav/nav-rules";
import { TopBar } from "./nav/TopBar";
import { useMobile } from "./nav/useMobile";

export function Layout({ brand }: { brand: PublicBrand }) {
  return (
    <NotificationsProvider>
      <Shell brand={brand} />
    </NotificationsProvider>
  );
}

function Shell({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { state } = useSession();
  const mobile = useMobile();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const member = state.status === "member";
  const bottomMenu = member && mobile && showsBottomMenu(pathname);
  return (
    <div className={`app${bottomMenu ? " with-bottom-menu" : ""}`}>
      {member && (mobile ? <MobileTopBar brand={brand} /> : <TopBar brand={brand} />)}
      {!member && (
        <header className="topbar">
          <Link to="/" className="brand">
            <img src={brand.logo_url} alt="" width={32} height={32} />
            <span>{brand.title}</span>
          </Link>
          {state.status === "visitor" && (
            <nav className="topnav">
              <Link to="/login" activeProps={{ className: "active" }}>
                {t("nav_login")}
              </Link>
            </nav>
          )}
        </header>
      )}
      <main className="content">
        {state.status === "loading" ? <p className="muted center">{t("app_loading")}</p> : <Outlet />}
      </main>
      {bottomMenu && <BottomMenu />}
      {member && <NotificationPopup />}
      <SessionPopups brand={brand} />
      {member && <PhoneVerifyHost />}
      <CookieBanner brand={brand} />
    </div>
  );
}
