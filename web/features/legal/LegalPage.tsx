import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicBrand } from "../../../worker/contracts/brand";
import type { LegalPage as PageKey } from "../../../worker/contracts/legal";
import type { Locale } from "../../../worker/contracts/locales";
import { LegalLinks } from "../../components/LegalLinks";
import { BackLink } from "../../components/nav/BackLink";
import { SafeHtml } from "../../components/SafeHtml";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, HttpError } from "../../lib/api";
import { usePageTitle } from "../../lib/page-title";
import "./legal.css";

const titles: Record<PageKey, MessageKey> = {
  faq: "legal_title_faq",
  cookie: "legal_title_cookie",
  privacy: "legal_title_privacy",
  terms: "legal_title_terms",
  features: "legal_title_features",
};

/** POST /legal: the page's HTML for the brand's domain in the page's language (the spec's p, d, l). */
const legalQuery = (page: PageKey, domain: string, language: Locale) =>
  queryOptions({
    queryKey: ["legal", page, domain, language],
    queryFn: async () => {
      const response = await api.legal.$post({ json: { p: page, d: domain, l: language } });
      if (!response.ok) throw new HttpError(response.status);
      return response.text();
    },
    staleTime: 10 * 60_000,
  });

/** /legal/{faq|cookie|privacy|terms|features}: the Worker's text, through the allow-list HTML reader. */
export function LegalPage({ brand, page }: { brand: PublicBrand; page: PageKey }) {
  const { t, locale } = useI18n();
  const query = useQuery(legalQuery(page, brand.domain, locale));
  // The tab and a phone's top bar name the page ("Terms"), not the section the member came from.
  usePageTitle(t(titles[page]));
  return (
    <div className="legal">
      {/* Back where the member came from (the sign-up form, the footer), home when opened from a link. */}
      <BackLink fallback="/" />
      <article className="card legal-content" data-testid="legal-page" aria-busy={query.isPending}>
        <h1>{t(titles[page])}</h1>
        {query.data !== undefined ? (
          <SafeHtml html={query.data} />
        ) : query.isError ? (
          <>
            <FormMessage tone="error">{t("legal_errore")}</FormMessage>
            <button type="button" className="button" onClick={() => query.refetch()}>
              {t("legal_riprova")}
            </button>
          </>
        ) : (
          <Spinner label={t("app_loading")} />
        )}
      </article>
      <footer className="footer">
        <LegalLinks brand={brand} />
      </footer>
    </div>
  );
}
