import { Link, Navigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { AngelCard } from "../../../worker/contracts/discovery";
import { AngelPhoto } from "../../components/AngelPhoto";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { dispenserSeed } from "../../lib/storage";
import { LikeButton, OutOfLikesPopup, useLikes } from "../engagement/likes";
import { useSession } from "../session/session";

export function FindPage() {
  const { t } = useI18n();
  const { state } = useSession();
  const member = state.status === "member" ? state.member : null;
  const [result, setResult] = useState<{ profili: AngelCard[]; totali: number } | null>(null);
  const [regionName, setRegionName] = useState("");
  const [failed, setFailed] = useState(false);
  const likes = useLikes();

  const clickid = member?.clickid;
  const country = member?.country as "it" | "es" | "en" | undefined;
  const region = member?.region ?? null;
  const cerco = member?.cerco === "uomo" ? "uomo" : "donna";
  const premiumLevel = member?.premiumLevel ?? 0;

  useEffect(() => {
    if (!clickid || !country) return;
    api.dispenser
      .$post({
        json: { country, page: 1, region, premiumLevel, trackerId: clickid, cerco, seed: dispenserSeed() },
      })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then(setResult)
      .catch(() => setFailed(true));
    api.api.get.regions[":country"]
      .$get({ param: { country } })
      .then((r) => r.json())
      .then((list) => setRegionName(list.find((r) => r.code === region)?.name ?? ""))
      .catch(() => undefined);
  }, [clickid, country, region, cerco, premiumLevel]);

  if (!member) return <Navigate to="/signup" />;
  if (failed) return <p className="error center">{t("errore_generico")}</p>;
  if (!result) return <p className="muted center">{t("app_loading")}</p>;
  return (
    <section className="find">
      <h1 className="find-header" data-testid="find-header">
        {t(member.cerco === "uomo" ? "find_available_men" : "find_available", {
          count: result.totali,
          place: regionName,
        })}
      </h1>
      {result.profili.length === 0 && <p className="muted">{t("find_empty")}</p>}
      <ul className="grid">
        {result.profili.map((angel) => (
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
                loading="lazy"
                width={400}
                height={400}
              />
            </Link>
            <div className="angel-info">
              <Link to="/user/$angelId" params={{ angelId: String(angel.id) }} className="angel-name">
                <strong>{angel.screenName}</strong>
              </Link>
              <span className="muted">{t("find_years", { age: angel.age })}</span>
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
      <OutOfLikesPopup likes={likes} />
    </section>
  );
}
