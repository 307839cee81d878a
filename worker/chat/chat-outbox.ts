// The room's chat outbox: the write path behind a member's message in an open conversation. The message is
// decided on the account state the room keeps, stored in the room's own storage (SQLite in the Durable
// Object: durable when the put resolves) and acknowledged; Postgres is written behind it, a batch per
// statement, exactly once by message id. The angel's scheduled replies wait in the same outbox and are
// delivered from the room's queue, never read back from Postgres.
import { z } from "zod";
import type { ChatMessage } from "../contracts/chat";
import type { Balances } from "../contracts/credits";
import type { Cursor } from "../contracts/cursor";
import { type DatabaseConfig, type Db, httpQuery, openDb } from "../core/db";
import { pgCode } from "../core/db-errors";
import { errorName, logEvent } from "../core/log";
import type { DeliveredMessage, Room, RoomStep } from "../realtime/room";
import { canReadBlurred, type Reader } from "./blurred";

const ACCOUNT_KEY = "chat:account";
const IDS_KEY = "chat:ids";
const OUT_PREFIX = "chat:out:";
/** A member's message by its clientId, kept for good: a resend is answered with it and spends nothing. */
const SENT_PREFIX = "chat:sent:";

/**
 * How long the room decides on its copy of the account before it reads Postgres again. A purchase, a refund
 * and a session's end tell the room (afterPurchase, endSessions); an operator's change does not, and is seen
 * at the next flush (which answers Postgres's balance) or after this long.
 */
export const ACCOUNT_STATE_TTL_MS = 5 * 60_000;
/** Message ids reserved from Postgres's sequence at a time; the next block is fetched when half are used. */
const ID_BLOCK = 32;
/** The backstop of the write behind each acknowledgement: a queue step this long after (then backing off). */
export const FLUSH_BACKSTOP_MS = 1000;
/**
 * A write behind starts at most this often (from the start of the one before): a lone message is written at
 * once, the messages of a burst together, one statement for all (its cost is mostly per statement).
 */
export const FLUSH_COALESCE_MS = 50;
const FLUSH_MAX_BACKOFF_MS = 60_000;

/** The member's account as the room decides on it between reads of Postgres. */
export type RoomAccount = {
  accountId: number;
  premiumLevel: number;
  valoreMessaggio: number;
  /** Postgres's balance less the spends still in the outbox. */
  creditiMessaggi: number;
  creditiIcebreaker: number;
  verifiedUser: boolean;
  messaggioPending: unknown;
  /** Angels whose conversation is started and unlocked: facts that never turn back. */
  open: number[];
  /** When it was read from Postgres; 0 once something outside the room changed the account. */
  readAt: number;
};

/** A message waiting for its Postgres write. */
export type OutboxEntry = {
  accountId: number;
  message: DeliveredMessage;
  /** Message credits it spends (a member's message), written with its ledger row. */
  cost: number;
  /** It goes to the angel of the message kept pending for lack of credits, which it replaces. */
  clearsPending: boolean;
  provider: string | null;
};

type Outbox = {
  account: RoomAccount | null;
  /** Reserved message ids, lowest first. */
  ids: number[];
  entries: Map<string, OutboxEntry>;
  flushing: Promise<Balances | null> | null;
  /** Entries came while a flush ran: another follows it. */
  again: boolean;
  /** When the last flush started, and the timer of the next one while it waits for FLUSH_COALESCE_MS. */
  flushedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** A flush step is queued (the alarm writes the outbox if nothing else does). */
  backstop: boolean;
  fetchingIds: Promise<void> | null;
};

const outKey = (id: number) => `${OUT_PREFIX}${String(id).padStart(15, "0")}`;

/** The outbox, loaded from the room's storage once per wake. */
async function outbox(room: Room): Promise<Outbox> {
  const slot = room.memo<{ loaded?: Promise<Outbox> }>("chat.outbox", () => ({}));
  slot.loaded ??= load(room).catch((error: unknown) => {
    slot.loaded = undefined;
    throw error;
  });
  return slot.loaded;
}

