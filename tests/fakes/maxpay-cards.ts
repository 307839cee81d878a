// The fake Maxpay's test cards (tests/fakes/maxpay.ts), apart from the fake so the Worker tests can import them
// inside workerd: a 3-D Secure card, and one card per message Maxpay refuses a card with. Any other valid card
// is paid at once.

/** Whether a number passes the Luhn check (Maxpay validates card_number with it). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

/** A Luhn-valid 16-digit number from its first 15 digits. */
function withCheckDigit(first15: string): string {
  for (let d = 0; d <= 9; d++) if (luhn(`${first15}${d}`)) return `${first15}${d}`;
  throw new Error("unreachable: one check digit always completes a number");
}

export const MAXPAY_3DS_CARD = withCheckDigit("400000000000306");
export const MAXPAY_PAID_CARD = "4111111111111111";

/** The messages the fake refuses a card with, in Maxpay's words; `error` ones are a request's, not a bank's. */
export const MAXPAY_REFUSALS = [
  ["Insufficient funds", "decline"],
  ["Withdrawal frequency limit exceeded", "decline"],
  ["Invalid CVV", "decline"],
  ["Invalid card number", "decline"],
  ["Card expired or expiration date invalid", "decline"],
  ["Lost or stolen card", "decline"],
  ["Referal or restricted card", "decline"],
  ["Invalid or closed account", "decline"],
  ["Verification required by issuer", "decline"],
  ["Card 3D secure is not enabled.", "decline"],
  ["Card type not supported", "decline"],
  ["Declined by anti-fraud system.", "decline"],
  ["Fraud bank decline", "decline"],
  ["Risk Bank Decline", "decline"],
  ["Authorization declined", "decline"],
  ["General bank decline", "decline"],
  ["Unauthorized transaction", "decline"],
  ["Transaction not permitted", "decline"],
  ["Bank negative list", "decline"],
  ["Revocation of authorization order", "decline"],
  ["Communication error with bank", "decline"],
  ["Malformed bank response", "decline"],
  ["Timeout between PSP and bank", "decline"],
  ["Acquirer internal error.", "decline"],
  ["Unexpected acquirer behavior", "decline"],
  ["Internal system error", "decline"],
  ["Transaction is expired", "decline"],
  ["3D secure failed", "decline"],
  ["Volume limit exceeded", "error"],
  ["Transaction type not supported. Please, check routing.", "error"],
  ["Bank MID access credentials are incorrect", "error"],
  ["Invalid amount", "error"],
  ["Invalid currency", "error"],
] as const;

/** Card number → the refusal it gets: 4000 0010 0000 0NNc, NN the refusal's place in MAXPAY_REFUSALS. */
export const MAXPAY_REFUSED_CARDS: ReadonlyMap<string, (typeof MAXPAY_REFUSALS)[number]> = new Map(
  MAXPAY_REFUSALS.map((refusal, i) => [withCheckDigit(`40000010000${String(i).padStart(4, "0")}`), refusal]),
);
