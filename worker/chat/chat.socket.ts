// The chat over the member's room socket: a message goes through the credit gate, in the room when it can
// decide (chat-outbox.ts: an open conversation, the account state fresh) and through Postgres otherwise
// (member-send.service), and back to every tab; the flow's reply provider plans the angel's answer, kept in
// the room's outbox and delivered by its queue with the typing indicator before it. Also the
// acknowledgements and the replay of missed messages.
import { brandOf } from "../brands/registry";
import { type ChatMessage, CLIENT_ID_CONFLICT } from "../contracts/chat";
import type { Balances, PurchaseBalances } from "../contracts/credits";
import type { Cursor } from "../contracts/cursor";
import { gateDecision } from "../contracts/message-gate";
import { type ClientEvent, notificationFor } from "../contracts/realtime";
import { stableHash } from "../core/hash";
import { logEvent } from "../core/log";
import { notifyMember } from "../notifications/notify.service";
import type { Room, RoomStep } from "../realtime/room";
import { blurNewReply } from "./blurred";
import {
  markMessageRead,
  messageById,
  messagesAfter,
  PendingMessage,
  pendingMessageOf,
} from "./chat.service";
import {
  accountChanged,
  deliverable,
  grantIsLatest,
  postgresBalances,
  queueAngelReply,
  rememberAccount,
  roomDecides,
  sentBefore,
  showTyping,
  storeInRoom,
  unwrittenAfter,
  unwrittenLines,
} from "./chat-outbox";
import { flushOutbox, flushSoon, flushStep } from "./chat-outbox-flush";
import { outbox, sawBalanceSeq } from "./chat-outbox-state";
import { type SendMemory, type SendResult, sendMemberMessage } from "./member-send.service";
import { REPLY_MEMORY_LINES, type ReplyFacts, replyFacts } from "./reply-facts";
import { type ReplyProviderId, replyProviderFor } from "./reply-provider";

type Data<E extends ClientEvent["event"]> = Extract<ClientEvent, { event: E }>["data"];
type Step<K extends RoomStep["kind"]> = Extract<RoomStep, { kind: K }>;

/** The last send's account state, kept by the room between messages (member-send.service's SendMemory). */
const sendMemory = (room: Room) => room.memo<SendMemory>("chat.send", () => ({ last: null }));

/** The end of the room's line of sends. */
const sendLine = (room: Room) => room.memo("chat.line", () => ({ tail: Promise.resolve() }));

/** Runs `fn` after everything before it in the room's line of sends (whose results it sees). */
function inLine<T>(room: Room, fn: () => Promise<T>): Promise<T> {
  const line = sendLine(room);
  const done = line.tail.then(fn);
  line.tail = done.then(
    () => undefined,
    () => undefined,
  );
  return done;
}

type MemberMessage = { angelId: number; msg: string; clientId: string };

/**
 * A member's message through the gate: stored and echoed to every tab with the new balances, and the
 * angel's reply planned; refused (for credits, kept as the pending message) or failed, told to the tab that
 * sent it, if any. The member's sends go through one at a time, in the order they came (the frames of a
 * burst, the outbox flushed after a reconnection, the pending message after a purchase): each one decides on
 * the balances the previous one left, so only a real lack of credits refuses a message.
 */
async function sendAsMember(room: Room, data: MemberMessage): Promise<SendResult> {
  const result = await inLine(room, () => passGate(room, data));
  // The angel's answer is planned outside the line: a slow reply provider holds up no other message.
  if (result.ok && !result.duplicate) {
    await planReplyOrRetry(room, data.angelId, result.message);
    // The message and its answer go to Postgres in one statement (the queue's flush step if this fails).
    flushSoon(room);
  }
  return result;
}

/** How long after a failed plan (Postgres or the reply provider down) the queue tries again. */
const REPLY_RETRY_MS = 5000;

/**
 * The member's message is sent whatever happens to the plan of its answer: a plan that fails (Postgres
 * down while the room acknowledged the message) is a queue step, retried by the queue.
 */
