import { type Connection, type ConnectionContext, Server } from "partyserver";
import { replyBank } from "../drizzle/seed-data/reply-bank";
import { brandOf } from "../worker/brands/registry";
import { aiConfig, aiProvider } from "../worker/chat/ai-provider";
import {
  markMessageRead,
  messageById,
  messagesAfter,
  pendingMessageOf,
  replyContext,
  type SendMemory,
  type SendResult,
  sendMemberMessage,
  storeAngelMessage,
} from "../worker/chat/chat.service";
import { operatorsProvider, type ReplyProvider, scriptedProvider } from "../worker/chat/reply-provider";
import { type ChatMessage, TYPING_MS } from "../worker/contracts/chat";
import type { Balances } from "../worker/contracts/credits";
import {
  ClientEvent,
  encodeEvent,
  parseCursor,
  parseFrame,
  type ServerEvent,
} from "../worker/contracts/realtime";
import { pgCode, withDb } from "../worker/core/db";
import { loadFlow } from "../worker/core/flows";
import { logEvent } from "../worker/core/log";
import { type LikeVia, likeAngel, recordDislike, sendInvite } from "../worker/engagement/likes.service";
import { notificationById, notificationsAfter } from "../worker/engagement/notifications.service";
import {
  answersLike,
  DEFAULT_BRAIN_PLAN,
  delayedTime,
  pressingConfig,
} from "../worker/engagement/pressing.config";
import {
  brainAudience,
  brainEngagement,
  type Scheduled,
  scheduleAngelVisit,
  scheduleLikeBack,
} from "../worker/engagement/pressing.service";
import type { Bindings } from "../worker/env";

/** One step of the room's alarm queue. */
type Step =
  | { kind: "typing"; angelId: number }
  | { kind: "deliver"; messageId: number }
  | { kind: "notify"; notificationId: number }
  | { kind: "brain"; action: BrainAction; angelId: number };
type BrainAction = "like" | "visita" | "message";

/**
 * A queued step, kept in Durable Object storage under its own key (`q:{at}:{id}`, so keys sort by time):
 * a step is deleted only after it succeeded, and enqueuing never rewrites the steps of a running alarm.
 */
interface QueueItem {
  id: string;
  /** When the step runs (a retry moves it on). */
  at: number;
  /** When the step was first due: a retry keeps it, so the step's rows are the same on every run. */
  due: number;
  attempts: number;
  step: Step;
}

/** The brain's schedule of this member: started once, never restarted by a second brain emit. */
interface BrainState {
  state: "running" | "paused" | "ended";
  startedAt: number;
}

const QUEUE_PREFIX = "q:";
const queueKey = (item: Pick<QueueItem, "at" | "id">) =>
  `${QUEUE_PREFIX}${String(item.at).padStart(15, "0")}:${item.id}`;
const BRAIN_KEY = "brain";
/** When the room last scheduled an angel's visit (ms), for the visit cooldown. */
const VISIT_KEY = "visitScheduledAt";
/** A failed step is retried after 1 s, 2 s, 4 s, 8 s; after the fifth failure it is dropped (and logged). */
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 1000;
/** Messages replayed to a reconnecting client wait this long before their popup (the page settles first). */
export const REPLAY_OFFSET_MS = 2000;
const TAB_PATTERN = /^[\w-]{8,64}$/;
const providers: Record<string, ReplyProvider> = { scripted: scriptedProvider, operators: operatorsProvider };

/**
 * The display type of each case (the spec's chat notification, money-platform.md section 3):
 * - a reply of a provider (scripted, operators, ai) delivered live: Default, shown at once;
 * - a message of the brain's schedule (pressing): full, shown at once, marked `pressing`;
 * - a message replayed to a reconnecting client: wait_socket, delayed by REPLAY_OFFSET_MS (so a
 *   delayed-full is never a replayed pressing message's popup: it is dropped, as the spec says);
 * - the echo of the member's own message: wait_ai (the answer is on its way; never shown).
 */
export function notificaFor(
  origin: "reply" | "pressing" | "replay" | "own",
): NonNullable<Extract<ServerEvent, { event: "chat" }>["notifica"]> {
  switch (origin) {
    case "reply":
      return { type: "Default", ritardo: false, offset: 0 };
    case "pressing":
      return { type: "full", ritardo: false, offset: 0, pressing: true };
    case "replay":
      return { type: "wait_socket", ritardo: true, offset: REPLAY_OFFSET_MS };
    case "own":
      return { type: "wait_ai", ritardo: false, offset: 0 };
  }
}

