import { z } from "zod";

/** The spec's message types: personal (sent by the member), like, or angel (an angel's message). */
export const messageTypes = ["personal", "like", "angel"] as const;
export const MessageType = z.enum(messageTypes);
export type MessageType = z.infer<typeof MessageType>;

/** A chat line as the client shows it (the spec's message fields plus the server id). */
export const ChatMessage = z.object({
  id: z.number(),
  msg: z.string(),
  angelId: z.number(),
  /** ISO time; messages whose time is in the future are never sent to the client. */
  time: z.string(),
  type: MessageType,
  letto: z.boolean(),
  blurredMessage: z.boolean(),
  idNotifica: z.string().nullable(),
  clientId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const MESSAGE_MAX_LENGTH = 2000;
/** The spec's typing indicator before an incoming angel message. */
export const TYPING_MS = 5000;

/**
 * Angels whose chat is always locked. The spec names 000000, 111111 and admin; angel ids are integers, so
 * 000000 is 0 and 111111 stays 111111; "admin" cannot be a numeric id (no route yields it).
 */
export const LOCKED_ANGEL_IDS: readonly number[] = [0, 111111];

/**
 * Why a conversation is closed to the member's messages: the angel is always locked, or the flow uses
 * invitations and the member's own first message (the invite) has not been accepted yet.
 */
export const ChatLock = z.enum(["angel", "invite"]).nullable();
export type ChatLock = z.infer<typeof ChatLock>;

/** GET /get/messages/{trackerId}/{angelId}: the conversation and what the chat screen needs with it. */
export const ConversationAnswer = z.object({
  messages: z.array(ChatMessage),
  /** The server's lock at the time of the answer (the client follows it live from there). */
  lock: ChatLock,
  /** An invite to this angel was accepted (the angel liked the member back). */
  inviteAccepted: z.boolean(),
  /** The angel's phone number, for verified or premium members only (the spec); null otherwise. */
  angelPhone: z.string().nullable(),
  /** The member's very first message is still to come: free for a free member (the spec), as the page shows. */
  freeFirstMessage: z.boolean(),
});
export type ConversationAnswer = z.infer<typeof ConversationAnswer>;

/**
 * Unverified members cannot emit chat or like events (the spec's chat rules). "Verified" is the phone
 * verification (accounts.verified_user), not the token check of a session.
 */
export const mayEmit = (account: { verifiedUser: boolean }): boolean => account.verifiedUser;

/**
 * The error code of a chat or invite event whose clientId was already used for another message: the client
 * makes a fresh id per message, so the same id with other content is refused rather than dropped.
 */
export const CLIENT_ID_CONFLICT = "client_id_conflict";

/** Error codes of a refused chat message (room `error` event): the chat is locked, the member unverified. */
export const CHAT_LOCKED = "chat_locked";
export const UNVERIFIED = "unverified";
