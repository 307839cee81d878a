import { useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import type { DispenserResponse } from "../../../worker/contracts/discovery";
import { hookKeys } from "../../../worker/contracts/flow";
import { countries } from "../../../worker/contracts/locale-lists";
import type { Country } from "../../../worker/contracts/locales";
import { FIND_PHOTO_SIZES, FIND_PHOTOS_FIRST } from "../../../worker/contracts/photos";
import { AngelPhoto } from "../../components/AngelPhoto";
import { LikeButton, OutOfLikesPopup } from "../../components/like-button/LikeButton";
import { useLikes } from "../../components/like-button/use-likes";
import { type UpgradeHook, UpgradePopup } from "../../components/upgrade-popup/UpgradePopup";
import { useI18n } from "../../i18n/i18n";
import { FIRST_PHOTO_TIMING, markFirstPhotosDrawn, markFirstPhotosShown } from "../../lib/first-screen";
import { freshData } from "../../lib/query-client";
import { useRegions } from "../../lib/regions";
import { useSession } from "../../lib/session/session";
import { store } from "../../lib/storage";
import { ChangeRegionPopup } from "./ChangeRegionPopup";
import { dispenserQuery, type FindRequest } from "./discovery-queries";
import { Pager } from "./Pager";
import { clampPage, pageCount, pageForTotal, pageIsLocked } from "./pager";
import { rememberPlace, type SearchPlace, samePlace, startPlace } from "./search-place";
import "./find.css";

// The list, not the schema: zod stays off the find page's start.
const isCountry = (c: string | undefined): c is Country => countries.some((k) => k === c);

/** The stored page (a whole number from 1), checked against the real page count once it is known. */
const storedPage = () => clampPage(store.get("page"), Number.MAX_SAFE_INTEGER);
const storePage = (page: number) => store.set("page", String(page));

export function FindPage() {
  const { t } = useI18n();
  const { state } = useSession();
  const member = state.status === "member" ? state.member : null;
  const hooks = state.status === "member" ? state.flow.hooks : [];
  const likes = useLikes({ sentEvent: "like_da_home" });

  const clickid = member?.clickid;
  const country = isCountry(member?.country) ? member.country : undefined;
  const ownRegion = member?.region ?? null;
  const seeking = member?.cerco === "uomo" ? "uomo" : "donna";
  const premiumLevel = member?.premiumLevel ?? 0;
  const preferredAge = member?.preferred_age ?? null;
  const { regions, settled: regionsSettled } = useRegions(country ?? "it");

  const [place, setPlace] = useState<SearchPlace>(() => startPlace(ownRegion));
  const [page, setPage] = useState(storedPage);
  /** The answer on screen, with the request it answered. */
  const [result, setResult] = useState<(DispenserResponse & { page: number; request: string }) | null>(null);
  const [changing, setChanging] = useState(false);
  const [hook, setHook] = useState<UpgradeHook | null>(null);
  // Whether the place asked for is the member's own choice (a refusal then opens cambia_regione).
  const chosen = useRef(false);
  const lastRegion = useRef(ownRegion);

  // The profile's region changed (the set-region popup): search there, from page 1.
  useEffect(() => {
    if (lastRegion.current === ownRegion) return;
    lastRegion.current = ownRegion;
    chosen.current = false;
    const next = { region: ownRegion, city: null };
    rememberPlace(next);
    setPlace(next);
    setPage(1);
    storePage(1);
  }, [ownRegion]);

  const request: FindRequest | null =
    clickid && country
      ? {
          country,
          page,
          region: place.region,
          city: place.city,
          premiumLevel,
          trackerId: clickid,
          preferred_age: preferredAge,
          cerco: seeking,
        }
      : null;
  const requestKey = JSON.stringify(request);
  const dispenser = useQuery(dispenserQuery(request));
  const body = freshData(dispenser);
  const hooksKey = hooks.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is read once, against the flow's hooks of the moment.
  useEffect(() => {
    if (!body) return;
    const flowHooks = hookKeys.filter((key) => hooksKey.split(",").includes(key));
    if (body.hook === "cambia_regione") {
      // A free member asked another place: the dispenser served their own; search there from now on.
      if (chosen.current && flowHooks.includes("cambia_regione")) setHook("cambia_regione");
      chosen.current = false;
      const served = { region: body.region, city: body.city };
      rememberPlace(served);
      if (!samePlace(served, place)) setPlace(served);
    }
    // Page 1 when the first page is not full, when the stored page is past the end or locked.
    let target = pageForTotal(page, body.totali);
    if (pageIsLocked(target, { premiumLevel, hooks: flowHooks })) target = 1;
    if (target !== page) {
      storePage(target);
      setPage(target);
      return;
    }
    storePage(page);
    setResult({ ...body, page, request: requestKey });
  }, [body, hooksKey]);
  useEffect(() => {
    if (dispenser.error) console.warn("dispenser failed", dispenser.error);
  }, [dispenser.error]);
  const failed = dispenser.isError;
  const grid = useRef<HTMLUListElement>(null);
  const gridShown = result !== null && regionsSettled;
  // Once the first cards' photos are on screen (or failed), the member's room and the frame's lists may
  // start; and when the page is left before (lib/first-screen.ts).
  useEffect(() => {
    if (failed) markFirstPhotosDrawn();
    if (!gridShown || !grid.current) return;
    markFirstPhotosShown([...grid.current.querySelectorAll("img")].slice(0, FIND_PHOTOS_FIRST));
  }, [gridShown, failed]);
  useEffect(() => markFirstPhotosDrawn, []);
  // The grid is busy from a request until its answer is on screen (through a page the answer moves).
  const loading = result !== null && result.request !== requestKey;

  const goTo = useCallback(
    (next: number) => {
      if (pageIsLocked(next, { premiumLevel, hooks })) {
        setHook("paginazione");
        return;
      }
      storePage(next);
      setPage(next);
      window.scrollTo({ top: 0 });
    },
    [premiumLevel, hooks],
  );

  const search = useCallback(
    (next: SearchPlace) => {
      setChanging(false);
      chosen.current = true;
      rememberPlace(next);
      setPlace(next);
      // A new place starts at page 1.
      setPage(1);
      storePage(1);
      if (samePlace(next, place)) chosen.current = false;
    },
    [place],
  );

  if (!member) return <Navigate to="/signup" />;
  if (failed) return <p className="error center">{t("errore_generico")}</p>;
  // The header names the place with the regions: the grid waits for them, so the line never changes
  // height above it once shown (it pushed the grid down by a line when the name came after it).
  if (!result || !regionsSettled) return <p className="muted center">{t("app_loading")}</p>;
  const placeName = result.city ?? regions.find((r) => r.code === result.region)?.name ?? "";
  const count = pageCount(result.totali);
  return (
    <section className="find">
      <h1 className="find-header" data-testid="find-header">
        <button
          type="button"
          className="find-place"
          title={t("find_change_place")}
          aria-haspopup="dialog"
          onClick={() => setChanging(true)}
        >
          {t(member.cerco === "uomo" ? "find_available_men" : "find_available", {
            count: result.totali,
            place: placeName,
          })}
        </button>
      </h1>
      {result.profili.length === 0 && <p className="muted">{t("find_empty")}</p>}
      <ul ref={grid} className="find-grid" data-page={result.page} aria-busy={loading}>
        {result.profili.map((angel, index) => (
          <li key={angel.id} className="card angel" data-testid="angel-card" data-angel-id={angel.id}>
            <Link
              to="/user/$angelId"
              params={{ angelId: String(angel.id) }}
              className="angel-photo-link"
              tabIndex={-1}
              aria-hidden="true"
            >
              <AngelPhoto
                sources={[angel.default_photo]}
                alt={angel.screenName}
                // The first cards are in view: no waiting for layout (their photos may be on the way already).
                loading={index < FIND_PHOTOS_FIRST ? "eager" : "lazy"}
                fetchPriority={index < FIND_PHOTOS_FIRST ? "high" : undefined}
                elementtiming={index < FIND_PHOTOS_FIRST ? FIRST_PHOTO_TIMING : undefined}
                width={180}
                height={180}
                sizes={FIND_PHOTO_SIZES}
              />
            </Link>
            <div className="angel-info">
              <Link to="/user/$angelId" params={{ angelId: String(angel.id) }} className="angel-name">
                <strong>{angel.screenName}</strong>
              </Link>
              <span className="muted angel-age">{t("find_years", { age: angel.age })}</span>
            </div>
            <div className="angel-buttons">
              <Link
                to="/chats/$angelId"
                params={{ angelId: String(angel.id) }}
                className="button primary small"
              >
                {t("find_chat")}
              </Link>
              <LikeButton likes={likes} angel={angel} />
            </div>
          </li>
        ))}
      </ul>
      <Pager page={result.page} count={count} onPage={goTo} />
      <OutOfLikesPopup likes={likes} />
      {changing && country && (
        <ChangeRegionPopup
          country={country}
          regions={regions}
          current={{ region: result.region, city: result.city }}
          onSearch={search}
          onClose={() => setChanging(false)}
        />
      )}
      {hook && <UpgradePopup hook={hook} onClose={() => setHook(null)} />}
    </section>
  );
}
