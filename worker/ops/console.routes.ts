// The console's work: the queue of conversations awaiting a reply, leases taken and released through the one
// desk, a conversation's view and the reply sent as the angel, the persona notes and the audit log.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BigIdParam, Int4IdParam } from "../contracts/bounds";
import {
  AuditEntry,
  ConversationRef,
  ConversationView,
  Lease,
  NotesRequest,
  OpsMessage,
  PersonaNotes,
  QueueItem,
  ReplyRequest,
} from "../contracts/ops";
import { AppError } from "../core/errors";
import { bearerSecurity, errorResponse, featureApp, json, jsonBody, OkResult } from "../core/openapi";
import type { AppEnv } from "../env";
import { memberRoom } from "../realtime/member-room";
import { coveredBrands, coversAllBrands, requireOperator, requireSupervisor } from "./operator-auth";
import {
  angelById,
  audit,
  auditLog,
  awaitingReply,
  conversationView,
  operatorMember,
  personaNotes,
  savePersonaNotes,
  toLease,
} from "./ops.service";
import type { OpsDesk } from "./ops-desk";
import { opsErrors } from "./ops-errors";

/** The desk is one Durable Object for the whole service: every lease goes through it. */
const desk = (env: AppEnv["Bindings"]) =>
  env.OPS_DESK.get(env.OPS_DESK.idFromName("desk")) as DurableObjectStub<OpsDesk>;

const conversationParams = { params: ConversationRef };

const queue = createRoute({
  method: "get",
  path: "/ops/api/queue",
  tags: ["ops"],
  summary:
    "Conversations awaiting an angel reply on operator flows of the operator's brands, oldest wait first, with their leases",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: {
      description: "The queue",
      ...json(z.object({ items: z.array(QueueItem), held: z.number(), capacity: z.number() })),
    },
  },
});

const take = createRoute({
  method: "post",
  path: "/ops/api/conversations/{clickid}/{angelId}/take",
  tags: ["ops"],
  summary: "Lease the conversation (OPS_LEASE_MS); exactly one operator gets it",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: conversationParams,
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Leased (or renewed)", ...json(z.object({ lease: Lease })) },
    404: errorResponse("no_conversation"),
    409: errorResponse("already_taken, at_capacity"),
  },
});

const release = createRoute({
  method: "post",
  path: "/ops/api/conversations/{clickid}/{angelId}/release",
  tags: ["ops"],
  summary: "Give the conversation back to the queue",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: conversationParams,
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Released", ...json(OkResult) },
    409: errorResponse("not_lease_holder"),
  },
});

const view = createRoute({
  method: "get",
  path: "/ops/api/conversations/{clickid}/{angelId}",
  tags: ["ops"],
  summary: "A conversation with every message (scheduled ones marked), both profiles and the persona notes",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: conversationParams,
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "The conversation", ...json(ConversationView) },
    404: errorResponse("no_conversation"),
  },
});

const reply = createRoute({
  method: "post",
  path: "/ops/api/conversations/{clickid}/{angelId}/reply",
  tags: ["ops"],
  summary: "Reply as the angel (lease holder only): through the member's room, typing first; ends the lease",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: { ...conversationParams, ...jsonBody(ReplyRequest) },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Scheduled for delivery", ...json(z.object({ message: OpsMessage })) },
    404: errorResponse("no_conversation"),
    409: errorResponse("not_lease_holder"),
  },
});

const notes = createRoute({
  method: "put",
  path: "/ops/api/angels/{angelId}/notes",
  tags: ["ops"],
  summary: "Edit an angel's persona notes (supervisor, admin)",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  request: { params: z.object({ angelId: Int4IdParam }), ...jsonBody(NotesRequest) },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Saved", ...json(PersonaNotes) },
    403: errorResponse("forbidden: operators read the notes only"),
    404: errorResponse("No such angel"),
  },
});

const auditRoute = createRoute({
  method: "get",
  path: "/ops/api/audit",
  tags: ["ops"],
  summary: "Every operator action and lease expiry, newest first (supervisor, admin)",
  description:
    "A supervisor scoped to brands sees the entries about their brands' members and the entries about no member made by operators sharing one of their brands; an admin sees every entry.",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      before: BigIdParam.optional(),
      operatorId: BigIdParam.optional(),
    }),
  },
  responses: {
    401: errorResponse("No operator token, or it has ended"),
    200: { description: "Entries", ...json(z.object({ entries: z.array(AuditEntry) })) },
    403: errorResponse("forbidden"),
  },
});

/** The member and angel of a conversation the console may act on (of a brand the operator covers), or 404. */
async function conversationOf(c: Context<AppEnv>, ref: z.infer<typeof ConversationRef>) {
  const [member, angel] = await Promise.all([
    operatorMember(c.var.db, ref.clickid, coveredBrands(c.var.operator)),
    angelById(c.var.db, ref.angelId),
  ]);
  if (!member || !angel) throw opsErrors.noConversation();
  return { member, angel };
}