async function load(room: Room): Promise<Outbox> {
  const [stored, entries] = await Promise.all([
    room.storage.get<unknown>([ACCOUNT_KEY, IDS_KEY]),
    room.storage.list<OutboxEntry>({ prefix: OUT_PREFIX }),
  ]);
  return {
    account: (stored.get(ACCOUNT_KEY) as RoomAccount | undefined) ?? null,
    ids: (stored.get(IDS_KEY) as number[] | undefined) ?? [],
    entries: new Map(entries),
    flushing: null,
    again: false,
    flushedAt: 0,
    timer: null,
    backstop: false,
    fetchingIds: null,
  };
}

/**
 * The room's database for the chat's single statements (the write behind, the reply's facts): queries over
 * HTTP hold no socket, so it lives with the room instead of a pool per frame.
 */
export function roomDb(room: Room): Db {
  const database = room.config.database;
  const slot = room.memo<{ database?: DatabaseConfig; db?: Db }>("chat.db", () => ({}));
  if (slot.database !== database || !slot.db) {
    slot.database = database;
    slot.db = openDb(database).db;
  }
  return slot.db;
}

/**
 * The outbox's own statements (the write behind, ids, balances): one SQL-over-HTTP request each through the
 * isolate's client, without Drizzle's or a Pool's set-up per statement.
 */
const roomSql = (room: Room) => httpQuery(room.config.database);

const balancesOf = (a: RoomAccount): Balances => ({
  creditiMessaggi: a.creditiMessaggi,
  creditiIcebreaker: a.creditiIcebreaker,
});

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
  const steps: { at: number; step: RoomStep }[] = [
    { at: input.typingAt, step: { kind: "typing", angelId: input.angelId } },
    { at, step: { kind: "deliver", messageId: id, message } },
  ];
  const writes = { [outKey(id)]: entry, [IDS_KEY]: box.ids };
  if (!box.backstop) {
    box.backstop = true;
    steps.push({ at: Date.now() + FLUSH_BACKSTOP_MS, step: { kind: "flush", attempt: 0 } });
  }
  await room.queue.enqueue(steps, writes);
  flushSoon(room);
  return visible(message, input.reader);
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
 * replies delivered meanwhile). Answers Postgres's balances after the write, when it wrote anything.
 */
export async function accountChanged(room: Room, premiumLevel?: number): Promise<Balances | null> {
  const box = await outbox(room);
  let written: Balances | null = null;
  try {
    written = await flushOutbox(room);
  } catch (error) {
    // The queue's flush step writes it later; the next send reads Postgres (and flushes) first anyway.
    logEvent("warn", "chat.flush_failed", { error: errorName(error), code: pgCode(error) });
  }
  if (box.account) {
    box.account = { ...box.account, readAt: 0, premiumLevel: premiumLevel ?? box.account.premiumLevel };
    await room.storage.put(ACCOUNT_KEY, box.account);
  }
  return written;
}

/**
 * Postgres's balances now (after a purchase with nothing of the room's to write: a flush may have run since),
 * with the message that waits for credits (`messaggio_pending`, unparsed), in one read.
 */
export async function postgresBalances(room: Room): Promise<{ balances: Balances; pending: unknown } | null> {
  const { rows } = await roomSql(room)(
    "select crediti_messaggi, crediti_icebreaker, messaggio_pending from accounts where clickid = $1",
    [room.clickid],
  );
  const row = rows[0]
    ? FlushRow.pick({ crediti_messaggi: true, crediti_icebreaker: true }).parse(rows[0])
    : null;
  if (!row) return null;
  return {
    balances: { creditiMessaggi: row.crediti_messaggi, creditiIcebreaker: row.crediti_icebreaker },
    pending: (rows[0] as { messaggio_pending?: unknown }).messaggio_pending ?? null,
  };
}

