// The built-in sandbox provider: behaves like a real card and redirect provider (references, 3-D Secure,
// pending reviews, stored cards, signed webhooks, refunds, idempotency keys) with its records in its own
// table, so every screen, rule and state of the money path is real locally and in the tests. Test card
// numbers choose the outcome (SANDBOX_CARDS, listed in the README); it never runs in production.
import { eq } from "drizzle-orm";
import { sandboxTransactions } from "../../../drizzle/schema/payments";
import { cardBrandOf, luhnValid } from "../../contracts/card";
import {
  CARD_BRANDS,
  type CardBrand,
  PAYMENT_ERROR_CODES,
  type PaymentErrorCode,
  type PaymentStatus,
} from "../../contracts/payments";
import type { Db } from "../../core/db";
import type { PaymentProvider, ProviderPayment, ThreeDsAction, WebhookEvent } from "../provider";

/** What a test card does: succeed, fail with a catalogue code, or pass through 3-D Secure or a review. */
export type SandboxOutcome =
  | { kind: "succeeded" }
  | { kind: "failed"; errorCode: PaymentErrorCode }
  | { kind: "three_ds" }
  | { kind: "pending" }
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
  ...PAYMENT_ERROR_CODES.map(
    (errorCode, i) =>
      [withCheckDigit(`400000000000${100 + i}`), { kind: "failed", errorCode }] as [string, SandboxOutcome],
  ),
]);

/** The 3-D Secure challenge's answer on the sandbox's page: pass or fail (`warning`, the catalogue's 3DS code). */
export type ChallengeAnswer = "pass" | "fail";

export interface SandboxOptions {
  /** The origin of the sandbox's hosted pages (this Worker's). */
  origin: string;
  /** Which named system's 3-D Secure the browser should run (the brand's `payment_company`). */
  threeDsSystem: ThreeDsAction["system"];
  /** Signs the sandbox's webhooks. */
  webhookSecret: string;
}

const SIGNATURE_HEADER = "sandbox-signature";
type Row = typeof sandboxTransactions.$inferSelect;

const newReference = () => `sbx_${crypto.randomUUID().replaceAll("-", "")}`;

function toPayment(row: Row, options: SandboxOptions): ProviderPayment {
  const payment: ProviderPayment = { reference: row.reference, status: row.status as PaymentStatus };
  if (row.errorCode) payment.errorCode = row.errorCode as PaymentErrorCode;
  if (row.status === "action_required") {
    payment.threeDs = {
      system: options.threeDsSystem,
      url: `${options.origin}/sandbox/3ds/${row.reference}`,
      fields: options.threeDsSystem === "maxpay" ? {} : { reference: row.reference },
    };
  }
  const brand = (CARD_BRANDS as readonly string[]).includes(row.brand ?? "")
    ? (row.brand as CardBrand)
    : "unknown";
  if (row.last4) payment.card = { brand, last4: row.last4 };
  if (row.cardToken && row.last4 && row.expMonth && row.expYear && row.status === "succeeded") {
    payment.storedCard = {
      token: row.cardToken,
      brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
    };
  }
  return payment;
}

