import { replyBank } from "../../drizzle/seed-data/reply-bank";
import type { Locale } from "../contracts/locales";

/** Where angel replies come from, chosen per flow (provider_animazione). */
export interface ReplyProvider {
  readonly id: "operators" | "scripted" | "ai";
  /** The reply text, or null when a person (an operator) will answer instead. */
  reply(input: { language: Locale; userMessage: string }): string | null;
}

/** Picks from the per-language message bank: the demo default, so the local site is alive. */
export const scriptedProvider: ReplyProvider = {
  id: "scripted",
  reply({ language }) {
    const bank = replyBank[language].replies;
    return bank[Math.floor(Math.random() * bank.length)] ?? null;
  },
};

/** Operators answer from the console; nothing is sent automatically. */
export const operatorsProvider: ReplyProvider = { id: "operators", reply: () => null };
