// Local-only helpers for the end-to-end tests and manual checks: never reachable in production.
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { Balances, PremiumLevel } from "../contracts/credits";
import { AppError } from "../core/errors";
import { localOnly } from "../core/middleware";
import { errorResponse, featureApp } from "../core/openapi";
import { grantPurchase } from "../credits/credits.service";
import { memberRoom } from "../realtime/member-room";

const setPremium = createRoute({
  method: "post",
  path: "/dev/members/{clickid}/premium",
  tags: ["dev"],
  summary: "Local only: sets a member's premiumLevel (0 free, 1 and 2 paid), as a purchase would",
  middleware: [localOnly] as const,
  request: {
    params: z.object({ clickid: z.string().min(1).max(64) }),
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

const purchase = createRoute({
  method: "post",
  path: "/dev/members/{clickid}/purchase",
  tags: ["dev"],
  summary:
    "Local only: a paid purchase, as the payments will report one: credits granted once per reference, then the member's room sends the pending message",
  middleware: [localOnly] as const,
  request: {
    params: z.object({ clickid: z.string().min(1).max(64) }),
    body: {
      content: {
        "application/json": {
          schema: z.object({
            credits: z.number().int().min(1).max(100_000),
            premiumLevel: z.number().int().min(0).max(2),
            reference: z.string().min(1).max(120),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description:
        "the balances after the purchase, whether it applied now, and whether the pending message went out",
      content: {
        "application/json": {
          schema: z.object({
            applied: z.boolean(),
            ...Balances.shape,
            premiumLevel: PremiumLevel,
            pendingSent: z.boolean(),
          }),
        },
      },
    },
    404: errorResponse("in production, or no such member"),
  },
});

export const devRoutes = featureApp()
  .openapi(purchase, async (c) => {
    const { clickid } = c.req.valid("param");
    const result = await grantPurchase(c.var.db, { clickid, ...c.req.valid("json") });
    if (!result.ok) throw new AppError(404, "not_found", "No such member.");
    const { ok: _, ...granted } = result;
    const room = await memberRoom(c.env, clickid);
    return c.json({ ...granted, ...(await room.afterPurchase(granted)) }, 200);
  })
  .openapi(setPremium, async (c) => {
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
