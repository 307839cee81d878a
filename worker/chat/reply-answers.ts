// The scripted provider's answers to each intent of reply-intents.ts, per language: `first` when the member
// asks it the first time, `again` when the member asked before, `ask` a question that keeps the talk going.
// Slots: {city}, {age}, {job}, {interest}, {interest2} (the angel's persona) and {name} (the member's, only
// for members who gave one). Same rules as reply-bank.ts: tasteful, no contact data or meeting, never a
// claim of being a real person; a meeting or contact request is declined in character.
import type { Locale } from "../contracts/locales";
import type { Interest, Job } from "./angel-persona";
import { enAnswers } from "./reply-answers-en";
import { esAnswers } from "./reply-answers-es";
import { frAnswers } from "./reply-answers-fr";
import { itAnswers } from "./reply-answers-it";
import type { Intent } from "./reply-intents";

export interface IntentAnswers {
  first: readonly string[];
  again?: readonly string[];
  ask?: readonly string[];
}

export interface AnswerBank {
  /** A greeting back, for the first line the angel writes in a conversation. */
  greetings: readonly string[];
  answers: Record<Exclude<Intent, "greeting">, IntentAnswers>;
  /** Job names as they follow the job phrase ("Lavoro come …"): female, male. */
  jobs: Record<Job, readonly [string, string]>;
  interests: Record<Interest, string>;
}

export const answerBank: Record<Locale, AnswerBank> = {
  it: itAnswers,
  en: enAnswers,
  es: esAnswers,
  fr: frAnswers,
};
