import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { AngelCard } from "../../worker/contracts/discovery";
import { api, okJson } from "./api";
import { useSession } from "./session/session";

interface AngelCardParams {
  angelId: number;
  country: string;
  /** The member's cerco: the dispenser answers only for an angel of that gender. */
  seeking: "uomo" | "donna";
}

/** The gender a member looks for, as the dispenser's path spells it. */
export const seekingOf = (member: { cerco: string }): "uomo" | "donna" =>
  member.cerco === "uomo" ? "uomo" : "donna";

/** An angel id as a page address gives it: only a whole number from 1 names an angel. */
export const isAngelId = (angelId: number) => Number.isInteger(angelId) && angelId >= 1;

/**
 * The dispenser's card of one angel (GET /dispenser/{angelId}/{country}/{cerco}): null when the dispenser
 * answers with no angel (another country's, another gender's, an unknown id). A card does not change while
 * a member browses, so the chat, the profile and the notification popups share it for five minutes.
 */
export const angelCardQuery = (params: AngelCardParams | null) =>
  queryOptions({
    queryKey: ["angel-card", params],
    queryFn: params
      ? async (): Promise<AngelCard | null> => {
          const { angelId, country, seeking } = params;
          const response = await api.dispenser[":angelId"][":country"][":cerco"].$get({
            param: { angelId: String(angelId), country, cerco: seeking },
          });
          const cards = await okJson(response);
          return cards[0] ?? null;
        }
      : skipToken,
    staleTime: 5 * 60_000,
  });

export interface AngelCardState {
  /** The card, once loaded. */
  angel: AngelCard | null;
  /** No such angel for this member: not an angel id, an empty answer, or the dispenser failed. */
  missing: boolean;
}

/** One angel's card for the signed-in member (nothing is asked for a visitor). */
export function useAngelCard(angelId: number): AngelCardState {
  const { state } = useSession();
  const member = state.status === "member" ? state.member : null;
  const valid = isAngelId(angelId);
  const card = useQuery(
    angelCardQuery(member && valid ? { angelId, country: member.country, seeking: seekingOf(member) } : null),
  );
  return {
    angel: card.data ?? null,
    missing: member !== null && (!valid || card.data === null || card.isError),
  };
}
