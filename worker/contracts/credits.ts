// The balances a member sees, in one shape for every answer and socket event that carries them.
import { z } from "zod";

/** A credit count: an integer that never goes below zero (the database checks it too). */
const Credits = z.number().int().min(0);

/** The spec's message balances: creditiMessaggi (paid messages) and creditiIcebreaker (first messages). */
export const Balances = z.object({ creditiMessaggi: Credits, creditiIcebreaker: Credits });
export type Balances = z.infer<typeof Balances>;

/** The wire's balances from the code's names (an account row's properties). */
export const toBalances = (credits: { messageCredits: number; icebreakerCredits: number }): Balances => ({
  creditiMessaggi: credits.messageCredits,
  creditiIcebreaker: credits.icebreakerCredits,
});

/**
 * Where a grant left the member's balances among their changes (accounts.balance_seq, counted by a trigger),
 * with the pending message as the grant found it: the member's room shows these without reading them again
 * when nothing of its own was written after them.
 */
export type GrantWritten = { balanceSeq: number; pending: unknown };

/** A member's balances after a purchase, a renewal or a refund, as the member's room is told of them. */
export type PurchaseBalances = Balances & { premiumLevel: number; written?: GrantWritten };

/** The spec's premium levels: 0 free, 1 and 2 paid. */
export const PremiumLevel = z.number().int().min(0).max(2);

/** Everything the credit bars and the gates read: the balances, like credits, the level and a message's price. */
export const MemberCredits = /* @__PURE__ */ Balances.extend({
  creditiLike: z.number().int(),
  premiumLevel: PremiumLevel,
  valoreMessaggio: z.number().int().min(0),
});
export type MemberCredits = z.infer<typeof MemberCredits>;
