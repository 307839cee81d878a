import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { brandOf } from "../brands/registry";
import type { PublicBrand } from "../contracts/brand";
import type { ChatMessage } from "../contracts/chat";
import type { Cursor } from "../contracts/cursor";
import type { Db } from "../core/db";
import { angelPhotoUrl } from "../photos/photos.service";
import { blurNewReply, canReadBlurred, type Reader } from "./blurred";
import { pressingOpener } from "./scripted-replies";

type MessageRow = typeof messages.$inferSelect;

/**
 * accounts.messaggio_pending: the message refused for credits, sent after a purchase. Its clientId is the
 * refused send's, so the send after the purchase and a resend by the client are stored once.
 */
export const PendingMessage = z.object({
  msg: z.string(),
  angelId: z.number(),
  clientId: z.string().optional(),
});
export type PendingMessage = z.infer<typeof PendingMessage>;

/**
 * A stored message as its reader may see it: a blurred message's text never leaves the server for a
 * reader who may not read it (`blurredMessage` true, empty `msg`); for one who may, it is a plain message.
 * Without a reader (the member's own messages) nothing is hidden.
 */
export function toChatMessage(m: MessageRow, reader?: Reader): ChatMessage {
  const hidden = m.blurred && reader !== undefined && !canReadBlurred(reader);
  return {
    id: m.id,
    msg: hidden ? "" : m.msg,
    angelId: m.angelId,
    time: m.time.toISOString(),
    type: m.type,
    letto: m.read,
    blurredMessage: hidden,
    idNotifica: m.notificationId,
    clientId: m.clientId,
  };
}

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
      read: true,
      clientId: input.clientId,
    })
    .returning();
  if (!message) throw new Error("insert returned no message");
  return message;
}

/**
 * Stores an angel's reply now, with the future time at which it may be seen. With a `clientId` (a step of
 * the room's queue that may run twice) a second call stores nothing and answers the stored message.
 */
export async function storeAngelMessage(
  db: Db,
  input: { clickid: string; angelId: number; msg: string; time: Date; provider: string; clientId?: string },
): Promise<ChatMessage | null> {
  const [account] = await db
    .select({ id: accounts.id, premiumLevel: accounts.premiumLevel, verifiedUser: accounts.verifiedUser })
    .from(accounts)
    .where(eq(accounts.clickid, input.clickid));
  if (!account) return null;
  const [earlier] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, account.id),
        eq(messages.angelId, input.angelId),
        eq(messages.type, "angel"),
      ),
    );
  const [row] = await db
    .insert(messages)
    .values({
      accountId: account.id,
      angelId: input.angelId,
      type: "angel",
      msg: input.msg,
      time: input.time,
      provider: input.provider,
      blurred: blurNewReply(account, Number(earlier?.n ?? 0)),
      clientId: input.clientId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return toChatMessage(row, account);
  if (!input.clientId) return null;
  const [stored] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, account.id), eq(messages.clientId, input.clientId)));
  return stored ? toChatMessage(stored, account) : null;
}

/**
 * A message of the brain's schedule: an opener of the brand's language, picked and stored once per step
 * (a step that runs twice picks the same line and stores nothing twice).
 */
export function pressingMessage(
  db: Db,
  input: {
    clickid: string;
    angelId: number;
    brandId: string;
    userName: string | null;
    stepId: string;
    time: Date;
  },
): Promise<ChatMessage | null> {
  return storeAngelMessage(db, {
    clickid: input.clickid,
    angelId: input.angelId,
    msg: pressingOpener(brandOf(input.brandId).public.language, input.stepId, input.userName),
    time: input.time,
    provider: "pressing",
    clientId: `brain-${input.stepId}`,
  });
}

const readerColumns = { premiumLevel: accounts.premiumLevel, verifiedUser: accounts.verifiedUser };

/** A stored message by id, for delivery by the room once its time has come, as its member may see it. */
export async function messageById(db: Db, id: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select({ m: messages, reader: readerColumns })
    .from(messages)
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .where(eq(messages.id, id));
  return row ? toChatMessage(row.m, row.reader) : null;
}

async function readerOf(db: Db, accountId: number): Promise<Reader> {
  const [reader] = await db.select(readerColumns).from(accounts).where(eq(accounts.id, accountId));
  // No account row: read as a free, unverified member (nothing blurred is shown).
  return reader ?? { premiumLevel: 0, verifiedUser: false };
}

/** The visible messages of one conversation: never those whose time is still in the future. */
export async function conversation(db: Db, accountId: number, angelId: number): Promise<ChatMessage[]> {
  const reader = await readerOf(db, accountId);
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.accountId, accountId), eq(messages.angelId, angelId), lte(messages.time, sql`now()`)),
    )
    .orderBy(asc(messages.time), asc(messages.id));
  return rows.map((m) => toChatMessage(m, reader));
}

