// Local-only helpers for the end-to-end tests and manual checks: never reachable in production.

import { createRoute } from "@hono/zod-openapi";
import { accountIdOf, setPremiumLevel } from "../auth/auth.service";
import {
  DevMemberParams,
  NotifyRequest,
  NotifyResult,
  SetPremiumRequest,
  SetPremiumResult,
} from "../contracts/dev";
import { AppError } from "../core/errors";
import { localOnly } from "../core/middleware";
import { errorResponse, featureApp } from "../core/openapi";
import { emailChannel, sendDigest } from "../notifications/email/email.service";
import { telegramChannel } from "../notifications/telegram/telegram.service";

const setPremium = createRoute({
  method: "post",
  path: "/dev/members/{clickid}/premium",
  tags: ["dev"],
  summary: "Local only: sets a member's premiumLevel (0 free, 1 and 2 paid), as a purchase would",
  middleware: [localOnly] as const,
  request: {
    params: DevMemberParams,
    body: {
      content: {
        "application/json": { schema: SetPremiumRequest },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "the member's new level",
      content: {
        "application/json": { schema: SetPremiumResult },
      },
    },
    404: errorResponse("in production, or no such member"),
  },
});

const notify = createRoute({
  method: "post",
  path: "/dev/members/{clickid}/notify",
  tags: ["dev"],
  summary:
    "Local only: hands a notification to the Telegram and e-mail channels and mails the digest at once (see /dev/outbox)",
  middleware: [localOnly] as const,
  request: {
    params: DevMemberParams,
    body: {
      content: {
        "application/json": {
          schema: NotifyRequest,
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "each channel's outcome",
      content: {
        "application/json": {
          schema: NotifyResult,
        },
      },
    },
    404: errorResponse("in production, or no such member"),
  },
});

export const devRoutes = featureApp()
  .openapi(notify, async (c) => {
    const { clickid } = c.req.valid("param");
    const body = c.req.valid("json");
    const memberId = await accountIdOf(c.var.db, clickid);
    if (memberId === null) throw new AppError(404, "not_found", "No such member.");
    const ctx = { config: c.var.config, db: c.var.db, brand: c.var.brand };
    const notification = {
      id: crypto.randomUUID(),
      accountId: memberId,
      locale: body.locale ?? c.var.brand.public.language,
      kind: body.kind,
      angel: { id: 1, name: body.angel },
      count: body.count,
      path: "/chats",
    };
    const telegram = await telegramChannel.send(ctx, notification);
    const email = await emailChannel.send(ctx, notification);
    const digest = await sendDigest(c.var.config, c.var.db, memberId);
    return c.json({ telegram, email, digest }, 200);
  })
  .openapi(setPremium, async (c) => {
    const { clickid } = c.req.valid("param");
    const { premiumLevel } = c.req.valid("json");
    const row = await setPremiumLevel(c.var.db, clickid, premiumLevel);
    if (!row) throw new AppError(404, "not_found", "No such member.");
    return c.json(row, 200);
  });
