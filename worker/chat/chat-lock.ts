// Who may write into a conversation (accounts-community.md, chat rules): unverified members cannot emit
// chat (or like) events, some angels are always locked, and on a flow with invitations a conversation
// the member opened with an invite stays locked until the angel accepts it (by liking the member back,
// worker/engagement/pressing.service.ts). The chat screen shows the same rules; these refuse on the server.
import { eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { CHAT_LOCKED, type ChatLock, LOCKED_ANGEL_IDS, mayEmit, UNVERIFIED } from "../contracts/chat";
import { DEFAULT_FLUX_ID } from "../contracts/flow";
import type { Db } from "../core/db";

/**
 * What a conversation's lock depends on, as columns of a select over `accounts` (so the chat send reads them
 * in the same statement as the account it locks): whether an invite to the angel was accepted (the like
 * back has happened), the type of the conversation's first visible message (likes aside), and whether the
 * member's flow uses invitations (the flow, or the default flow when it is unknown, as loadFlow does).
 */
export function lockFacts(angelId: number) {
  // Plain SQL names: in a one-table select Drizzle leaves columns unqualified, which would bind the
  // subqueries' `id` and `flux_id` to their own tables instead of the account.
  return {
    inviteAccepted: sql<boolean>`exists (select 1 from invites i where i.account_id = accounts.id
      and i.angel_id = ${angelId} and i.accepted_at <= now())`,
    firstType: sql<string | null>`(select m.type from messages m where m.account_id = accounts.id
      and m.angel_id = ${angelId} and m.type <> 'like' and m.time <= now() order by m.time, m.id limit 1)`,
    usesInvites: sql<boolean>`coalesce((select (f.config ->> 'messaggi_inviti')::boolean from flows f
      where f.flux_id in (accounts.flux_id, ${DEFAULT_FLUX_ID})
      order by f.flux_id = accounts.flux_id desc nulls last limit 1), false)`,
  };
}

export type LockFacts = { inviteAccepted: boolean; firstType: string | null; usesInvites: boolean };

/**
 * The conversation's lock: always for the locked angel ids; on a flow with messaggi_inviti, when the
 * first message (likes aside) is the member's own and no invite to the angel was accepted.
 */
export function lockOf(angelId: number, facts: LockFacts): ChatLock {
  if (LOCKED_ANGEL_IDS.includes(angelId)) return "angel";
  if (facts.inviteAccepted) return null;
  return facts.usesInvites && facts.firstType === "personal" ? "invite" : null;
}

/** The lock of one conversation and whether its invite was accepted (the conversation answer). */
export async function conversationLock(
  db: Db,
  account: { id: number },
  angelId: number,
): Promise<{ lock: ChatLock; inviteAccepted: boolean }> {
  const [facts] = await db.select(lockFacts(angelId)).from(accounts).where(eq(accounts.id, account.id));
  if (!facts) return { lock: null, inviteAccepted: false };
  return { lock: lockOf(angelId, facts), inviteAccepted: facts.inviteAccepted };
}

export type ChatRefusal = typeof UNVERIFIED | typeof CHAT_LOCKED;

/** Why a member's chat message is refused before the credit gate, or null when it may go on. */
export function chatRefusal(
  account: { verifiedUser: boolean },
  angelId: number,
  facts: LockFacts,
): ChatRefusal | null {
  if (!mayEmit(account)) return UNVERIFIED;
  return lockOf(angelId, facts) ? CHAT_LOCKED : null;
}
