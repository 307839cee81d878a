// The message gate (the spec's send permission): the room decides every message with it, and the chat page
// shows with it what the next message costs before the member sends it.
import type { MemberCredits } from "./credits";

/** What a member's balances allow for one message (the spec's send permission, both documents). */
export type GateBalances = Omit<MemberCredits, "creditiLike">;

export type GateDecision =
  | { allowed: true; balance: "messaggi" | "icebreaker" | null; cost: number }
  | { allowed: false; event: "ko_icebreaker" | "ko_msg"; hook: "fine_crediti" };

/**
 * Free member: the very first message is free; an icebreaker (first message of a conversation, or one with
 * only likes before it) spends an icebreaker credit, else a message credit; other messages spend a message
 * credit. Paid member: each message spends valoreMessaggio message credits.
 */
export function gateDecision(
  b: GateBalances,
  ctx: { icebreaker: boolean; firstEver: boolean },
): GateDecision {
  const refuse = (): GateDecision => ({
    allowed: false,
    event: ctx.icebreaker ? "ko_icebreaker" : "ko_msg",
    hook: "fine_crediti",
  });
  if (b.premiumLevel > 0) {
    return b.creditiMessaggi >= b.valoreMessaggio
      ? { allowed: true, balance: "messaggi", cost: b.valoreMessaggio }
      : refuse();
  }
  if (ctx.firstEver) return { allowed: true, balance: null, cost: 0 };
  if (ctx.icebreaker && b.creditiIcebreaker > 0) return { allowed: true, balance: "icebreaker", cost: 1 };
  if (b.creditiMessaggi > 0) return { allowed: true, balance: "messaggi", cost: 1 };
  return refuse();
}
