// The one registry of the member room's handlers: each client event, each queued step and each call from the
// Worker goes to the feature that owns it. The room (party/user-room.ts) holds the sockets and imports only
// this module and worker/contracts; the features never see partyserver.

import {
  accountChangedOutside,
  chatSocket,
  chatSteps,
  flushChat,
  forgetReplyFacts,
  replayMessages,
  sendAngelReply,
  sendPendingMessage,
} from "../chat/chat.socket";
import { configOf } from "../config";
import type { PurchaseBalances } from "../contracts/credits";
import type { Cursor } from "../contracts/cursor";
import type { ClientEvent } from "../contracts/realtime";
import { pgCode } from "../core/db-errors";
import { logEvent } from "../core/log";
import { runBrainStep, startBrain, stopBrain } from "../engagement/brain";
import {
  engagementSocket,
  engagementSteps,
  memberActive,
  replayNotifications,
} from "../engagement/engagement.socket";
import type { Bindings } from "../env";
import { memberBack, notificationSteps, notifyMember } from "../notifications/notify.service";
import {
  type MemberRoomCalls,
  type RenewalOutcome,
  type Room,
  type RoomHost,
  type RoomQueueItem,
  type RoomStep,
  type SessionEndReason,
  withRoom,
} from "./room";

export type { MemberRoomCalls, RenewalOutcome, RoomHost, SessionEndReason };

type Data<E extends ClientEvent["event"]> = Extract<ClientEvent, { event: E }>["data"];
type SocketHandler<E extends ClientEvent["event"]> = (room: Room, data: Data<E>) => Promise<void>;
type StepHandler<K extends RoomStep["kind"]> = (
  room: Room,
  step: Extract<RoomStep, { kind: K }>,
  item: RoomQueueItem,
) => Promise<void>;

/** The client's first emit on every (re)connection: the deployed version, and the member is active. */
async function hello(room: Room, data: Data<"clickid">) {
  if (data.clickid !== room.clickid) {
    room.reply({ event: "error", data: { code: "forbidden" } });
    return;
  }
  // A client running another version reloads (one that has none just stores it).
  const version = room.config.softwareVersion;
  if (version) {
    const reload = Boolean(data.softwareVersion) && data.softwareVersion !== version;
    room.reply({ event: "softwareVersion", data: { version, reload } });
  }
  await memberActive(room);
  const visible = data.visible ?? true;
  room.setTabVisible(visible);
  if (visible) await memberBack(room);
}

/** The tab's page became visible (the member is back: what he missed is on his screen) or hidden. */
async function visibility(room: Room, data: Data<"visibility">) {
  room.setTabVisible(data.visible);
  if (data.visible) await memberBack(room);
}

const socketHandlers: { [E in ClientEvent["event"]]: SocketHandler<E> } = {
  clickid: hello,
  visibility,
  chat: chatSocket.chat,
  ack: chatSocket.ack,
  like: engagementSocket.like,
  match: engagementSocket.match,
  invite: engagementSocket.invite,
  brain: startBrain,
};

const stepHandlers: { [K in RoomStep["kind"]]: StepHandler<K> } = {
  typing: chatSteps.typing,
  deliver: chatSteps.deliver,
  flush: chatSteps.flush,
  reply: chatSteps.reply,
  notify: engagementSteps.notify,
  // The brain's message is an angel line the chat's kept reply facts do not have.
  brain: (room, step, item) => {
    forgetReplyFacts(room);
    return runBrainStep(room, step, item);
  },
  cascade: notificationSteps.cascade,
};

/** What the room hands over: its name, env, storage, tabs and memory (the config is parsed here). */
export function roomHost(parts: Omit<RoomHost, "config"> & { env: Bindings }): RoomHost {
  const { env, ...rest } = parts;
  return { ...rest, config: configOf(env) };
}

/** Likes, match events and invites may carry the member's trackerId; when one does, it is this room's. */
function foreignTracker(room: Room, frame: ClientEvent): boolean {
  const engagement = frame.event === "like" || frame.event === "match" || frame.event === "invite";
  return engagement && Boolean(frame.data.trackerId) && frame.data.trackerId !== room.clickid;
}

/**
 * One client frame, already parsed: its feature's handler runs with the frame's Room. A handler that throws
 * tells the tab that its event failed (a chat line shows "not sent", its text kept) instead of leaving it
 * waiting; the log has the event's kind, never its content.
 */
