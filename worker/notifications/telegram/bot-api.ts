// Telegram's Bot API over plain fetch (https://core.telegram.org/bots/api): the three methods the channel uses,
// each answer parsed with zod, each call bounded by the configured timeout. The token is part of the URL, so no
// URL, answer body or description is ever logged.
import { z } from "zod";
import type { Config } from "../../config";

/** The Bot API's envelope: `ok` with a `result`, or `ok: false` with an `error_code` and a `description`. */
const Envelope = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().int().optional(),
  description: z.string().optional(),
});

/** The `User` that getMe answers. */
export const BotUser = z.object({
  id: z.number().int(),
  is_bot: z.boolean(),
  username: z.string().optional(),
});
/** The `Message` that sendMessage answers (only what the channel reads). */
const SentMessage = z.object({ message_id: z.number().int() });

/**
 * `ok`; `blocked`: 403 (the member blocked the bot or deleted his account) or 400 "chat not found", the
 * chat is gone for good; `failed`: anything else (a 429, a 5xx, a timeout), worth another channel or a retry.
 */
export type BotCallResult<T> =
  | { ok: true; result: T }
  | { ok: false; kind: "blocked" | "failed"; status: number };

export interface BotApi {
  getMe(): Promise<BotCallResult<z.infer<typeof BotUser>>>;
  sendMessage(chatId: string, text: string): Promise<BotCallResult<{ message_id: number }>>;
  setWebhook(url: string, secretToken: string): Promise<BotCallResult<true>>;
}

/** The Bot API of one bot (its token), at the configured base and timeout. */
export function botApi(config: Config["telegram"], token: string): BotApi {
  async function call<T extends z.ZodType>(
    method: string,
    body: Record<string, unknown>,
    result: T,
  ): Promise<BotCallResult<z.infer<T>>> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/bot${token}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch {
      return { ok: false, kind: "failed", status: 0 };
    }
    const envelope = Envelope.safeParse(await response.json().catch(() => null));
    if (response.ok && envelope.success && envelope.data.ok) {
      const parsed = result.safeParse(envelope.data.result);
      if (parsed.success) return { ok: true, result: parsed.data };
      return { ok: false, kind: "failed", status: response.status };
    }
    const status = envelope.success ? (envelope.data.error_code ?? response.status) : response.status;
    const description = envelope.success ? (envelope.data.description ?? "") : "";
    const gone = status === 403 || (status === 400 && /chat not found/i.test(description));
    return { ok: false, kind: gone ? "blocked" : "failed", status };
  }
  return {
    getMe: () => call("getMe", {}, BotUser),
    sendMessage: (chatId, text) =>
      call(
        "sendMessage",
        // HTML parse mode: the copy escapes what it inserts; no preview card for the sign-in link.
        { chat_id: chatId, text, parse_mode: "HTML", link_preview_options: { is_disabled: true } },
        SentMessage,
      ),
    setWebhook: (url, secretToken) =>
      call(
        "setWebhook",
        // Only messages reach the hook (/start, /stop); an update Telegram could not deliver is not replayed
        // from before the hook was set.
        { url, secret_token: secretToken, allowed_updates: ["message"], drop_pending_updates: true },
        z.literal(true),
      ),
  };
}
