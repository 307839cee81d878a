import { useCallback, useEffect, useRef, useState } from "react";
import { Popup } from "../../components/ui/Popup";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { store } from "../../lib/storage";
import { requireVerified } from "../profile/PhoneVerify";
import { useSession } from "../session/session";
import { storeVisited } from "./visited";

/** How long the mi_piace_inviato tooltip stays. */
export const LIKE_TOOLTIP_MS = 2000;

/** The spec keeps liked angels in local storage under `like`, as a comma list like profiliVisitati. */
const readLiked = (): Set<number> =>
  new Set(
    (store.get("like") ?? "")
      .split(",")
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  );
const writeLiked = (ids: Iterable<number>) => store.set("like", [...ids].join(","));

export interface Likes {
  liked: ReadonlySet<number>;
  /** The angel whose like was just sent (its tooltip is showing), or null. */
  tooltipFor: number | null;
  /** The file_like hook is open: a free member without like credits. */
  outOfLikes: boolean;
  closeOutOfLikes(): void;
  like(angel: { id: number; screenName: string }): void;
}

/**
 * Liked angels and the answers to the member's likes. The liked state starts from local storage, is
 * refreshed from api/get/all (profiliLike) and follows the room's like events (sent from any tab).
 */
export function useLikes(): Likes {
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  const clickid = member?.clickid;
  const country = member?.country;
  const [liked, setLiked] = useState<ReadonlySet<number>>(readLiked);
  const [tooltipFor, setTooltipFor] = useState<number | null>(null);
  const [outOfLikes, setOutOfLikes] = useState(false);
  const pending = useRef(new Set<number>());
  const tooltipTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!clickid) return;
    let cancelled = false;
    api.api.get.all[":trackerId"]
      .$get({ param: { trackerId: clickid } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body) => {
        if (cancelled) return;
        writeLiked(body.profiliLike);
        storeVisited(body.navigation.profiliVisitati);
        setLiked(new Set(body.profiliLike));
      })
      .catch((error: unknown) => console.warn("likes: navigation state unavailable", error));
    return () => {
      cancelled = true;
    };
  }, [clickid]);

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event !== "like") return;
      const ack = event.data;
      const mine = pending.current.delete(ack.angelId);
      if (ack.status === "refused") {
        if (ack.hook === "file_like") setOutOfLikes(true);
        return;
      }
      setLiked((set) => {
        const next = new Set([ack.angelId, ...set]);
        writeLiked(next);
        return next;
      });
      // The tooltip answers this tab's own click; other tabs only show the liked state.
      if (mine && ack.via === "like") {
        setTooltipFor(ack.angelId);
        clearTimeout(tooltipTimer.current);
        tooltipTimer.current = setTimeout(() => setTooltipFor(null), LIKE_TOOLTIP_MS);
      }
    });
  }, [room]);

  useEffect(() => () => clearTimeout(tooltipTimer.current), []);

  const like = useCallback(
    (angel: { id: number; screenName: string }) => {
      if (!room || !clickid) return;
      // The spec: an unverified member cannot emit like events; the phone prompt opens instead.
      if (!requireVerified(member)) return;
      pending.current.add(angel.id);
      room.send({
        event: "like",
        data: {
          angelId: angel.id,
          trackerId: clickid,
          servizio: location.hostname,
          country,
          screenName: angel.screenName,
        },
      });
    },
    [room, clickid, country, member],
  );

  const closeOutOfLikes = useCallback(() => setOutOfLikes(false), []);
  return { liked, tooltipFor, outOfLikes, closeOutOfLikes, like };
}

/** The like button with its liked state and the mi_piace_inviato tooltip. */
export function LikeButton({
  likes,
  angel,
  className = "",
}: {
  likes: Likes;
  angel: { id: number; screenName: string };
  className?: string;
}) {
  const { t } = useI18n();
  const isLiked = likes.liked.has(angel.id);
  return (
    <span className={`like-wrap ${className}`}>
      <button
        type="button"
        className={`button small like-button${isLiked ? " liked" : ""}`}
        aria-pressed={isLiked}
        data-testid="like-button"
        onClick={() => likes.like(angel)}
      >
        <span aria-hidden="true">{isLiked ? "♥" : "♡"}</span>
        {t(isLiked ? "find_liked" : "find_like")}
      </button>
      {likes.tooltipFor === angel.id && (
        <span className="like-tooltip" role="status" data-testid="like-tooltip">
          {t("mi_piace_inviato")}
        </span>
      )}
    </span>
  );
}

/** The file_like hook: a free member without like credits. */
export function OutOfLikesPopup({ likes }: { likes: Likes }) {
  const { t } = useI18n();
  if (!likes.outOfLikes) return null;
  return (
    <Popup
      title={t("file_like_titolo")}
      testId="file-like-popup"
      icon={<span aria-hidden="true">♡</span>}
      onClose={likes.closeOutOfLikes}
      actions={
        <button type="button" className="button primary" onClick={likes.closeOutOfLikes}>
          {t("popup_close")}
        </button>
      }
    >
      <p>{t("file_like_testo")}</p>
    </Popup>
  );
}
