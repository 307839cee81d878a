// The scripted provider's reply: what the member asked (reply-intents.ts), answered in character from the
// angel's persona (angel-persona.ts, reply-answers.ts), with a little memory of the conversation: a greeting
// only for the angel's first line, no sentence it already wrote, no sentence that repeats the member's own
// words back (the banks' questions are also what members ask), and "I told you…" when the member asks
// again. Anything else gets a line of the general bank (reply-bank.ts) that keeps the talk going.
import { type Locale, locales } from "../contracts/locales";
import { stableHash } from "../core/hash";
import type { AngelPersona } from "./angel-persona";
import { answerBank } from "./reply-answers";
import { replyBank } from "./reply-bank";
import { type Intent, intentsOf, normalise } from "./reply-intents";
import type { ReplyInput } from "./reply-provider";
import { fillSlots, type Slots } from "./template-slots";

/** At most this many topics answered in one reply (a message asking three things gets the first two). */
const MAX_TOPICS = 2;

/**
 * A pure function of a text, kept for the last MEMO_SIZE texts of the isolate: a reply reads the
 * conversation's last 40 lines, which come back reply after reply, and normalising them again each time
 * (Unicode regular expressions) cost more than the rest of the reply.
 */
const MEMO_SIZE = 2000;
function memoised<T>(fn: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      value = fn(text);
      if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
      memo.set(text, value);
    }
    return value;
  };
}

const sentencesOf: (text: string) => readonly string[] = memoised((text) =>
  text.split(/(?<=[.!?…])\s+/).map(normalise),
);

/** The words of each sentence of a text, for telling whether a line repeats the member's. */
const wordsOf: (text: string) => readonly ReadonlySet<string>[] = memoised((text) =>
  sentencesOf(text).map((s) => new Set(s.replace(/\?/g, " ").split(" ").filter(Boolean))),
);

/** A one-word sentence is never taken for an echo: "Ciao!" answers "Ciao!". */
const ECHO_MIN_WORDS = 2;

const within = (small: ReadonlySet<string>, large: ReadonlySet<string>) =>
  small.size >= ECHO_MIN_WORDS && [...small].every((w) => large.has(w));

/**
 * Whether a sentence of the angel says what a sentence of the member said: the same words, or all of one's
 * words inside the other ("What do you do for work?" answered "… And what do you do for work?").
 */
function echoes(line: ReadonlySet<string>, member: readonly ReadonlySet<string>[]): boolean {
  return member.some((said) => within(line, said) || within(said, line));
}
const intentsIn = Object.fromEntries(
  locales.map((language) => [language, memoised<readonly Intent[]>((text) => intentsOf(language, text))]),
) as Record<Locale, (text: string) => readonly Intent[]>;

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

/**
 * Picks lines at random, among those whose every slot has a value and that say nothing said before. The
 * templates are tried in a random order and the first such line is taken (the same odds as a draw among all
 * of them): a bank holds a hundred lines, and filling and normalising each one for every reply was a
 * seventh of the room's CPU per chat message.
 */
function picker(
  slots: Slots,
  said: Set<string>,
  member: readonly ReadonlySet<string>[],
  random: () => number,
) {
  const fresh = (line: string) => !sentencesOf(line).some((s) => said.has(s));
  const ownWords = (line: string) => !wordsOf(line).some((words) => echoes(words, member));
  return (templates: readonly string[] | undefined, { orStale = true } = {}): string | null => {
    const order = [...(templates ?? [])];
    const filled: string[] = [];
    const echoing: string[] = [];
    let line: string | null = null;
    for (let i = 0; i < order.length && line === null; i++) {
      // One step of a Fisher-Yates shuffle: the next template, drawn from those not tried yet.
      const j = i + Math.floor(random() * (order.length - i));
      const template = order[j] as string;
      order[j] = order[i] as string;
      const candidate = fillSlots(template, slots);
      if (candidate === null) continue;
      if (!ownWords(candidate)) {
        echoing.push(candidate);
        continue;
      }
      filled.push(candidate);
      if (fresh(candidate)) line = candidate;
    }
    // Every line said already: one of them again, unless the caller would rather say nothing; the member's
    // own words only when nothing else is left.
    if (line === null && orStale) {
      const left = filled.length > 0 ? filled : echoing;
      line = left[Math.floor(random() * left.length)] ?? null;
    }
    if (line) for (const s of sentencesOf(line)) said.add(s);
    return line;
  };
}

export function scriptedReply(input: ReplyInput, random: () => number): string | null {
  const { language, history } = input;
  const bank = answerBank[language];
  const said = new Set(history.filter((l) => l.from === "angel").flatMap((l) => sentencesOf(l.text)));
  const member = [...history.filter((l) => l.from === "member").map((l) => l.text), input.userMessage];
  const pick = picker(
    slotsOf(language, input.userName, input.angel),
    said,
    member.flatMap((text) => wordsOf(text)),
    random,
  );
  const askedBefore = new Set(
    history.filter((l) => l.from === "member").flatMap((l) => intentsIn[language](l.text)),
  );

  const found = intentsIn[language](input.userMessage);
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