async function hmac(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex signatures in time independent of where they differ. */
function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface SandboxProvider extends PaymentProvider {
  /** The member's answer on the sandbox's 3-D Secure page. */
  answerChallenge(reference: string, answer: ChallengeAnswer): Promise<ProviderPayment | null>;
  /** Ends a pending or open payment as its test card says (what a real provider's review does later). */
  review(reference: string): Promise<ProviderPayment | null>;
  /** The webhook the sandbox sends for a payment: a signed POST as its documentation would describe it. */
  webhook(reference: string, url: string): Promise<Request>;
}

export function sandboxProvider(db: Db, options: SandboxOptions): SandboxProvider {
  const row = async (reference: string) =>
    (await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference)))[0];

  /** Creates the transaction once per idempotency key: a retried call answers the first call's payment. */
  async function create(values: Omit<typeof sandboxTransactions.$inferInsert, "reference">) {
    const [created] = await db
      .insert(sandboxTransactions)
      .values({ ...values, reference: newReference() })
      .onConflictDoNothing({ target: sandboxTransactions.idempotencyKey })
      .returning();
    if (created) return toPayment(created, options);
    const [earlier] = await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.idempotencyKey, values.idempotencyKey));
    if (!earlier) throw new Error("sandbox: the idempotency key's transaction vanished");
    return toPayment(earlier, options);
  }

  /** Moves a transaction on from `from` only (a second answer to one challenge changes nothing). */
  async function finish(reference: string, from: PaymentStatus[], outcome: SandboxOutcome) {
    const current = await row(reference);
    if (!current) return null;
    if (!from.includes(current.status as PaymentStatus)) return toPayment(current, options);
    const [updated] = await db
      .update(sandboxTransactions)
      .set(
        outcome.kind === "failed"
          ? { status: "failed", errorCode: outcome.errorCode }
          : { status: "succeeded", errorCode: null },
      )
      .where(eq(sandboxTransactions.reference, reference))
      .returning();
    return toPayment(updated ?? current, options);
  }

  const outcomeOf = (stored: Row): SandboxOutcome => JSON.parse(stored.outcome) as SandboxOutcome;

  return {
    id: "sandbox",

    async chargeCard(charge) {
      const number = charge.card.number.replace(/\s+/g, "");
      const card = SANDBOX_CARDS.get(number) ?? { kind: "succeeded" };
      const outcome: SandboxOutcome = luhnValid(number)
        ? card
        : { kind: "failed", errorCode: "invalid_number" };
      // 3-D Secure and a review end as the card would without them: in success.
      const status: PaymentStatus = outcome.kind === "three_ds" ? "action_required" : outcome.kind;
      const final: SandboxOutcome = outcome.kind === "failed" ? outcome : { kind: "succeeded" };
      return create({
        idempotencyKey: charge.idempotencyKey,
        amountCents: charge.amountCents,
        currency: charge.currency,
        status,
        errorCode: outcome.kind === "failed" ? outcome.errorCode : null,
        outcome: JSON.stringify(final),
        cardToken: charge.storeCard ? `sbx_card_${crypto.randomUUID()}` : null,
        brand: cardBrandOf(number),
        last4: number.slice(-4),
        expMonth: charge.card.expMonth,
        expYear: charge.card.expYear,
      });
    },

    async chargeStoredCard(charge) {
      const [card] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.cardToken, charge.cardToken))
        .limit(1);
      if (!card?.last4) {
        return create({
          idempotencyKey: charge.idempotencyKey,
          amountCents: charge.amountCents,
          currency: charge.currency,
          status: "failed",
          errorCode: "card_declined",
          outcome: JSON.stringify({ kind: "failed", errorCode: "card_declined" }),
        });
      }
      return create({
        idempotencyKey: charge.idempotencyKey,
        amountCents: charge.amountCents,
        currency: charge.currency,
        status: "succeeded",
        outcome: JSON.stringify({ kind: "succeeded" }),
        cardToken: charge.cardToken,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
    },

    async createRedirectPayment(payment) {
      const created = await create({
        idempotencyKey: payment.idempotencyKey,
        amountCents: payment.amountCents,
        currency: payment.currency,
        status: "action_required",
        outcome: JSON.stringify({ kind: "succeeded" }),
      });
      return {
        reference: created.reference,
        status: created.status,
        redirectUrl: `${options.origin}/sandbox/checkout/${created.reference}`,
      };
    },

    async checkPayment(reference) {
      const stored = await row(reference);
      if (!stored) return { reference, status: "failed", errorCode: "problemi_api" };
      return toPayment(stored, options);
    },

    answerChallenge(reference, answer) {
      return finish(
        reference,
        ["action_required"],
        answer === "pass" ? { kind: "succeeded" } : { kind: "failed", errorCode: "warning" },
      );
    },

    async review(reference) {
      const stored = await row(reference);
      if (!stored) return null;
      return finish(reference, ["pending", "open"], outcomeOf(stored));
    },

    async webhook(reference, url) {
      const stored = await row(reference);
      if (!stored) throw new Error("sandbox: unknown payment");
      const body = JSON.stringify({ type: "payment.updated", data: toPayment(stored, options) });
      const signature = await hmac(options.webhookSecret, body);
      return new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature },
        body,
      });
    },

    async parseWebhook(request): Promise<WebhookEvent | null> {
      const body = await request.text();
      const signature = request.headers.get(SIGNATURE_HEADER) ?? "";
      if (!sameSignature(signature, await hmac(options.webhookSecret, body))) return null;
      const event = JSON.parse(body) as { type?: string; data?: { reference?: string } };
      if (event.type !== "payment.updated" || typeof event.data?.reference !== "string") return null;
      // The notification says which payment changed; its state is read back from the records, as Mollie's
      // webhook is confirmed by fetching the payment.
      return { payment: await this.checkPayment(event.data.reference) };
    },

    async refund({ reference, amountCents }) {
      const stored = await row(reference);
      if (stored?.status !== "succeeded" || amountCents > stored.amountCents) {
        return { ok: false, errorCode: "generico" };
      }
      await db
        .update(sandboxTransactions)
        .set({ status: "refunded", refundedAt: new Date() })
        .where(eq(sandboxTransactions.reference, reference));
      return { ok: true };
    },
  };
}
