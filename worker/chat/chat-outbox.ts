// The room's chat outbox: the write path behind a member's message in an open conversation. The message is
// decided on the account state the room keeps, stored in the room's own storage (SQLite in the Durable
// Object: durable when the put resolves) and acknowledged; Postgres is written behind it, a batch per
// statement, exactly once by message id. The angel's scheduled replies wait in the same outbox and are
// delivered from the room's queue, never read back from Postgres.
import { z } from "zod";
import type { ChatMessage } from "../contracts/chat";
import type { Balances } from "../contracts/credits";
import type { Cursor } from "../contracts/cursor";
import { pgCode } from "../core/db-errors";
import { errorName, logEvent } from "../core/log";
import type { DeliveredMessage, Room, RoomStep } from "../realtime/room";
import { canReadBlurred, type Reader } from "./blurred";
import { FLUSH_BACKSTOP_MS, FlushRow, flushOutbox, flushSoon } from "./chat-outbox-flush";
import {
  ACCOUNT_KEY,
  balancesOf,
  IDS_KEY,
  type Outbox,
  type OutboxEntry,
  outbox,
  outKey,
  type RoomAccount,
  roomSql,
  SENT_PREFIX,
  sawBalanceSeq,
} from "./chat-outbox-state";

/**
 * How long the room decides on its copy of the account before it reads Postgres again. A purchase, a refund
 * and a session's end tell the room (afterPurchase, endSessions); an operator's change does not, and is seen
 * at the next flush (which answers Postgres's balance) or after this long.
 */
export const ACCOUNT_STATE_TTL_MS = 5 * 60_000;
/** Message ids reserved from Postgres's sequence at a time; the next block is fetched when half are used. */
const ID_BLOCK = 32;

/** Whether the room may decide a message to `angelId` on its own copy of the account. */
export async function roomDecides(room: Room, angelId: number): Promise<RoomAccount | null> {
  const { account } = await outbox(room);
  const fresh = account && Date.now() - account.readAt < ACCOUNT_STATE_TTL_MS;
  return fresh && account.open.includes(angelId) ? account : null;
}

/** A message the member sent before, by its clientId (answered again, nothing spent). */
export async function sentBefore(room: Room, clientId: string): Promise<ChatMessage | null> {
  return (await room.storage.get<ChatMessage>(`${SENT_PREFIX}${clientId}`)) ?? null;
}

/** The next reserved message id; a block is fetched from Postgres when the room runs short. */
async function takeId(room: Room, box: Outbox): Promise<number> {
  if (box.ids.length < ID_BLOCK / 2) {
    box.fetchingIds ??= reserveIds(room, box).finally(() => {
      box.fetchingIds = null;
    });
    const fetching = box.fetchingIds;
    if (box.ids.length === 0) await fetching;
    else
      fetching.catch((error: unknown) =>
        logEvent("warn", "chat.ids_failed", { error: errorName(error), code: pgCode(error) }),
      );
  }
  const id = box.ids.shift();
  if (id === undefined) throw new Error("no message id reserved");
  return id;
}

/**
 * Ids from the messages' own sequence, so a message has its final id when it is acknowledged. They are
 * stored with the first message that uses one; a crash before that only leaves a gap.
 */
async function reserveIds(room: Room, box: Outbox) {
  const { rows } = await roomSql(room)(
    "select nextval(pg_get_serial_sequence('messages', 'id'))::text as id from generate_series(1, $1::int)",
    [ID_BLOCK],
  );
  const ids = rows.map((r) => Number(IdRow.parse(r).id)).sort((a, b) => a - b);
  box.ids.push(...ids.filter((id) => id > (box.ids.at(-1) ?? 0)));
}

const IdRow = z.object({ id: z.string() });

/**
 * Stores a member's message in the room's storage if `decide` allows it on the room's account (as it is
 * after every await, so no flush's correction is missed): the message, the account after its spend and the
 * id used, in one put; answers it once that put is durable. Postgres is written by the caller's flushSoon
 * (with the angel's answer), and by the queue's flush step if that fails or the room goes away. Null:
 * `decide` refused, nothing stored.
 */
export async function storeInRoom(
  room: Room,
  input: { angelId: number; msg: string; clientId: string },
  decide: (account: RoomAccount) => { spend: number; clearsPending: boolean } | null,
): Promise<{ message: ChatMessage; balances: Balances } | null> {
  const box = await outbox(room);
  const id = await takeId(room, box);
  const account = box.account;
  const decided = account && decide(account);
  if (!account || !decided) {
    box.ids.unshift(id);
    return null;
  }
  const message: ChatMessage = {
    id,
    msg: input.msg,
    angelId: input.angelId,
    time: new Date().toISOString(),
    type: "personal",
    letto: true,
    blurredMessage: false,
    idNotifica: null,
    clientId: input.clientId,
  };
  const entry: OutboxEntry = {
    accountId: account.accountId,
    message: { ...message, blurred: false },
    cost: decided.spend,
    clearsPending: decided.clearsPending,
    provider: null,
  };
  // Memory first, with no await before it, so a flush that ends meanwhile counts this spend as unwritten.
  const after: RoomAccount = {
    ...account,
    creditiMessaggi: account.creditiMessaggi - decided.spend,
    messaggioPending: decided.clearsPending ? null : account.messaggioPending,
  };
  box.account = after;
  box.entries.set(outKey(id), entry);
  await writeWithBackstop(room, box, {
    [ACCOUNT_KEY]: after,
    [IDS_KEY]: box.ids,
    [outKey(id)]: entry,
    [`${SENT_PREFIX}${input.clientId}`]: message,
  });
  // Not written to Postgres yet: the caller flushes once the angel's answer is planned, both in one batch.
  return { message, balances: balancesOf(after) };
}

