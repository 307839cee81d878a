import type { Config } from "../config";
import type { replyProviders } from "../contracts/flow";
import type { Locale } from "../contracts/locales";
import { aiProvider } from "./ai-provider";
import { replyBank } from "./reply-bank";

export type ReplyProviderId = (typeof replyProviders)[number];

/** Where angel replies come from, chosen per flow (provider_animazione). */
export interface ReplyProvider {
  readonly id: ReplyProviderId;
  /** The reply text, or null when a person (an operator) will answer instead. */
  reply(input: {
    language: Locale;
    userMessage: string;
    userName: string | null;
  }): string | null | Promise<string | null>;
}

/** Picks from the per-language message bank: the demo default, so the local site is alive. */
export const scriptedProvider: ReplyProvider = {
  id: "scripted",
  reply({ language, userName }) {
    // Lines that greet the member by name are only for members who gave one.
    const bank = replyBank[language].replies.filter((line) => userName || !line.includes("{name}"));
    const line = bank[Math.floor(Math.random() * bank.length)];
    return line ? line.replaceAll("{name}", userName ?? "") : null;
  },
};

/** Operators answer from the console; nothing is sent automatically. */
export const operatorsProvider: ReplyProvider = { id: "operators", reply: () => null };

/** The flow's reply provider; `ai` only when configured (AI_API_URL, AI_API_KEY, AI_MODEL), else scripted. */
export function replyProviderFor(id: ReplyProviderId, config: Config): ReplyProvider {
  const providers: Record<ReplyProviderId, () => ReplyProvider> = {
    scripted: () => scriptedProvider,
    operators: () => operatorsProvider,
    ai: () => (config.ai ? aiProvider(config.ai, scriptedProvider) : scriptedProvider),
  };
  return providers[id]();
}
