// Local-only helpers for the end-to-end tests and manual checks: never reachable in production.

import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { RequiredClickid } from "../contracts/clickid";
import { AppError } from "../core/errors";
import { localOnly } from "../core/middleware";
import { errorResponse, featureApp } from "../core/openapi";

const setPremium = createRoute({
  method: "post",
  path: "/dev/members/{clickid}/premium",
  tags: ["dev"],
  summary: "Local only: sets a member's premiumLevel (0 free, 1 and 2 paid), as a purchase would",
  middleware: [localOnly] as const,
  request: {
    params: z.object({ clickid: RequiredClickid }),
    body: {
      content: {
        "application/json": { schema: z.object({ premiumLevel: z.number().int().min(0).max(2) }) },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "the member's new level",
      content: {
        "application/json": { schema: z.object({ clickid: z.string(), premiumLevel: z.number().int() }) },
      },
    },
    404: errorResponse("in production, or no such member"),
  },
});

export const devRoutes = featureApp().openapi(setPremium, async (c) => {
  const { clickid } = c.req.valid("param");
  const { premiumLevel } = c.req.valid("json");
  const rows = await c.var.db
    .update(accounts)
    .set({ premiumLevel })
    .where(eq(accounts.clickid, clickid))
    .returning({ clickid: accounts.clickid, premiumLevel: accounts.premiumLevel });
  const row = rows[0];
  if (!row) throw new AppError(404, "not_found", "No such member.");
  return c.json(row, 200);
});
