// The chat outbox's state in the room (chat-outbox.ts): the account the room decides on, the reserved message
// ids and the messages waiting for their Postgres write, as the room's storage keeps them and as loaded once
// per wake; and the outbox's way to its statements (the isolate's SQL-over-HTTP client).
import type { Balances } from "../contracts/credits";
import { httpQuery } from "../core/db";
import type { DeliveredMessage, Room } from "../realtime/room";
import type { GateAccount } from "./member-send.service";

export const ACCOUNT_KEY = "chat:account";
export const IDS_KEY = "chat:ids";
export const OUT_PREFIX = "chat:out:";
/** A member's message by its clientId, kept for good: a resend is answered with it and spends nothing. */
export const SENT_PREFIX = "chat:sent:";
/** The highest accounts.balance_seq the room's statements answered (sawBalanceSeq). */
const BALANCE_SEQ_KEY = "chat:balanceSeq";

/**
 * The member's account as the room decides on it between reads of Postgres (its message credits: Postgres's
 * balance less the spends still in the outbox).
 */
export type RoomAccount = GateAccount & {
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

export type Outbox = {
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
  /** The highest accounts.balance_seq the room's statements answered (0: none yet). */
  balanceSeq: number;
};

export const outKey = (id: number) => `${OUT_PREFIX}${String(id).padStart(15, "0")}`;

/** The outbox, loaded from the room's storage once per wake. */
export async function outbox(room: Room): Promise<Outbox> {
  const slot = room.memo<{ loaded?: Promise<Outbox> }>("chat.outbox", () => ({}));
  slot.loaded ??= load(room).catch((error: unknown) => {
    slot.loaded = undefined;
    throw error;
  });
  return slot.loaded;
}

async function load(room: Room): Promise<Outbox> {
  const [stored, entries] = await Promise.all([
    room.storage.get<unknown>([ACCOUNT_KEY, IDS_KEY, BALANCE_SEQ_KEY]),
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
    balanceSeq: (stored.get(BALANCE_SEQ_KEY) as number | undefined) ?? 0,
  };
}

/**
 * One of the room's statements answered the account's balance_seq: the room keeps the highest, so that it
 * can tell whether a purchase's balances came after everything it wrote (accountChangedOutside).
 */
export function sawBalanceSeq(room: Room, box: Outbox, seq: number): Promise<void> {
  if (!(seq > box.balanceSeq)) return Promise.resolve();
  box.balanceSeq = seq;
  return room.storage.put(BALANCE_SEQ_KEY, seq);
}

/**
 * The outbox's own statements (the write behind, ids, balances): one SQL-over-HTTP request each through the
 * isolate's client, without Drizzle's or a Pool's set-up per statement.
 */
export const roomSql = (room: Room) => httpQuery(room.config.database);

export const balancesOf = (a: RoomAccount): Balances => ({
  creditiMessaggi: a.creditiMessaggi,
  creditiIcebreaker: a.creditiIcebreaker,
});
