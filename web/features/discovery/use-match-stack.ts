import { useCallback, useEffect, useRef, useState } from "react";
import type { AngelCard, MatchRequest } from "../../../worker/contracts/discovery";
import { CLIENT_LOG_SUBJECTS } from "../../../worker/contracts/tracking-names";
import { api } from "../../lib/api";
import { reportClientError } from "../../lib/client-errors";
import { bootMatch } from "../../lib/first-screen";
import type { Member } from "../../lib/session/session";
import {
  freshCards,
  MAX_PAGES_PER_REFILL,
  REFILL_BELOW,
  SWIPE_OUT_MS,
  type SwipeDirection,
} from "./match-rules";

export interface LeavingCard {
  card: AngelCard;
  direction: SwipeDirection;
}

export interface MatchStack {
  /** The cards still in the stack, the top one first. */
  cards: AngelCard[];
  /** Swiped cards flying out, the newest first; each is dropped after SWIPE_OUT_MS. */
  leaving: LeavingCard[];
  status: "loading" | "ready" | "failed";
  /** The server has no card left that this visit has not shown. */
  exhausted: boolean;
  /** Takes a card off the stack (it flies out to the side of the swipe). */
  remove(card: AngelCard, direction: SwipeDirection): void;
  /** Puts a card back on top (a like the server refused). */
  restore(card: AngelCard): void;
  retry(): void;
}

async function askMatch(json: MatchRequest) {
  const response = await api.dispenser.match.$post({ json });
  if (!response.ok) throw new Error(`dispenser/match answered ${response.status}`);
  return (await response.json()).profiles;
}

/**
 * The swipe stack: page 1 of /dispenser/match, refilled whenever fewer than REFILL_BELOW cards are left.
 * The server leaves out angels already liked or disliked and counts pages over those left, so a refill
 * asks page 1 again and skips the ids held or swiped in this visit (a swipe may not be stored yet); it
 * goes on to the next page only when a page brought nothing new.
 */
export function useMatchStack(member: Member): MatchStack {
  const [cards, setCards] = useState<AngelCard[]>([]);
  const [leaving, setLeaving] = useState<LeavingCard[]>([]);
  const [status, setStatus] = useState<MatchStack["status"]>("loading");
  const [exhausted, setExhausted] = useState(false);
  const cardsRef = useRef(cards);
  cardsRef.current = cards;
  const swiped = useRef(new Set<number>());
  const inFlight = useRef(false);
  const alive = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const { clickid, country, region, city, premiumLevel, preferred_age: preferredAge } = member;

  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    return () => {
      alive.current = false;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const refill = useCallback(async () => {
    if (inFlight.current) return;
    if (!clickid) {
      // No click id: the dispenser cannot tell this member's swipes apart; logged, and the retry stays.
      reportClientError(CLIENT_LOG_SUBJECTS.missingTracker, "match");
      setStatus("failed");
      return;
    }
    inFlight.current = true;
    try {
      for (let page = 1; page <= MAX_PAGES_PER_REFILL; page++) {
        const json = {
          country: country as "it" | "es" | "en",
          page,
          region,
          city,
          premiumLevel,
          trackerId: clickid,
          preferred_age: preferredAge,
        };
        // The first stack may have come with the HTML's bootstrap, asked while the app loaded.
        const profiles = (page === 1 ? await bootMatch(json) : null) ?? (await askMatch(json));
        if (!alive.current) return;
        if (profiles.length === 0) {
          setExhausted(true);
          break;
        }
        const fresh = freshCards(
          profiles,
          cardsRef.current.map((c) => c.id),
          swiped.current,
        );
        if (fresh.length > 0) {
          // Checked again against the state of the moment: a swipe or another refill may have landed.
          setCards((held) => [
            ...held,
            ...freshCards(
              fresh,
              held.map((c) => c.id),
              swiped.current,
            ),
          ]);
          break;
        }
        if (page === MAX_PAGES_PER_REFILL) setExhausted(true);
      }
      if (alive.current) setStatus("ready");
    } catch (error) {
      // Logged without a message to the member, who gets a retry.
      reportClientError(
        CLIENT_LOG_SUBJECTS.dispenserMatch,
        error instanceof Error ? error.message : "dispenser/match failed",
      );
      if (alive.current) setStatus("failed");
    } finally {
      inFlight.current = false;
    }
  }, [clickid, country, region, city, premiumLevel, preferredAge]);

  useEffect(() => {
    if (status === "failed" || exhausted || cards.length >= REFILL_BELOW) return;
    void refill();
  }, [cards.length, status, exhausted, refill]);

  const remove = useCallback((card: AngelCard, direction: SwipeDirection) => {
    swiped.current.add(card.id);
    setCards((held) => held.filter((c) => c.id !== card.id));
    setLeaving((list) => [{ card, direction }, ...list.filter((l) => l.card.id !== card.id)]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeaving((list) => list.filter((l) => l.card.id !== card.id));
    }, SWIPE_OUT_MS);
    timers.current.add(timer);
  }, []);

  const restore = useCallback((card: AngelCard) => {
    swiped.current.delete(card.id);
    setLeaving((list) => list.filter((l) => l.card.id !== card.id));
    setCards((held) => [card, ...held.filter((c) => c.id !== card.id)]);
  }, []);

  const retry = useCallback(() => {
    setExhausted(false);
    setStatus("loading");
  }, []);

  return { cards, leaving, status, exhausted, remove, restore, retry };
}
