import { Link, Navigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { useMemberHome, useSession } from "../session/session";

type Review = { utente: string; eta: number; recensione: string; stelle: number; isSample: boolean };

export function HomePage({ brand }: { brand: PublicBrand }) {
  const { t, locale } = useI18n();
  const { state } = useSession();
  const home = useMemberHome();
  const [reviews, setReviews] = useState<Review[]>([]);
  useEffect(() => {
    api.api.testimonials
      .$get({ query: { language: locale } })
      .then((r) => r.json())
      .then(setReviews)
      .catch(() => setReviews([]));
  }, [locale]);
  if (state.status === "member") return <Navigate to={home} />;
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
      <footer className="footer">
        <span>
          © {brand.anno} {brand.company_name} · {brand.vat}
        </span>
      </footer>
    </div>
  );
}
