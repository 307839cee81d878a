// Engagement over the member's room socket: likes, swipes (match events) and invites, the angels' likes
// back and visits that the room's queue pushes at their time, and the replay of missed notifications.
import type { Cursor } from "../contracts/cursor";
import type { ClientEvent } from "../contracts/realtime";
import { logEvent } from "../core/log";
import { notifyMember } from "../notifications/notify.service";
import type { Room, RoomStep } from "../realtime/room";
import { type LikeVia, likeAngel, recordDislike, sendInvite } from "./likes.service";
import { notificationById, notificationsAfter } from "./notifications.service";
import { answersLike, delayedTime } from "./pressing.config";
import { type Scheduled, scheduleAngelVisit, scheduleLikeBack } from "./pressing.service";

type Data<E extends ClientEvent["event"]> = Extract<ClientEvent, { event: E }>["data"];

/** When the room last scheduled an angel's visit (ms), for the visit cooldown. */
const VISIT_KEY = "visitScheduledAt";

const enqueueNotification = (room: Room, scheduled: Scheduled) =>
  room.queue.enqueue([
    { at: scheduled.time.getTime(), step: { kind: "notify", notificationId: scheduled.notificationId } },
  ]);

/** In a share of new likes the angel likes the member back (a match) after the pressing delay. */
async function maybeLikeBack(room: Room, angelId: number) {
  const { likeBack } = room.config.pressing;
  if (!answersLike(likeBack.rate)) return;
  const time = delayedTime(likeBack);
  const scheduled = await scheduleLikeBack(room.db, { clickid: room.clickid, angelId, time });
  if (scheduled) await enqueueNotification(room, scheduled);
}

async function like(room: Room, angelId: number, via: Exclude<LikeVia, "invite">) {
  const result = await likeAngel(room.db, { clickid: room.clickid, angelId, via });
  if (!result.ok) {
    room.reply({ event: "error", data: { code: result.reason } });
    return;
  }
  if (result.ack.status === "refused") {
    room.reply({ event: "like", data: result.ack });
    return;
  }
  // Every tab shows the liked state and the like credits left.
  room.broadcast({ event: "like", data: result.ack });
  if (result.created) await maybeLikeBack(room, angelId);
}

/** The member is active (the client's clickid emit): an angel may come to visit, at most once a cooldown. */
export async function memberActive(room: Room) {
  const { visit } = room.config.pressing;
  const last = (await room.storage.get<number>(VISIT_KEY)) ?? 0;
  if (Date.now() - last < visit.cooldownMs) return;
  await room.storage.put(VISIT_KEY, Date.now());
  const scheduled = await scheduleAngelVisit(room.db, { clickid: room.clickid, time: delayedTime(visit) });
  if (scheduled) await enqueueNotification(room, scheduled);
}

/** Notifications a reconnecting tab missed, after the cursor of the last one it saw. */
export async function replayNotifications(room: Room, after: Cursor) {
  for (const n of await notificationsAfter(room.db, room.clickid, after)) {
    room.reply({ event: "notification", data: n });
  }
}

export const engagementSocket = {
  like: (room: Room, data: Data<"like">) => like(room, data.angelId, "like"),

  match: async (room: Room, data: Data<"match">) => {
    if (!data.trackerId) {
      // The spec's log line for a match event without the member's id; nothing is stored.
      logEvent("warn", "match.missing_tracker_id", {
        message: "manca trackerId in match",
        room: room.clickid,
        angelId: data.angelId,
        type: data.type,
      });
      room.reply({ event: "error", data: { code: "missing_trackerId" } });
      return;
    }
    if (data.type === "like") return like(room, data.angelId, "match");
    const result = await recordDislike(room.db, {
      clickid: room.clickid,
      angelId: data.angelId,
      mongoId: data.mongoId,
    });
    if (!result.ok) room.reply({ event: "error", data: { code: result.reason } });
    else room.broadcast({ event: "match", data: { angelId: data.angelId, type: "dislike" } });
  },

  invite: async (room: Room, data: Data<"invite">) => {
    const { angelId, msg, clientId } = data;
    const result = await sendInvite(room.db, { clickid: room.clickid, angelId, msg, clientId });
    if (!result.ok) {
      if (result.reason === "refused") {
        room.reply({ event: "like", data: { ...result.like, clientId } });
        room.reply({
          event: "invite",
          data: { clientId, angelId, status: "refused", hook: "file_like", duplicate: false },
        });
      } else {
        room.reply({ event: "error", data: { code: result.reason, clientId } });
      }
      return;
    }
    room.broadcast({ event: "chat", data: result.message });
    if (result.like) room.broadcast({ event: "like", data: { ...result.like, clientId } });
    const duplicate = result.like === null;
    room.broadcast({
      event: "invite",
      data: { clientId, angelId, status: "sent", hook: null, duplicate },
    });
    if (result.created) await maybeLikeBack(room, angelId);
  },
};

export const engagementSteps = {
  /** An angel's like back or visit, pushed when its time comes. */
  notify: async (room: Room, step: Extract<RoomStep, { kind: "notify" }>) => {
    const notification = await notificationById(room.db, step.notificationId);
    if (!notification) {
      logEvent("warn", "room.notify.missing", { notificationId: step.notificationId });
      return;
    }
    room.broadcast({ event: "notification", data: notification });
    const kind = { like: "like_back", visita: "visit" } as const;
    if (notification.angelId === null || !(notification.type === "like" || notification.type === "visita"))
      return;
    await notifyMember(room, {
      kind: kind[notification.type],
      angelId: notification.angelId,
      notificationId: notification.id,
    });
  },
};