export function handleFrame(host: RoomHost, frame: ClientEvent): Promise<void> {
  return withRoom(host, async (room) => {
    if (foreignTracker(room, frame)) {
      room.reply({ event: "error", data: { code: "forbidden" } });
      return;
    }
    // The handler's data type follows frame.event; TypeScript cannot correlate the two through the union.
    const handler = socketHandlers[frame.event] as SocketHandler<ClientEvent["event"]>;
    try {
      await handler(room, frame.data as never);
    } catch (error) {
      logEvent("error", "room.event_failed", {
        frameEvent: frame.event,
        // Not the message: a failed query's carries its parameters (the member's text).
        error: error instanceof Error ? error.name : typeof error,
        code: pgCode(error),
      });
      const clientId = "clientId" in frame.data ? frame.data.clientId : undefined;
      room.reply({ event: "error", data: { code: "server_error", clientId } });
    }
  });
}

/**
 * A reconnecting tab gets exactly the messages and notifications after the cursors it sent. This runs while
 * the socket is being accepted, where an error would otherwise reach the client with its stack: it is
 * logged by name and code and told to the tab as a plain error event.
 */
export function replayMissed(host: RoomHost, cursors: { after: Cursor | null; nafter: Cursor | null }) {
  return withRoom(host, async (room) => {
    try {
      if (cursors.after) await replayMessages(room, cursors.after);
      if (cursors.nafter) await replayNotifications(room, cursors.nafter);
    } catch (error) {
      logEvent("error", "room.replay_failed", {
        room: room.clickid,
        error: error instanceof Error ? error.name : typeof error,
        code: pgCode(error),
      });
      room.reply({ event: "error", data: { code: "server_error" } });
    }
  });
}

/** The room's alarm: every due step of its queue, each by its feature (at least once; see AlarmQueue). */
export function runDueSteps(host: RoomHost): Promise<void> {
  return withRoom(host, (room) =>
    room.queue.runDue((item) => {
      const run = stepHandlers[item.step.kind] as StepHandler<RoomStep["kind"]>;
      return run(room, item.step as never, item);
    }),
  );
}

/**
 * MemberRoomCalls.afterPurchase (every change of the member's money: a purchase, a renewal, a refund, an
 * unsubscribe): the balances and the billing's change to every tab, pressing stopped for a paid member, the
 * pending message sent.
 */
export function afterPurchase(
  host: RoomHost,
  granted: PurchaseBalances,
): ReturnType<MemberRoomCalls["afterPurchase"]> {
  return withRoom(host, async (room) => {
    // The room's unwritten messages go to Postgres first: its balance after them is the one to show.
    const changed = await accountChangedOutside(room, granted);
    const balances = changed.balances ?? {
      creditiMessaggi: granted.creditiMessaggi,
      creditiIcebreaker: granted.creditiIcebreaker,
    };
    room.broadcast({ event: "creditiResidui", data: { ...balances, premiumLevel: granted.premiumLevel } });
    room.broadcast({ event: "billing", data: {} });
    if (granted.premiumLevel > 0) await stopBrain(room);
    const sent = await sendPendingMessage(room, changed.pending);
    return sent?.ok ? { pendingSent: true, ...sent.balances } : { pendingSent: false, ...balances };
  });
}

/**
 * MemberRoomCalls.sendAngelReply: an operator's reply from the console, like every angel reply; written to
 * Postgres before the console's call returns when Postgres answers (else by the room's flush step).
 */
export function operatorReply(host: RoomHost, input: Parameters<MemberRoomCalls["sendAngelReply"]>[0]) {
  return withRoom(host, async (room) => {
    const reply = await sendAngelReply(room, { ...input, provider: "operators" });
    await flushChat(room).catch((error: unknown) =>
      logEvent("warn", "chat.flush_failed", { error: error instanceof Error ? error.name : typeof error }),
    );
    return reply;
  });
}

/** MemberRoomCalls.purchaseFailed: every tab shows the purchKo alert; the member not there hears of it by the cascade. */
export function purchaseFailed(host: RoomHost, message: string): Promise<void> {
  return withRoom(host, async (room) => {
    room.broadcast({ event: "purchKo", data: { message } });
    await notifyMember(room, { kind: "purch_ko" });
  });
}

/**
 * MemberRoomCalls.renewalOutcome: the tabs' billing is refreshed (a renewal's credits came with afterPurchase)
 * and the cascade tells a member who is not on the site.
 */
export function renewalOutcome(host: RoomHost, outcome: RenewalOutcome): Promise<void> {
  return withRoom(host, async (room) => {
    room.broadcast({ event: "billing", data: {} });
    await notifyMember(room, { kind: "renewal", outcome });
  });
}

/** The member's sessions ended (the account may be disabled): the room reads Postgres before deciding again. */
export function sessionsEnded(host: RoomHost): Promise<void> {
  return withRoom(host, async (room) => {
    await accountChangedOutside(room);
  });
}
