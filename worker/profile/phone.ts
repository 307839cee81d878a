// The phone verification of the chat rules: "their own messages show a link to verify by entering a phone
// number". A number is accepted when it is a valid mobile number of the brand's market; no code is sent
// (there is no SMS provider; see the notes of 2026-11-24), entering it is the verification the spec asks.
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import type { Country } from "../contracts/locales";

/**
 * The countries whose mobile numbers a market accepts; the first one reads a number written without its
 * international prefix. The English-speaking market is the United Kingdom and Ireland.
 */
export const phoneCountries: Record<Country, readonly CountryCode[]> = {
  it: ["IT"],
  es: ["ES"],
  en: ["GB", "IE"],
};

/** The number in E.164 (+393123456789), or null when it is not a mobile number of the market. */
export function marketMobile(market: Country, input: string): string | null {
  const countries = phoneCountries[market];
  const parsed = parsePhoneNumberFromString(input.trim(), countries[0]);
  // The mobile metadata knows only mobile patterns: isValid() is false for a landline.
  if (!parsed?.isValid() || !parsed.country || !countries.includes(parsed.country)) return null;
  return parsed.number;
}
