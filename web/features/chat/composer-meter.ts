// What the composer shows beside the send button, from the same gate the room decides with: the member's
// balance, what the message being written will cost, and a warning when it is the last one the balance pays
// for (a free member's last free message) or when nothing pays for it (it waits for a plan).
import { type GateBalances, gateDecision } from "../../../worker/contracts/message-gate";

export interface ComposerMeter {
  /** A paid member (premium level above 0): each message costs valoreMessaggio credits. */
  paid: boolean;
  /** Message credits; icebreaker credits only where they pay (a free member's first message to an angel). */
  credits: number;
  icebreakers: number | null;
  /** free: the member's very first message; icebreaker: one first-message credit; credits: `cost` credits. */
  price: { kind: "free" } | { kind: "icebreaker" } | { kind: "credits"; cost: number } | { kind: "none" };
  /**
   * last: after this message the next one in this conversation is not paid for (a free member's last free
   * message, or a paid member's last paid one); out: nothing pays for this one (sending opens the plans).
   */
  warning: "last" | "out" | null;
}

/**
 * The meter for the next message of a conversation: `icebreaker` when it opens the conversation, `firstEver`
 * when the member has never written (free for a free member).
 */
export function composerMeter(
  balances: GateBalances,
  context: { icebreaker: boolean; firstEver: boolean },
): ComposerMeter {
  const free = balances.premiumLevel === 0;
  const icebreakers = free && context.icebreaker ? balances.creditiIcebreaker : null;
  const decision = gateDecision(balances, context);
  const base = { paid: !free, credits: balances.creditiMessaggi, icebreakers };
  if (!decision.allowed) return { ...base, price: { kind: "none" }, warning: "out" };
  const price: ComposerMeter["price"] =
    decision.balance === null
      ? { kind: "free" }
      : decision.balance === "icebreaker"
        ? { kind: "icebreaker" }
        : { kind: "credits", cost: decision.cost };
  // The balances once this message has gone, and the conversation's next message (no longer its first).
  const after: GateBalances = {
    ...balances,
    creditiMessaggi: balances.creditiMessaggi - (decision.balance === "messaggi" ? decision.cost : 0),
    creditiIcebreaker: balances.creditiIcebreaker - (decision.balance === "icebreaker" ? decision.cost : 0),
  };
  const next = gateDecision(after, { icebreaker: false, firstEver: false });
  return { ...base, price, warning: next.allowed ? null : "last" };
}
