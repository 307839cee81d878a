// Helpers of the scripted replies' tests: seeded randomness, an angel's persona and a reply to one message.
import type { AngelPersona } from "../../worker/chat/angel-persona";
import { personaOf } from "../../worker/chat/angel-persona";
import type { ConversationLine } from "../../worker/chat/reply-provider";
import { scriptedReply } from "../../worker/chat/scripted-replies";
import type { Locale } from "../../worker/contracts/locales";

/** mulberry32: the tests' seeded randomness. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const giuliaProfile = {
  id: 12,
  screenName: "Giulia",
  city: "Bologna",
  age: 31,
  gender: "donna",
  about: "Amo il mare, il buon vino e le chiacchierate che finiscono tardi.",
  description: "Leggo tanto, soprattutto romanzi e storie che fanno sognare.",
};
export const giulia = personaOf(giuliaProfile);

/** The angel's reply to one message ("" for none). */
export const reply = (
  language: Locale,
  userMessage: string,
  opts: { history?: ConversationLine[]; angel?: AngelPersona; name?: string | null; seed?: number } = {},
) =>
  scriptedReply(
    {
      language,
      userMessage,
      userName: opts.name ?? null,
      angel: opts.angel ?? giulia,
      history: opts.history ?? [],
    },
    seeded(opts.seed ?? 1),
  ) ?? "";
