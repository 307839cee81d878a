// A fake of Telegram's Bot API (https://core.telegram.org/bots/api), modelled on its documentation: requests to
// https://api.telegram.org/bot<token>/<method> with a JSON body, answers `{ ok: true, result }` or
// `{ ok: false, error_code, description }`. It serves getMe, sendMessage (403 "Forbidden: bot was blocked by the
// user" for a chat that blocked the bot, 400 "Bad Request: chat not found" for chat ids it never saw and that
// were not marked known) and setWebhook (HTTPS or loopback URL, secret_token of 1-256 characters A-Z a-z 0-9 _ -).
// A wrong token answers 401 "Unauthorized". Test control under /__fake: the messages sent, blocking a chat, and
// delivering an Update (a member typing /start) to the webhook that was set, with its secret header.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

/** The end-to-end site's TELEGRAM_WEBHOOK_SECRET (scripts/e2e-server.ts): the fake signs its updates with it. */
export const E2E_TELEGRAM_WEBHOOK_SECRET = "e2e-tests-telegram-webhook-secret-32-bytes";

export interface FakeTelegramMessage {
  token: string;
  chat_id: string;
  text: string;
  parse_mode?: string;
}

export interface FakeTelegram {
  url: string;
  /** A bot token the fake accepts (BotFather's shape). */
  token: string;
  botUsername: string;
  messages: FakeTelegramMessage[];
  close(): Promise<void>;
}

/** The Update Telegram posts to a webhook when a member sends `text` to the bot in a private chat. */
export function telegramUpdate(chatId: number, text: string, languageCode = "en", updateId = Date.now()) {
  return {
    update_id: updateId,
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      from: { id: chatId, is_bot: false, first_name: "Member", language_code: languageCode },
      chat: { id: chatId, first_name: "Member", type: "private" },
      date: Math.floor(Date.now() / 1000),
      text,
      ...(text.startsWith("/")
        ? { entities: [{ offset: 0, length: text.split(" ")[0]?.length ?? 0, type: "bot_command" }] }
        : {}),
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  return JSON.parse(text) as Record<string, unknown>;
}

const fail = (res: ServerResponse, status: number, description: string) =>
  send(res, status, { ok: false, error_code: status, description });

/** Starts the fake on a free port of 127.0.0.1 (or `port`); it does not keep the process alive. */
export async function startFakeTelegram(port = 0): Promise<FakeTelegram> {
  const botId = 7_000_000_000 + Math.floor(Math.random() * 1e6);
  const token = `${botId}:AAF${Array.from({ length: 32 }, () => "abcdefghijklmnopqrstuvwxyzABCDEF0123456789_-"[Math.floor(Math.random() * 44)]).join("")}`;
  const botUsername = "FakeTestBot";
  const messages: FakeTelegramMessage[] = [];
  const blocked = new Set<string>();
  let webhook: { url: string; secret: string } | null = null;

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-telegram");
      if (url.pathname === "/__fake/messages") {
        if (req.method === "DELETE") {
          messages.length = 0;
          return send(res, 200, { ok: true });
        }
        const chat = url.searchParams.get("chat_id");
        return send(res, 200, { messages: chat ? messages.filter((m) => m.chat_id === chat) : messages });
      }
      if (url.pathname === "/__fake/block" && req.method === "POST") {
        blocked.add(String((await readJson(req)).chat_id));
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/webhook") return send(res, 200, { webhook });
      if (url.pathname === "/__fake/deliver" && req.method === "POST") {
        // What Telegram does when the member sends a text to the bot: POST the Update to the webhook.
        const body = await readJson(req);
        const target =
          typeof body.url === "string" ? { url: body.url, secret: String(body.secret ?? "") } : webhook;
        if (!target) return fail(res, 409, "Conflict: no webhook is set");
        const update = telegramUpdate(
          Number(body.chat_id),
          String(body.text),
          String(body.language_code ?? "en"),
        );
        const answer = await fetch(target.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-telegram-bot-api-secret-token": target.secret,
            ...(typeof body.host === "string" ? { host: body.host } : {}),
          },
          body: JSON.stringify(update),
        });
        return send(res, 200, { status: answer.status });
      }

      const route = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!route) return fail(res, 404, "Not Found");
      if (decodeURIComponent(route[1] ?? "") !== token) return fail(res, 401, "Unauthorized");
      const method = route[2];
      const body = await readJson(req);
      if (method === "getMe") {
        return send(res, 200, {
          ok: true,
          result: {
            id: botId,
            is_bot: true,
            first_name: "Fake",
            username: botUsername,
            can_join_groups: true,
          },
        });
      }
      if (method === "sendMessage") {
        const chatId = body.chat_id;
        const text = body.text;
        if ((typeof chatId !== "string" && typeof chatId !== "number") || String(chatId) === "") {
          return fail(res, 400, "Bad Request: chat_id is empty");
        }
        if (typeof text !== "string" || text.length === 0)
          return fail(res, 400, "Bad Request: message text is empty");
        if (text.length > 4096) return fail(res, 400, "Bad Request: message is too long");
        if (blocked.has(String(chatId))) return fail(res, 403, "Forbidden: bot was blocked by the user");
        if (String(chatId).startsWith("-404")) return fail(res, 400, "Bad Request: chat not found");
        messages.push({
          token,
          chat_id: String(chatId),
          text,
          ...(typeof body.parse_mode === "string" ? { parse_mode: body.parse_mode } : {}),
        });
        return send(res, 200, {
          ok: true,
          result: {
            message_id: messages.length,
            from: { id: botId, is_bot: true, first_name: "Fake", username: botUsername },
            chat: { id: Number(chatId), type: "private" },
            date: Math.floor(Date.now() / 1000),
            text,
          },
        });
      }
      if (method === "setWebhook") {
        const hook = body.url;
        const secret = body.secret_token;
        if (typeof hook !== "string") return fail(res, 400, "Bad Request: bad webhook: URL must be provided");
        const target = new URL(hook);
        const loopback =
          ["127.0.0.1", "localhost"].includes(target.hostname) || target.hostname.endsWith(".localhost");
        if (target.protocol !== "https:" && !loopback) {
          return fail(res, 400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
        }
        if (secret !== undefined && (typeof secret !== "string" || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
          return fail(res, 400, "Bad Request: secret token contains unallowed characters");
        }
        webhook = { url: hook, secret: typeof secret === "string" ? secret : "" };
        return send(res, 200, { ok: true, result: true, description: "Webhook was set" });
      }
      return fail(res, 404, "Not Found: method not found");
    } catch {
      return fail(res, 400, "Bad Request: can't parse JSON");
    }
  });
  const origin = await listenLocally(server, port);
  return {
    url: origin,
    token,
    botUsername,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
