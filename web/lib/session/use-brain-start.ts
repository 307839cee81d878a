import { useEffect } from "react";
import { store } from "../storage";
import { useSession } from "./session";

/**
 * The spec's brain event, once per page session after clickid (the room sends it after its hello), from
 * the member's pages (not the operator console).
 */
export function useBrainStart() {
  const { state, room } = useSession();
  const member = state.status === "member" ? state.member : null;
  useEffect(() => {
    if (!room || !member) return;
    room.startBrain({
      trackerId: member.clickid,
      tipologia: "web",
      country: member.country,
      domain: location.host,
      landedTime: store.get("landedTime") ?? undefined,
      fluxid: member.fluxId,
      premiumLevel: member.premiumLevel,
      region: member.region,
      provenienza_richiesta: location.pathname,
      servizio: location.host,
    });
    // The room sends it once: later changes of the member (credits, region) send nothing.
  }, [room, member]);
}
