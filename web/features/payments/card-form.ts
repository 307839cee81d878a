// The card form's rules (spec/money-platform.md section 5): what the member types is shown grouped and
// checked as they go, and checked again by the Worker before a provider sees it.
import { cardBrandOf, cardExpiry, luhnValid } from "../../../worker/contracts/card";
import type { CardBrand } from "../../../worker/contracts/payments";

export interface CardFields {
  number: string;
  expiry: string;
  cvv: string;
  firstName: string;
  lastName: string;
}

export type CardField = keyof CardFields;

/** The number as shown: digits only, a space every 4, at most 19 characters (16 digits). */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** MM/YY with the slash added as the member types (and removed when they delete back to it). */
export function formatExpiry(typed: string, previous = ""): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && typed.length > previous.length) return `${digits}/`;
  return digits;
}

/** The CVV: digits only, exactly 3. */
export const formatCvv = (typed: string) => typed.replace(/\D/g, "").slice(0, 3);

export const brandOfNumber = (shown: string): CardBrand => cardBrandOf(shown.replace(/\D/g, ""));

/**
 * The first field that is wrong, in the form's order: the number (at least 16 characters as shown, and a
 * passing checksum), the expiry (MM/YY, a month 1-12 not before this month), the CVV (3 digits), the names.
 */
export function firstInvalid(fields: CardFields, now = new Date()): CardField | null {
  const digits = fields.number.replace(/\D/g, "");
  if (fields.number.length < 16 || !luhnValid(digits)) return "number";
  const match = /^(\d{2})\/(\d{2})$/.exec(fields.expiry);
  if (!match || !cardExpiry(Number(match[1]), Number(match[2]), now)) return "expiry";
  if (!/^\d{3}$/.test(fields.cvv)) return "cvv";
  if (!fields.firstName.trim()) return "firstName";
  if (!fields.lastName.trim()) return "lastName";
  return null;
}

/** The sandbox's card that always succeeds, filled in on local hosts (the spec's test mode). */
export const TEST_CARD: CardFields = {
  number: "4242 4242 4242 4242",
  expiry: "12/30",
  cvv: "123",
  firstName: "Mario",
  lastName: "Rossi",
};

/** The spec's test mode: local hosts (localhost and its brand subdomains, 127.0.0.1). */
export const isTestHost = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1";
