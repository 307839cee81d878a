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
import { type LikeVia, likeAngel, recordDislike, sendInvite } from "../worker/engagement/likes.service";
import { notificationById, notificationsSince } from "../worker/engagement/notifications.service";
import { answersLike, delayedTime, pressingConfig } from "../worker/engagement/pressing.config";
import { type Scheduled, scheduleAngelVisit, scheduleLikeBack } from "../worker/engagement/pressing.service";
import type { Bindings } from "../worker/env";
import { ClientEvent, encodeEvent, parseFrame, type ServerEvent } from "./events";

/** One scheduled step of the room's alarm queue, kept in Durable Object storage. */
type QueueItem =
  | { at: number; kind: "typing"; angelId: number }
  | { at: number; kind: "deliver"; messageId: number }
  | { at: number; kind: "notify"; notificationId: number };

const QUEUE_KEY = "queue";
/** When the room last scheduled an angel's visit (ms), for the visit cooldown. */
const VISIT_KEY = "visitScheduledAt";
const providers: Record<string, ReplyProvider> = { scripted: scriptedProvider, operators: operatorsProvider };

/**
 * The room of one member (named by the member's clickid): all of that member's open tabs, and the alarm
 * queue that delivers angel replies after their delay, with the typing indicator before them, and the
 * angels' likes back and visits (notifications) at their time.
 */
export class UserRoom extends Server<Bindings> {
  static options = { hibernate: true };

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    // A client that reconnects says when its last seen message was; it gets everything visible since.
    const since = Number(new URL(ctx.request.url).searchParams.get("since"));
    if (!Number.isFinite(since) || since <= 0) return;
    const [missed, missedNotifications] = await withDb(this.env, async (db) => [
      await messagesSince(db, this.name, since),
      await notificationsSince(db, this.name, since),
    ]);
    for (const message of missed) connection.send(encodeEvent({ event: "chat", data: message }));
    for (const n of missedNotifications) connection.send(encodeEvent({ event: "notification", data: n }));
  }

  async onMessage(connection: Connection, raw: string | ArrayBuffer | ArrayBufferView) {
    const frame = parseFrame(ClientEvent, raw);
    if (!frame) {
      connection.send(encodeEvent({ event: "error", data: { code: "invalid_event" } }));
      return;
    }
    // Likes, match events and invites carry the member's trackerId; when one is sent it must be this
    // room's member.
    const engagement = frame.event === "like" || frame.event === "match" || frame.event === "invite";
    if (engagement && frame.data.trackerId && frame.data.trackerId !== this.name) {
      connection.send(encodeEvent({ event: "error", data: { code: "forbidden" } }));
      return;
    }
    switch (frame.event) {
      case "chat":
        return this.handleChat(connection, frame.data);
      case "clickid":
        return this.handleHello(connection, frame.data);
      case "like":
        return this.handleLike(connection, frame.data.angelId, "like");
      case "match":
        return this.handleMatch(connection, frame.data);
      case "invite":
        return this.handleInvite(connection, frame.data);
    }
  }

  /** The client's first emit after connecting: the member is active, so an angel may come to visit. */
  private async handleHello(
    connection: Connection,
    data: Extract<ClientEvent, { event: "clickid" }>["data"],
  ) {
    if (data.clickid !== this.name) {
      connection.send(encodeEvent({ event: "error", data: { code: "forbidden" } }));
      return;
    }
    const { visit } = pressingConfig(this.env);
    const last = (await this.ctx.storage.get<number>(VISIT_KEY)) ?? 0;
    if (Date.now() - last < visit.cooldownMs) return;
    await this.ctx.storage.put(VISIT_KEY, Date.now());
    const scheduled = await withDb(this.env, (db) =>
      scheduleAngelVisit(db, { clickid: this.name, time: delayedTime(visit) }),
    );
    if (scheduled) await this.enqueueNotification(scheduled);
  }

  private async handleLike(connection: Connection, angelId: number, via: Exclude<LikeVia, "invite">) {
    const result = await withDb(this.env, (db) => likeAngel(db, { clickid: this.name, angelId, via }));
    if (!result.ok) {
      connection.send(encodeEvent({ event: "error", data: { code: result.reason } }));
      return;
    }
    if (result.ack.status === "refused") {
      connection.send(encodeEvent({ event: "like", data: result.ack }));
      return;
    }
    // Every tab shows the liked state and the like credits left.
    this.send({ event: "like", data: result.ack });
    if (result.created) await this.maybeLikeBack(angelId);
  }

  private async handleMatch(connection: Connection, data: Extract<ClientEvent, { event: "match" }>["data"]) {
    if (!data.trackerId) {
      // The spec's log line for a match event without the member's id; nothing is stored.
      logEvent("warn", "match.missing_tracker_id", {
        message: "manca trackerId in match",
        room: this.name,
        angelId: data.angelId,
        type: data.type,
      });
      connection.send(encodeEvent({ event: "error", data: { code: "missing_trackerId" } }));
      return;
    }
    if (data.type === "like") return this.handleLike(connection, data.angelId, "match");
    const result = await withDb(this.env, (db) =>
      recordDislike(db, { clickid: this.name, angelId: data.angelId, mongoId: data.mongoId }),
    );
    if (!result.ok) {
      connection.send(encodeEvent({ event: "error", data: { code: result.reason } }));
      return;
    }
    this.send({ event: "match", data: { angelId: data.angelId, type: "dislike" } });
  }

  private async handleInvite(
    connection: Connection,
    data: Extract<ClientEvent, { event: "invite" }>["data"],
  ) {
    const result = await withDb(this.env, (db) =>
      sendInvite(db, { clickid: this.name, angelId: data.angelId, msg: data.msg, clientId: data.clientId }),
    );
    const ack = { clientId: data.clientId, angelId: data.angelId };
    if (!result.ok) {
      if (result.reason === "refused") {
        connection.send(encodeEvent({ event: "like", data: { ...result.like, clientId: data.clientId } }));
        connection.send(
          encodeEvent({
            event: "invite",
            data: { ...ack, status: "refused", hook: "file_like", duplicate: false },
          }),
        );
      } else {
        connection.send(
          encodeEvent({ event: "error", data: { code: result.reason, clientId: data.clientId } }),
        );
      }
      return;
    }
    const duplicate = result.like === null;
    this.send({ event: "chat", data: result.message });
    if (result.like) this.send({ event: "like", data: { ...result.like, clientId: data.clientId } });
    this.send({ event: "invite", data: { ...ack, status: "sent", hook: null, duplicate } });
    if (result.created) await this.maybeLikeBack(data.angelId);
  }

  /** In a share of new likes the angel likes the member back (a match) after the pressing delay. */
  private async maybeLikeBack(angelId: number) {
    const { likeBack } = pressingConfig(this.env);
    if (!answersLike(likeBack.rate)) return;
    const scheduled = await withDb(this.env, (db) =>
      scheduleLikeBack(db, { clickid: this.name, angelId, time: delayedTime(likeBack) }),
    );
    if (scheduled) await this.enqueueNotification(scheduled);
  }

  private enqueueNotification(scheduled: Scheduled) {
    return this.enqueue([
      { at: scheduled.time.getTime(), kind: "notify", notificationId: scheduled.notificationId },
    ]);
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
      } else if (item.kind === "notify") {
        const notification = await withDb(this.env, (db) => notificationById(db, item.notificationId));
        if (notification) this.send({ event: "notification", data: notification });
        else logEvent("warn", "room.notify.missing", { notificationId: item.notificationId });
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
