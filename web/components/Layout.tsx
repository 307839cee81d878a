import { Link, Outlet } from "@tanstack/react-router";
import type { PublicBrand } from "../../worker/contracts/brand";
import { NotificationsProvider, useNotifications } from "../features/notifications/notifications";
import { SessionPopups } from "../features/session/SessionPopups";
import { useSession } from "../features/session/session";
import { useI18n } from "../i18n/i18n";
import { CookieBanner } from "./CookieBanner";

export function Layout({ brand }: { brand: PublicBrand }) {
  return (
    <NotificationsProvider>
      <Shell brand={brand} />
    </NotificationsProvider>
  );
}

function Shell({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { unread } = useNotifications();
  const { state, signOut } = useSession();
  const member = state.status === "member" ? state.member : null;
  return (
    <div className="app">
      <header className="topbar">
        <Link to="/" className={`brand ${member ? "compact" : ""}`}>
          <img src={brand.logo_url} alt="" width={32} height={32} />
          <span>{brand.title}</span>
        </Link>
        {member && (
          <nav className="topnav">
            <Link to="/find" activeProps={{ className: "active" }}>
              {t("nav_find")}
            </Link>
            <Link
              to="/notifications"
              activeProps={{ className: "active" }}
              className="nav-notifications"
              data-testid="nav-notifications"
            >
              <svg className="nav-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
                  fill="currentColor"
                />
              </svg>
              <span className="nav-label">{t("nav_notifications")}</span>
              {unread > 0 && (
                <span
                  className="count-badge"
                  data-testid="notifications-unread"
                  title={t("notifiche_non_lette", { count: unread })}
                >
                  {unread}
                </span>
              )}
            </Link>
            <Link to="/profile" activeProps={{ className: "active" }}>
              {t("nav_profile")}
            </Link>
            <span className="credits" data-testid="credits">
              {t("nav_credits", { count: member.creditiMessaggi })}
            </span>
            <button type="button" className="link-button" onClick={() => void signOut()}>
              {t("nav_logout")}
            </button>
          </nav>
        )}
        {state.status === "visitor" && (
          <nav className="topnav">
            <Link to="/login" activeProps={{ className: "active" }}>
              {t("nav_login")}
            </Link>
          </nav>
        )}
      </header>
      <main className="content">
        {state.status === "loading" ? <p className="muted center">{t("app_loading")}</p> : <Outlet />}
      </main>
      <SessionPopups brand={brand} />
      <CookieBanner brand={brand} />
    </div>
  );
}