async function planReplyOrRetry(room: Room, angelId: number, message: ChatMessage) {
  try {
    await planReply(room, angelId, message);
  } catch (error) {
    logEvent("warn", "chat.reply_plan_failed", { error: error instanceof Error ? error.name : typeof error });
    await room.queue.enqueue([
      { at: Date.now() + REPLY_RETRY_MS, step: { kind: "reply", angelId, message } },
    ]);
  }
}

/**
 * In the room when it can decide: an open conversation (its first message and its lock are settled), the
 * account read from Postgres lately, and a message the gate allows from message credits. The message is
 * durable in the room's storage when it is acknowledged, and written to Postgres right after (chat-outbox).
 * Null: Postgres decides.
 */
async function sendInRoom(room: Room, data: MemberMessage): Promise<SendResult | null> {
  const account = await roomDecides(room, data.angelId);
  if (!account) return null;
  const before = await sentBefore(room, data.clientId);
  if (before) {
    // The same clientId with other content is another message: refused, never dropped in silence.
    if (before.angelId !== data.angelId || before.msg !== data.msg)
      return { ok: false, reason: CLIENT_ID_CONFLICT };
    const { creditiMessaggi: messageCredits, creditiIcebreaker: icebreakerCredits } = account;
    return {
      ok: true,
      message: before,
      balances: { creditiMessaggi: messageCredits, creditiIcebreaker: icebreakerCredits },
      duplicate: true,
    };
  }
  const stored = await storeInRoom(room, data, (current) => {
    const decision = gateDecision(current, { icebreaker: false, firstEver: false });
    // A refusal is Postgres's to decide, on its balance (a purchase the room was not told of counts).
    if (!decision.allowed || decision.balance === "icebreaker") return null;
    // Most accounts have no pending message: nothing to parse.
    const pending = current.messaggioPending ? PendingMessage.safeParse(current.messaggioPending) : null;
    return {
      spend: decision.balance === "messaggi" ? decision.cost : 0,
      clearsPending: pending?.success === true && pending.data.angelId === data.angelId,
    };
  });
  return stored && { ok: true, ...stored, duplicate: false };
}

/**
 * Through Postgres (member-send.service: read, then a conditional spend): after the room's outbox is
 * written, so Postgres decides on every message the room acknowledged. From then on the room decides on
 * the account it read.
 */
async function sendThroughPostgres(room: Room, data: MemberMessage): Promise<SendResult> {
  await flushOutbox(room);
  const memory = sendMemory(room);
  const result = await sendMemberMessage(room.db, { clickid: room.clickid, ...data }, memory);
  await sawBalanceSeq(room, await outbox(room), memory.balanceSeq ?? 0);
  const last = memory.last;
  if (result.ok && !result.duplicate && last) {
    const { clickid: _, version: __, ...account } = last;
    await rememberAccount(room, account, result.message);
  }
  return result;
}

async function passGate(room: Room, data: MemberMessage): Promise<SendResult> {
  const result = (await sendInRoom(room, data)) ?? (await sendThroughPostgres(room, data));
  if (!result.ok) {
    if (result.reason === "refused") {
      const { event, hook } = result.decision;
      room.reply({ event: "refused", data: { clientId: data.clientId, event, hook } });
      room.broadcast({ event: "creditiResidui", data: result.balances });
    } else {
      room.reply({ event: "error", data: { code: result.reason, clientId: data.clientId } });
      // The account is gone or disabled while its tabs are open: they reload into the disabled popup.
      if (result.reason === "unknown_account") {
        room.broadcast({ event: "restart", data: { reason: "account_unavailable" } });
      }
    }
    return result;
  }
  room.broadcast({ event: "chat", data: result.message, notifica: notificationFor("own") });
  room.broadcast({ event: "creditiResidui", data: result.balances });
  return result;
}

/** The flow's reply provider answers (an operator's flow: nobody, the console will), after the spec's delay. */
/** How long the room plans a conversation's replies on the facts it read, with the lines it added since. */
const FACTS_TTL_MS = 60_000;
const factsMemo = (room: Room) =>
  room.memo<Map<number, { facts: ReplyFacts; at: number }>>("chat.facts", () => new Map());

