// The scripted replies never hand the member's own question back ("What do you do for work?" answered
// "I'm a nurse. What do you do for work?"): members ask what the angels' banks ask, so a reply that picks
// a line blindly repeats them. Over many questions, in the four languages, with and without a conversation.
import { describe, expect, it } from "vitest";
import { personaOf } from "../../worker/chat/angel-persona";
import { answerBank } from "../../worker/chat/reply-answers";
import { replyBank } from "../../worker/chat/reply-bank";
import type { ConversationLine } from "../../worker/chat/reply-provider";
import { type Locale, locales } from "../../worker/contracts/locales";
import { giuliaProfile, reply } from "./scripted-replies-fixture";

/** Lower case, no accents, no punctuation, single spaces: how a reader compares two sentences. */
const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const sentences = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+/)
    .map(plain)
    .filter(Boolean);

/** The member's sentence (two words or more) said again inside a sentence of the reply. */
function echoOf(answer: string, message: string): string | null {
  const asked = sentences(message).filter((s) => s.split(" ").length >= 2);
  for (const line of sentences(answer)) {
    const said = asked.find((s) => ` ${line} `.includes(` ${s} `) || ` ${s} `.includes(` ${line} `));
    if (said && line.split(" ").length >= 2) return said;
  }
  return null;
}

/** How members ask what a first conversation asks, as they type it. */
const memberQuestions: Record<Locale, string[]> = {
  it: [
    "Che lavoro fai?",
    "E tu che lavoro fai?",
    "Di cosa ti occupi?",
    "Di dove sei?",
    "E tu di dove sei?",
    "Quanti anni hai?",
    "E tu quanti anni hai?",
    "Cosa fai nel tempo libero?",
    "Hai qualche passione?",
    "Come stai?",
    "E tu come stai?",
    "Com'è andata la tua giornata?",
    "Sei più tipo da mare o da montagna?",
    "Hai animali?",
    "Che musica ascolti?",
    "Cosa cerchi qui?",
  ],
  en: [
    "What do you do for work?",
    "What do you do for a living?",
    "What about you, what do you do?",
    "Where are you from?",
    "Whereabouts are you writing from?",
    "How old are you?",
    "What do you do in your free time?",
    "Have you got any passions?",
    "How are you?",
    "How was your day?",
    "Are you more of a beach person or a mountains person?",
    "Have you got any pets?",
    "Are you an early bird or a night owl?",
    "What caught your eye on my profile?",
  ],
  es: [
    "¿A qué te dedicas?",
    "¿Y tú a qué te dedicas?",
    "¿En qué trabajas?",
    "¿De dónde eres?",
    "¿Y tú de dónde eres?",
    "¿Cuántos años tienes?",
    "¿Qué haces en tu tiempo libre?",
    "¿Tienes alguna pasión?",
    "¿Qué tal estás?",
    "¿Qué tal tu día?",
    "¿Eres más de playa o de montaña?",
    "¿Tienes mascotas?",
    "¿Qué música escuchas?",
  ],
  fr: [
    "Tu fais quoi dans la vie ?",
    "Et toi, tu fais quoi dans la vie ?",
    "Tu travailles dans quoi ?",
    "Tu viens d'où ?",
    "Tu as quel âge ?",
    "Tu fais quoi de ton temps libre ?",
    "Tu as une passion ?",
    "Et toi, ça va ?",
    "Tu es plutôt mer ou montagne ?",
    "Tu as des animaux ?",
    "Tu écoutes quoi comme musique ?",
  ],
};

/** Every question the banks themselves ask (a member may ask it first, or send it back). */
function bankQuestions(language: Locale): string[] {
  const fill = (line: string) =>
    line.replaceAll("{city}", "Bologna").replaceAll("{interest}", "leggere").replaceAll("{name}", "Tom");
  const asks = Object.values(answerBank[language].answers).flatMap((a) => a.ask ?? []);
  const general = replyBank[language].replies.flatMap((line) =>
    line.split(/(?<=[.!?…])\s+/).filter((s) => s.endsWith("?")),
  );
  return [...asks, ...general].map(fill);
}

/** Personas of every job and several interests: the answers' slots change the lines that can be picked. */
const angels = Array.from({ length: 12 }, (_, n) => personaOf({ ...giuliaProfile, id: 100 + n * 7 }));

describe("a reply that does not repeat the member's question", () => {
  it("answers 'What do you do for work?' with her job, without asking it back word for word", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const answer = reply("en", "What do you do for work?", { seed });
      expect(answer).not.toMatch(/What do you do for work\?/);
      expect(answer).toMatch(
        /waitress|nurse|teacher|hairdresser|assistant|physio|pharmacist|beautician|accountant|designer|receptionist/,
      );
    }
  });

  for (const language of locales) {
    it(`never echoes a first message, over ${language}'s questions, personas and seeds`, () => {
      const questions = [...memberQuestions[language], ...bankQuestions(language)];
      let replies = 0;
      for (const question of questions) {
        for (const [n, angel] of angels.entries()) {
          const answer = reply(language, question, { angel, seed: n + 1 });
          replies++;
          expect(answer, `${question} → ${answer}`).not.toBe("");
          expect({ question, answer, echo: echoOf(answer, question) }).toMatchObject({ echo: null });
        }
      }
      expect(replies).toBeGreaterThan(300);
    });

    it(`does not echo a question the member sent back later in the conversation (${language})`, () => {
      // The member answers the angel's question and returns it: "I'm an engineer. What do you do for work?"
      for (const question of bankQuestions(language)) {
        for (let seed = 1; seed <= 5; seed++) {
          const history: ConversationLine[] = [
            { from: "member", text: question },
            { from: "angel", text: reply(language, question, { seed }) },
          ];
          const answer = reply(language, `ok. ${question}`, { history, seed: seed + 10 });
          expect({ question, answer, echo: echoOf(answer, question) }).toMatchObject({ echo: null });
        }
      }
    });
  }
});
