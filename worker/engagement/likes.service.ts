// The member's side: likes (like event, right swipe, invite), dislikes and invites. Like credits change only
// inside a transaction that locks the account row and writes the ledger row.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import { dislikes, invites, likes } from "../../drizzle/schema/engagement";
import { insertMemberMessage, toChatMessage } from "../chat/chat.service";
import { type ChatMessage, CLIENT_ID_CONFLICT, mayEmit } from "../contracts/chat";
import type { LikeAck } from "../contracts/engagement";
import type { Db } from "../core/db";
import { loadFlow } from "../core/flows";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type AccountRow = typeof accounts.$inferSelect;
export type LikeVia = LikeAck["via"];

/** The member's row, locked until the transaction ends: two likes of the last credit run one after the other. */
async function lockAccount(tx: Tx, clickid: string): Promise<AccountRow | null> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.clickid, clickid)).for("update");
  return account && !account.disabled ? account : null;
}

async function angelExists(tx: Tx, angelId: number): Promise<boolean> {
  const [angel] = await tx.select({ id: angels.id }).from(angels).where(eq(angels.id, angelId));
  return Boolean(angel);
}

/**
 * The like rules on a locked account: a like already given is answered as sent and spends nothing; a free
 * member (premiumLevel 0) with creditiLike at 0 or less is refused with the file_like hook; otherwise the
 * like is stored and a free member spends one like credit, with its ledger row.
 */
async function likeWithin(
  tx: Tx,
  account: AccountRow,
  angelId: number,
  via: LikeVia,
): Promise<{ ack: LikeAck; created: boolean }> {
  const base = { angelId, premiumLevel: account.premiumLevel, via };
  const sent = (likeCredits: number, alreadyLiked: boolean): LikeAck => ({
    ...base,
    status: "sent",
    messageKey: "mi_piace_inviato",
    hook: null,
    creditiLike: likeCredits,
    alreadyLiked,
  });
  const [existing] = await tx
    .select({ id: likes.id })
    .from(likes)
    .where(and(eq(likes.accountId, account.id), eq(likes.angelId, angelId), eq(likes.fromAngel, false)));
  if (existing) return { ack: sent(account.likeCredits, true), created: false };
  const free = account.premiumLevel === 0;
  if (free && account.likeCredits <= 0) {
    const ack: LikeAck = {
      ...base,
      status: "refused",
      messageKey: null,
      hook: "file_like",
      creditiLike: account.likeCredits,
      alreadyLiked: false,
    };
    return { ack, created: false };
  }
  const [like] = await tx
    .insert(likes)
    .values({ accountId: account.id, angelId, fromAngel: false, source: via })
    .onConflictDoNothing()
    .returning({ id: likes.id });
  // Only possible if a like was written without the account lock; it is there, so it counts as given.
  if (!like) return { ack: sent(account.likeCredits, true), created: false };
  if (!free) return { ack: sent(account.likeCredits, false), created: true };
  const [after] = await tx
    .update(accounts)
    .set({ likeCredits: sql`${accounts.likeCredits} - 1` })
    .where(and(eq(accounts.id, account.id), gt(accounts.likeCredits, 0)))
    .returning({ likeCredits: accounts.likeCredits });
  if (!after) throw new Error("like credit vanished under the account lock");
  await tx.insert(creditLedger).values({
    accountId: account.id,
    balance: "like",
    delta: -1,
    balanceAfter: after.likeCredits,
    reason: "like",
    reference: `like:${like.id}`,
  });
  return { ack: sent(after.likeCredits, false), created: true };
}

export type LikeResult =
  | { ok: true; ack: LikeAck; created: boolean }
  | { ok: false; reason: "unknown_account" | "unknown_angel" | "unverified" };

/**
 * A like from the like event or a right swipe. `created` is true when a new like was stored. The spec:
 * unverified members (no phone verification) cannot emit like events.
 */
export function likeAngel(
  db: Db,
  input: { clickid: string; angelId: number; via: Exclude<LikeVia, "invite"> },
): Promise<LikeResult> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.clickid);
    if (!account) return { ok: false, reason: "unknown_account" } as const;
    if (!mayEmit(account)) return { ok: false, reason: "unverified" } as const;
    if (!(await angelExists(tx, input.angelId))) return { ok: false, reason: "unknown_angel" } as const;
    return { ok: true, ...(await likeWithin(tx, account, input.angelId, input.via)) } as const;
  });
}

