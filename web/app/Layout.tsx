import { Link, Outlet } from "@tanstack/react-router";
import { Suspense } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { CookieBanner } from "../components/CookieBanner";
import { useI18n } from "../i18n/i18n";
import { loadOnce } from "../lib/load-once";
import { useSession } from "../lib/session/session";
import { useBrainStart } from "../lib/session/use-brain-start";
import "../components/nav/topbar.css";
import "./layout.css";
import { OpenSessionPopups } from "./OpenSessionPopups";

/**
 * The member's frame (bars, menus, notifications), fetched once: at start when a session is stored
 * (main.tsx), else when one begins. The page waits for it rather than being drawn first and pushed down by
 * the bar.
 */
const memberFrame = loadOnce(() => import("./MemberFrame"));
export const loadMemberFrame = memberFrame.load;

/** The site's frame: navigation, the page, and the popups any page can raise. */
export function Layout({ brand }: { brand: PublicBrand }) {
  useBrainStart();
  return (
    <Suspense fallback={null}>
      <Frame brand={brand} />
    </Suspense>
  );
}

function Frame({ brand }: { brand: PublicBrand }) {
  const { state } = useSession();
  if (state.status !== "member") return <VisitorFrame brand={brand} />;
  const { MemberFrame } = memberFrame.read();
  return (
    <MemberFrame brand={brand}>
      <Outlet />
    </MemberFrame>
  );
}

function VisitorFrame({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { state } = useSession();
  return (
    <div className="app">
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
      <main className="content">
        {state.status === "loading" ? <p className="muted center">{t("app_loading")}</p> : <Outlet />}
      </main>
      <OpenSessionPopups brand={brand} />
      <CookieBanner brand={brand} />
    </div>
  );
}