/** A conversation's reply facts: read from Postgres, then the room's own for a minute. */
async function factsFor(room: Room, angelId: number, exceptId: number | null) {
  const kept = factsMemo(room).get(angelId);
  if (kept && Date.now() - kept.at < FACTS_TTL_MS) return kept.facts;
  const facts = await replyFacts(room.db, { clickid: room.clickid, angelId, exceptId });
  if (facts) factsMemo(room).set(angelId, { facts, at: Date.now() });
  return facts;
}

/** A line the room added to a conversation, kept in its facts (an angel's counts as an earlier reply). */
function addLine(room: Room, message: ChatMessage) {
  const kept = factsMemo(room).get(message.angelId);
  if (!kept) return;
  const line = { id: message.id, type: message.type, msg: message.msg, time: message.time };
  kept.facts = {
    ...kept.facts,
    lines: [...kept.facts.lines, line].slice(-REPLY_MEMORY_LINES),
    earlierAngelReplies: kept.facts.earlierAngelReplies + (message.type === "angel" ? 1 : 0),
  };
}

/** Something outside the chat may have changed the facts (a purchase, the brain's message): read again. */
export const forgetReplyFacts = (room: Room) => factsMemo(room).clear();

async function planReply(room: Room, angelId: number, message: ChatMessage) {
  // The outbox before Postgres: a line the room drops after this was written before the read below.
  const kept = await unwrittenLines(room, angelId);
  const facts = await factsFor(room, angelId, message.id);
  if (!facts) return;
  const provider = replyProviderFor(facts.flow.provider_animazione, room.config);
  // Lines the room acknowledged and Postgres may not have yet count too (not this message itself).
  const seen = new Set(facts.lines.map((l) => l.id));
  const unwritten = kept.filter((l) => !seen.has(l.id) && l.id !== message.id);
  const lines = [...facts.lines, ...unwritten].slice(-REPLY_MEMORY_LINES);
  const msg = await provider.reply({
    language: brandOf(facts.brandId).public.language,
    userMessage: message.msg,
    userName: facts.username,
    angel: facts.angel,
    history: lines.map((l) => ({ from: l.type === "angel" ? "angel" : "member", text: l.msg })),
  });
  addLine(room, message);
  if (!msg) return;
  const { minMs, maxMs } = room.config.chat.replyDelay;
  const delayMs = minMs + Math.random() * (maxMs - minMs);
  await queueReply(room, facts, kept, { angelId, msg, provider: provider.id, delayMs });
}

type AngelReply = { angelId: number; msg: string; provider: ReplyProviderId; delayMs?: number };

/**
 * Stores an angel's reply to the member and has the queue deliver it after `delayMs` (at least the typing
 * time), with the typing indicator before it: the reply providers' path and the operator console's.
 */
export async function sendAngelReply(room: Room, input: AngelReply) {
  const kept = await unwrittenLines(room, input.angelId);
  const facts = await factsFor(room, input.angelId, null);
  return facts ? queueReply(room, facts, kept, input) : null;
}

/** `kept`: the conversation's lines in the outbox, taken before `facts` were read (so none is missed). */
async function queueReply(room: Room, facts: ReplyFacts, kept: { type: string }[], input: AngelReply) {
  const { typingMs } = room.config.chat;
  const time = new Date(Date.now() + Math.max(typingMs, input.delayMs ?? typingMs));
  // A line both in Postgres and still in the outbox counts twice: only whether there is one matters.
  const earlier = facts.earlierAngelReplies + kept.filter((l) => l.type === "angel").length;
  const reply = await queueAngelReply(room, {
    accountId: facts.accountId,
    reader: facts,
    angelId: input.angelId,
    msg: input.msg,
    provider: input.provider,
    blurred: blurNewReply(facts, earlier),
    time,
    typingAt: Math.max(Date.now(), time.getTime() - typingMs),
  });
  addLine(room, { ...reply, msg: input.msg });
  return reply;
}

/** Writes what the room acknowledged to Postgres now (throws when it cannot). */
export const flushChat = (room: Room) => flushOutbox(room);

/** What accountChangedOutside found: the balances to show, and the pending message when it read that too. */
export interface OutsideChange {
  balances: Balances | null;
  /** Read with the balances (one statement); undefined when not read, for sendPendingMessage to read. */
  pending?: PendingMessage | null;
}

