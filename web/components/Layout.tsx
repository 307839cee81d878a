import { Link, Outlet } from "@tanstack/react-router";
import type { PublicBrand } from "../../worker/contracts/brand";
import { SessionPopups } from "../features/session/SessionPopups";
import { useSession } from "../features/session/session";
import { useI18n } from "../i18n/i18n";
import { CookieBanner } from "./CookieBanner";

export function Layout({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
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
