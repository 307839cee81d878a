import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import type { ChatMessage } from "../contracts/chat";
import type { Db } from "../core/db";
import { type GateDecision, gateDecision } from "./message-gate";

type MessageRow = typeof messages.$inferSelect;

export function toChatMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    msg: m.msg,
    angelId: m.angelId,
    time: m.time.toISOString(),
    type: m.type,
    letto: m.letto,
    blurredMessage: m.blurred,
    idNotifica: m.idNotifica,
    clientId: m.clientId,
  };
}

export interface Balances {
  creditiMessaggi: number;
  creditiIcebreaker: number;
}

export type SendResult =
  | { ok: true; message: ChatMessage; balances: Balances; duplicate: boolean }
  | { ok: false; reason: "unknown_account" | "unknown_angel" }
  | { ok: false; reason: "refused"; decision: Extract<GateDecision, { allowed: false }>; balances: Balances };

/**
 * Sends a member's message through the credit gate. The account row is locked for the transaction, so two
 * concurrent sends of the last credit cannot both pass; the spend, its ledger row and the message are
 * written together. A resent clientId returns the stored message and spends nothing.
 */
/** A message the member wrote, stored now (read by definition); `clientId` makes a resend a no-op. */
export async function insertMemberMessage(
  db: Db,
  accountId: number,
  input: { angelId: number; msg: string; clientId: string },
): Promise<MessageRow> {
  const [message] = await db
    .insert(messages)
    .values({
      accountId,
      angelId: input.angelId,
      type: "personal",
      msg: input.msg,
      time: new Date(),
      letto: true,
      clientId: input.clientId,
    })
    .returning();
  if (!message) throw new Error("insert returned no message");
  return message;
}

export async function sendMemberMessage(
  db: Db,
  input: { clickid: string; angelId: number; msg: string; clientId: string },
): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.clickid, input.clickid))
      .for("update");
    if (!account || account.disabled) return { ok: false, reason: "unknown_account" } as const;
    const balances = {
      creditiMessaggi: account.creditiMessaggi,
      creditiIcebreaker: account.creditiIcebreaker,
    };
    const [resent] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, account.id), eq(messages.clientId, input.clientId)));
    if (resent) return { ok: true, message: toChatMessage(resent), balances, duplicate: true } as const;
    const [angel] = await tx.select({ id: angels.id }).from(angels).where(eq(angels.id, input.angelId));
    if (!angel) return { ok: false, reason: "unknown_angel" } as const;

    const [history] = await tx
      .select({
        conversation: sql<number>`count(*) filter (where ${messages.angelId} = ${input.angelId} and ${messages.type} <> 'like')`,
        sentEver: sql<number>`count(*) filter (where ${messages.type} = 'personal')`,
      })
      .from(messages)
      .where(eq(messages.accountId, account.id));
    const decision = gateDecision(account, {
      icebreaker: Number(history?.conversation ?? 0) === 0,
      firstEver: Number(history?.sentEver ?? 0) === 0,
    });
    if (!decision.allowed) {
      // The spec keeps the refused message as the pending one, sent after a purchase.
      await tx
        .update(accounts)
        .set({ messaggioPending: { msg: input.msg, angelId: input.angelId } })
        .where(eq(accounts.id, account.id));
      return { ok: false, reason: "refused", decision, balances } as const;
    }

    const message = await insertMemberMessage(tx, account.id, input);
    if (decision.balance && decision.cost > 0) {
      const column = decision.balance === "messaggi" ? accounts.creditiMessaggi : accounts.creditiIcebreaker;
      const key = decision.balance === "messaggi" ? "creditiMessaggi" : "creditiIcebreaker";
      const [after] = await tx
        .update(accounts)
        .set({ [key]: sql`${column} - ${decision.cost}` })
        .where(eq(accounts.id, account.id))
        .returning({
          creditiMessaggi: accounts.creditiMessaggi,
          creditiIcebreaker: accounts.creditiIcebreaker,
        });
      if (!after) throw new Error("account vanished during a send");
      await tx.insert(creditLedger).values({
        accountId: account.id,
        balance: decision.balance,
        delta: -decision.cost,
        balanceAfter: after[key],
        reason: "message",
        reference: `message:${message.id}`,
      });
      return { ok: true, message: toChatMessage(message), balances: after, duplicate: false } as const;
    }
    return { ok: true, message: toChatMessage(message), balances, duplicate: false } as const;
  });
}

/** Stores an angel's reply now, with the future time at which it may be seen. */
export async function storeAngelMessage(
  db: Db,
  input: { clickid: string; angelId: number; msg: string; time: Date; provider: string },
): Promise<ChatMessage | null> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.clickid, input.clickid));
  if (!account) return null;
  const [row] = await db
    .insert(messages)
    .values({
      accountId: account.id,
      angelId: input.angelId,
      type: "angel",
      msg: input.msg,
      time: input.time,
      provider: input.provider,
    })
    .returning();
  return row ? toChatMessage(row) : null;
}

/** A stored message by id, for delivery by the room once its time has come. */
export async function messageById(db: Db, id: number): Promise<ChatMessage | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ? toChatMessage(row) : null;
}

/** The visible messages of one conversation: never those whose time is still in the future. */
export async function conversation(db: Db, accountId: number, angelId: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.accountId, accountId), eq(messages.angelId, angelId), lte(messages.time, sql`now()`)),
    )
    .orderBy(asc(messages.time), asc(messages.id));
  return rows.map(toChatMessage);
}

/** Visible messages newer than `since` (ms), for a client that reconnects. */
export async function messagesSince(db: Db, clickid: string, since: number): Promise<ChatMessage[]> {
  const rows = await db
    .select({ m: messages })
    .from(messages)
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .where(
      and(
        eq(accounts.clickid, clickid),
        sql`${messages.time} > ${new Date(since).toISOString()}::timestamptz`,
        lte(messages.time, sql`now()`),
      ),
    )
    .orderBy(asc(messages.time), asc(messages.id))
    .limit(500);
  return rows.map((r) => toChatMessage(r.m));
}

/** The member's conversations, newest first, with the last visible message of each. */
export async function conversations(db: Db, accountId: number) {
  const rows = await db
    .selectDistinctOn([messages.angelId], {
      angelId: messages.angelId,
      msg: messages.msg,
      time: messages.time,
      type: messages.type,
      screenName: angels.screenName,
      unread: sql<number>`(select count(*) from ${messages} u where u.account_id = ${accountId} and u.angel_id = ${messages.angelId} and not u.letto and u.time <= now())`,
    })
    .from(messages)
    .innerJoin(angels, eq(angels.id, messages.angelId))
    .where(and(eq(messages.accountId, accountId), lte(messages.time, sql`now()`)))
    .orderBy(messages.angelId, desc(messages.time));
  return rows
    .map((r) => ({ ...r, time: r.time.toISOString(), unread: Number(r.unread) }))
    .sort((a, b) => b.time.localeCompare(a.time));
}

/** What the room needs to answer a member: the brand (for the language) and the flow. */
export async function replyContext(db: Db, clickid: string) {
  const [row] = await db
    .select({ brandId: accounts.brandId, fluxId: accounts.fluxId, username: accounts.username })
    .from(accounts)
    .where(eq(accounts.clickid, clickid));
  return row ?? null;
}