/**
 * Visible messages after a cursor (time in ms, id), in the stream's order, for a client that reconnects.
 * Times compare at millisecond precision, the precision of the cursor.
 */
export async function messagesAfter(db: Db, clickid: string, after: Cursor): Promise<ChatMessage[]> {
  const time = sql`date_trunc('milliseconds', ${messages.time})`;
  const cursorTime = sql`${new Date(after.time).toISOString()}::timestamptz`;
  const rows = await db
    .select({ m: messages, reader: readerColumns })
    .from(messages)
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .where(
      and(
        eq(accounts.clickid, clickid),
        sql`(${time}, ${messages.id}) > (${cursorTime}, ${after.id})`,
        lte(messages.time, sql`now()`),
      ),
    )
    .orderBy(asc(messages.time), asc(messages.id))
    .limit(500);
  return rows.map((r) => toChatMessage(r.m, r.reader));
}

/**
 * The member's client showed an angel message in the open chat: it is read. Only the member's own,
 * already visible angel messages change; answers whether one did.
 */
export async function markMessageRead(db: Db, clickid: string, id: number): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.read, false),
        sql`${messages.type} not in ('personal', 'like')`,
        lte(messages.time, sql`now()`),
        sql`${messages.accountId} = (select ${accounts.id} from ${accounts} where ${accounts.clickid} = ${clickid})`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** Opening a conversation reads it: its visible angel messages stop counting as unread. */
export async function markConversationRead(db: Db, accountId: number, angelId: number) {
  await db
    .update(messages)
    .set({ read: true })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.angelId, angelId),
        eq(messages.read, false),
        lte(messages.time, sql`now()`),
      ),
    );
}

/** The member's conversations, newest first, with the last visible message of each and the angel's photo. */
export async function conversations(db: Db, brand: PublicBrand, accountId: number) {
  const readable = canReadBlurred(await readerOf(db, accountId));
  const rows = await db
    .selectDistinctOn([messages.angelId], {
      angelId: messages.angelId,
      msg: messages.msg,
      time: messages.time,
      type: messages.type,
      blurred: messages.blurred,
      screenName: angels.screenName,
      angelCountry: angels.country,
      unread: sql<number>`(select count(*) from ${messages} u where u.account_id = ${accountId} and u.angel_id = ${messages.angelId} and not u.letto and u.time <= now())`,
    })
    .from(messages)
    .innerJoin(angels, eq(angels.id, messages.angelId))
    .where(and(eq(messages.accountId, accountId), lte(messages.time, sql`now()`)))
    .orderBy(messages.angelId, desc(messages.time));
  return rows
    .map(({ angelCountry, blurred, ...r }) => ({
      ...r,
      // The preview of a blurred reply the member may not read carries no text either.
      msg: blurred && !readable ? "" : r.msg,
      blurredMessage: blurred && !readable,
      time: r.time.toISOString(),
      unread: Number(r.unread),
      default_photo: angelPhotoUrl(brand, angelCountry, r.angelId),
    }))
    .sort((a, b) => b.time.localeCompare(a.time));
}

/** What the room needs to answer a member: the brand (for the language), the flow and the premium level. */
export async function replyContext(db: Db, clickid: string) {
  const [row] = await db
    .select({
      accountId: accounts.id,
      brandId: accounts.brandId,
      fluxId: accounts.fluxId,
      username: accounts.username,
      premiumLevel: accounts.premiumLevel,
    })
    .from(accounts)
    .where(eq(accounts.clickid, clickid));
  return row ?? null;
}

/** The member's message refused for credits and kept for after a purchase, if any. */
export async function pendingMessageOf(db: Db, clickid: string): Promise<PendingMessage | null> {
  const [row] = await db
    .select({ pending: accounts.pendingMessage })
    .from(accounts)
    .where(eq(accounts.clickid, clickid));
  const parsed = PendingMessage.safeParse(row?.pending);
  return parsed.success ? parsed.data : null;
}

/** The angel's phone number as stored, if any. */
export async function angelPhoneOf(db: Db, angelId: number): Promise<string | null> {
  const [angel] = await db.select({ phone: angels.phone }).from(angels).where(eq(angels.id, angelId));
  return angel?.phone ?? null;
}

/** The member has written a message of their own already (their first one is free). */
export async function sentPersonalMessage(db: Db, accountId: number): Promise<boolean> {
  const [sent] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.type, "personal")))
    .limit(1);
  return sent !== undefined;
}
