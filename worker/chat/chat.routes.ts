import { createRoute, z } from "@hono/zod-openapi";
import { ChatMessage } from "../contracts/chat";
import { forbidden } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, featureApp } from "../core/openapi";
import { conversation, conversations } from "./chat.service";

const TrackerId = z.string().min(1).max(64);

const oneConversation = createRoute({
  method: "get",
  path: "/get/messages/{trackerId}/{angelId}",
  tags: ["chat"],
  summary: "The visible messages of one conversation (future ones hidden)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: z.object({ trackerId: TrackerId, angelId: z.coerce.number().int().min(1) }) },
  responses: {
    200: {
      description: "messages, oldest first",
      content: { "application/json": { schema: z.array(ChatMessage) } },
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
  request: { params: z.object({ trackerId: TrackerId }) },
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
    return c.json(await conversation(c.var.db, c.var.session.accountId, angelId), 200);
  })
  .openapi(allConversations, async (c) => {
    const { trackerId } = c.req.valid("param");
    if (trackerId !== c.var.session.clickid) throw forbidden();
    const list = await conversations(c.var.db, c.var.session.accountId);
    return c.json({ messages: list, totalUnreadMessages: list.reduce((n, m) => n + m.unread, 0) }, 200);
  });
