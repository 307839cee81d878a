// The numbers the phone verification accepts: a valid mobile number of the brand's market, normalised to
// E.164 with libphonenumber. A code is then sent to it by SMS (phone.routes.ts); only the code verifies.
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import type { Country } from "../contracts/locales";

/**
 * The countries whose mobile numbers a market accepts. The English-speaking market is the United Kingdom
 * and Ireland: a number written without its international prefix is read as each country's in turn, so
 * "07400 123456" is British and "085 123 4567" Irish.
 */
export const phoneCountries: Record<Country, readonly CountryCode[]> = {
  it: ["IT"],
  es: ["ES"],
  en: ["GB", "IE"],
};

/**
 * A number in E.164 as its country writes it, grouped and without the international prefix: "347 123 4567",
 * "612 34 56 78", "07400 123456", "085 123 4567". The market's members dial it that way.
 */
export function nationalFormat(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** The number in E.164 (+393123456789), or null when it is not a mobile number of the market. */
export function marketMobile(market: Country, input: string): string | null {
  const countries = phoneCountries[market];
  for (const country of countries) {
    const parsed = parsePhoneNumberFromString(input.trim(), country);
    // The mobile metadata knows only mobile patterns: isValid() is false for a landline.
    if (parsed?.isValid() && parsed.country && countries.includes(parsed.country)) return parsed.number;
  }
  return null;
}
