// The `ai` reply provider (DESIGN.md section 5): an OpenAI-compatible chat-completions API, called with
// fetch. Off unless AI_API_URL, AI_API_KEY and AI_MODEL are all set; a flow asking for it without them,
// or a failed call, falls back to the scripted bank so the member is never left without an answer.
import { z } from "zod";
import type { Config } from "../config";
import type { Locale } from "../contracts/locales";
import { errorName, logEvent } from "../core/log";
import type { AngelPersona } from "./angel-persona";
import { answerBank } from "./reply-answers";
import type { ReplyProvider } from "./reply-provider";

/** The API's base URL (e.g. https://api.openai.com/v1; the call goes to {base}/chat/completions), key and model. */
type AiConfig = NonNullable<Config["ai"]>;

/** The longest wait for the model; the reply is delayed 20-40 s anyway, so this never shows. */
export const AI_TIMEOUT_MS = 10_000;

const languageNames: Record<Locale, string> = { it: "Italian", en: "English", es: "Spanish", fr: "French" };

/** The persona's facts in English, the same the scripted replies tell, so both providers agree. */
function personaFacts(angel: AngelPersona): string {
  const en = answerBank.en;
  const job = en.jobs[angel.job][angel.male ? 1 : 0];
  const likes = angel.interests.map((i) => en.interests[i]).join(", ");
  return `The profile is ${angel.name}, ${angel.age}, who lives in ${angel.city}, works as ${job} and loves ${likes}.`;
}

/** The persona's rules: the same limits as the scripted bank, and no claim of being a real person. */
export function systemPrompt(language: Locale, angel: AngelPersona | null = null): string {
  return [
    "You write the replies of a fictional profile on a dating chat service; the service tells its members",
    "that profiles are fictional and run by operators. Never claim to be a real person.",
    ...(angel ? [personaFacts(angel)] : []),
    `Reply in ${languageNames[language]}, in one or two short, friendly sentences.`,
    "Be tasteful and never explicit. Never ask for money, never give or ask for contact details outside",
    "the service, and never agree a concrete meeting time or place.",
  ].join(" ");
}

/** The conversation so far as chat messages: the model answers what was said, not one line alone. */
const HISTORY_LINES = 20;

const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** The model's reply; on any failure the `fallback` provider's (the scripted bank), so a member always gets one. */
export function aiProvider(
  config: AiConfig,
  fallback: ReplyProvider,
  fetcher: typeof fetch = fetch,
): ReplyProvider {
  return {
    id: "ai",
    async reply(input) {
      let status: number | undefined;
      try {
        const response = await fetcher(`${config.url}/chat/completions`, {
          method: "POST",
          headers: { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({
            model: config.model,
            messages: [
              { role: "system", content: systemPrompt(input.language, input.angel) },
              ...input.history.slice(-HISTORY_LINES).map((line) => ({
                role: line.from === "angel" ? "assistant" : "user",
                content: line.text,
              })),
              { role: "user", content: input.userMessage },
            ],
            max_tokens: 200,
            temperature: 0.8,
          }),
          signal: AbortSignal.timeout(AI_TIMEOUT_MS),
        });
        status = response.status;
        if (!response.ok) throw new Error(`status ${response.status}`);
        const parsed = Completion.safeParse(await response.json());
        const text = parsed.success ? parsed.data.choices[0]?.message.content?.trim() : "";
        if (!text) throw new Error("no reply text in the answer");
        return text.slice(0, 2000);
      } catch (error) {
        // The message text never goes to the log, nor an error's message (a failed parse quotes the answer):
        // the error's name and the answer's status.
        logEvent("warn", "chat.ai.fallback", { model: config.model, status, error: errorName(error) });
        return fallback.reply(input);
      }
    },
  };
}
