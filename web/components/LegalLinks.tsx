import type { PublicBrand } from "../../worker/contracts/brand";
import { useI18n } from "../i18n/i18n";
import { CookiePreferencesLink } from "./CookieBanner";
import "./legal-links.css";

/**
 * The legal links of the home's footer and the chats footer (flow 0000): FAQ, terms, privacy, cookie and
 * contact, at the addresses of the brand's config (legal_link).
 */
export function LegalLinks({ brand }: { brand: PublicBrand }) {
  const links = brand.legal_link;
  const { t } = useI18n();
  return (
    <nav className="legal-links" aria-label={t("nav_legal")}>
      <a href={links.faq}>{t("footer_faq")}</a>
      <a href={links.termini}>{t("footer_terms")}</a>
      <a href={links.privacy}>{t("footer_privacy")}</a>
      <a href={links.cookie}>{t("footer_cookie")}</a>
      <a href={links.contatti}>{t("footer_contact")}</a>
      <CookiePreferencesLink brand={brand} />
    </nav>
  );
}
