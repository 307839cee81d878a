import { z } from "zod";

/** The member's Telegram link: a chat linked, Telegram notifications on, and the brand's bot (`nome_bot`). */
export const TelegramLinkState = z.object({ linked: z.boolean(), enabled: z.boolean(), bot: z.string() });
export type TelegramLinkState = z.infer<typeof TelegramLinkState>;

/** The deep link https://t.me/<bot>?start=<token>: the token links once and lives 10 minutes. */
export const TelegramStart = z.object({ bot: z.string(), deepLink: z.string(), expiresAt: z.string() });
export type TelegramStart = z.infer<typeof TelegramStart>;
