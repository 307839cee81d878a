// Likes, match events, invites, visits and notifications: the wire shapes shared by the Worker, the room
// and the web client. Spec words stay as the spec writes them (angelId, categoriaNotifica, letto, …).

import { z } from "zod";
import { Int4Id, Int4IdParam } from "./bounds";
import { MESSAGE_MAX_LENGTH } from "./chat";
import { RequiredClickid } from "./clickid";
import { MemberCredits } from "./credits";
import { logEventTypes } from "./log-event-types";
import { LIKE_REPLY_CATEGORY } from "./notification-category";

export const LogEventType = z.enum(logEventTypes);
export type LogEventType = z.infer<typeof LogEventType>;

/** The spec's notification types. */
export const notificationTypes = ["like", "visita", "messaggio", "purchKo"] as const;
export const NotificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof NotificationType>;

/** The types the notifications page lists, one tab each (the spec's likes and visits). */
export const listedNotificationTypes = ["like", "visita"] as const;
export const ListedNotificationType = z.enum(listedNotificationTypes);
export type ListedNotificationType = z.infer<typeof ListedNotificationType>;

export { LIKE_REPLY_CATEGORY };

/** Message keys in `msg` of the notifications this feature writes (the client translates them). */
export const notificationMessageKeys = {
  like: "like_ricevuto",
  likeReply: "risposta_a_like",
  visita: "visita_ricevuta",
} as const;

/** One notification as the client lists it and as the room pushes it (the spec's notification fields). */
export const Notification = z.object({
  id: z.number(),
  type: NotificationType,
  /** 'risposta_a_like' for an angel's like that answers the member's like (a match); else null. */
  categoriaNotifica: z.string().nullable(),
  letto: z.boolean(),
  angelId: z.number().nullable(),
  screenName: z.string().nullable(),
  /** ISO time; notifications whose time is in the future are never sent to the client. */
  time: z.string(),
  /** A message key for like and visita (see notificationMessageKeys). */
  msg: z.string().nullable(),
  blurred: z.boolean(),
  /** The angel's default photo, for the image and its fallback. */
  default_photo: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

const AngelId = Int4Id;

/** The spec's like event (client → room). */
// `.optional()` on RequiredClickid is marked pure below, like zod's own builders in the browser's build
// (web/vite.config.ts), so a page importing a constant of this module does not build these schemas.
export const ClientLike = z.object({
  angelId: AngelId,
  trackerId: /* @__PURE__ */ RequiredClickid.optional(),
  servizio: z.string().max(253).optional(),
  country: z.string().max(2).optional(),
  screenName: z.string().max(80).optional(),
});

/** The spec's match event (client → room): a swipe on /match. */
export const ClientMatch = z.object({
  /** Required by the spec; a frame without it is logged 'manca trackerId in match' and refused. */
  trackerId: /* @__PURE__ */ RequiredClickid.optional(),
  angelId: AngelId,
  type: z.enum(["like", "dislike"]),
  /** The angel's _id from the dispenser. */
  mongoId: z.string().max(64).optional(),
});

/** The invite modal's message (client → room), in flows with messaggi_inviti. */
export const ClientInvite = z.object({
  angelId: AngelId,
  msg: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
  /** Chosen by the client so a resent invite is stored once. */
  clientId: z.string().min(8).max(64),
  trackerId: /* @__PURE__ */ RequiredClickid.optional(),
  screenName: z.string().max(80).optional(),
  servizio: z.string().max(253).optional(),
  country: z.string().max(2).optional(),
});

/**
 * The answer to a like (room → client). sent: show the mi_piace_inviato tooltip and the liked state;
 * refused: a free member without like credits, open the file_like hook.
 */
export const LikeAck = z.object({
  angelId: z.number(),
  status: z.enum(["sent", "refused"]),
  /** The tooltip key when sent, else null. */
  messageKey: z.literal("mi_piace_inviato").nullable(),
  /** The hook to open when refused, else null. */
  hook: z.literal("file_like").nullable(),
  /** The like credits left (paid members' likes spend none). */
  creditiLike: z.number(),
  premiumLevel: z.number(),
  /** The member had liked this angel before: nothing was spent again. */
  alreadyLiked: z.boolean(),
  /** What sent it: the like event, a match event or an invite. */
  via: z.enum(["like", "match", "invite"]),
  /** The invite's clientId when an invite caused it. */
  clientId: z.string().optional(),
});
export type LikeAck = z.infer<typeof LikeAck>;

/** The answer to a dislike match event (room → client). */
export const MatchAck = z.object({ angelId: z.number(), type: z.literal("dislike") });

/**
 * The answer to an invite (room → client). sent: show 'HA RICEVUTO IL TUO INVITO!' (the message also
 * arrives as a chat event and the like as a like event); refused: open the file_like hook.
 */
export const InviteAck = z.object({
  clientId: z.string(),
  angelId: z.number(),
  status: z.enum(["sent", "refused"]),
  hook: z.literal("file_like").nullable(),
  /** The same clientId was sent before: nothing new was stored. */
  duplicate: z.boolean(),
});
export type InviteAck = z.infer<typeof InviteAck>;

/** An angel named by an HTTP request (a number, or its text in a path or query). */
const AngelIdParam = Int4IdParam;
const Ok = z.literal("OK");

/** A path's member: the spec's trackerId, the member's own clickid. */
export const TrackerIdParams = z.object({ trackerId: RequiredClickid });

export const NotificationList = z.object({ messages: z.array(Notification), unread: z.number() });

export const ReadRequest = /* @__PURE__ */ z
  .object({
    clickid: RequiredClickid,
    /** Marks this angel's notifications read. */
    angelId: /* @__PURE__ */ AngelIdParam.optional(),
    /** Marks the notifications of this type read (the likes or visits tab opened). */
    type: /* @__PURE__ */ ListedNotificationType.optional(),
  })
  .refine((b) => b.angelId !== undefined || b.type !== undefined, {
    message: "send angelId, type or both",
    path: ["angelId"],
  });

export const ReadResult = z.object({ result: Ok, updated: z.number() });

export const Navigation = z.object({
  navigation: z.object({
    /** Comma list of the angel ids whose profile the member opened, most recent first. */
    profiliVisitati: z.string(),
    /**
     * Of creditiMessaggi, those the member's running plan granted (its first payment and renewals), left after
     * the messages spent since it started; 0 without a running plan. The rest came from bought packs.
     */
    creditiMessaggiAbbonamento: z.number().int().min(0),
    /** creditiLike: a free member at 0 or less gets the file_like hook. */
    .../* @__PURE__ */ MemberCredits.omit({ valoreMessaggio: true }).shape,
  }),
  /** [sic, the spec's name] Visible unread chat messages. */
  undreadedMessages: z.number(),
  /** Angel ids the member liked, most recent first. */
  profiliLike: z.array(z.number()),
  /** Visible unread likes and visits from angels. */
  notificheNonLette: z.number(),
});

export const VisitRequest = z.object({ angelId: AngelIdParam, trackerId: RequiredClickid });

export const VisitResult = z.object({ result: Ok, profiliVisitati: z.string() });

export const LogEventRequest = z.object({
  clickid: RequiredClickid,
  angelId: /* @__PURE__ */ AngelIdParam.nullish(),
  type: LogEventType,
});

export const LogEventResult = z.object({ result: Ok });
