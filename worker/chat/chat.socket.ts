// The chat over the member's room socket: a message goes through the credit gate (member-send.service) and
// back to every tab, the flow's reply provider plans the angel's answer, and the room's queue delivers it
// with the typing indicator before it. Also the acknowledgements and the replay of missed messages.
import { brandOf } from "../brands/registry";
import type { ChatMessage } from "../contracts/chat";
import { type ClientEvent, type Cursor, notificaFor } from "../contracts/realtime";
import { loadFlow } from "../core/flows";
import { stableHash } from "../core/hash";
import { logEvent } from "../core/log";
import type { Room, RoomStep } from "../realtime/room";
import {
  markMessageRead,
  messageById,
  messagesAfter,
  pendingMessageOf,
  replyContext,
  replyMaterial,
  storeAngelMessage,
} from "./chat.service";
import { type SendMemory, type SendResult, sendMemberMessage } from "./member-send.service";
import { type ReplyProviderId, replyProviderFor } from "./reply-provider";

type Data<E extends ClientEvent["event"]> = Extract<ClientEvent, { event: E }>["data"];
type Step<K extends RoomStep["kind"]> = Extract<RoomStep, { kind: K }>;

/** The last send's account state, kept by the room between messages (member-send.service's SendMemory). */
const sendMemory = (room: Room) => room.memo<SendMemory>("chat.send", () => ({ last: null }));

/** The end of the room's line of sends. */
const sendLine = (room: Room) => room.memo("chat.line", () => ({ tail: Promise.resolve() }));

type MemberMessage = { angelId: number; msg: string; clientId: string };

/**
 * A member's message through the gate: stored and echoed to every tab with the new balances, and the
 * angel's reply planned; refused (for credits, kept as the pending message) or failed, told to the tab that
 * sent it, if any. The member's sends go through one at a time, in the order they came (the frames of a
 * burst, the outbox flushed after a reconnection, the pending message after a purchase): each one decides on
 * the balances the previous one left, so only a real lack of credits refuses a message.
 */
async function sendAsMember(room: Room, data: MemberMessage): Promise<SendResult> {
  const line = sendLine(room);
  const sent = line.tail.then(() => passGate(room, data));
  line.tail = sent.then(
    () => undefined,
    () => undefined,
  );
  const result = await sent;
  // The angel's answer is planned outside the line: a slow reply provider holds up no other message.
  if (result.ok && !result.duplicate) await planReply(room, data.angelId, result.message);
  return result;
}

async function passGate(room: Room, data: MemberMessage): Promise<SendResult> {
  const result = await sendMemberMessage(room.db, { clickid: room.clickid, ...data }, sendMemory(room));
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
  room.broadcast({ event: "chat", data: result.message, notifica: notificaFor("own") });
  room.broadcast({ event: "creditiResidui", data: result.balances });
  return result;
}

/** The flow's reply provider answers (an operator's flow: nobody, the console will), after the spec's delay. */
async function planReply(room: Room, angelId: number, message: ChatMessage) {
  const context = await replyContext(room.db, room.clickid);
  if (!context) return;
  const flow = await loadFlow(room.db, context.fluxId);
  const provider = replyProviderFor(flow.provider_animazione, room.config);
  const material = await replyMaterial(room.db, {
    accountId: context.accountId,
    angelId,
    messageId: message.id,
  });
  const msg = await provider.reply({
    language: brandOf(context.brandId).public.language,
    userMessage: message.msg,
    userName: context.username,
    ...material,
  });
  if (!msg) return;
  const { minMs, maxMs } = room.config.chat.replyDelay;
  const delayMs = minMs + Math.random() * (maxMs - minMs);
  await sendAngelReply(room, { angelId, msg, provider: provider.id, delayMs });
}

/**
 * Stores an angel's reply to the member and has the queue deliver it after `delayMs` (at least the typing
 * time), with the typing indicator before it: the reply providers' path and the operator console's.
 */
export async function sendAngelReply(
  room: Room,
  input: { angelId: number; msg: string; provider: ReplyProviderId; delayMs?: number },
) {
  const { typingMs } = room.config.chat;
  const time = new Date(Date.now() + Math.max(typingMs, input.delayMs ?? typingMs));
  const reply = await storeAngelMessage(room.db, { clickid: room.clickid, ...input, time });
  if (!reply) return null;
  const at = Date.parse(reply.time);
  await room.queue.enqueue([
    { at: Math.max(Date.now(), at - typingMs), step: { kind: "typing", angelId: input.angelId } },
    { at, step: { kind: "deliver", messageId: reply.id } },
  ]);
  return reply;
}

/**
 * After a purchase: the message that was refused for credits (the pending one) goes out as the member
 * wrote it, under the refused send's clientId, so a resend by the client is stored once. Null when there
 * was none.
 */
export async function sendPendingMessage(room: Room): Promise<SendResult | null> {
  // The balances changed outside the room's sends: the next send reads them afresh.
  sendMemory(room).last = null;
  const pending = await pendingMessageOf(room.db, room.clickid);
  if (!pending) return null;
  const clientId = pending.clientId ?? `pending-${stableHash(`${pending.angelId}:${pending.msg}`)}`;
  return sendAsMember(room, { ...pending, clientId });
}

/** Messages a reconnecting tab missed, after the cursor of the last one it saw. */
export async function replayMessages(room: Room, after: Cursor) {
  for (const message of await messagesAfter(room.db, room.clickid, after)) {
    room.reply({ event: "chat", data: message, notifica: notificaFor("replay") });
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
  typing: async (room: Room, step: Step<"typing">) => {
    room.broadcast({ event: "typing", data: { angelId: step.angelId, ms: room.config.chat.typingMs } });
  },
  deliver: async (room: Room, step: Step<"deliver">) => {
    const message = await messageById(room.db, step.messageId);
    if (message) room.broadcast({ event: "chat", data: message, notifica: notificaFor("reply") });
    else logEvent("warn", "room.deliver.missing", { messageId: step.messageId });
  },
};
