import { Link, Navigate } from "@tanstack/react-router";
import { useDrag } from "@use-gesture/react";
import { type ReactNode, type SVGProps, useCallback, useEffect, useRef, useState } from "react";
import type { AngelCard } from "../../../worker/contracts/discovery";
import { COMPLIANT_FLUX_ID } from "../../../worker/contracts/flow";
import { AngelPhoto } from "../../components/AngelPhoto";
import { OutOfLikesPopup } from "../../components/like-button/LikeButton";
import { useLikes } from "../../components/like-button/use-likes";
import { requireVerified } from "../../components/phone-verify/PhoneVerify";
import { useI18n } from "../../i18n/i18n";
import { readBrand } from "../../lib/brand";
import { type Member, useSession } from "../../lib/session/session";
import { trackEvent } from "../../lib/track-event";
import { InviteModal } from "./InviteModal";
import {
  SWIPE_MAX_DURATION_MS,
  SWIPE_MIN_DISTANCE_PX,
  SWIPE_VELOCITY_PX_PER_MS,
  type SwipeDirection,
  swipeOutcome,
  truncateAbout,
} from "./match-rules";
import { useMatchStack } from "./use-match-stack";
import "./match.css";

/** How many cards are drawn (the top one and two peeking behind it). */
const VISIBLE_CARDS = 3;

/** /match: the swipe stack. Flow 0000 has no match screen and goes to /find. */
export function MatchPage() {
  const { state } = useSession();
  if (state.status !== "member") return <Navigate to="/signup" />;
  if (state.member.fluxId === COMPLIANT_FLUX_ID) return <Navigate to="/find" replace />;
  return <MatchStackView member={state.member} invitations={state.flow.messaggi_inviti} />;
}

function MatchStackView({ member, invitations }: { member: Member; invitations: boolean }) {
  const { t } = useI18n();
  const { room } = useSession();
  const likes = useLikes();
  const stack = useMatchStack(member);
  const [inviteFor, setInviteFor] = useState<AngelCard | null>(null);
  // Right swipes waiting for the room's answer: a refused like (file_like) puts the card back.
  const pendingLikes = useRef(new Map<number, AngelCard>());
  const { remove, restore } = stack;

  useEffect(() => {
    if (!room) return;
    return room.subscribe((event) => {
      if (event.event !== "like" || event.data.via !== "match") return;
      const card = pendingLikes.current.get(event.data.angelId);
      if (!card) return;
      pendingLikes.current.delete(card.id);
      if (event.data.status === "refused") restore(card);
    });
  }, [room, restore]);

  const swipe = useCallback(
    (card: AngelCard, type: SwipeDirection): boolean => {
      if (!room) return false;
      const send = () => {
        if (type === "like") pendingLikes.current.set(card.id, card);
        room.send({
          event: "match",
          data: { trackerId: member.clickid, angelId: card.id, type, mongoId: card._id },
        });
        remove(card, type);
        trackEvent(type, { brand: readBrand(), clickid: member.clickid }, { angelId: card.id });
      };
      // The spec: an unverified member cannot emit like events; the card stays and the phone prompt opens,
      // and the like goes out once the number is verified.
      if (type === "like" && !requireVerified(member, send)) return false;
      send();
      return true;
    },
    [room, member, remove],
  );

  const closeInvite = useCallback(
    (sent: boolean) => {
      const card = inviteFor;
      setInviteFor(null);
      // A sent invite counts as a like: the server stored it with the invite, the card leaves to the right.
      if (sent && card) remove(card, "like");
    },
    [inviteFor, remove],
  );

  const top = stack.cards[0];
  // Bottom card first, so the DOM order is the stacking order and a card flying out keeps its node.
  // One keyed list, so a swiped card keeps its node (and its drag offset) while it flies out.
  const layers = [
    ...stack.cards
      .slice(0, VISIBLE_CARDS)
      .map((card, depth) => ({
        card,
        position: depth === 0 ? ("top" as const) : ("behind" as const),
        direction: undefined,
        depth,
      }))
      .reverse(),
    ...stack.leaving.map(({ card, direction }) => ({
      card,
      position: "leaving" as const,
      direction,
      depth: 0,
    })),
  ];

  return (
    <section className="match" aria-labelledby="match-title" data-testid="match-page">
      <h1 id="match-title" className="match-title">
        {t("match_title")}
      </h1>
      {stack.status === "failed" && (
        <div className="match-failed card" role="alert" data-testid="match-error">
          <p>{t("match_error")}</p>
          <button type="button" className="button primary" onClick={stack.retry}>
            {t("match_retry")}
          </button>
        </div>
      )}
      {top || stack.leaving.length > 0 ? (
        <>
          <p className="match-hint muted small">{t("match_hint")}</p>
          <div className="match-stack" data-testid="match-stack" data-held={stack.cards.length}>
            {layers.map(({ card, position, direction, depth }) => (
              <StackCard
                key={card.id}
                card={card}
                position={position}
                direction={direction}
                depth={depth}
                onSwipe={swipe}
              />
            ))}
          </div>
        </>
      ) : stack.status === "loading" ? (
        <p className="muted center match-loading">{t("app_loading")}</p>
      ) : stack.status === "ready" ? (
        <div className="match-empty card" data-testid="match-empty">
          <div className="match-empty-icon" aria-hidden="true">
            ♡
          </div>
          <h2>{t("match_empty_title")}</h2>
          <p className="muted">{t("match_empty_text")}</p>
          <Link to="/find" className="button primary">
            {t("match_empty_link")}
          </Link>
        </div>
      ) : null}
      {top && (
        <div className="match-actions">
          <button
            type="button"
            className="match-action match-action-dislike"
            aria-label={t("match_dislike", { name: top.screenName })}
            title={t("match_dislike", { name: top.screenName })}
            data-testid="match-dislike"
            onClick={() => swipe(top, "dislike")}
          >
            <CrossIcon />
          </button>
          {invitations ? (
            <button
              type="button"
              className="match-action match-action-invite"
              aria-label={t("match_invite", { name: top.screenName })}
              title={t("match_invite", { name: top.screenName })}
              data-testid="match-invite"
              onClick={() => requireVerified(member) && setInviteFor(top)}
            >
              <EnvelopeIcon />
            </button>
          ) : (
            <Link
              to="/chats/$angelId"
              params={{ angelId: String(top.id) }}
              className="match-action match-action-chat"
              aria-label={t("match_chat", { name: top.screenName })}
              title={t("match_chat", { name: top.screenName })}
              data-testid="match-chat"
            >
              <BubbleIcon />
            </Link>
          )}
          <button
            type="button"
            className="match-action match-action-like"
            aria-label={t("match_like", { name: top.screenName })}
            title={t("match_like", { name: top.screenName })}
            data-testid="match-like"
            onClick={() => swipe(top, "like")}
          >
            <HeartIcon />
          </button>
        </div>
      )}
      {inviteFor && <InviteModal key={inviteFor.id} angel={inviteFor} onClose={closeInvite} />}
      <OutOfLikesPopup likes={likes} />
    </section>
  );
}