/** A left swipe: remembered once per member and angel, so the match stack can leave the angel out. */
export async function recordDislike(
  db: Db,
  input: { clickid: string; angelId: number; mongoId?: string },
): Promise<{ ok: true } | { ok: false; reason: "unknown_account" | "unknown_angel" }> {
  const [account] = await db
    .select({ id: accounts.id, disabled: accounts.disabled })
    .from(accounts)
    .where(eq(accounts.clickid, input.clickid));
  if (!account || account.disabled) return { ok: false, reason: "unknown_account" };
  const [angel] = await db.select({ id: angels.id }).from(angels).where(eq(angels.id, input.angelId));
  if (!angel) return { ok: false, reason: "unknown_angel" };
  await db
    .insert(dislikes)
    .values({ accountId: account.id, angelId: input.angelId, mongoId: input.mongoId ?? null })
    .onConflictDoNothing();
  return { ok: true };
}

export type InviteResult =
  | { ok: true; message: ChatMessage; like: LikeAck | null; created: boolean }
  | { ok: false; reason: "refused"; like: LikeAck }
  | {
      ok: false;
      reason:
        | "unknown_account"
        | "unknown_angel"
        | "unverified"
        | "invites_disabled"
        | "conversation_exists"
        | typeof CLIENT_ID_CONFLICT;
    };

/**
 * An invitation (flows with messaggi_inviti): stored as the member's first message to the angel and
 * counted as a like, all in one transaction. It follows the like rules (a free member without like credits
 * gets file_like and nothing is stored); the message itself spends no message credit, because the chat
 * stays locked until the angel accepts. A resent clientId, or a second invite to the same angel, returns
 * the stored invite. An angel the member already writes to cannot be invited (conversation_exists).
 */
export async function sendInvite(
  db: Db,
  input: { clickid: string; angelId: number; msg: string; clientId: string },
): Promise<InviteResult> {
  const [owner] = await db
    .select({ fluxId: accounts.fluxId })
    .from(accounts)
    .where(eq(accounts.clickid, input.clickid));
  if (!owner) return { ok: false, reason: "unknown_account" };
  const flow = await loadFlow(db, owner.fluxId);
  if (!flow.messaggi_inviti) return { ok: false, reason: "invites_disabled" };
  return db.transaction(async (tx): Promise<InviteResult> => {
    const account = await lockAccount(tx, input.clickid);
    if (!account) return { ok: false, reason: "unknown_account" };
    const [resent] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, account.id), eq(messages.clientId, input.clientId)));
    if (resent && (resent.angelId !== input.angelId || resent.msg !== input.msg)) {
      return { ok: false, reason: CLIENT_ID_CONFLICT };
    }
    if (resent) return { ok: true, message: toChatMessage(resent), like: null, created: false };
    // An invite is a like and a message: an unverified member can send neither.
    if (!mayEmit(account)) return { ok: false, reason: "unverified" };
    if (!(await angelExists(tx, input.angelId))) return { ok: false, reason: "unknown_angel" };
    const [earlier] = await tx
      .select({ message: messages })
      .from(invites)
      .innerJoin(messages, eq(messages.id, invites.messageId))
      .where(and(eq(invites.accountId, account.id), eq(invites.angelId, input.angelId)));
    if (earlier) return { ok: true, message: toChatMessage(earlier.message), like: null, created: false };
    const [talk] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.accountId, account.id),
          eq(messages.angelId, input.angelId),
          ne(messages.type, "like"),
        ),
      )
      .limit(1);
    if (talk) return { ok: false, reason: "conversation_exists" };

    const like = await likeWithin(tx, account, input.angelId, "invite");
    if (like.ack.status === "refused") return { ok: false, reason: "refused", like: like.ack };
    const message = await insertMemberMessage(tx, account.id, input);
    await tx.insert(invites).values({ accountId: account.id, angelId: input.angelId, messageId: message.id });
    return { ok: true, message: toChatMessage(message), like: like.ack, created: like.created };
  });
}
