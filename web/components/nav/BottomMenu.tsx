import { Link } from "@tanstack/react-router";
import { useI18n } from "../../i18n/i18n";
import { useNavEntries } from "./entries";
import { NavIcon } from "./icons";
import { sectionPath, shortLabel } from "./nav-rules";
import { UnreadBadge, UnreadWords } from "./UnreadBadge";
import "./nav.css";

/** The mobile bottom menu (500 px or less): icons, short labels and the unread counts. */
export function BottomMenu() {
  const { t } = useI18n();
  const { bottom } = useNavEntries();
  return (
    <nav className="bottom-menu" aria-label={t("nav_bottom")} data-testid="bottom-menu">
      <ul>
        {bottom.map(({ section, count }) => (
          <li key={section}>
            <Link
              to={sectionPath[section]}
              activeProps={{ className: "active", "aria-current": "page" }}
              className="bottom-entry"
              data-testid={`nav-${section}`}
            >
              <span className="bottom-icon">
                <NavIcon name={section} />
                <UnreadBadge section={section} count={count} />
              </span>
              <span className="bottom-label">
                {t(shortLabel[section])}
                <UnreadWords section={section} count={count} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
