import { useEffect } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { useI18n } from "../i18n/i18n";
import "./cookie-banner.css";

/**
 * The spec's cookie banner: shown until a choice of the current cookie policy is made (web/lib/consent.ts,
 * on vanilla-cookieconsent, which draws it after the first screen).
 */
export function CookieBanner({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  useEffect(() => {
    // The consent code comes after the first screen, in the chunk that also loads the library.
    import("../lib/consent")
      .then((m) => m.startConsent(brand, t))
      .catch((error: unknown) => console.warn("cookie banner failed", error));
  }, [brand, t]);
  return null;
}

/** The footer's way back to the cookie choice. */
export function CookiePreferencesLink({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="link-button cookie-preferences-link"
      data-testid="cookie-preferences"
      onClick={() => void import("../lib/consent").then((m) => m.showCookiePreferences(brand, t))}
    >
      {t("cookie_preferences")}
    </button>
  );
}
