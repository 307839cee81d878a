// Dates as mails and pages write them, in UTC. Intl's formatters are slow to build (a good share of a mail's
// rendering when built per call), so each language's is built once per isolate.
const STYLES = {
  /** "November 29, 2026" in English */
  day: { dateStyle: "long", timeZone: "UTC" },
  /** "November 29, 2026 at 7:05 PM" in English */
  time: { dateStyle: "long", timeStyle: "short", timeZone: "UTC" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const built = new Map<string, Intl.DateTimeFormat>();

export function formatDate(date: Date, language: string, style: keyof typeof STYLES): string {
  const key = `${style} ${language}`;
  let format = built.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, STYLES[style]);
    built.set(key, format);
  }
  return format.format(date);
}

/** A time with its zone said: "November 29, 2026 at 7:05 PM UTC" in English. */
export const formatUtcTime = (date: Date, language: string) => `${formatDate(date, language, "time")} UTC`;