export const consoleRoutes = featureApp()
  .openapi(queue, async (c) => {
    const operator = c.var.operator;
    const [items, leases] = await Promise.all([
      awaitingReply(c.var.db, coveredBrands(operator)),
      desk(c.env).leases(),
    ]);
    const byConversation = new Map(leases.map((l) => [`${l.clickid}:${l.angelId}`, l]));
    return c.json(
      {
        items: items.map((item) => {
          const lease = byConversation.get(`${item.clickid}:${item.angelId}`);
          return { ...item, lease: lease ? toLease(lease) : null };
        }),
        held: leases.filter((l) => l.operatorId === operator.id).length,
        capacity: operator.capacity,
      },
      200,
    );
  })
  .openapi(take, async (c) => {
    const operator = c.var.operator;
    const ref = c.req.valid("param");
    const { member } = await conversationOf(c, ref);
    const result = await desk(c.env).take({
      clickid: ref.clickid,
      angelId: ref.angelId,
      accountId: member.id,
      operatorId: operator.id,
      operatorName: operator.displayName,
      capacity: operator.capacity,
      leaseMs: c.var.config.opsLeaseMs,
    });
    if (!result.ok) {
      if (result.reason === "taken") throw opsErrors.taken(result.lease.operatorName);
      throw opsErrors.capacity(operator.capacity);
    }
    const lease = toLease(result.lease);
    await audit(c.var.db, {
      operatorId: operator.id,
      action: "take",
      accountId: member.id,
      angelId: ref.angelId,
      details: { clickid: ref.clickid, expiresAt: lease.expiresAt },
    });
    return c.json({ lease }, 200);
  })
  .openapi(release, async (c) => {
    const operator = c.var.operator;
    const ref = c.req.valid("param");
    const ended = await desk(c.env).end(ref.clickid, ref.angelId, operator.id);
    if (!ended) throw opsErrors.notHolder();
    await audit(c.var.db, {
      operatorId: operator.id,
      action: "release",
      accountId: ended.accountId,
      angelId: ref.angelId,
      details: { clickid: ref.clickid },
    });
    return c.json({ result: "OK" as const }, 200);
  })
  .openapi(view, async (c) => {
    const ref = c.req.valid("param");
    const { member, angel } = await conversationOf(c, ref);
    const [conversation, lease] = await Promise.all([
      conversationView(c.var.db, member, angel),
      desk(c.env).lease(ref.clickid, ref.angelId),
    ]);
    return c.json({ ...conversation, lease: lease ? toLease(lease) : null }, 200);
  })
  .openapi(reply, async (c) => {
    const operator = c.var.operator;
    const ref = c.req.valid("param");
    const { msg } = c.req.valid("json");
    const { member } = await conversationOf(c, ref);
    // Ending the lease first makes the reply once-only: a second click, or another tab, finds no lease.
    const ended = await desk(c.env).end(ref.clickid, ref.angelId, operator.id);
    if (!ended) throw opsErrors.notHolder();
    // Through the member's room, like every angel reply: stored, typing on every tab, then delivered.
    const room = await memberRoom(c.env, ref.clickid);
    const sent = await room.sendAngelReply({ angelId: ref.angelId, msg }).catch(async (error: unknown) => {
      // The reply may not have gone out: the operator gets the conversation back to look and retry.
      await desk(c.env).take({
        ...ended,
        capacity: operator.capacity,
        leaseMs: Math.max(1000, ended.expiresAt - Date.now()),
      });
      throw error;
    });
    if (!sent) throw opsErrors.noConversation();
    await audit(c.var.db, {
      operatorId: operator.id,
      action: "reply",
      accountId: member.id,
      angelId: ref.angelId,
      details: { clickid: ref.clickid, messageId: sent.id, length: msg.length },
    });
    return c.json(
      {
        message: {
          id: sent.id,
          type: sent.type,
          msg,
          time: sent.time,
          scheduled: Date.parse(sent.time) > Date.now(),
          provider: "operators",
        },
      },
      200,
    );
  })
  .openapi(notes, async (c) => {
    const operator = c.var.operator;
    const { angelId } = c.req.valid("param");
    const { notes: text } = c.req.valid("json");
    if (!(await angelById(c.var.db, angelId))) throw new AppError(404, "not_found", "No such angel.");
    await savePersonaNotes(c.var.db, angelId, text, operator.id);
    await audit(c.var.db, {
      operatorId: operator.id,
      action: "note_edit",
      angelId,
      details: { length: text.length },
    });
    return c.json(await personaNotes(c.var.db, angelId), 200);
  })
  .openapi(auditRoute, async (c) => {
    const query = c.req.valid("query");
    const operator = c.var.operator;
    const brands = coversAllBrands(operator) ? null : coveredBrands(operator);
    return c.json({ entries: await auditLog(c.var.db, { ...query, brands }) }, 200);
  });
