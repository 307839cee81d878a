// An angel's phone number comes only from a range that its country's regulator keeps for fiction, so a number
// on a profile can never ring a real person. Ofcom reserves the UK mobiles 07700 900000-900999
// for drama; Italy (AGCOM) and Spain (CNMC) reserve no such range, so their angels show no number.
import type { Country } from "./locales";

/** The reserved block of each market in E.164 without the last digits, or null where there is none. */
export const fictionalMobileBlocks: Record<Country, { prefix: string; digits: number } | null> = {
  it: null,
  es: null,
  en: { prefix: "+447700900", digits: 3 },
};

/** The `n`th number of the market's reserved block (wrapping round), spaced as shown; null without one. */
export function fictionalPhone(country: Country, n: number): string | null {
  const block = fictionalMobileBlocks[country];
  if (!block) return null;
  const line = String(Math.abs(Math.trunc(n)) % 10 ** block.digits).padStart(block.digits, "0");
  // +44 7700 900123: the country code, then the number as it is written nationally.
  return `${block.prefix.slice(0, 3)} ${block.prefix.slice(3, 7)} ${block.prefix.slice(7)}${line}`;
}

/** Whether a stored number lies in a reserved block (the only numbers an angel may show). */
export function isFictionalPhone(phone: string): boolean {
  const e164 = phone.replace(/[\s()-]/g, "");
  return Object.values(fictionalMobileBlocks).some(
    (block) =>
      block !== null &&
      e164.startsWith(block.prefix) &&
      new RegExp(`^\\d{${block.digits}}$`).test(e164.slice(block.prefix.length)),
  );
}
