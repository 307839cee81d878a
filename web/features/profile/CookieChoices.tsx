import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useI18n } from "../../i18n/i18n";
import { api, okJson } from "../../lib/api";
import { readBrand } from "../../lib/brand";
import { consentDeviceId, showCookiePreferences } from "../../lib/consent";

const cookieChoicesQuery = {
  queryKey: ["cookie-choices"],
  queryFn: async () => okJson(await api.api.consent.cookies.$get({ query: { deviceId: consentDeviceId() } })),
};

/** The member's cookie choices as the server recorded them (newest first), and the way to change them. */
export function CookieChoices() {
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const choices = useQuery(cookieChoicesQuery);
  useEffect(() => {
    // A choice made in the banner's preferences shows here once the server has it.
    const refresh = () =>
      setTimeout(() => void client.invalidateQueries({ queryKey: ["cookie-choices"] }), 300);
    window.addEventListener("cookie-choice", refresh);
    return () => window.removeEventListener("cookie-choice", refresh);
  }, [client]);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const yesNo = (on: boolean) => t(on ? "cookie_si" : "cookie_no");
  const list = choices.data?.choices ?? [];
  return (
    <div className="cookie-choices" data-testid="cookie-choices">
      <h3>{t("cookie_scelte_titolo")}</h3>
      {choices.isSuccess && list.length === 0 && <p className="muted small">{t("cookie_scelte_nessuna")}</p>}
      {list.length > 0 && (
        <ul className="small">
          {list.slice(0, 5).map((c) => (
            <li key={`${c.at}-${c.policyVersion}`} data-testid="cookie-choice">
              {t("cookie_scelta_riga", {
                date: when(c.at),
                analytics: yesNo(c.analytics),
                marketing: yesNo(c.marketing),
                version: c.policyVersion,
              })}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" onClick={() => showCookiePreferences(readBrand(), t)}>
        {t("cookie_preferences")}
      </button>
    </div>
  );
}