/**
 * The room of one member (named by the member's clickid): all of that member's open tabs, and the alarm
 * queue that delivers angel replies after their delay, with the typing indicator before them, the
 * angels' likes back and visits (notifications) at their time, and the brain's engagement schedule.
 * The room hibernates: everything it must remember is in its storage, nothing in memory.
 */
export class UserRoom extends Server<Bindings> {
  static options = { hibernate: true };
  /** The last send's account state, so the next message in an open conversation skips a read (lost, harmlessly, when the room hibernates). */
  private sendMemory: SendMemory = { last: null };

  /**
   * Test hook (set through cloudflare:test's runInDurableObject): the next n queue steps fail after their
   * database work and before their delivery, as a crash at the worst moment would.
   */
  failStepsAfterWork = 0;

  /** A page's connections are tagged with its tab id, so its reconnection can replace a stale socket. */
  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const tab = new URL(ctx.request.url).searchParams.get("tab");
    return tab && TAB_PATTERN.test(tab) ? [`tab:${tab}`] : [];
  }

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    const params = new URL(ctx.request.url).searchParams;
    const tab = params.get("tab");
    if (tab && TAB_PATTERN.test(tab)) {
      // The same page reconnected while the room still holds its old socket: the old one goes.
      for (const old of this.getConnections(`tab:${tab}`)) {
        if (old.id === connection.id) continue;
        old.send(encodeEvent({ event: "oldSocketRemoved", data: {} }));
        old.close(4000, "oldSocketRemoved");
      }
    }
    // A client that reconnects says which message and notification it saw last; it gets what came after.
    const after = parseCursor(params.get("after"));
    const nafter = parseCursor(params.get("nafter"));
    if (!after && !nafter) return;
    const [missed, missedNotifications] = await withDb(this.env, async (db) => [
      after ? await messagesAfter(db, this.name, after) : [],
      nafter ? await notificationsAfter(db, this.name, nafter) : [],
    ]);
    for (const message of missed)
      connection.send(encodeEvent({ event: "chat", data: message, notifica: notificaFor("replay") }));
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
    try {
      await this.dispatch(connection, frame);
    } catch (error) {
      // The client learns that its event failed (a chat line shows "not sent", its text kept) instead of
      // waiting for ever; the log has the event's kind, never its content.
      logEvent("error", "room.event_failed", {
        event: frame.event,
        // Not the message: a failed query's carries its parameters (the member's text).
        error: error instanceof Error ? error.name : typeof error,
        code: pgCode(error),
      });
      const clientId = "clientId" in frame.data ? frame.data.clientId : undefined;
      connection.send(encodeEvent({ event: "error", data: { code: "server_error", clientId } }));
    }
  }

  private dispatch(connection: Connection, frame: ClientEvent) {
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
      case "ack":
        return this.handleAck(frame.data);
      case "brain":
        return this.handleBrain(frame.data);
    }
  }

  /** An angel message shown in the open chat is read (the unread counts agree after a reload). */
  private async handleAck(data: Extract<ClientEvent, { event: "ack" }>["data"]) {
    if (!data.read) return;
    await withDb(this.env, (db) => markMessageRead(db, this.name, data.id));
  }

  /**
   * Tells every tab of the member to reload. The room calls it when it finds the account disabled; ops and
   * account routes may call it over Durable Object RPC (e.g. after a logout everywhere).
   */
  async restart(reason: string) {
    this.send({ event: "restart", data: { reason } });
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
    // The deployed version: a client running another one reloads (one that has none just stores it).
    const version = this.env.SOFTWARE_VERSION;
    if (version) {
      const reload = Boolean(data.softwareVersion) && data.softwareVersion !== version;
      connection.send(encodeEvent({ event: "softwareVersion", data: { version, reload } }));
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
      { at: scheduled.time.getTime(), step: { kind: "notify", notificationId: scheduled.notificationId } },
    ]);
  }

  private handleChat(connection: Connection, data: Extract<ClientEvent, { event: "chat" }>["data"]) {
    return this.sendAsMember(data, connection);
  }

  /**
   * A member's message through the gate: stored and echoed to every tab with the new balances, and the
   * angel's reply planned; refused (for credits, kept as the pending message) or failed, told to the tab that
   * sent it, if any.
   */
  private async sendAsMember(
    data: { angelId: number; msg: string; clientId: string },
    connection?: Connection,
  ): Promise<SendResult> {
    const result = await withDb(this.env, (db) =>
      sendMemberMessage(
        db,
        { clickid: this.name, angelId: data.angelId, msg: data.msg, clientId: data.clientId },
        this.sendMemory,
      ),
    );
    if (!result.ok) {
      if (result.reason === "refused") {
        connection?.send(
          encodeEvent({
            event: "refused",
            data: { clientId: data.clientId, event: result.decision.event, hook: result.decision.hook },
          }),
        );
        this.send({ event: "creditiResidui", data: result.balances });
      } else {
        connection?.send(
          encodeEvent({ event: "error", data: { code: result.reason, clientId: data.clientId } }),
        );
        // The account is gone or disabled while its tabs are open: they reload into the disabled popup.
        if (result.reason === "unknown_account") await this.restart("account_unavailable");
      }
      return result;
    }
    this.send({ event: "chat", data: result.message, notifica: notificaFor("own") });
    this.send({ event: "creditiResidui", data: result.balances });
    if (!result.duplicate) await this.scheduleReply(data.angelId, data.msg);
    return result;
  }

  /**
   * Called over Durable Object RPC once a purchase's credits are granted (worker/credits): every tab gets
   * the new balances, a paid member's pressing stops, and the message that was refused for credits (the
   * pending one) goes out as the member wrote it. Its clientId is the refused send's, so a resend by the
   * client is stored once. Answers whether the pending message was sent, and the balances after it.
   */
  async afterPurchase(granted: Balances & { premiumLevel: number }) {
    const balances = {
      creditiMessaggi: granted.creditiMessaggi,
      creditiIcebreaker: granted.creditiIcebreaker,
    };
    this.sendMemory = { last: null };
    this.send({ event: "creditiResidui", data: balances });
    if (granted.premiumLevel > 0) await this.stopBrain();
    const pending = await withDb(this.env, (db) => pendingMessageOf(db, this.name));
    if (!pending) return { pendingSent: false, ...balances };
    const clientId = pending.clientId ?? `pending-${hashOf(`${pending.angelId}:${pending.msg}`)}`;
    const sent = await this.sendAsMember({ ...pending, clientId });
    return sent.ok ? { pendingSent: true, ...sent.balances } : { pendingSent: false, ...balances };
  }

  private async scheduleReply(angelId: number, userMessage: string) {
    const min = Number(this.env.ANGEL_REPLY_MIN_MS);
    const max = Number(this.env.ANGEL_REPLY_MAX_MS);
    const planned = await withDb(this.env, async (db) => {
      const ctx = await replyContext(db, this.name);
      if (!ctx) return null;
      const flow = await loadFlow(db, ctx.fluxId);
      const language = brandOf(ctx.brandId).public.language;
      const provider = this.provider(flow.provider_animazione);
      const msg = await provider.reply({ language, userMessage, userName: ctx.username });
      return msg ? { msg, provider: provider.id } : null;
    });
    if (!planned) return;
    await this.sendAngelReply({ angelId, ...planned, delayMs: min + Math.random() * (max - min) });
  }

  /** The flow's reply provider; `ai` only when configured (AI_API_URL, AI_API_KEY, AI_MODEL), else scripted. */
  private provider(id: string): ReplyProvider {
    if (id === "ai") {
      const config = aiConfig(this.env);
      return config ? aiProvider(config) : scriptedProvider;
    }
    return providers[id] ?? operatorsProvider;
  }

  /**
   * Stores an angel's reply to this member and delivers it after `delayMs` (at least the typing time), with
   * the typing indicator before it. Called by the room's own providers and, over Durable Object RPC, by the
   * operator console (an operator's reply goes out through the member's room like any other).
   */
  async sendAngelReply(input: {
    angelId: number;
    msg: string;
    provider: ReplyProvider["id"];
    delayMs?: number;
  }): Promise<ChatMessage | null> {
    const typingMs = Number(this.env.TYPING_MS ?? TYPING_MS);
    const time = new Date(Date.now() + Math.max(typingMs, input.delayMs ?? typingMs));
    const reply = await withDb(this.env, (db) =>
      storeAngelMessage(db, {
        clickid: this.name,
        angelId: input.angelId,
        msg: input.msg,
        time,
        provider: input.provider,
      }),
    );
    if (!reply) return null;
    const at = Date.parse(reply.time);
    await this.enqueue([
      { at: Math.max(Date.now(), at - typingMs), step: { kind: "typing", angelId: input.angelId } },
      { at, step: { kind: "deliver", messageId: reply.id } },
    ]);
    return reply;
  }

  /** Puts steps in the queue, each under its own key, and moves the alarm to the earliest step. */
  private async enqueue(steps: { at: number; step: Step }[]) {
    const entries: Record<string, QueueItem> = {};
    for (const s of steps) {
      const item: QueueItem = { id: crypto.randomUUID(), at: s.at, due: s.at, attempts: 0, step: s.step };
      entries[queueKey(item)] = item;
    }
    await this.ctx.storage.put(entries);
    await this.scheduleAlarm();
  }

  private async scheduleAlarm() {
    const [first] = (await this.ctx.storage.list<QueueItem>({ prefix: QUEUE_PREFIX, limit: 1 })).values();
    if (first) await this.ctx.storage.setAlarm(first.at);
    else await this.ctx.storage.deleteAlarm();
  }

  /**
   * Runs every due step. Alarms are at-least-once, so a step is deleted only after it succeeded; a step
   * that fails is put back with a backoff (and dropped after MAX_ATTEMPTS). Every step may therefore run
   * twice: deliveries repeat the same ids (the clients drop duplicates) and stores are idempotent.
   */
  async onAlarm() {
    const due = await this.ctx.storage.list<QueueItem>({
      prefix: QUEUE_PREFIX,
      end: queueKey({ at: Date.now() + 6, id: "" }),
    });
    for (const [key, item] of due) {
      try {
        await this.runStep(item);
        await this.ctx.storage.delete(key);
      } catch (error) {
        const attempts = item.attempts + 1;
        const detail = { step: item.step.kind, attempts, error: String(error) };
        if (attempts >= MAX_ATTEMPTS) {
          logEvent("error", "room.step.dropped", { room: this.name, ...detail });
          await this.ctx.storage.delete(key);
          continue;
        }
        logEvent("warn", "room.step.retry", { room: this.name, ...detail });
        const retry = { ...item, attempts, at: Date.now() + RETRY_BASE_MS * 2 ** (attempts - 1) };
        // Both writes without an await between them: the storage commits them together.
        const moved = [this.ctx.storage.put(queueKey(retry), retry), this.ctx.storage.delete(key)];
        await Promise.all(moved);
      }
    }
    await this.scheduleAlarm();
  }

  /** The point of no return of a step: its database work is done, its delivery not yet. */
  private afterWork() {
    if (this.failStepsAfterWork > 0) {
      this.failStepsAfterWork--;
      throw new Error("test hook: step failed after its work");
    }
  }

  private async runStep(item: QueueItem) {
    const step = item.step;
    switch (step.kind) {
      case "typing": {
        const typingMs = Number(this.env.TYPING_MS ?? TYPING_MS);
        this.send({ event: "typing", data: { angelId: step.angelId, ms: typingMs } });
        return;
      }
      case "notify": {
        const notification = await withDb(this.env, (db) => notificationById(db, step.notificationId));
        this.afterWork();
        if (notification) this.send({ event: "notification", data: notification });
        else logEvent("warn", "room.notify.missing", { notificationId: step.notificationId });
        return;
      }
      case "deliver": {
        const message = await withDb(this.env, (db) => messageById(db, step.messageId));
        this.afterWork();
        if (message) this.send({ event: "chat", data: message, notifica: notificaFor("reply") });
        else logEvent("warn", "room.deliver.missing", { messageId: step.messageId });
        return;
      }
      case "brain":
        return this.runBrainStep(item, step);
    }
  }

  /**
   * The client's brain event (once per session, after clickid): starts the member's engagement schedule
   * of the flow (likes, visits and messages from angels of the member's region, the spec's random delay
   * between steps). A second emit, from this tab or another, never restarts it. A premium member gets
   * none: the tabs are told pausePressing at once.
   */
  private async handleBrain(data: Extract<ClientEvent, { event: "brain" }>["data"]) {
    if (data.trackerId && data.trackerId !== this.name) return;
    if (await this.ctx.storage.get<BrainState>(BRAIN_KEY)) return;
    // Claimed before any await that lets another event in, so two emits cannot both start one.
    const state: BrainState = { state: "running", startedAt: Date.now() };
    await this.ctx.storage.put(BRAIN_KEY, state);
    const { brain } = pressingConfig(this.env);
    const planned = await withDb(this.env, async (db) => {
      const ctx = await replyContext(db, this.name);
      if (!ctx) return null;
      const flow = await loadFlow(db, ctx.fluxId);
      const plan = flow.pressing ?? DEFAULT_BRAIN_PLAN;
      const audience = await brainAudience(db, {
        clickid: this.name,
        count: plan.likes + plan.visits + plan.messages,
      });
      return audience && { plan, ...audience };
    });
    if (!planned || planned.account.premiumLevel > 0) {
      await this.pauseBrain(planned ? "premium" : "ended");
      return;
    }
    const actions = brainActions(planned.plan);
    if (actions.length === 0 || planned.angelIds.length === 0) {
      await this.pauseBrain("ended");
      return;
    }
    logEvent("info", "room.brain.start", { room: this.name, steps: actions.length, brain: data });
    let at = Date.now();
    await this.enqueue(
      actions.map((action, i) => {
        at = delayedTime(brain, at).getTime();
        const angelId = planned.angelIds[i % planned.angelIds.length] as number;
        return { at, step: { kind: "brain", action, angelId } };
      }),
    );
  }

  /** A member who became premium gets no more pressing: the schedule's steps left are dropped. */
  private async stopBrain() {
    const state = await this.ctx.storage.get<BrainState>(BRAIN_KEY);
    if (state?.state !== "running") return;
    const queue = await this.ctx.storage.list<QueueItem>({ prefix: QUEUE_PREFIX });
    const steps = [...queue].filter(([, item]) => item.step.kind === "brain").map(([key]) => key);
    await this.ctx.storage.delete(steps);
    await this.pauseBrain("premium");
    await this.scheduleAlarm();
  }

  private async pauseBrain(reason: "premium" | "ended") {
    await this.ctx.storage.put(BRAIN_KEY, {
      ...((await this.ctx.storage.get<BrainState>(BRAIN_KEY)) ?? { startedAt: Date.now() }),
      state: reason === "premium" ? "paused" : "ended",
    });
    this.send({ event: "pausePressing", data: { reason } });
  }

  private async runBrainStep(item: QueueItem, step: Extract<Step, { kind: "brain" }>) {
    const ctx = await withDb(this.env, (db) => replyContext(db, this.name));
    // A member who became premium since the schedule started gets no more pressing.
    if (ctx && ctx.premiumLevel > 0) return this.stopBrain();
    if (step.action === "message") {
      const message = await withDb(this.env, async (db) => {
        if (!ctx) return null;
        const language = brandOf(ctx.brandId).public.language;
        const openers = replyBank[language].openers;
        // The same step picks the same line: a second run is the same message (stored once anyway).
        const line = openers[hashOf(item.id) % openers.length] ?? "";
        return storeAngelMessage(db, {
          clickid: this.name,
          angelId: step.angelId,
          msg: line.replaceAll("{name}", ctx.username ?? ""),
          time: new Date(Math.min(item.due, Date.now())),
          provider: "pressing",
          clientId: `brain-${item.id}`,
        });
      });
      this.afterWork();
      if (message) this.send({ event: "chat", data: message, notifica: notificaFor("pressing") });
    } else {
      const notification = await withDb(this.env, async (db) => {
        const done = await brainEngagement(db, {
          clickid: this.name,
          angelId: step.angelId,
          kind: step.action === "like" ? "like" : "visita",
          time: new Date(item.due),
        });
        return done ? notificationById(db, done.notificationId) : null;
      });
      this.afterWork();
      if (notification) this.send({ event: "notification", data: notification });
    }
    // The schedule ends when no other step of it waits (a retried step may come after the last one).
    const queue = await this.ctx.storage.list<QueueItem>({ prefix: QUEUE_PREFIX });
    const left = [...queue.values()].some((q) => q.step.kind === "brain" && q.id !== item.id);
    if (!left) await this.pauseBrain("ended");
  }

  /** Every tab of the member gets every event. */
  private send(event: ServerEvent) {
    this.broadcast(encodeEvent(event));
  }
}

/** The order of a schedule's steps: a visit, a like, a message, and round again while counts last. */
export function brainActions(plan: { likes: number; visits: number; messages: number }): BrainAction[] {
  const left = { visita: plan.visits, like: plan.likes, message: plan.messages };
  const actions: BrainAction[] = [];
  while (left.visita + left.like + left.message > 0) {
    for (const action of ["visita", "like", "message"] as const) {
      if (left[action] > 0) {
        actions.push(action);
        left[action]--;
      }
    }
  }
  return actions;
}

/** A small stable hash of a string (FNV-1a), for a deterministic pick. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
