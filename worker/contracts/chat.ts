import { z } from "zod";

/** A chat line as the client shows it (the spec's message fields plus the server id). */
export const ChatMessage = z.object({
  id: z.number(),
  msg: z.string(),
  angelId: z.number(),
  /** ISO time; messages whose time is in the future are never sent to the client. */
  time: z.string(),
  /** personal (sent by the member), like, or angel. */
  type: z.string(),
  letto: z.boolean(),
  blurredMessage: z.boolean(),
  idNotifica: z.string().nullable(),
  clientId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const MESSAGE_MAX_LENGTH = 2000;
/** The spec's typing indicator before an incoming angel message. */
export const TYPING_MS = 5000;
