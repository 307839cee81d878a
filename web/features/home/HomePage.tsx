import { queryOptions, useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { use, useEffect, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { HOME_TESTIMONIALS } from "../../../worker/contracts/testimonials";
import { useI18n } from "../../i18n/i18n";
import { api, okJson } from "../../lib/api";
import { bootTestimonials } from "../../lib/first-screen";
import { useMemberHome, useSession } from "../../lib/session/session";
import { HomeFooter } from "./HomeFooter";
import "./home.css";
import { Teasers } from "./Teasers";

/**
 * GET /api/testimonials: the spec's three reviews of the brand's market (the host's), shuffled by the server,
 * so asked again on every opening of the page and not kept. A failure shows none.
 */
const fetchTestimonials = async () =>
  okJson(await api.api.testimonials.$get({ query: { count: String(HOME_TESTIMONIALS) } }));
const testimonialsQuery = queryOptions({
  queryKey: ["testimonials"],
  queryFn: fetchTestimonials,
  staleTime: 0,
  gcTime: 0,
});

type Reviews = Awaited<ReturnType<typeof fetchTestimonials>>;
// The reviews the HTML's script asked while this chunk loaded (worker/html/first-screen-script.ts): the first
// drawing of the page waits for them (at most a second), so they never arrive later and push the footer.
const bootReviews = bootTestimonials<Reviews>(1000);
let bootUsed = false;

export function HomePage({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { state } = useSession();
  const home = useMemberHome();
  // Kept through the suspended first render; later openings of the page ask the server as before.
  const [boot] = useState(() => (bootUsed ? null : bootReviews));
  useEffect(() => {
    bootUsed = true;
  }, []);
  const first = boot ? use(boot) : null;
  const query = useQuery({ ...testimonialsQuery, enabled: first === null });
  const reviews = first ?? query.data ?? [];
  if (state.status === "member") return <Navigate to={home} />;
  // The spec's blurred teaser grids are the Spanish home's.
  const spanish = brand.country === "es";
  return (
    <div className="home">
      <section className="hero">
        <img src={brand.logo_url} alt={brand.title} width={88} height={88} />
        <h1>{brand.title}</h1>
        <p className="subtitle">{t("home_subtitle")}</p>
        <div className="hero-actions">
          <Link to="/signup" className="button primary">
            {t("home_register")}
          </Link>
          <Link to="/login" className="button">
            {t("home_login")}
          </Link>
        </div>
        <p className="disclosure">{t("disclosure")}</p>
      </section>
      {spanish && <Teasers index={0} />}
      <section className="blurbs">
        {(["safety", "visibility", "match"] as const).map((k) => (
          <article key={k} className="card blurb">
            <h2>{t(`home_blurb_${k}_title`)}</h2>
            <p>{t(`home_blurb_${k}`)}</p>
          </article>
        ))}
      </section>
      {reviews.length > 0 && (
        <section className="reviews">
          <h2>{t("home_reviews")}</h2>
          <div className="review-list">
            {reviews.map((r) => (
              <figure key={`${r.utente}-${r.eta}`} className="card review">
                {r.isSample && <span className="badge">{t("sample_review")}</span>}
                <div className="stars" role="img" aria-label={`${r.stelle}/5`}>
                  {"★".repeat(r.stelle)}
                  {"☆".repeat(5 - r.stelle)}
                </div>
                <blockquote>{r.recensione.replaceAll("{servizio}", brand.title)}</blockquote>
                <figcaption>
                  {r.utente}, {r.eta}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      )}
      {spanish && <Teasers index={1} />}
      <HomeFooter brand={brand} />
    </div>
  );
}
