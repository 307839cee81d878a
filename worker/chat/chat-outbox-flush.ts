// The chat outbox's write behind: the room's messages written to Postgres in one statement per batch, soon after
// each acknowledgement, coalesced within a short window, and by the queue's flush step as the backstop.
import { z } from "zod";
import type { Balances } from "../contracts/credits";
import { pgCode } from "../core/db-errors";
import { errorName, logEvent } from "../core/log";
import type { Room } from "../realtime/room";
import { ACCOUNT_KEY, balancesOf, type Outbox, outbox, roomSql, sawBalanceSeq } from "./chat-outbox-state";

/** The backstop of the write behind each acknowledgement: a queue step this long after (then backing off). */
export const FLUSH_BACKSTOP_MS = 1000;
/**
 * A write behind starts at most this often (from the start of the one before): a lone message is written at
 * once, the messages of a burst together, one statement for all (its cost is mostly per statement).
 */
export const FLUSH_COALESCE_MS = 50;
const FLUSH_MAX_BACKOFF_MS = 60_000;

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

export const FlushRow = z.object({
  crediti_messaggi: z.coerce.number(),
  crediti_icebreaker: z.coerce.number(),
  stored: z.coerce.number(),
  spent: z.coerce.number(),
  charged: z.coerce.number(),
  balance_seq: z.coerce.number(),
});

/** The write behind (writeBatch): $1 the entries as a JSON array, $2 their account's id. */
const FLUSH_STATEMENT = `
    with input as (
      select * from jsonb_to_recordset($1::jsonb) as x(id bigint, angel_id integer,
        type text, msg text, time timestamptz, letto boolean, client_id text, provider text, blurred boolean,
        cost integer, clears_pending boolean)
    ), account as (
      select id, crediti_messaggi, crediti_icebreaker, balance_seq from accounts where id = $2 for update
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
      returning a.crediti_messaggi, a.balance_seq
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
      account.crediti_messaggi - coalesce((select crediti_messaggi from spend), account.crediti_messaggi) as spent,
      coalesce((select balance_seq from spend), account.balance_seq) as balance_seq
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
  if (parsed) writes.push(sawBalanceSeq(room, box, parsed.balance_seq));
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
