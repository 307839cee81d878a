// Money as people read it, the same in the browser, the mails and the receipts: an amount kept in minor units
// (integers, as every table and answer keeps it), written with Intl in the reader's language and the amount's
// currency, from its exact decimal string (never a float: 0.1 + 0.2 is not money).
import type { Locale } from "./locales";

/** The spec's currency (money-platform.md section 9): what a page shows when no plan names another. */
export const SITE_CURRENCY = "EUR";

/** Each language's money with its market's conventions (Intl's "it" already writes 9,90 €; the tags pin it). */
export const MONEY_LOCALE_TAGS: Record<Locale, string> = {
  it: "it-IT",
  en: "en-GB",
  es: "es-ES",
  fr: "fr-FR",
};

/** A formatter and its currency's minor unit (2 for EUR, 0 for JPY, as Intl knows it), built once each. */
const formatters = new Map<string, { format: Intl.NumberFormat; digits: number }>();

function formatterOf(locale: string, currency: string) {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatter = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An integer amount of minor units as the exact decimal string of the major unit ("990" cents → "9.90"). */
export function minorToDecimal(minor: number, digits: number): `${number}` {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount of minor units: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${text}` as `${number}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` as `${number}`;
}

/**
 * An amount in minor units of `currency` (cents of EUR), as `locale` (a language of the catalogues or a BCP 47
 * tag) writes money: 9,90 € in Italian, Spanish and French, €9.90 in English; 0 is "0,00 €", never "0,00".
 */
export function formatMoney(minor: number, currency: string, locale: Locale | string): string {
  const tag = (MONEY_LOCALE_TAGS as Record<string, string>)[locale] ?? locale;
  const { format, digits } = formatterOf(tag, currency);
  return format.format(minorToDecimal(minor, digits));
}
