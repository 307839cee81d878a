// The scripted provider's reply: what the member asked (reply-intents.ts), answered in character from the
// angel's persona (angel-persona.ts, reply-answers.ts), with a little memory of the conversation: a greeting
// only for the angel's first line, no sentence it already wrote, and "I told you…" when the member asks
// again. Anything else gets a line of the general bank (reply-bank.ts) that keeps the talk going.
import type { Locale } from "../contracts/locales";
import { stableHash } from "../core/hash";
import type { AngelPersona } from "./angel-persona";
import { answerBank } from "./reply-answers";
import { replyBank } from "./reply-bank";
import { type Intent, intentsOf, normalise } from "./reply-intents";
import type { ReplyInput } from "./reply-provider";
import { fillSlots, type Slots } from "./template-slots";

/** At most this many topics answered in one reply (a message asking three things gets the first two). */
const MAX_TOPICS = 2;

const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+/).map(normalise);

function slotsOf(language: Locale, userName: string | null, angel: AngelPersona | null): Slots {
  const bank = answerBank[language];
  const [interest, interest2] = angel?.interests ?? [];
  return {
    name: userName,
    city: angel?.city,
    age: angel?.age,
    job: angel ? bank.jobs[angel.job][angel.male ? 1 : 0] : null,
    interest: interest && bank.interests[interest],
    interest2: interest2 && bank.interests[interest2],
  };
}

/** Picks lines at random, among those whose every slot has a value and that say nothing said before. */
function picker(slots: Slots, said: Set<string>, random: () => number) {
  return (templates: readonly string[] | undefined, { orStale = true } = {}): string | null => {
    const lines = (templates ?? []).map((t) => fillSlots(t, slots)).filter((l): l is string => l !== null);
    const fresh = lines.filter((l) => !sentencesOf(l).some((s) => said.has(s)));
    const pool = fresh.length > 0 || !orStale ? fresh : lines;
    const line = pool[Math.floor(random() * pool.length)] ?? null;
    if (line) for (const s of sentencesOf(line)) said.add(s);
    return line;
  };
}

export function scriptedReply(input: ReplyInput, random: () => number): string | null {
  const { language, history } = input;
  const bank = answerBank[language];
  const said = new Set(history.filter((l) => l.from === "angel").flatMap((l) => sentencesOf(l.text)));
  const pick = picker(slotsOf(language, input.userName, input.angel), said, random);
  const askedBefore = new Set(
    history.filter((l) => l.from === "member").flatMap((l) => intentsOf(language, l.text)),
  );

  const found = intentsOf(language, input.userMessage);
  // An insult gets only the calm answer.
  if (found[0] === "insult") return pick(bank.answers.insult.first);
  const parts: (string | null)[] = [];
  if (found.includes("greeting") && !history.some((l) => l.from === "angel"))
    parts.push(pick(bank.greetings));
  const topics = found.filter((i): i is Exclude<Intent, "greeting" | "insult"> => i !== "greeting");
  if (topics.length === 0) {
    parts.push(pick(replyBank[language].replies));
  } else {
    for (const topic of topics.slice(0, MAX_TOPICS)) {
      const answers = bank.answers[topic];
      parts.push(pick(askedBefore.has(topic) && answers.again ? answers.again : answers.first));
    }
    const last = topics.slice(0, MAX_TOPICS).at(-1);
    // The question back, unless every one was asked already (then the answer stands alone).
    parts.push(last ? pick(bank.answers[last].ask, { orStale: false }) : null);
  }
  const reply = parts.filter(Boolean).join(" ");
  return reply || null;
}

/**
 * The opener of a pressing step: the same step picks the same line, among those whose slots the member's
 * data fills ({name}: sign-up asks no name).
 */
export function pressingOpener(language: Locale, stepId: string, userName: string | null): string {
  const openers = replyBank[language].openers
    .map((line) => fillSlots(line, { name: userName }))
    .filter((line): line is string => line !== null);
  return openers[stableHash(stepId) % openers.length] ?? "";
}
