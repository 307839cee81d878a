import { Link, Navigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AngelPhoto } from "../../components/AngelPhoto";
import { LikeButton, OutOfLikesPopup } from "../../components/like-button/LikeButton";
import { useLikes } from "../../components/like-button/use-likes";
import { BackLink } from "../../components/nav/BackLink";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { isAngelId, useAngelCard } from "../../lib/angel-card";
import { api } from "../../lib/api";
import { readBrand } from "../../lib/brand";
import { usePageTitle } from "../../lib/page-title";
import { useSession } from "../../lib/session/session";
import { trackEvent } from "../../lib/track-event";
import { storeVisited } from "../../lib/visited";
import "./angel-profile.css";

/** The spec's hair colours, as the dispenser sends them, with their labels. */
const hairColourKeys: Record<string, MessageKey> = {
  blond: "capelli_biondi",
  brown: "capelli_castani",
  red: "capelli_rossi",
  dark_blond: "capelli_castano_chiaro",
  black: "capelli_neri",
  coloured: "capelli_colorati",
};
const genderKeys: Record<string, MessageKey> = { donna: "genere_donna", uomo: "genere_uomo" };

/** /user/{u}: an angel's profile (no such angel: back to /find). Opening it records a visit (profiliVisitati). */
export function AngelProfilePage({ angelId }: { angelId: number }) {
  const { t } = useI18n();
  const { state } = useSession();
  const member = state.status === "member" ? state.member : null;
  const likes = useLikes();
  const { angel, missing } = useAngelCard(angelId);
  usePageTitle(angel?.screenName ?? null);
  const visited = useRef<number | null>(null);
  const seen = useRef<number | null>(null);

  const clickid = member?.clickid;

  useEffect(() => {
    // Once per opening (StrictMode runs effects twice on the same component).
    if (!clickid || visited.current === angelId || !isAngelId(angelId)) return;
    visited.current = angelId;
    api.api.collect.visited
      .$post({ json: { angelId, trackerId: clickid } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body) => {
        storeVisited(body.profiliVisitati, angelId);
        trackEvent("visita_profilo", { brand: readBrand(), clickid }, { angelId });
      })
      .catch((error: unknown) => console.warn("profile: the visit was not recorded", error));
  }, [angelId, clickid]);

  const shown = angel !== null;
  useEffect(() => {
    // The profile seen: once per opening, when the angel is on screen.
    if (!clickid || !shown || seen.current === angelId) return;
    seen.current = angelId;
    trackEvent("vista_profilo", { brand: readBrand(), clickid }, { angelId });
  }, [angelId, clickid, shown]);

  if (!member) return <Navigate to="/signup" />;
  if (missing) return <Navigate to="/find" replace />;
  if (!angel) return <p className="muted center">{t("app_loading")}</p>;

  const hair = hairColourKeys[angel.hair_color];
  const gender = genderKeys[angel.gender];
  const facts: [MessageKey, string][] = [
    ["profilo_eta", t("find_years", { age: angel.age })],
    ["profilo_genere", gender ? t(gender) : angel.gender],
    ["profilo_capelli", hair ? t(hair) : angel.hair_color],
    ["profilo_altezza", t("profilo_cm", { value: angel.height })],
    ["profilo_peso", t("profilo_kg", { value: angel.weight })],
  ];
  return (
    <div className="angel-profile-page">
      {/* Above the card, so that on a phone it is not pushed below the photo. */}
      <BackLink fallback="/find" />
      <article className="angel-profile card" data-testid="angel-profile">
        <AngelPhoto
          sources={[angel.default_photo]}
          alt={angel.screenName}
          width={600}
          height={600}
          sizes="(max-width: 760px) 100vw, 480px"
          className="angel-profile-photo"
          data-testid="angel-photo"
        />
        <div className="angel-profile-body">
          <h1 data-testid="angel-name">{angel.screenName}</h1>
          {angel.about && (
            <p className="angel-about" data-testid="angel-about">
              {angel.about}
            </p>
          )}
          <dl className="angel-facts">
            {facts.map(([label, value]) => (
              <div key={label} data-testid={`fact-${label}`}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {angel.description && (
            <section>
              <h2 className="small-heading">{t("profilo_descrizione")}</h2>
              <p className="angel-description" data-testid="angel-description">
                {angel.description}
              </p>
            </section>
          )}
          <div className="angel-actions">
            <Link to="/chats/$angelId" params={{ angelId: String(angel.id) }} className="button primary">
              {t("find_chat")}
            </Link>
            <LikeButton likes={likes} angel={angel} />
          </div>
        </div>
        <OutOfLikesPopup likes={likes} />
      </article>
    </div>
  );
}
