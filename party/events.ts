// The realtime events, as JSON `{event, data}` frames, shared by the room and the web client.
import { z } from "zod";
import { ChatMessage, MESSAGE_MAX_LENGTH } from "../worker/contracts/chat";
import {
  ClientInvite,
  ClientLike,
  ClientMatch,
  InviteAck,
  LikeAck,
  MatchAck,
  Notification,
} from "../worker/contracts/engagement";

export const ClientChat = z.object({
  msg: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
  angelId: z.number().int().min(1),
  /** Chosen by the client so a resent message is stored and charged once. */
  clientId: z.string().min(8).max(64),
  trackerId: z.string().max(64).optional(),
  screenName: z.string().max(80).optional(),
  servizio: z.string().max(253).optional(),
  country: z.string().max(2).optional(),
  time: z.string().max(40).optional(),
  blurredMessage: z.boolean().optional(),
  precompilato: z.boolean().optional(),
  icebreaker: z.boolean().optional(),
  provider: z.string().max(20).optional(),
});

export const ClientEvent = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("clickid"),
    data: z.object({ clickid: z.string().max(64), softwareVersion: z.string().max(40).optional() }),
  }),
  z.object({ event: z.literal("chat"), data: ClientChat }),
  z.object({ event: z.literal("like"), data: ClientLike }),
  z.object({ event: z.literal("match"), data: ClientMatch }),
  z.object({ event: z.literal("invite"), data: ClientInvite }),
]);
export type ClientEvent = z.infer<typeof ClientEvent>;

export const Balances = z.object({ creditiMessaggi: z.number(), creditiIcebreaker: z.number() });

export const ServerEvent = z.discriminatedUnion("event", [
  z.object({ event: z.literal("chat"), data: ChatMessage }),
  z.object({ event: z.literal("typing"), data: z.object({ angelId: z.number(), ms: z.number() }) }),
  z.object({ event: z.literal("creditiResidui"), data: Balances }),
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
  z.object({
    event: z.literal("error"),
    data: z.object({ code: z.string(), clientId: z.string().optional() }),
  }),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;

export const encodeEvent = (e: ServerEvent) => JSON.stringify(e);

/** Parses one frame; never trusts its shape. */
export function parseFrame<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
