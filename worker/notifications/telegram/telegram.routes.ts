// Telegram: the bots' webhook (POST /hooks/telegram/{brand}, checked with X-Telegram-Bot-Api-Secret-Token) and
// the member's linking (the deep link with a fresh /start token, the state, unlinking).
import { createRoute, z } from "@hono/zod-openapi";
import { brandIds, brandOf } from "../../brands/registry";
import { Locale } from "../../contracts/locales";
import { TelegramLinkState, TelegramStart } from "../../contracts/telegram";
import { AppError } from "../../core/errors";
import { logEvent } from "../../core/log";
import { requireSession } from "../../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../../core/openapi";
import {
  createLinkToken,
  deliverText,
  linkChat,
  sameSecret,
  telegramStatus,
  unlinkAccount,
  unlinkChat,
  webhookSecretToken,
} from "./telegram.service";
import { botCopy } from "./telegram-copy";

/** The parts of Telegram's `Update` the hook reads (https://core.telegram.org/bots/api#update). */
const Update = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      from: z
        .object({ id: z.number().int(), is_bot: z.boolean(), language_code: z.string().max(35).optional() })
        .optional(),
      chat: z.object({ id: z.number().int(), type: z.string().max(32) }),
      date: z.number().int(),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});

const webhook = createRoute({
  method: "post",
  path: "/hooks/telegram/{brand}",
  tags: ["notifications"],
  summary: "A brand's Telegram bot webhook: /start <token> links the chat, /stop unlinks it",
  request: {
    params: z.object({ brand: z.enum(brandIds) }),
    headers: z.object({ "x-telegram-bot-api-secret-token": z.string().max(256).optional() }),
    body: { ...json(Update), required: true },
  },
  responses: {
    200: {
      description: "handled (or ignored: not a private text message)",
      ...json(z.object({ ok: z.literal(true) })),
    },
    401: errorResponse("missing or wrong secret token"),
    403: errorResponse("TELEGRAM_WEBHOOK_SECRET is not configured"),
  },
});

const linkState = createRoute({
  method: "get",
  path: "/api/notifications/telegram",
  tags: ["notifications"],
  summary: "Whether the member's Telegram is linked, and the brand's bot",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "the state", ...json(TelegramLinkState) },
    401: errorResponse("no session"),
  },
});

const startLink = createRoute({
  method: "post",
  path: "/api/notifications/telegram/link",
  tags: ["notifications"],
  summary: "A deep link to the brand's bot with a single-use /start token that lives 10 minutes",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "the deep link", ...json(TelegramStart) },
    401: errorResponse("no session"),
  },
});

const unlink = createRoute({
  method: "delete",
  path: "/api/notifications/telegram",
  tags: ["notifications"],
  summary: "Unlinks the member's Telegram chat (Telegram notifications off)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  responses: {
    200: { description: "unlinked", ...json(TelegramLinkState) },
    401: errorResponse("no session"),
  },
});

/** `/start TOKEN`, `/start@BotName TOKEN`, `/stop`: the command and its argument. */
function command(text: string | undefined): { name: string; arg: string } | null {
  const match = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text?.trim() ?? "");
  return match ? { name: match[1] ?? "", arg: match[2] ?? "" } : null;
}

export const telegramRoutes = featureApp()
  .openapi(webhook, async (c) => {
    const { brand: brandId } = c.req.valid("param");
    const expected = await webhookSecretToken(c.var.config, brandId);
    if (!expected) {
      logEvent("error", "telegram.webhook_unconfigured", { requestId: c.var.requestId, brand: brandId });
      throw new AppError(403, "forbidden", "The Telegram webhook is not configured.");
    }
    const given = c.req.valid("header")["x-telegram-bot-api-secret-token"] ?? "";
    if (!sameSecret(given, expected)) {
      logEvent("warn", "telegram.webhook_refused", { requestId: c.var.requestId, brand: brandId });
      throw new AppError(401, "invalid_signature", "The secret token is missing or wrong.");
    }
    const message = c.req.valid("json").message;
    const cmd = command(message?.text);
    // Groups and channels never link: notifications are private.
    if (message?.chat.type !== "private" || !cmd) return c.json({ ok: true as const }, 200);
    const chatId = String(message.chat.id);
    const entry = brandOf(brandId);
    const asked = Locale.safeParse(message.from?.language_code?.slice(0, 2));
    const copy = botCopy[asked.success ? asked.data : entry.public.language];
    const title = entry.public.title;
    let reply: string;
    if (cmd.name === "stop") {
      const unlinked = await unlinkChat(c.var.db, brandId, chatId);
      logEvent("info", "telegram.stopped", { brand: brandId, accountIds: unlinked });
      reply = copy.stopped(title);
    } else if (!cmd.arg) {
      reply = copy.hello(title);
    } else {
      const linked = await linkChat(c.var.db, brandId, cmd.arg, chatId);
      logEvent("info", linked ? "telegram.linked" : "telegram.link_refused", {
        brand: brandId,
        accountId: linked?.id,
      });
      reply = linked ? copy.linked(title) : copy.linkExpired(title);
    }
    // The answer to the member is a courtesy: Telegram retries a hook that fails, which would link twice.
    await deliverText(c.var, brandId, chatId, reply).catch(() => "failed");
    return c.json({ ok: true as const }, 200);
  })
  .openapi(linkState, async (c) => {
    const state = await telegramStatus(c.var.db, c.var.session.accountId);
    return c.json({ ...state, bot: c.var.brand.public.nome_bot }, 200);
  })
  .openapi(startLink, async (c) => {
    const bot = c.var.brand.public.nome_bot;
    const { deepLink, expiresAt } = await createLinkToken(c.var, bot, c.var.session.accountId);
    return c.json({ bot, deepLink, expiresAt: expiresAt.toISOString() }, 200);
  })
  .openapi(unlink, async (c) => {
    await unlinkAccount(c.var.db, c.var.session.accountId);
    return c.json({ linked: false, enabled: false, bot: c.var.brand.public.nome_bot }, 200);
  });
