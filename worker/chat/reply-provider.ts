import type { Config } from "../config";
import type { replyProviders } from "../contracts/flow";
import type { Locale } from "../contracts/locales";
import { aiProvider } from "./ai-provider";
import type { AngelPersona } from "./angel-persona";
import { scriptedReply } from "./scripted-replies";

export type ReplyProviderId = (typeof replyProviders)[number];

/** A line of the conversation before the message being answered. */
export interface ConversationLine {
  from: "member" | "angel";
  text: string;
}

/** What a provider answers from. */
export interface ReplyInput {
  language: Locale;
  userMessage: string;
  /** The member's name; sign-up asks none, so usually null. */
  userName: string | null;
  /** The angel's persona (city, age, job, interests); null for an angel that is not in the database. */
  angel: AngelPersona | null;
  /** The conversation's earlier lines, oldest first (the last few dozen). */
  history: readonly ConversationLine[];
}

/** Where angel replies come from, chosen per flow (provider_animazione). */
export interface ReplyProvider {
  readonly id: ReplyProviderId;
  /** The reply text, or null when a person (an operator) will answer instead. */
  reply(input: ReplyInput): string | null | Promise<string | null>;
}

/**
 * Answers what the member asked, in character, from the scripted banks: the demo default, so the local site
 * is alive. `random` picks among the lines (tests pass a seeded one).
 */
export function createScriptedProvider(random: () => number = Math.random): ReplyProvider {
  return { id: "scripted", reply: (input) => scriptedReply(input, random) };
}

export const scriptedProvider = createScriptedProvider();

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
