// The demo persona notes (drizzle/seed-data/operators.ts) are in their angel's language: the operators who
// answer as an Italian angel read Italian (an Italian angel's notes were in English).
import { describe, expect, it } from "vitest";
import { DEFAULT_ANGELS_PER_COUNTRY } from "../../drizzle/seed";
import { demoPersonaNotes } from "../../drizzle/seed-data/operators";

/** Short words each language cannot do without, to tell the three apart. */
const commonWords = {
  it: ["e", "il", "la", "di", "che", "non", "per", "con", "le", "sua", "ha", "ma", "mai", "all"],
  es: ["y", "el", "la", "de", "que", "no", "por", "con", "los", "las", "su", "en", "muchas", "al"],
  en: ["and", "the", "of", "on", "in", "at", "her", "loves", "to", "is", "with", "she"],
} as const;
type Language = keyof typeof commonWords;

function languageOf(text: string): Language {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  const score = (language: Language) =>
    words.filter((w) => (commonWords[language] as readonly string[]).includes(w)).length;
  return (Object.keys(commonWords) as Language[]).reduce((best, l) => (score(l) > score(best) ? l : best));
}

/** The seed writes Italy's angels first, then Spain's, then the UK's (drizzle/seed.ts). */
const countryOf = (id: number): Language =>
  (["it", "es", "en"] as const)[Math.floor((id - 1) / DEFAULT_ANGELS_PER_COUNTRY)] ?? "en";

describe("the demo persona notes", () => {
  it("are written in their angel's language", () => {
    const notes = Object.entries(demoPersonaNotes).map(([id, text]) => ({ id: Number(id), text }));
    expect(notes.map((n) => countryOf(n.id))).toEqual(["it", "it", "it", "es", "es", "en"]);
    for (const { id, text } of notes)
      expect({ id, language: languageOf(text) }).toEqual({ id, language: countryOf(id) });
  });
});
