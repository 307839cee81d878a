// The member's send path: one message through the credit gate, with the spend, the message and its ledger
// row written together, and the room's memory of the last send that lets an open conversation skip a read.
import { eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import type { ChatMessage } from "../contracts/chat";
import { CLIENT_ID_CONFLICT } from "../contracts/chat";
import type { Balances } from "../contracts/credits";
import { type GateDecision, gateDecision } from "../contracts/message-gate";
import type { Db } from "../core/db";
import { pgCode } from "../core/db-errors";
import { PendingMessage, toChatMessage } from "./chat.service";
import { type ChatRefusal, chatRefusal, lockFacts } from "./chat-lock";

export type SendResult =
  | { ok: true; message: ChatMessage; balances: Balances; duplicate: boolean }
  | { ok: false; reason: "unknown_account" | "unknown_angel" | typeof CLIENT_ID_CONFLICT | ChatRefusal }
  | { ok: false; reason: "refused"; decision: Extract<GateDecision, { allowed: false }>; balances: Balances };

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

/**
 * What the credit gate reads of an account (message-gate's words: the room keeps it in its storage as it is).
 */
export type GateAccount = {
  accountId: number;
  premiumLevel: number;
  valoreMessaggio: number;
  creditiMessaggi: number;
  creditiIcebreaker: number;
  verifiedUser: boolean;
  messaggioPending: unknown;
};

/** The gate's view of the account at one version of its row. */
type AccountState = GateAccount & { clickid: string; version: string };

/**
 * Kept by the member's room between sends; `open`: angels whose conversation is started and unlocked;
 * `balanceSeq`: the highest accounts.balance_seq the sends' statements answered.
 */
export type SendMemory = { last: (AccountState & { open: number[] }) | null; balanceSeq?: number };

const keepHighestSeq = (memory: SendMemory, seq: number | string) => {
  memory.balanceSeq = Math.max(memory.balanceSeq ?? 0, Number(seq));
};

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
  keepHighestSeq(memory, account.balanceSeq);
  const balances = { creditiMessaggi: account.messageCredits, creditiIcebreaker: account.icebreakerCredits };
  if (row.resentId !== null) {
    const [resent] = await db
      .select()
      .from(messages)
      .where(eq(messages.id, Number(row.resentId)));
    // The same clientId with other content is another message: refused, never dropped in silence.
    if (resent && (resent.angelId !== input.angelId || resent.msg !== input.msg)) {
      return { ok: false, reason: CLIENT_ID_CONFLICT };
    }
    if (resent) return { ok: true, message: toChatMessage(resent), balances, duplicate: true };
  }
  // Unverified members and locked conversations are refused before any credit is looked at.
  const refusal = chatRefusal(account, input.angelId, row);
  if (refusal) return { ok: false, reason: refusal };
  if (!row.angelExists) return { ok: false, reason: "unknown_angel" };

  // The gate reads the spec's names (worker/contracts/message-gate.ts).
  const state: AccountState = {
    clickid: input.clickid,
    accountId: account.id,
    version: row.version,
    premiumLevel: account.premiumLevel,
    valoreMessaggio: account.messagePrice,
    creditiMessaggi: account.messageCredits,
    creditiIcebreaker: account.icebreakerCredits,
    verifiedUser: account.verifiedUser,
    messaggioPending: account.pendingMessage,
  };
  const context = { icebreaker: !row.conversationStarted, firstEver: !row.sentBefore };
  // A conversation started before this message stays open: its first message and an acceptance are fixed.
  const result = await decideAndWrite(db, input, memory, state, context, row.conversationStarted);
  if (result === "changed" || !("refused" in result)) return result;
  // The spec keeps the refused message as the pending one, sent after a purchase, and the refusal is one
  // of its KPI events (ko_icebreaker or ko_msg), recorded here where it is decided.
  const pending: PendingMessage = { msg: input.msg, angelId: input.angelId, clientId: input.clientId };
  const kept = await db.execute<{ balance_seq: number }>(sql`
    with pending as (
      update accounts set messaggio_pending = ${JSON.stringify(pending)}::jsonb where id = ${account.id}
      returning balance_seq
    ), refusal as (
      insert into events (account_id, type, angel_id) values (${account.id}, ${result.refused.event}, ${input.angelId})
    )
    select balance_seq from pending`);
  for (const row of kept.rows) keepHighestSeq(memory, row.balance_seq);
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
  const spendMessages = decision.balance === "messaggi" ? cost : 0;
  const spendIcebreaker = decision.balance === "icebreaker" ? cost : 0;
  const write = db.execute<SpendRow>(sql`
    with spend as (
      update accounts set
        crediti_messaggi = crediti_messaggi - ${spendMessages},
        crediti_icebreaker = crediti_icebreaker - ${spendIcebreaker},
        messaggio_pending = case when ${clearsPending} then null else messaggio_pending end
      where id = ${state.accountId} and xmin::text = ${state.version}
        and crediti_messaggi >= ${spendMessages} and crediti_icebreaker >= ${spendIcebreaker}
      returning crediti_messaggi, crediti_icebreaker, xmin::text as version, balance_seq
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
      spend.version, spend.balance_seq
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
  keepHighestSeq(memory, spent.balance_seq);
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
    verifiedUser: state.verifiedUser,
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
  balance_seq: number;
};
