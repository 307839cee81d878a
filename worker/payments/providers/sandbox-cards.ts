// The sandbox's test cards: what each number does (listed in docs/payments.md); any other Luhn-valid number
// succeeds.
import { luhnValid } from "../../contracts/card";
import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from "../../contracts/payments";

/** What a test card does: succeed, fail with a catalogue code, or pass through 3-D Secure or a review. */
export type SandboxOutcome =
  /** `renewals`: what the kept card does when charged without the member (merchant initiated). */
  | { kind: "succeeded"; renewals?: "declined" | "declined_once" }
  | { kind: "failed"; errorCode: PaymentErrorCode }
  | { kind: "three_ds" }
  /** `refused`: the review ends in this refusal instead of the payment. */
  | { kind: "pending"; refused?: PaymentErrorCode }
  | { kind: "open" };

/** A Luhn-valid 16-digit number from its first 15 digits. */
function withCheckDigit(first15: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${first15}${d}`)) return `${first15}${d}`;
  throw new Error("unreachable: one check digit always completes a number");
}

/**
 * The test cards. Any other Luhn-valid number succeeds. The catalogue's codes are 4000 0000 0000 1NNc, NN the
 * code's place in PAYMENT_ERROR_CODES (invalid_cvc 4000000000001000, insufficient_funds 4000000000001018 …).
 */
export const SANDBOX_CARDS: ReadonlyMap<string, SandboxOutcome> = new Map<string, SandboxOutcome>([
  ["4000000000003220", { kind: "three_ds" }],
  ["4000000000009235", { kind: "pending" }],
  ["4000000000009243", { kind: "open" }],
  // Pending, then refused by the review (the member is told: purchKo).
  [withCheckDigit("400000000000926"), { kind: "pending", refused: "card_declined" }],
  // Paid now; the renewals of the kept card are refused for lack of funds (always, or the first time only).
  [withCheckDigit("400000000000034"), { kind: "succeeded", renewals: "declined" }],
  [withCheckDigit("400000000000035"), { kind: "succeeded", renewals: "declined_once" }],
  ...PAYMENT_ERROR_CODES.map(
    (errorCode, i) =>
      [withCheckDigit(`400000000000${100 + i}`), { kind: "failed", errorCode }] as [string, SandboxOutcome],
  ),
]);
