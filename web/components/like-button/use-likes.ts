import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, okJson } from "../../lib/api";
import { readBrand } from "../../lib/brand";
import { afterFirstScreen } from "../../lib/first-screen";
import { freshData } from "../../lib/query-client";
import { useSession } from "../../lib/session/session";
import { store } from "../../lib/storage";
import { trackEvent } from "../../lib/track-event";
import { storeVisited } from "../../lib/visited";
import { requireVerified } from "../phone-verify/PhoneVerify";

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

/**
 * GET /api/get/all/{trackerId}: the member's navigation state (profiliLike, profiliVisitati). Asked again
 * by every page that shows like buttons, when it opens: the answer only refreshes local storage and the
 * liked marks, so it is not kept once the page closes.
 */
const navigationStateQuery = (clickid: string | undefined) =>
  queryOptions({
    queryKey: ["navigation-state", clickid],
    queryFn: clickid
      ? async () => {
          await afterFirstScreen();
          return okJson(await api.api.get.all[":trackerId"].$get({ param: { trackerId: clickid } }));
        }
      : skipToken,
    staleTime: 0,
    gcTime: 0,
  });

export interface Likes {
  liked: ReadonlySet<number>;
  /** The angel whose like was just sent (its tooltip is showing), or null. */
  tooltipFor: number | null;
  /** The file_like hook is open: a free member without like credits. */
  outOfLikes: boolean;
  closeOutOfLikes(): void;
  like(angel: { id: number; screenName: string }): void;
}

export interface LikesOptions {
  /** The KPI event a like sent from this page records (like_da_home on the find page). */
  sentEvent?: "like_da_home";
}

/**
 * Liked angels and the answers to the member's likes. The liked state starts from local storage, is
 * refreshed from api/get/all (profiliLike) and follows the room's like events (sent from any tab).
 */
export function useLikes({ sentEvent }: LikesOptions = {}): Likes {
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  const clickid = member?.clickid;
  const country = member?.country;
  const [liked, setLiked] = useState<ReadonlySet<number>>(readLiked);
  const [tooltipFor, setTooltipFor] = useState<number | null>(null);
  const [outOfLikes, setOutOfLikes] = useState(false);
  const pending = useRef(new Set<number>());
  const tooltipTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const navigation = useQuery(navigationStateQuery(clickid));
  const body = freshData(navigation);
  useEffect(() => {
    if (!body) return;
    writeLiked(body.profiliLike);
    storeVisited(body.navigation.profiliVisitati);
    setLiked(new Set(body.profiliLike));
  }, [body]);
  useEffect(() => {
    if (navigation.error) console.warn("likes: navigation state unavailable", navigation.error);
  }, [navigation.error]);

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
      // The tooltip and the like-from-radar KPI answer this tab's own click; other tabs only show the
      // liked state (so the KPI counts each like once).
      if (mine && ack.via === "like") {
        trackEvent("like_da_radar", { brand: readBrand(), clickid }, { angelId: ack.angelId });
        setTooltipFor(ack.angelId);
        clearTimeout(tooltipTimer.current);
        tooltipTimer.current = setTimeout(() => setTooltipFor(null), LIKE_TOOLTIP_MS);
      }
    });
  }, [room, clickid]);

  useEffect(() => () => clearTimeout(tooltipTimer.current), []);

  const like = useCallback(
    (angel: { id: number; screenName: string }) => {
      if (!room || !clickid) return;
      const send = () => {
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
        if (sentEvent) trackEvent(sentEvent, { brand: readBrand(), clickid }, { angelId: angel.id });
      };
      // The spec: an unverified member cannot emit like events; the phone prompt opens instead, and the
      // like that opened it goes out once the member is verified.
      if (requireVerified(member, send)) send();
    },
    [room, clickid, country, member, sentEvent],
  );

  const closeOutOfLikes = useCallback(() => setOutOfLikes(false), []);
  return { liked, tooltipFor, outOfLikes, closeOutOfLikes, like };
}
