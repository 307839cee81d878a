// The realtime events, as JSON `{event, data}` frames, shared by the room and the web client.

import { z } from "zod";
import { BigId, Int4Id, nulPath } from "./bounds";
import { ChatMessage, MESSAGE_MAX_LENGTH } from "./chat";
import { Clickid } from "./clickid";
import { Balances, PremiumLevel } from "./credits";
import {
  ClientInvite,
  ClientLike,
  ClientMatch,
  InviteAck,
  LikeAck,
  MatchAck,
  Notification,
} from "./engagement";

export const ClientChat = z.object({
  msg: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
  angelId: Int4Id,
  /** Chosen by the client so a resent message is stored and charged once. */
  clientId: z.string().min(8).max(64),
  trackerId: /* @__PURE__ */ Clickid.optional(),
  screenName: z.string().max(80).optional(),
  servizio: z.string().max(253).optional(),
  country: z.string().max(2).optional(),
  time: z.string().max(40).optional(),
  blurredMessage: z.boolean().optional(),
  precompilato: z.boolean().optional(),
  icebreaker: z.boolean().optional(),
  provider: z.string().max(20).optional(),
});

/**
 * The spec's brain event, sent once per session after clickid: what the client knows of the visit. The
 * room trusts none of it for decisions (region, premium level and flow come from the account); it is
 * logged with the schedule it starts.
 */
export const ClientBrain = z.object({
  trackerId: /* @__PURE__ */ Clickid.optional(),
  tipologia: z.string().max(40).optional(),
  country: z.string().max(2).optional(),
  domain: z.string().max(253).optional(),
  landedTime: z.union([z.string().max(40), z.number()]).optional(),
  fluxid: z.string().max(20).optional(),
  premiumLevel: z.number().int().min(0).max(9).optional(),
  region: z.string().max(80).nullable().optional(),
  provenienza_richiesta: z.string().max(80).optional(),
  use_ai: z.boolean().optional(),
  servizio: z.string().max(253).optional(),
});

export type ClientBrain = z.infer<typeof ClientBrain>;

/**
 * The client acknowledges a chat message it shows. `read`: it is an angel message shown in the open
 * chat of a visible tab, so the room marks it read (it no longer counts as unread after a reload).
 */
export const ClientAck = z.object({ id: BigId, read: z.boolean().default(false) });

export const ClientEvent = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("clickid"),
    data: z.object({
      clickid: Clickid,
      softwareVersion: z.string().max(40).optional(),
      /** Whether the page is visible (a client that does not say counts as visible, as it always did). */
      visible: z.boolean().optional(),
    }),
  }),
  /** The page became visible or hidden: only a visible tab counts as the member seeing what the room shows. */
  z.object({ event: z.literal("visibility"), data: z.object({ visible: z.boolean() }) }),
  z.object({ event: z.literal("chat"), data: ClientChat }),
  z.object({ event: z.literal("like"), data: ClientLike }),
  z.object({ event: z.literal("match"), data: ClientMatch }),
  z.object({ event: z.literal("invite"), data: ClientInvite }),
  z.object({ event: z.literal("ack"), data: ClientAck }),
  z.object({ event: z.literal("brain"), data: ClientBrain }),
]);
export type ClientEvent = z.infer<typeof ClientEvent>;

/** The spec's display types of a chat notification (money-platform.md section 3). */
export const notificationTypes = ["Default", "full", "wait_socket", "wait_ai"] as const;

/**
 * How the client shows a chat message as a notification (popup): `ritardo` set means wait `offset` ms
 * first; a delayed 'full' is dropped and 'wait_ai' never shows. Which case sends which type is
 * `notificaFor` below; `pressing` marks a message of the brain's schedule.
 */
export const ChatNotifica = z.object({
  type: z.enum(notificationTypes),
  ritardo: z.boolean(),
  offset: z.number().int().min(0),
  pressing: z.boolean().optional(),
});
export type ChatNotifica = z.infer<typeof ChatNotifica>;

/** Messages replayed to a reconnecting client wait this long before their popup (the page settles first). */
export const REPLAY_OFFSET_MS = 2000;

