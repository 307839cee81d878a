import { createRoute, z } from "@hono/zod-openapi";
import { sessionAccount } from "../auth/session.service";
import { Int4IdParam } from "../contracts/bounds";
import { ConversationAnswer } from "../contracts/chat";
import { RequiredClickid } from "../contracts/clickid";
import { isFictionalPhone } from "../contracts/fictional-phone";
import { forbidden } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, featureApp } from "../core/openapi";
import { canReadBlurred } from "./blurred";
import {
  angelPhoneOf,
  conversation,
  conversations,
  markConversationRead,
  sentPersonalMessage,
} from "./chat.service";
import { conversationLock } from "./chat-lock";

const oneConversation = createRoute({
  method: "get",
  path: "/get/messages/{trackerId}/{angelId}",
  tags: ["chat"],
  summary:
    "The visible messages of one conversation (future ones hidden), its lock and, for verified or premium members, the angel's phone; opening it marks them read",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: z.object({ trackerId: RequiredClickid, angelId: Int4IdParam }) },
  responses: {
    200: {
      description: "messages, oldest first, with the lock (angel, invite or null) and the angel's phone",
      content: { "application/json": { schema: ConversationAnswer } },
    },
  },
});

const allConversations = createRoute({
  method: "get",
  path: "/get/messages/{trackerId}",
  tags: ["chat"],
  summary: "The member's conversations with their last message",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: z.object({ trackerId: RequiredClickid }) },
  responses: {
    200: {
      description: "messages (one per conversation) and totalUnreadMessages",
      content: {
        "application/json": {
          schema: z.object({
            messages: z.array(
              z.object({
                angelId: z.number(),
                screenName: z.string(),
                msg: z.string(),
                time: z.string(),
                type: z.string(),
                unread: z.number(),
                /** The last message is a blurred reply the member may not read: msg is empty. */
                blurredMessage: z.boolean(),
                /** The angel's default photo. */
                default_photo: z.string(),
              }),
            ),
            totalUnreadMessages: z.number(),
          }),
        },
      },
    },
  },
});

export const chatRoutes = featureApp()
  .openapi(oneConversation, async (c) => {
    const { trackerId, angelId } = c.req.valid("param");
    if (trackerId !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    await markConversationRead(c.var.db, account.id, angelId);
    const [list, { lock, inviteAccepted }, phone, sent] = await Promise.all([
      conversation(c.var.db, account.id, angelId),
      conversationLock(c.var.db, account, angelId),
      angelPhoneOf(c.var.db, angelId),
      sentPersonalMessage(c.var.db, account.id),
    ]);
    // The spec: only verified or premium members see the angel's phone number; and only a number reserved
    // for fiction is ever shown (an older database may still hold realistic ones).
    const angelPhone = canReadBlurred(account) && phone && isFictionalPhone(phone) ? phone : null;
    const freeFirstMessage = account.premiumLevel === 0 && !sent;
    return c.json({ messages: list, lock, inviteAccepted, angelPhone, freeFirstMessage }, 200);
  })
  .openapi(allConversations, async (c) => {
    const { trackerId } = c.req.valid("param");
    if (trackerId !== c.var.session.clickid) throw forbidden();
    const list = await conversations(c.var.db, c.var.brand.public, c.var.session.accountId);
    return c.json({ messages: list, totalUnreadMessages: list.reduce((n, m) => n + m.unread, 0) }, 200);
  });
