import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { angels } from "../../drizzle/schema/angels";
import { messages } from "../../drizzle/schema/chat";
import { brandOf } from "../brands/registry";
import type { PublicBrand } from "../contracts/brand";
import type { ChatMessage } from "../contracts/chat";
import type { Balances } from "../contracts/credits";
import type { Cursor } from "../contracts/realtime";
import { type Db, pgCode } from "../core/db";
import { stableHash } from "../core/hash";
import { angelPhotoUrl } from "../photos/photos.service";
import { blurNewReply, canReadBlurred, type Reader } from "./blurred";
import { type ChatRefusal, chatRefusal, lockFacts } from "./chat-lock";
import { type GateDecision, gateDecision } from "./message-gate";
import { replyBank } from "./reply-bank";

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
    letto: m.letto,
    blurredMessage: hidden,
    idNotifica: m.idNotifica,
    clientId: m.clientId,
  };
}

export type SendResult =
  | { ok: true; message: ChatMessage; balances: Balances; duplicate: boolean }
  | { ok: false; reason: "unknown_account" | "unknown_angel" | ChatRefusal }
  | { ok: false; reason: "refused"; decision: Extract<GateDecision, { allowed: false }>; balances: Balances };

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

/**
 * Sends a member's message through the credit gate in two statements, each one HTTP round trip (no
 * Postgres session to open, no lock held across round trips): the first reads the account and everything
 * the rules ask about the conversation; the gate decides in code; the second spends, stores the message and
 * writes the ledger row, but only if the account row is still the version that was read. Every send
 * updates the account row (a free message too), so of two concurrent sends the second finds a new version,
 * changes nothing and is decided again: two sends of the last credit cannot both pass, and credits never go
 * below zero. A resent clientId returns the stored message and spends nothing.
 *
 * With the room's `memory` of its last send, a message into a conversation that was already started and
 * open skips the read: those facts never turn back, and the account's are exactly the remembered ones as
 * long as the row's version is (anything else is a conflict, and the full path runs).
 */
export async function sendMemberMessage(
  db: Db,
  input: SendInput,
  memory: SendMemory = { last: null },
): Promise<SendResult> {
  const last = memory.last;
  if (last?.clickid === input.clickid && last.open.includes(input.angelId)) {
    const fast = await decideAndWrite(
      db,
      input,
      memory,
      last,
      { icebreaker: false, firstEver: false },
      false,
    );
    if (fast !== "changed" && !("refused" in fast)) return fast;
  }
  for (let attempt = 1; ; attempt++) {
    const result = await trySend(db, input, memory);
    if (result !== "changed") return result;
    // Another send of this member won the race: decide again on the new balances.
    if (attempt === MAX_SEND_ATTEMPTS) throw new Error("account changed on every send attempt");
  }
}

const MAX_SEND_ATTEMPTS = 5;

type SendInput = { clickid: string; angelId: number; msg: string; clientId: string };

/** The gate's view of the account at one version of its row. */
type AccountState = {
  clickid: string;
  accountId: number;
  version: string;
  premiumLevel: number;
  valoreMessaggio: number;
  creditiMessaggi: number;
  creditiIcebreaker: number;
  messaggioPending: unknown;
};

/** Kept by the member's room between sends; `open`: angels whose conversation is started and unlocked. */
export type SendMemory = { last: (AccountState & { open: number[] }) | null };

async function trySend(db: Db, input: SendInput, memory: SendMemory): Promise<SendResult | "changed"> {
  const [row] = await db
    .select({
      account: accounts,
      // The row version the write is conditional on (xmin changes with every update of the row).
      version: sql<string>`accounts.xmin::text`,
      // Plain SQL names for the same reason as in lockFacts.
      resentId: sql<string | null>`(select m.id from messages m
        where m.account_id = accounts.id and m.client_id = ${input.clientId})`,
      angelExists: sql<boolean>`exists (select 1 from angels a where a.id = ${input.angelId})`,
      // The spec's icebreaker: no message in the conversation yet, or only likes.
      conversationStarted: sql<boolean>`exists (select 1 from messages m where m.account_id = accounts.id
        and m.angel_id = ${input.angelId} and m.type <> 'like')`,
      sentBefore: sql<boolean>`exists (select 1 from messages m where m.account_id = accounts.id
        and m.type = 'personal')`,
      ...lockFacts(input.angelId),
    })
    .from(accounts)
    .where(eq(accounts.clickid, input.clickid));
  const account = row?.account;
  memory.last = null;
  if (!row || !account || account.disabled) return { ok: false, reason: "unknown_account" };
  const balances = { creditiMessaggi: account.creditiMessaggi, creditiIcebreaker: account.creditiIcebreaker };
  if (row.resentId !== null) {
    const [resent] = await db
      .select()
      .from(messages)
      .where(eq(messages.id, Number(row.resentId)));
    if (resent) return { ok: true, message: toChatMessage(resent), balances, duplicate: true };
  }
  // Unverified members and locked conversations are refused before any credit is looked at.
  const refusal = chatRefusal(account, input.angelId, row);
  if (refusal) return { ok: false, reason: refusal };
  if (!row.angelExists) return { ok: false, reason: "unknown_angel" };

  const state: AccountState = {
    ...account,
    clickid: input.clickid,
    accountId: account.id,
    version: row.version,
  };
  const context = { icebreaker: !row.conversationStarted, firstEver: !row.sentBefore };
  // A conversation started before this message stays open: its first message and an acceptance are fixed.
  const result = await decideAndWrite(db, input, memory, state, context, row.conversationStarted);
  if (result === "changed" || !("refused" in result)) return result;
  // The spec keeps the refused message as the pending one, sent after a purchase, and the refusal is one
  // of its KPI events (ko_icebreaker or ko_msg), recorded here where it is decided.
  const pending: PendingMessage = { msg: input.msg, angelId: input.angelId, clientId: input.clientId };
  await db.execute(sql`
    with pending as (
      update accounts set messaggio_pending = ${JSON.stringify(pending)}::jsonb where id = ${account.id}
    )
    insert into events (account_id, type, angel_id) values (${account.id}, ${result.refused.event}, ${input.angelId})`);
  return { ok: false, reason: "refused", decision: result.refused, balances };
}

