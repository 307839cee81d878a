import { type Connection, type ConnectionContext, Server } from "partyserver";
import { brands } from "../worker/brands/registry";
import {
  messageById,
  messagesSince,
  replyContext,
  sendMemberMessage,
  storeAngelMessage,
} from "../worker/chat/chat.service";
import { operatorsProvider, type ReplyProvider, scriptedProvider } from "../worker/chat/reply-provider";
import { TYPING_MS } from "../worker/contracts/chat";
import { withDb } from "../worker/core/db";
import { loadFlow } from "../worker/core/flows";
import { logEvent } from "../worker/core/log";
import type { Bindings } from "../worker/env";
import { ClientEvent, encodeEvent, parseFrame, type ServerEvent } from "./events";

/** One scheduled step of the room's alarm queue, kept in Durable Object storage. */
type QueueItem =
  | { at: number; kind: "typing"; angelId: number }
  | { at: number; kind: "deliver"; messageId: number };

const QUEUE_KEY = "queue";
const providers: Record<string, ReplyProvider> = { scripted: scriptedProvider, operators: operatorsProvider };

/**
 * The room of one member (named by the member's clickid): all of that member's open tabs, and the alarm
 * queue that delivers angel replies after their delay, with the typing indicator before them.
 */
export class UserRoom extends Server<Bindings> {
  static options = { hibernate: true };

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    // A client that reconnects says when its last seen message was; it gets everything visible since.
    const since = Number(new URL(ctx.request.url).searchParams.get("since"));
    if (!Number.isFinite(since) || since <= 0) return;
    const missed = await withDb(this.env, (db) => messagesSince(db, this.name, since));
    for (const message of missed) connection.send(encodeEvent({ event: "chat", data: message }));
  }

  async onMessage(connection: Connection, raw: string | ArrayBuffer | ArrayBufferView) {
    const frame = parseFrame(ClientEvent, raw);
    if (!frame) {
      connection.send(encodeEvent({ event: "error", data: { code: "invalid_event" } }));
      return;
    }
    if (frame.event === "chat") await this.handleChat(connection, frame.data);
  }

  private async handleChat(connection: Connection, data: Extract<ClientEvent, { event: "chat" }>["data"]) {
    const result = await withDb(this.env, (db) =>
      sendMemberMessage(db, {
        clickid: this.name,
        angelId: data.angelId,
        msg: data.msg,
        clientId: data.clientId,
      }),
    );
    if (!result.ok) {
      if (result.reason === "refused") {
        connection.send(
          encodeEvent({
            event: "refused",
            data: { clientId: data.clientId, event: result.decision.event, hook: result.decision.hook },
          }),
        );
        this.send({ event: "creditiResidui", data: result.balances });
      } else {
        connection.send(
          encodeEvent({ event: "error", data: { code: result.reason, clientId: data.clientId } }),
        );
      }
      return;
    }
    this.send({ event: "chat", data: result.message });
    this.send({ event: "creditiResidui", data: result.balances });
    if (!result.duplicate) await this.scheduleReply(data.angelId, data.msg);
  }

  private async scheduleReply(angelId: number, userMessage: string) {
    const min = Number(this.env.ANGEL_REPLY_MIN_MS);
    const max = Number(this.env.ANGEL_REPLY_MAX_MS);
    const typingMs = Number(this.env.TYPING_MS ?? TYPING_MS);
    const reply = await withDb(this.env, async (db) => {
      const ctx = await replyContext(db, this.name);
      if (!ctx) return null;
      const flow = await loadFlow(db, ctx.fluxId);
      const language = brands[ctx.brandId as keyof typeof brands]?.public.language ?? "en";
      const provider = providers[flow.provider_animazione] ?? operatorsProvider;
      const msg = provider.reply({ language, userMessage, userName: ctx.username });
      if (!msg) return null;
      const time = new Date(Date.now() + min + Math.random() * (max - min));
      return storeAngelMessage(db, { clickid: this.name, angelId, msg, time, provider: provider.id });
    });
    if (!reply) return;
    const at = Date.parse(reply.time);
    await this.enqueue([
      { at: Math.max(Date.now(), at - typingMs), kind: "typing", angelId },
      { at, kind: "deliver", messageId: reply.id },
    ]);
  }

  private async enqueue(items: QueueItem[]) {
    const queue = [...((await this.ctx.storage.get<QueueItem[]>(QUEUE_KEY)) ?? []), ...items];
    queue.sort((a, b) => a.at - b.at);
    await this.ctx.storage.put(QUEUE_KEY, queue);
    const first = queue[0];
    if (first) await this.ctx.storage.setAlarm(first.at);
  }

  /** Runs every due step; a step that fails leaves the queue untouched so the alarm retries it. */
  async onAlarm() {
    const queue = (await this.ctx.storage.get<QueueItem[]>(QUEUE_KEY)) ?? [];
    const now = Date.now();
    const due = queue.filter((item) => item.at <= now + 5);
    const later = queue.filter((item) => item.at > now + 5);
    const typingMs = Number(this.env.TYPING_MS ?? TYPING_MS);
    for (const item of due) {
      if (item.kind === "typing") {
        this.send({ event: "typing", data: { angelId: item.angelId, ms: typingMs } });
      } else {
        const message = await withDb(this.env, (db) => messageById(db, item.messageId));
        if (message) this.send({ event: "chat", data: message });
        else logEvent("warn", "room.deliver.missing", { messageId: item.messageId });
      }
    }
    await this.ctx.storage.put(QUEUE_KEY, later);
    const next = later[0];
    if (next) await this.ctx.storage.setAlarm(next.at);
  }

  /** Every tab of the member gets every event. */
  private send(event: ServerEvent) {
    this.broadcast(encodeEvent(event));
  }
}
