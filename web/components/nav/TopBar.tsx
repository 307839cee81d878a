import { Link } from "@tanstack/react-router";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { AngelPhoto } from "../AngelPhoto";
import { Credits } from "./Credits";
import { useNavEntries } from "./entries";
import { NavIcon } from "./icons";
import { sectionLabel, sectionPath } from "./nav-rules";
import { UnreadBadge, UnreadWords } from "./UnreadBadge";
import "./nav.css";
import "./topbar.css";

/** The desktop top bar (wider than 500 px): logo, sections with their counters, credits, logout. */
export function TopBar({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { state, signOut } = useSession();
  const imageName = state.status === "member" ? state.member.imageName : null;
  const { top, credits, vip } = useNavEntries();
  return (
    <header className="topbar">
      <Link to="/" className="brand compact">
        <img src={brand.logo_url} alt="" width={32} height={32} />
        <span>{brand.title}</span>
      </Link>
      <nav className="topnav" aria-label={t("nav_main")} data-testid="topnav">
        {top.map(({ section, count }) => (
          <Link
            key={section}
            to={sectionPath[section]}
            activeProps={{ className: "active", "aria-current": "page" }}
            className={`nav-${section}`}
            data-testid={`nav-${section}`}
          >
            {section === "notifications" && <NavIcon name="notifications" size={20} />}
            {section === "profile" && imageName && (
              <AngelPhoto
                className="nav-avatar"
                sources={[`${brand.url_foto_utente}/${imageName}`]}
                alt=""
                width={28}
                height={28}
                data-testid="nav-avatar"
              />
            )}
            <span className="nav-label">
              {t(sectionLabel[section])}
              <UnreadWords section={section} count={count} />
            </span>
            <UnreadBadge section={section} count={count} />
          </Link>
        ))}
        {vip && (
          <Link
            to="/vip_plan/$rateplan"
            params={{ rateplan: "cred" }}
            className="nav-vip"
            data-testid="nav-vip"
          >
            {t("nav_vip")}
          </Link>
        )}
        {credits !== null && <Credits credits={credits} mobile={false} testId="credits" />}
        <button type="button" className="link-button" onClick={() => void signOut()}>
          {t("nav_logout")}
        </button>
      </nav>
    </header>
  );
}
