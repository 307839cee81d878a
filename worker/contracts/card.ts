// The card rules both sides apply (spec/money-platform.md section 5): the payment form checks them as the
// member types, and the Worker checks them again before a card reaches a provider.
import type { CardBrand } from "./payments";

/** Whether a card number (digits only) passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's network by its leading digits (IIN ranges), for the brand icon and the stored card. */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^35(2[89]|[3-8])/.test(digits)) return "jcb";
  return "unknown";
}

/**
 * The card's expiry as the form reads it (MM/YY, or a four-digit year): month 1 to 12, a two-digit year taken
 * within 20 years ahead and 80 years back of `now`, and not before the current month. Null when it is not
 * a usable expiry.
 */
export function cardExpiry(
  month: number,
  year: number,
  now: Date = new Date(),
): { month: number; year: number } | null {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0) return null;
  const thisYear = now.getUTCFullYear();
  let full = year;
  if (year < 100) {
    full = Math.floor(thisYear / 100) * 100 + year;
    if (full > thisYear + 20) full -= 100;
    else if (full < thisYear - 80) full += 100;
  }
  const thisMonth = now.getUTCMonth() + 1;
  if (full < thisYear || (full === thisYear && month < thisMonth)) return null;
  return { month, year: full };
}
