import { createRoute, z } from "@hono/zod-openapi";
import { Int4IdParam } from "../contracts/bounds";
import {
  AngelCard,
  DispenserRequest,
  DispenserResponse,
  MatchRequest,
  MatchResponse,
  TotalRegionRequest,
  TotalRegionResponse,
} from "../contracts/discovery";
import { unauthorized } from "../core/errors";
import { logEvent } from "../core/log";
import { requireSessionToken } from "../core/middleware";
import { bearerSecurity, featureApp, jsonBody } from "../core/openapi";
import { angelById, angelCard, dispense, matchPage, regionTotal } from "./dispenser.service";

const unauthorizedAnswer = { 401: { description: "no live session" } };

const dispenser = createRoute({
  method: "post",
  path: "/dispenser",
  tags: ["discovery"],
  summary: "One page of angels of the member's region or city, in the seed's order, with the real total",
  description:
    "Page size 5. For one seed every angel of the place is on exactly one page. A free member sees their own region (or a city of it); asking another answers their own region with hook cambia_regione. An unknown region or city gives an empty page and totali 0.",
  security: bearerSecurity,
  middleware: [requireSessionToken] as const,
  request: jsonBody(DispenserRequest),
  responses: {
    200: {
      description: "profili and the real totali",
      content: { "application/json": { schema: DispenserResponse } },
    },
    ...unauthorizedAnswer,
  },
});

const match = createRoute({
  method: "post",
  path: "/dispenser/match",
  tags: ["discovery"],
  summary: "The swipe stack's next page: angels of the place the member has not liked yet",
  security: bearerSecurity,
  middleware: [requireSessionToken] as const,
  request: jsonBody(MatchRequest),
  responses: {
    200: { description: "profiles", content: { "application/json": { schema: MatchResponse } } },
    ...unauthorizedAnswer,
  },
});

const totalRegion = createRoute({
  method: "post",
  path: "/dispenser/totalRegion",
  tags: ["discovery"],
  summary: "The real number of angels of the member's cerco in a region",
  security: bearerSecurity,
  middleware: [requireSessionToken] as const,
  request: jsonBody(TotalRegionRequest),
  responses: {
    200: { description: "totali", content: { "application/json": { schema: TotalRegionResponse } } },
    ...unauthorizedAnswer,
  },
});

const oneAngel = createRoute({
  method: "get",
  path: "/dispenser/{angelId}/{country}/{cerco}",
  tags: ["discovery"],
  summary:
    "One angel (photo fallback and chat lookup): an array whose first item is used; empty when unknown",
  request: {
    params: z.object({
      angelId: Int4IdParam,
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
    const page = await dispense(
      c.get("config").database,
      c.get("brand"),
      c.get("uncheckedSession"),
      c.req.valid("json"),
    );
    if (!page) throw unauthorized();
    return c.json(page, 200);
  })
  .openapi(match, async (c) => {
    const body = c.req.valid("json");
    const session = c.get("uncheckedSession");
    // The spec's client logs these two itself; the server keeps the same words (ids only, no personal data).
    if (!body.trackerId) {
      logEvent("warn", "dispenser.match_tracker_missing", {
        message: "manca trackerId in match",
        requestId: c.get("requestId"),
        accountId: session.accountId,
      });
    }
    let profiles: Awaited<ReturnType<typeof matchPage>>;
    try {
      profiles = await matchPage(c.get("config").database, c.get("brand"), session, body);
    } catch (error) {
      logEvent("error", "dispenser.match_failed", {
        message: "Problemi con chiamata dispenser Match",
        requestId: c.get("requestId"),
        accountId: session.accountId,
        error: error instanceof Error ? error.name : "unknown",
      });
      throw error;
    }
    if (!profiles) throw unauthorized();
    return c.json({ profiles }, 200);
  })
  .openapi(totalRegion, async (c) => {
    const totali = await regionTotal(
      c.get("db"),
      c.get("brand"),
      c.get("uncheckedSession"),
      c.req.valid("json"),
    );
    if (totali === null) throw unauthorized();
    return c.json({ totali }, 200);
  })
  .openapi(oneAngel, async (c) => {
    const { angelId, country, cerco: seeking } = c.req.valid("param");
    // Only the brand's angels, and only when the path names the angel's own country and gender.
    if (country !== c.get("brand").public.country) return c.json([], 200);
    const angel = await angelById(c.get("db"), angelId);
    if (!angel || angel.country !== country || angel.gender !== seeking) return c.json([], 200);
    return c.json([angelCard(c.get("brand"), angel, false)], 200);
  });