/**
 * One card. The top one follows a horizontal drag (vertical moves are left to the page's scroll); a
 * release faster than the spec's 300 px/s swipes it, anything slower snaps it back.
 */
function StackCard({
  card,
  position,
  direction,
  depth,
  onSwipe,
}: {
  card: AngelCard;
  position: "top" | "behind" | "leaving";
  direction: SwipeDirection | undefined;
  depth: number;
  /** False when the swipe did not happen (the card comes back). */
  onSwipe?: (card: AngelCard, type: SwipeDirection) => boolean;
}) {
  const { t } = useI18n();
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const bind = useDrag(
    ({ active, movement: [mx], swipe: [sx] }) => {
      if (active) {
        setDragging(true);
        setDx(mx);
        return;
      }
      setDragging(false);
      const outcome = swipeOutcome(sx);
      if (!outcome || !onSwipe?.(card, outcome)) setDx(0);
    },
    {
      enabled: position === "top",
      axis: "x",
      filterTaps: true,
      keys: false,
      swipe: {
        velocity: SWIPE_VELOCITY_PX_PER_MS,
        distance: SWIPE_MIN_DISTANCE_PX,
        duration: SWIPE_MAX_DURATION_MS,
      },
    },
  );

  const style =
    position === "top"
      ? { transform: `translateX(${dx}px) rotate(${dx / 24}deg)` }
      : position === "behind"
        ? { transform: `translateY(${depth * 10}px) scale(${1 - depth * 0.04})` }
        : undefined;
  const className = [
    "match-card card",
    `match-card-${position}`,
    dragging ? "match-card-dragging" : "",
    direction ? `match-card-leaving-${direction}` : "",
  ].join(" ");

  return (
    <article
      {...(position === "top" ? bind() : {})}
      className={className}
      style={{ ...style, zIndex: position === "leaving" ? 10 : VISIBLE_CARDS - depth }}
      aria-hidden={position === "top" ? undefined : true}
      aria-label={t("match_card_label", { name: card.screenName, age: card.age })}
      data-testid="match-card"
      data-angel-id={card.id}
      data-state={position}
    >
      <AngelPhoto
        sources={[card.default_photo]}
        alt={card.screenName}
        className="match-photo"
        width={420}
        height={420}
        sizes="(max-width: 500px) 100vw, 420px"
        draggable={false}
        loading={depth > 0 ? "lazy" : undefined}
      />
      <div className="match-info">
        <h2 className="match-name">
          <span data-testid="match-name">{card.screenName}</span>
          <span className="match-age">{t("find_years", { age: card.age })}</span>
        </h2>
        <p className="match-about" data-testid="match-about">
          {truncateAbout(card.about)}
        </p>
      </div>
    </article>
  );
}

/** The stack's button icons: outlined (a stroke width) or filled, decorative (the buttons carry the names). */
function ButtonIcon({ stroke, children }: { stroke?: number; children: ReactNode }) {
  const paint: SVGProps<SVGSVGElement> = stroke
    ? {
        fill: "none",
        stroke: "currentColor",
        strokeWidth: stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
      }
    : { fill: "currentColor" };
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" focusable={false} aria-hidden="true" {...paint}>
      {children}
    </svg>
  );
}

const CrossIcon = () => (
  <ButtonIcon stroke={2.6}>
    <path d="M6 6l12 12M18 6L6 18" />
  </ButtonIcon>
);

const HeartIcon = () => (
  <ButtonIcon>
    <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.4 2.6.2.4.5.4.7 0 .8-1.5 2.3-2.6 4.4-2.6 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
  </ButtonIcon>
);

const BubbleIcon = () => (
  <ButtonIcon stroke={2}>
    <path d="M4 5h16v11H9l-5 4z" />
  </ButtonIcon>
);

const EnvelopeIcon = () => (
  <ButtonIcon stroke={2}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6l8.5 7 8.5-7" />
  </ButtonIcon>
);