/** One put of `writes`, with a flush step queued in it when none is. */
async function writeWithBackstop(room: Room, box: Outbox, writes: Record<string, unknown>) {
  try {
    if (box.backstop) await room.storage.put(writes);
    else {
      box.backstop = true;
      const at = Date.now() + FLUSH_BACKSTOP_MS;
      await room.queue.enqueue([{ at, step: { kind: "flush", attempt: 0 } }], writes);
    }
  } catch (error) {
    // Storage failed: memory may be ahead of it; the next frame loads what was stored.
    room.memo<{ loaded?: unknown }>("chat.outbox", () => ({})).loaded = undefined;
    throw error;
  }
}

/**
 * An angel's reply planned now for `time`: stored in the room's outbox with the typing and delivery steps
 * that show it, in one put. Answers it as the member will see it.
 */
export async function queueAngelReply(
  room: Room,
  input: {
    accountId: number;
    reader: Reader;
    angelId: number;
    msg: string;
    provider: string;
    blurred: boolean;
    time: Date;
    typingAt: number;
  },
): Promise<ChatMessage> {
  const box = await outbox(room);
  const id = await takeId(room, box);
  const message: DeliveredMessage = {
    id,
    msg: input.msg,
    angelId: input.angelId,
    time: input.time.toISOString(),
    type: "angel",
    letto: false,
    blurredMessage: false,
    idNotifica: null,
    clientId: null,
    blurred: input.blurred,
  };
  const entry: OutboxEntry = {
    accountId: input.accountId,
    message,
    cost: 0,
    clearsPending: false,
    provider: input.provider,
  };
  box.entries.set(outKey(id), entry);
  const at = Date.parse(message.time);
  // A typing indicator due now (an operator's reply, written as it is sent) is shown once the reply is kept,
  // not after a round of the room's alarm, which a busy machine makes late: it is shown for the typing time.
  const typingNow = input.typingAt <= Date.now();
  const steps: { at: number; step: RoomStep }[] = [
    ...(typingNow ? [] : [{ at: input.typingAt, step: { kind: "typing" as const, angelId: input.angelId } }]),
    { at, step: { kind: "deliver", messageId: id, message } },
  ];
  const writes = { [outKey(id)]: entry, [IDS_KEY]: box.ids };
  if (!box.backstop) {
    box.backstop = true;
    steps.push({ at: Date.now() + FLUSH_BACKSTOP_MS, step: { kind: "flush", attempt: 0 } });
  }
  await room.queue.enqueue(steps, writes);
  if (typingNow) showTyping(room, input.angelId);
  flushSoon(room);
  return visible(message, input.reader);
}

/** Every tab shows the angel typing for the configured time (or until her reply comes). */
export function showTyping(room: Room, angelId: number) {
  room.broadcast({ event: "typing", data: { angelId, ms: room.config.chat.typingMs } });
}

/** A kept message as its reader sees it: a blurred one's text only for a reader who may read it. */
function visible(m: DeliveredMessage, reader: Reader): ChatMessage {
  const { blurred, ...message } = m;
  const hidden = blurred && !canReadBlurred(reader);
  return { ...message, msg: hidden ? "" : message.msg, blurredMessage: hidden };
}

/**
 * A kept angel message at its delivery, as the member may see it now. A plain one needs nothing else; for
 * a blurred one Postgres says whether the member may read it (a plan or a verification may have changed
 * since), and while it cannot, the text stays hidden: never shown to a member who may not read it.
 */
export async function deliverable(room: Room, m: DeliveredMessage): Promise<ChatMessage> {
  if (!m.blurred) return visible(m, { premiumLevel: 0, verifiedUser: false });
  const hidden = { premiumLevel: 0, verifiedUser: false };
  try {
    const { rows } = await roomSql(room)(
      "select premium_level, verified_user from accounts where clickid = $1",
      [room.clickid],
    );
    const reader = rows[0] ? ReaderRow.parse(rows[0]) : null;
    return visible(
      m,
      reader ? { premiumLevel: reader.premium_level, verifiedUser: reader.verified_user } : hidden,
    );
  } catch (error) {
    logEvent("warn", "chat.reader_unknown", { error: errorName(error), code: pgCode(error) });
    return visible(m, hidden);
  }
}

