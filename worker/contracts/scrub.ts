// What a browser's error report may keep. A message can carry what the page held when it failed: an address
// typed in a form, a card or phone number, a session token, a query string with a click id. They are replaced
// by a mark of their kind before the report is stored, so the console groups the same error once whoever met it.

const rules: readonly [RegExp, string][] = [
  // Tokens first: a JWT's three base64url parts, bearer values, long hex or base64 runs.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, "[token]"],
  [/\bBearer\s+\S+/gi, "Bearer [token]"],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]"],
  // Query strings and fragments of URLs: they hold click ids, codes and tokens.
  [/(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g, "$1?[query]"],
  // Card numbers, IBAN-like runs, phone numbers: 6 or more digits, with spaces or dashes between groups.
  [/\+?\d(?:[\s-]?\d){5,}/g, "[number]"],
  [/\b[0-9a-f]{24,}\b/gi, "[id]"],
  [/\b[A-Za-z0-9_-]{32,}\b/g, "[id]"],
];

/** The report's text without personal data, card fields or secrets, trimmed to `max` characters. */
export function scrub(text: string, max: number): string {
  let out = text;
  for (const [pattern, mark] of rules) out = out.replace(pattern, mark);
  out = out.replace(/\s+/g, " ").trim();
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