/**
 * The display type of each case (the spec's chat notification, money-platform.md section 3):
 * - a reply of a provider (scripted, operators, ai) delivered live: Default, shown at once;
 * - a message of the brain's schedule (pressing): full, shown at once, marked `pressing`;
 * - a message replayed to a reconnecting client: wait_socket, delayed by REPLAY_OFFSET_MS (so a
 *   delayed-full is never a replayed pressing message's popup: it is dropped, as the spec says);
 * - the echo of the member's own message: wait_ai (the answer is on its way; never shown).
 */
export function notificationFor(origin: "reply" | "pressing" | "replay" | "own"): ChatNotifica {
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

/** Why the brain's schedule stopped: the member is premium, or every step has run. */
export const PauseReason = z.enum(["premium", "ended"]);

// The calls on other schemas below (.optional(), .extend()) are marked pure, as the build treats zod's own
// builders (web/vite.config.ts): a page that imports only this module's helpers gets neither these schemas
// nor zod (the member's frame, on every member page's start).
export const ServerEvent = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("chat"),
    data: ChatMessage,
    notifica: /* @__PURE__ */ ChatNotifica.optional(),
  }),
  z.object({ event: z.literal("typing"), data: z.object({ angelId: z.number(), ms: z.number() }) }),
  // A payment the member was told would be credited when approved (pending, open) was refused later.
  z.object({ event: z.literal("purchKo"), data: z.object({ message: z.string() }) }),
  // With the premium level when it changed (a purchase, an unsubscribe, a refund): the VIP entry and the coin follow.
  z.object({
    event: z.literal("creditiResidui"),
    data: /* @__PURE__ */ Balances.extend({ premiumLevel: /* @__PURE__ */ PremiumLevel.optional() }),
  }),
  /**
   * The member's payments or plan changed (a purchase, a renewal, a refund, an unsubscribe): a page that shows
   * them (the own profile's billing, its receipts) reads them again.
   */
  z.object({ event: z.literal("billing"), data: z.object({}) }),
  z.object({
    event: z.literal("refused"),
    data: z.object({
      clientId: z.string(),
      event: z.enum(["ko_icebreaker", "ko_msg"]),
      hook: z.literal("fine_crediti"),
    }),
  }),
  /** The answer to a like, a right swipe or an invite: sent (mi_piace_inviato) or refused (file_like). */
  z.object({ event: z.literal("like"), data: LikeAck }),
  /** The answer to a dislike (left swipe). */
  z.object({ event: z.literal("match"), data: MatchAck }),
  z.object({ event: z.literal("invite"), data: InviteAck }),
  /** A like or visit from an angel, pushed when its time comes (and replayed to a reconnecting client). */
  z.object({ event: z.literal("notification"), data: Notification }),
  /** The brain's engagement schedule paused: the client stops (no further brain emits while the page lives). */
  z.object({ event: z.literal("pausePressing"), data: z.object({ reason: PauseReason }) }),
  /** Every tab of the member reloads (the account was disabled, or ops restarted the member's tabs). */
  z.object({ event: z.literal("restart"), data: z.object({ reason: z.string() }) }),
  /** The deployed version; `reload` when the client's differs (it stores the version, then reloads). */
  z.object({
    event: z.literal("softwareVersion"),
    data: z.object({ version: z.string(), reload: z.boolean() }),
  }),
  /**
   * This socket was replaced by a newer connection of the same page (its reconnection): the room closes
   * it, and a client that still listens on it stops reconnecting.
   */
  z.object({ event: z.literal("oldSocketRemoved"), data: z.object({}) }),
  z.object({
    event: z.literal("error"),
    data: z.object({ code: z.string(), clientId: z.string().optional() }),
  }),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;

export const encodeEvent = (e: ServerEvent) => JSON.stringify(e);

/** Parses one frame; never trusts its shape. A text holding a NUL byte is refused like a bad shape. */
export function parseFrame<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success && !nulPath(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The close code of a socket the room replaced by its page's reconnection (after oldSocketRemoved). */
export const OLD_SOCKET_CLOSE_CODE = 4000;
/** The close code of the sockets of sessions that ended (logout, a new password, the account disabled). */
export const SESSION_ENDED_CLOSE_CODE = 4001;
