// The member's room as the features' socket handlers see it: a small interface over the Durable Object
// (party/user-room.ts) that holds the sockets. A handler sends to the member's tabs, enqueues timed steps
// and uses the frame's database; it never sees partyserver.
import type { Config } from "../config";
import type { ChatMessage } from "../contracts/chat";
import type { Balances, PurchaseBalances } from "../contracts/credits";
import { encodeEvent, type ServerEvent } from "../contracts/realtime";
import { type Db, lazyDb } from "../core/db";
import { logEvent } from "../core/log";
import { AlarmQueue, type QueuedStep, type QueueStorage } from "./alarm-queue";

/** A step of the room's alarm queue; each kind is run by the feature that enqueues it (handlers.ts). */
export type RoomStep =
  | { kind: "typing"; angelId: number }
  /** An angel message at its time: from `message` when the room keeps it (chat-outbox.ts), else from Postgres. */
  | { kind: "deliver"; messageId: number; message?: DeliveredMessage }
  /** The room's chat outbox written to Postgres (the backstop of the write behind each acknowledgement). */
  | { kind: "flush"; attempt: number }
  /** The answer to a member's message, planned again after a failure. */
  | { kind: "reply"; angelId: number; message: ChatMessage }
  | { kind: "notify"; notificationId: number }
  | { kind: "brain"; action: BrainAction; angelId: number }
  /** The next channel of a pending notification (worker/notifications/cascade.ts). */
  | { kind: "cascade"; key: string; id: string };
/** An angel message kept in the room's storage: its text, and whether it is blurred for a reader who may not read it. */
export type DeliveredMessage = ChatMessage & { blurred: boolean };
export type BrainAction = "like" | "visita" | "message";
export type RoomQueueItem = QueuedStep<RoomStep>;

export interface Room {
  /** The member's clickid: the room's name. */
  readonly clickid: string;
  readonly config: Config;
  /** The frame's database: one pool for everything one frame, alarm or call does, closed after it. */
  readonly db: Db;
  /** Every open tab of the member gets the event. */
  broadcast(event: ServerEvent): void;
  /** The tab whose frame is handled gets the event (nobody, for alarms and calls from the Worker). */
  reply(event: ServerEvent): void;
  readonly queue: AlarmQueue<RoomStep>;
  /** The room's durable key-value storage beside the queue (a feature's own keys). */
  readonly storage: Pick<DurableObjectStorage, "get" | "put" | "delete" | "list">;
  /** A slot the room keeps in memory between frames (lost, harmlessly, when it hibernates). */
  memo<T>(key: string, init: () => T): T;
  /** Whether one of the member's open tabs is visible (its page reported so): he sees what the room shows. */
  tabVisible(): boolean;
  /** The frame's tab reported whether its page is visible (nothing, for alarms and calls from the Worker). */
  setTabVisible(visible: boolean): void;
}

/** What the Durable Object gives a frame: its name, config, storage, tabs and memory. */
export interface RoomHost {
  name: string;
  config: Config;
  storage: QueueStorage;
  broadcast(text: string): void;
  reply(text: string): void;
  memory: Map<string, unknown>;
  /** Whether an open tab's page is visible (kept with each socket, so it survives hibernation). */
  tabVisible(): boolean;
  /** Keeps the frame's tab's visibility with its socket. */
  setTabVisible(visible: boolean): void;
}

export type RenewalOutcome = "renewed" | "failed";

export type SessionEndReason = "logout" | "password_changed" | "account_disabled" | "account_deleted";

/** What the Worker may ask a member's room over Durable Object RPC (worker/realtime/member-room.ts). */
export interface MemberRoomCalls {
  /**
   * The member's sessions ended (logout, a new password, the account disabled): every tab is told to reload
   * and every socket is closed, so a page that ignores the event cannot go on with a dead token.
   */
  endSessions(reason: SessionEndReason): Promise<void>;
  /**
   * A purchase's credits were granted: the tabs get the balances, a paid member's pressing stops, and the
   * message refused for credits goes out. Answers whether it did, and the balances after it.
   */
  afterPurchase(granted: PurchaseBalances): Promise<Balances & { pendingSent: boolean }>;
  /** A payment left pending or open was refused later: every tab shows the purchKo alert. */
  purchaseFailed(message: string): Promise<void>;
  /**
   * The renewal job renewed the member's plan or could not charge it: the tabs' billing is refreshed and the
   * member hears of it by the cascade (push, then Telegram; the renewal's own mail is the e-mail).
   */
  renewalOutcome(outcome: RenewalOutcome): Promise<void>;
  /** An operator's reply, stored and delivered after its delay with the typing indicator before it. */
  sendAngelReply(input: { angelId: number; msg: string; delayMs?: number }): Promise<ChatMessage | null>;
  /** The member was erased: the room's own storage (its queue, messages not yet written) and alarm are deleted. */
  forget(): Promise<void>;
}

/** Runs `fn` for one frame, alarm or call with a Room over `host`; its database closes when `fn` is done. */
export async function withRoom<T>(host: RoomHost, fn: (room: Room) => Promise<T>): Promise<T> {
  let database: ReturnType<typeof lazyDb> | undefined;
  const room: Room = {
    clickid: host.name,
    config: host.config,
    get db() {
      database ??= lazyDb(host.config.database);
      return database.db;
    },
    broadcast: (event) => host.broadcast(encodeEvent(event)),
    reply: (event) => host.reply(encodeEvent(event)),
    queue: new AlarmQueue<RoomStep>(host.storage, (step) => ({ room: host.name, step: step.kind })),
    storage: host.storage,
    memo<T>(key: string, init: () => T): T {
      if (!host.memory.has(key)) host.memory.set(key, init());
      return host.memory.get(key) as T;
    },
    tabVisible: () => host.tabVisible(),
    setTabVisible: (visible) => host.setTabVisible(visible),
  };
  try {
    return await fn(room);
  } finally {
    // Closing the pool may fail once its connection is gone; the frame's work is done either way.
    await database?.end()?.catch((error: unknown) =>
      logEvent("warn", "room.db_close_failed", {
        error: error instanceof Error ? error.name : typeof error,
      }),
    );
  }
}