/**
 * Something outside the room's sends changed the account (a purchase, the sessions ended): in the line of
 * sends, so no send decides on the old state after it. Answers Postgres's balances when the room wrote any,
 * or, after a purchase, as Postgres has them now: the purchase's own when its grant came after everything
 * the room wrote, else read.
 */
export function accountChangedOutside(room: Room, purchase?: PurchaseBalances): Promise<OutsideChange> {
  return inLine(room, async () => {
    forgetReplyFacts(room);
    const { written, failed } = await accountChanged(room, purchase?.premiumLevel);
    if (written || !purchase) return { balances: written };
    // A purchase: the balances to show are Postgres's after every message the room acknowledged.
    const grant = purchase.written;
    if (grant && !failed && (await grantIsLatest(room, grant.balanceSeq))) {
      const { creditiMessaggi, creditiIcebreaker } = purchase;
      return { balances: { creditiMessaggi, creditiIcebreaker }, pending: pendingOf(grant.pending) };
    }
    const now = await postgresBalances(room);
    if (!now) return { balances: null };
    return { balances: now.balances, pending: pendingOf(now.pending) };
  });
}

/** A stored pending message (messaggio_pending), or null. */
function pendingOf(stored: unknown): PendingMessage | null {
  // Most purchases have no pending message: a failed parse (an Error and its stack) is not free.
  const pending = stored ? PendingMessage.safeParse(stored) : null;
  return pending?.success ? pending.data : null;
}

/**
 * After a purchase: the message that was refused for credits (the pending one) goes out as the member
 * wrote it, under the refused send's clientId, so a resend by the client is stored once. Null when there
 * was none. `known`: the pending message as accountChangedOutside read it (undefined: read it here).
 */
export async function sendPendingMessage(
  room: Room,
  known?: PendingMessage | null,
): Promise<SendResult | null> {
  // The balances changed outside the room's sends: the next send reads them afresh.
  sendMemory(room).last = null;
  const pending = known !== undefined ? known : await pendingMessageOf(room.db, room.clickid);
  if (!pending) return null;
  const clientId = pending.clientId ?? `pending-${stableHash(`${pending.angelId}:${pending.msg}`)}`;
  return sendAsMember(room, { ...pending, clientId });
}

/** Messages a reconnecting tab missed, after the cursor of the last one it saw (some may be in the room only). */
export async function replayMessages(room: Room, after: Cursor) {
  const written = await messagesAfter(room.db, room.clickid, after);
  const ids = new Set(written.map((m) => m.id));
  const missed = [...written, ...(await unwrittenAfter(room, after)).filter((m) => !ids.has(m.id))];
  missed.sort((a, b) => Date.parse(a.time) - Date.parse(b.time) || a.id - b.id);
  for (const message of missed) {
    room.reply({ event: "chat", data: message, notifica: notificationFor("replay") });
  }
}

export const chatSocket = {
  chat: async (room: Room, data: Data<"chat">) => {
    await sendAsMember(room, data);
  },
  /** An angel message shown in the open chat is read (the unread counts agree after a reload). */
  ack: async (room: Room, data: Data<"ack">) => {
    if (data.read) await markMessageRead(room.db, room.clickid, data.id);
  },
};

export const chatSteps = {
  typing: async (room: Room, step: Step<"typing">) => showTyping(room, step.angelId),
  deliver: async (room: Room, step: Step<"deliver">) => {
    // Kept in the room: delivered from there (Postgres only says whether the member may read a blurred
    // one); a step queued before the room kept its replies has only the id.
    const message = step.message
      ? await deliverable(room, step.message)
      : await messageById(room.db, step.messageId);
    if (!message) {
      logEvent("warn", "room.deliver.missing", { messageId: step.messageId });
      return;
    }
    room.broadcast({ event: "chat", data: message, notifica: notificationFor("reply") });
    // A reply the member may not read goes out without its text.
    const preview = message.blurredMessage ? undefined : message.msg;
    await notifyMember(room, { kind: "message", angelId: message.angelId, messageId: message.id, preview });
  },
  flush: (room: Room, step: Step<"flush">) => flushStep(room, step.attempt),
  reply: (room: Room, step: Step<"reply">) => planReply(room, step.angelId, step.message),
};