/**
 * The gate's decision on `state`, and the conditional write when it allows the message. Remembers the
 * account's new version for the next send; forgets it when the row has moved on ("changed").
 */
async function decideAndWrite(
  db: Db,
  input: SendInput,
  memory: SendMemory,
  state: AccountState & { open?: number[] },
  context: { icebreaker: boolean; firstEver: boolean },
  staysOpen: boolean,
): Promise<SendResult | "changed" | { refused: Extract<GateDecision, { allowed: false }> }> {
  const decision = gateDecision(state, context);
  if (!decision.allowed) return { refused: decision };
  // A message sent to the angel of the pending one replaces it (the member sent it again by hand).
  const pending = PendingMessage.safeParse(state.messaggioPending);
  const clearsPending = pending.success && pending.data.angelId === input.angelId;
  const cost = decision.balance ? decision.cost : 0;
  const spendMessaggi = decision.balance === "messaggi" ? cost : 0;
  const spendIcebreaker = decision.balance === "icebreaker" ? cost : 0;
  const write = db.execute<SpendRow>(sql`
    with spend as (
      update accounts set
        crediti_messaggi = crediti_messaggi - ${spendMessaggi},
        crediti_icebreaker = crediti_icebreaker - ${spendIcebreaker},
        messaggio_pending = case when ${clearsPending} then null else messaggio_pending end
      where id = ${state.accountId} and xmin::text = ${state.version}
        and crediti_messaggi >= ${spendMessaggi} and crediti_icebreaker >= ${spendIcebreaker}
      returning crediti_messaggi, crediti_icebreaker, xmin::text as version
    ), stored as (
      insert into messages (account_id, angel_id, type, msg, time, letto, client_id)
      select ${state.accountId}, ${input.angelId}, 'personal', ${input.msg}, now(), true, ${input.clientId}
      from spend
      returning id, time
    ), ledger as (
      insert into credit_ledger (account_id, balance, delta, balance_after, reason, reference)
      select ${state.accountId}, ${decision.balance}, ${-cost},
        case when ${decision.balance} = 'messaggi' then spend.crediti_messaggi else spend.crediti_icebreaker end,
        'message', 'message:' || stored.id
      from spend, stored where ${cost} > 0
    )
    select stored.id::text as id, stored.time as time, spend.crediti_messaggi, spend.crediti_icebreaker,
      spend.version
    from spend, stored`);
  // The same clientId stored meanwhile by a concurrent resend: nothing was spent; the next attempt finds it.
  const rows = await write.then(
    (r) => r.rows,
    (error: unknown) => {
      if (pgCode(error) === "23505") return [];
      throw error;
    },
  );
  const [spent] = rows;
  if (!spent) {
    memory.last = null;
    return "changed";
  }
  const open = new Set(state.open ?? []);
  if (staysOpen) open.add(input.angelId);
  memory.last = {
    clickid: state.clickid,
    accountId: state.accountId,
    version: spent.version,
    premiumLevel: state.premiumLevel,
    valoreMessaggio: state.valoreMessaggio,
    creditiMessaggi: spent.crediti_messaggi,
    creditiIcebreaker: spent.crediti_icebreaker,
    messaggioPending: clearsPending ? null : state.messaggioPending,
    open: [...open],
  };
  return {
    ok: true,
    message: {
      id: Number(spent.id),
      msg: input.msg,
      angelId: input.angelId,
      time: new Date(spent.time).toISOString(),
      type: "personal",
      letto: true,
      blurredMessage: false,
      idNotifica: null,
      clientId: input.clientId,
    },
    balances: { creditiMessaggi: spent.crediti_messaggi, creditiIcebreaker: spent.crediti_icebreaker },
    duplicate: false,
  };
}

type SpendRow = {
  id: string;
  time: string | Date;
  crediti_messaggi: number;
  crediti_icebreaker: number;
  version: string;
};

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
  const openers = replyBank[brandOf(input.brandId).public.language].openers;
  const line = openers[stableHash(input.stepId) % openers.length] ?? "";
  return storeAngelMessage(db, {
    clickid: input.clickid,
    angelId: input.angelId,
    msg: line.replaceAll("{name}", input.userName ?? ""),
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
    .set({ letto: true })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.letto, false),
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
    .set({ letto: true })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.angelId, angelId),
        eq(messages.letto, false),
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
    .select({ pending: accounts.messaggioPending })
    .from(accounts)
    .where(eq(accounts.clickid, clickid));
  const parsed = PendingMessage.safeParse(row?.pending);
  return parsed.success ? parsed.data : null;
}