/**
 * After each acknowledgement: a flush now, or when the one under way ends, or, within FLUSH_COALESCE_MS of
 * the last one's start, at the end of that window (the queue's flush step stays the backstop).
 */
export function flushSoon(room: Room): void {
  outbox(room).then(
    (box) => scheduleFlush(room, box),
    () => {},
  );
}

function scheduleFlush(room: Room, box: Outbox) {
  if (box.flushing) box.again = true;
  else if (!box.timer) {
    const wait = box.flushedAt + FLUSH_COALESCE_MS - Date.now();
    if (wait <= 0) startFlush(room, box);
    else
      box.timer = setTimeout(() => {
        box.timer = null;
        if (box.entries.size > 0) scheduleFlush(room, box);
      }, wait);
  }
}

function startFlush(room: Room, box: Outbox): Promise<Balances | null> {
  box.again = false;
  box.flushedAt = Date.now();
  const flushing = writeBatch(room, box).finally(() => {
    box.flushing = null;
    if (box.again && box.entries.size > 0) scheduleFlush(room, box);
  });
  box.flushing = flushing;
  flushing.catch((error: unknown) =>
    logEvent("warn", "chat.flush_failed", { error: errorName(error), code: pgCode(error) }),
  );
  return flushing;
}

/**
 * Writes everything in the outbox to Postgres (waiting for a flush under way first). Answers Postgres's
 * balances after it, or null when there was nothing to write; throws when Postgres cannot be written.
 */
export async function flushOutbox(room: Room): Promise<Balances | null> {
  const box = await outbox(room);
  while (box.flushing) await box.flushing.catch(() => null);
  if (box.entries.size === 0) return null;
  return startFlush(room, box);
}

/** The queue's flush step: writes the outbox; when Postgres fails, it is queued again, backing off. */
export async function flushStep(room: Room, attempt: number) {
  const box = await outbox(room);
  box.backstop = false;
  try {
    await flushOutbox(room);
  } catch (error) {
    if (box.backstop) return;
    box.backstop = true;
    const delay = Math.min(FLUSH_MAX_BACKOFF_MS, FLUSH_BACKSTOP_MS * 2 ** (attempt + 1));
    logEvent("warn", "chat.flush_retry", {
      attempt: attempt + 1,
      error: errorName(error),
      code: pgCode(error),
    });
    await room.queue.enqueue([{ at: Date.now() + delay, step: { kind: "flush", attempt: attempt + 1 } }]);
  }
}

const FlushRow = z.object({
  crediti_messaggi: z.coerce.number(),
  crediti_icebreaker: z.coerce.number(),
  stored: z.coerce.number(),
  spent: z.coerce.number(),
  charged: z.coerce.number(),
});

/** The write behind (writeBatch): $1 the entries as a JSON array, $2 their account's id. */
const FLUSH_STATEMENT = `
    with input as (
      select * from jsonb_to_recordset($1::jsonb) as x(id bigint, angel_id integer,
        type text, msg text, time timestamptz, letto boolean, client_id text, provider text, blurred boolean,
        cost integer, clears_pending boolean)
    ), account as (
      select id, crediti_messaggi, crediti_icebreaker from accounts where id = $2 for update
    ), stored as (
      insert into messages (id, account_id, angel_id, type, msg, time, letto, client_id, provider, blurred)
      overriding system value
      select i.id, account.id, i.angel_id, i.type, i.msg, i.time, i.letto, i.client_id, i.provider, i.blurred
      from input i, account order by i.id
      on conflict do nothing
      returning id
    ), charged as (
      select i.id, i.cost, sum(i.cost) over (order by i.id) as running
      from input i join stored s on s.id = i.id where i.cost > 0
    ), total as (
      select coalesce((select sum(cost) from charged), 0)::int as cost,
        exists (select 1 from input i join stored s on s.id = i.id where i.clears_pending) as clears
    ), spend as (
      update accounts a set
        crediti_messaggi = account.crediti_messaggi - least(total.cost, account.crediti_messaggi),
        messaggio_pending = case when total.clears then null else a.messaggio_pending end
      from account, total
      where a.id = account.id and (total.cost > 0 or total.clears)
      returning a.crediti_messaggi
    ), ledger as (
      insert into credit_ledger (account_id, balance, delta, balance_after, reason, reference)
      select account.id, 'messaggi',
        greatest(0, account.crediti_messaggi - c.running) - greatest(0, account.crediti_messaggi - c.running + c.cost),
        greatest(0, account.crediti_messaggi - c.running), 'message', 'message:' || c.id
      from charged c, account
      where account.crediti_messaggi - c.running + c.cost > 0
    )
    select coalesce((select crediti_messaggi from spend), account.crediti_messaggi) as crediti_messaggi,
      account.crediti_icebreaker, (select count(*) from stored) as stored, total.cost as charged,
      account.crediti_messaggi - coalesce((select crediti_messaggi from spend), account.crediti_messaggi) as spent
    from account, total`;

