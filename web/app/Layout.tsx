import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import type { PublicBrand } from "../../worker/contracts/brand";
import { CookieBanner } from "../components/CookieBanner";
import { BottomMenu } from "../components/nav/BottomMenu";
import { MobileTopBar } from "../components/nav/MobileTopBar";
import { showsBottomMenu } from "../components/nav/nav-rules";
import { TopBar } from "../components/nav/TopBar";
import { useMobile } from "../components/nav/useMobile";
import { PhoneVerifyHost } from "../components/phone-verify/PhoneVerify";
import { NotificationPopup } from "../features/notifications/NotificationPopup";
import { PurchaseKoToast } from "../features/payments/PurchaseKoToast";
import { useI18n } from "../i18n/i18n";
import { NotificationsProvider } from "../lib/notifications/notifications";
import { useSession } from "../lib/session/session";
import { useBrainStart } from "../lib/session/use-brain-start";
import { SessionPopups } from "./SessionPopups";
import "../components/nav/topbar.css";
import "./layout.css";

/** The member site's frame: navigation, the page, and the popups any page can raise. */
export function Layout({ brand }: { brand: PublicBrand }) {
  useBrainStart();
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
      {member && <PurchaseKoToast />}
      <SessionPopups brand={brand} />
      {member && <PhoneVerifyHost />}
      <CookieBanner brand={brand} />
    </div>
  );
}