const ReaderRow = z.object({ premium_level: z.coerce.number(), verified_user: z.boolean() });

/** The unwritten messages of the outbox after a cursor and already visible, for a reconnecting tab. */
export async function unwrittenAfter(room: Room, after: Cursor): Promise<ChatMessage[]> {
  const box = await outbox(room);
  // Unwritten only for moments: a blurred one replays without its text (the history has it for a reader).
  const reader = { premiumLevel: 0, verifiedUser: false };
  const now = Date.now();
  return [...box.entries.values()]
    .map((e) => e.message)
    .filter((m) => {
      const time = Date.parse(m.time);
      return time <= now && (time > after.time || (time === after.time && m.id > after.id));
    })
    .map((m) => visible(m, reader));
}

/** The unwritten lines of one conversation (for a reply's memory): id, type and text. */
export async function unwrittenLines(room: Room, angelId: number) {
  const box = await outbox(room);
  return [...box.entries.values()]
    .map((e) => e.message)
    .filter((m) => m.angelId === angelId)
    .map((m) => ({ id: m.id, type: m.type, msg: m.msg, time: m.time }));
}

/**
 * The account as Postgres has it after a send decided there (the room's own path when it cannot decide):
 * from now on the room decides on it. The message is kept for resends.
 */
export async function rememberAccount(
  room: Room,
  account: Omit<RoomAccount, "readAt">,
  message: ChatMessage | null,
) {
  const box = await outbox(room);
  // What is still unwritten (a reply's entry spends nothing; a member's cannot be, the send flushed first).
  const unwritten = [...box.entries.values()].reduce((n, e) => n + e.cost, 0);
  // Open conversations stay open (a wake-up's fresh read knows only the latest): the room keeps them all.
  const known = box.account?.accountId === account.accountId ? box.account.open : [];
  box.account = {
    ...account,
    open: [...new Set([...known, ...account.open])],
    creditiMessaggi: account.creditiMessaggi - unwritten,
    readAt: Date.now(),
  };
  const writes: Record<string, unknown> = { [ACCOUNT_KEY]: box.account };
  if (message?.clientId) writes[`${SENT_PREFIX}${message.clientId}`] = message;
  await room.storage.put(writes);
}

/**
 * Something outside the room changed the account (a purchase, the sessions ended): the room writes what it
 * holds and reads Postgres before it decides again. A new premium level is known at once (for blurred
 * replies delivered meanwhile). Answers Postgres's balances after the write, when it wrote anything, and
 * whether the write failed (what the room holds is then still to be written).
 */
export async function accountChanged(
  room: Room,
  premiumLevel?: number,
): Promise<{ written: Balances | null; failed: boolean }> {
  const box = await outbox(room);
  let written: Balances | null = null;
  let failed = false;
  try {
    written = await flushOutbox(room);
  } catch (error) {
    // The queue's flush step writes it later; the next send reads Postgres (and flushes) first anyway.
    failed = true;
    logEvent("warn", "chat.flush_failed", { error: errorName(error), code: pgCode(error) });
  }
  if (box.account) {
    box.account = { ...box.account, readAt: 0, premiumLevel: premiumLevel ?? box.account.premiumLevel };
    await room.storage.put(ACCOUNT_KEY, box.account);
  }
  return { written, failed };
}

/**
 * Whether a grant that left the account at `balanceSeq` came after every write of the room's (each answered
 * a higher balance_seq than everything before it): its balances are then Postgres's as they are, and the room
 * keeps the count. A grant at or below what the room saw may be older than one of its writes (or than a later
 * purchase it was told of first).
 */
export async function grantIsLatest(room: Room, balanceSeq: number): Promise<boolean> {
  const box = await outbox(room);
  if (!(balanceSeq > box.balanceSeq)) return false;
  await sawBalanceSeq(room, box, balanceSeq);
  return true;
}

/** A row's balances; built once, as a schema made per call costs more than its parse. */
const BalancesRow = /* @__PURE__ */ FlushRow.pick({
  crediti_messaggi: true,
  crediti_icebreaker: true,
  balance_seq: true,
});

/**
 * Postgres's balances now (after a purchase with nothing of the room's to write, when the room cannot tell
 * that nothing was written after the grant), with the message that waits for credits (`messaggio_pending`,
 * unparsed), in one read.
 */
export async function postgresBalances(room: Room): Promise<{ balances: Balances; pending: unknown } | null> {
  const { rows } = await roomSql(room)(
    "select crediti_messaggi, crediti_icebreaker, messaggio_pending, balance_seq from accounts where clickid = $1",
    [room.clickid],
  );
  const row = rows[0] ? BalancesRow.parse(rows[0]) : null;
  if (!row) return null;
  await sawBalanceSeq(room, await outbox(room), row.balance_seq);
  return {
    balances: { creditiMessaggi: row.crediti_messaggi, creditiIcebreaker: row.crediti_icebreaker },
    pending: (rows[0] as { messaggio_pending?: unknown }).messaggio_pending ?? null,
  };
}
