import { useState } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { useI18n } from "../i18n/i18n";
import { store } from "../lib/storage";
import "./cookie-banner.css";

/** The spec's cookie banner: it shows until the cookie policy is accepted (the cookiePolicy key). */
export function CookieBanner({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const [accepted, setAccepted] = useState(() => store.get("cookiePolicy") !== null);
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={t("cookie_policy")} data-testid="cookie-banner">
      <p>
        {t("cookie_text")} <a href={brand.legal_link.cookie}>{t("cookie_policy")}</a>
      </p>
      <button
        type="button"
        className="button primary small"
        onClick={() => {
          store.set("cookiePolicy", new Date().toISOString());
          setAccepted(true);
        }}
      >
        {t("cookie_accept")}
      </button>
    </section>
  );
}
