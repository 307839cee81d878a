import { createRoute, z } from "@hono/zod-openapi";
import { AngelCard, DispenserRequest, DispenserResponse } from "../contracts/discovery";
import { requireSession } from "../core/middleware";
import { bearerSecurity, featureApp } from "../core/openapi";
import { angelById, angelCard, dispense } from "./dispenser.service";

const dispenser = createRoute({
  method: "post",
  path: "/dispenser",
  tags: ["discovery"],
  summary: "One page of angels for the member's region or city",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { content: { "application/json": { schema: DispenserRequest } }, required: true } },
  responses: {
    200: {
      description: "profili and the real totali",
      content: { "application/json": { schema: DispenserResponse } },
    },
  },
});

const oneAngel = createRoute({
  method: "get",
  path: "/dispenser/{angelId}/{country}/{cerco}",
  tags: ["discovery"],
  summary: "One angel (photo fallback and chat lookup); an empty array when unknown",
  request: {
    params: z.object({
      angelId: z.coerce.number().int().min(1),
      country: z.string().max(2),
      cerco: z.string().max(10),
    }),
  },
  responses: {
    200: {
      description: "zero or one profile",
      content: { "application/json": { schema: z.array(AngelCard) } },
    },
  },
});

export const discoveryRoutes = featureApp()
  .openapi(dispenser, async (c) => {
    const body = c.req.valid("json");
    return c.json(await dispense(c.var.db, c.var.brand, c.var.session.accountId, body), 200);
  })
  .openapi(oneAngel, async (c) => {
    const { angelId, country, cerco } = c.req.valid("param");
    const angel = await angelById(c.var.db, angelId);
    if (!angel || angel.country !== country || angel.gender !== cerco) return c.json([], 200);
    return c.json([angelCard(c.var.brand, angel, false)], 200);
  });