/**
 * One statement for the outbox's entries of one account: the messages inserted with their own ids (a
 * message already there, by id or by clientId, is skipped), the credits of those inserted spent from the
 * account row, locked first, with a ledger row each, and the pending message cleared. Run twice, the second
 * inserts and spends nothing: exactly once per message id. A balance that fell meanwhile outside the room
 * (a refund takes what is left) is spent down to zero, never below, and the ledger says what was spent.
 */
async function writeBatch(room: Room, box: Outbox): Promise<Balances | null> {
  const first = box.entries.values().next().value;
  if (!first) return null;
  const batch = [...box.entries].filter(([, e]) => e.accountId === first.accountId);
  const rows = batch.map(([, e]) => ({
    id: e.message.id,
    angel_id: e.message.angelId,
    type: e.message.type,
    msg: e.message.msg,
    time: e.message.time,
    letto: e.message.letto,
    client_id: e.message.clientId,
    provider: e.provider,
    blurred: e.message.blurred,
    cost: e.cost,
    clears_pending: e.clearsPending,
  }));
  const result = await roomSql(room)(FLUSH_STATEMENT, [JSON.stringify(rows), first.accountId]);
  const parsed = result.rows[0] ? FlushRow.parse(result.rows[0]) : null;
  if (!parsed) logEvent("error", "chat.flush_no_account", { entries: batch.length });
  else if (parsed.stored < batch.length || parsed.spent < parsed.charged) {
    // Already there (a flush that ran before a crash, a resend from before the room kept its index), or a
    // balance short of the spend: nothing is written twice, and the log says what happened.
    logEvent("warn", "chat.flush_partial", {
      entries: batch.length,
      stored: parsed.stored,
      charged: parsed.charged,
      spent: parsed.spent,
    });
  }
  // Memory and storage drop the written entries together, with no await between them.
  for (const [key] of batch) box.entries.delete(key);
  const writes: Promise<unknown>[] = [room.storage.delete(batch.map(([key]) => key))];
  if (parsed && box.account?.accountId === first.accountId) {
    const unwritten = [...box.entries.values()].reduce((n, e) => n + e.cost, 0);
    const held = box.account.creditiMessaggi;
    box.account = {
      ...box.account,
      creditiMessaggi: parsed.crediti_messaggi - unwritten,
      creditiIcebreaker: parsed.crediti_icebreaker,
    };
    writes.push(room.storage.put(ACCOUNT_KEY, box.account));
    // Postgres's balance moved outside the room (a purchase it was not told of, a refund): the tabs learn it.
    if (box.account.creditiMessaggi !== held) {
      room.broadcast({ event: "creditiResidui", data: balancesOf(box.account) });
    }
  }
  await Promise.all(writes);
  return parsed
    ? { creditiMessaggi: parsed.crediti_messaggi, creditiIcebreaker: parsed.crediti_icebreaker }
    : null;
}
