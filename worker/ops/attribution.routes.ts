// The console's view of attribution and of the browsers: the postbacks sent to the trackers (status, attempts,
// last error) and the browsers' error reports grouped by subject and message, each for the operator's brands.
import { createRoute, z } from "@hono/zod-openapi";
import { ClientErrorGroup, ListedPostback, PostbackQuery } from "../contracts/tracking";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { listPostbacks } from "../tracking/postbacks.service";
import { clientErrorGroups } from "../tracking/tracking.service";
import { coveredBrands, requireOperator } from "./operator-auth";

/** The window of browser errors the console shows. */
const CLIENT_ERROR_DAYS = 7;

const postbackList = createRoute({
  method: "get",
  path: "/ops/api/postbacks",
  tags: ["ops"],
  summary: "The newest postbacks of the operator's brands, with status, attempts and last error",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  request: { query: PostbackQuery },
  responses: {
    200: {
      description: "Postbacks, newest first",
      ...json(z.object({ postbacks: z.array(ListedPostback) })),
    },
    400: errorResponse("invalid_input: status or limit"),
    401: errorResponse("No operator token, or it has ended"),
  },
});

const clientErrorList = createRoute({
  method: "get",
  path: "/ops/api/client-errors",
  tags: ["ops"],
  summary: "The browsers' errors of the last 7 days in the operator's brands, grouped, most frequent first",
  security: bearerSecurity,
  middleware: [requireOperator] as const,
  responses: {
    200: {
      description: "Groups of subject and message",
      ...json(z.object({ days: z.number(), groups: z.array(ClientErrorGroup) })),
    },
    401: errorResponse("No operator token, or it has ended"),
  },
});

export const attributionRoutes = featureApp()
  .openapi(postbackList, async (c) => {
    const { status, limit } = c.req.valid("query");
    const brands = coveredBrands(c.var.operator);
    const list = await listPostbacks(c.var.db, { brands, limit, ...(status ? { status } : {}) });
    return c.json({ postbacks: list }, 200);
  })
  .openapi(clientErrorList, async (c) => {
    const groups = await clientErrorGroups(c.var.db, coveredBrands(c.var.operator), CLIENT_ERROR_DAYS);
    return c.json({ days: CLIENT_ERROR_DAYS, groups }, 200);
  });
