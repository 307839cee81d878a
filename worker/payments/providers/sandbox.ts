// The built-in sandbox provider: behaves like a real card, redirect and wallet provider (references, 3-D
// Secure, pending reviews, stored cards, hosted checkout and wallet approval pages, PayPal's approve-then-
// capture, Apple Pay's merchant validation, signed webhooks, refunds, idempotency keys) with its records in
// its own table, so every screen, rule and state of the money path is real locally and in the tests. Test
// card numbers choose a card's outcome (SANDBOX_CARDS in sandbox-cards.ts, listed in docs/payments.md), the member's answer on the
// hosted pages a redirect's or a wallet's; it never runs in production.
import { and, asc, count, eq } from "drizzle-orm";
import { sandboxTransactions } from "../../../drizzle/schema/payments";
import { cardBrandOf, luhnValid } from "../../contracts/card";
import type { PaymentErrorCode, PaymentStatus } from "../../contracts/payments";
import type { Db } from "../../core/db";
import type {
  ApplePayMerchantSession,
  PaymentProvider,
  ProviderPayment,
  RedirectMethod,
  WebhookEvent,
} from "../provider";
import { SANDBOX_CARDS, type SandboxOutcome } from "./sandbox-cards";
import type { ChallengeAnswer, CheckoutAnswer, SandboxCheckout, WalletAnswer } from "./sandbox-pages";
import {
  type Checkout,
  keptFor,
  newReference,
  outcomeText,
  RENEWING_METHODS,
  type Row,
  returnPath,
  type SandboxOptions,
  type SandboxStatus,
  storedOutcome,
  toPayment,
} from "./sandbox-records";
import {
  hmac,
  SandboxNotification,
  SandboxNotificationInvalid,
  SIGNATURE_HEADER,
  sameSignature,
} from "./sandbox-webhook";

export interface SandboxProvider extends PaymentProvider {
  /** The member's answer on the sandbox's 3-D Secure page. */
  answerChallenge(reference: string, answer: ChallengeAnswer): Promise<ProviderPayment | null>;
  /** A redirect or wallet payment as the hosted pages show it; null for any other reference. */
  checkoutOf(reference: string): Promise<SandboxCheckout | null>;
  /** The member's answer on the hosted checkout; null when the reference is not a mollie or coda payment. */
  answerCheckout(reference: string, answer: CheckoutAnswer): Promise<SandboxCheckout | null>;
  /** The member's answer on the wallet page; null when the reference is not a wallet payment. */
  answerWallet(reference: string, answer: WalletAnswer): Promise<SandboxCheckout | null>;
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

  /**
   * Moves a transaction on from `from` only, in one conditional statement: of two answers at once, or a
   * second answer to one page, only the first changes anything.
   */
  async function move(
    reference: string,
    from: SandboxStatus,
    to: { status: SandboxStatus; errorCode: PaymentErrorCode | null; outcome?: string },
  ) {
    await db
      .update(sandboxTransactions)
      .set(to)
      .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, from)));
    return row(reference);
  }

  /** Ends a transaction as `outcome` says, from the statuses in `from` only. */
  async function finish(reference: string, from: SandboxStatus[], outcome: SandboxOutcome) {
    const current = await row(reference);
    if (!current) return null;
    if (!from.includes(current.status as SandboxStatus)) return toPayment(current, options);
    const updated = await move(
      reference,
      current.status as SandboxStatus,
      outcome.kind === "failed"
        ? { status: "failed", errorCode: outcome.errorCode }
        : { status: "succeeded", errorCode: null },
    );
    return toPayment(updated ?? current, options);
  }

  const outcomeOf = (stored: Row): SandboxOutcome => storedOutcome(stored).outcome;

  function describe(stored: Row): SandboxCheckout | null {
    const { checkout } = storedOutcome(stored);
    if (!checkout) return null;
    return {
      method: checkout.method,
      amountCents: stored.amountCents,
      currency: stored.currency,
      open: stored.status === "action_required",
      returnPath: returnPath(checkout, stored.reference),
    };
  }

  /** A hosted page's answer for one of `methods`' payments: how it ends, then where the member goes. */
  async function answerPage(
    reference: string,
    methods: readonly RedirectMethod[],
    decide: (checkout: Checkout) => {
      status: SandboxStatus;
      errorCode: PaymentErrorCode | null;
      outcome?: string;
    },
  ) {
    const current = await row(reference);
    const checkout = current ? storedOutcome(current).checkout : undefined;
    if (!current || !checkout || !methods.includes(checkout.method)) return null;
    const updated = await move(reference, "action_required", decide(checkout));
    return describe(updated ?? current);
  }

  const canceled = { status: "canceled", errorCode: "payment_canceled" } as const;

  return {
    id: "sandbox",
    renewsWith: RENEWING_METHODS,

    async chargeCard(charge) {
      const number = charge.card.number.replace(/\s+/g, "");
      const card = SANDBOX_CARDS.get(number) ?? { kind: "succeeded" };
      const outcome: SandboxOutcome = luhnValid(number)
        ? card
        : { kind: "failed", errorCode: "invalid_number" };
      // 3-D Secure and a review end as the card would without them: in success.
      const status: PaymentStatus = outcome.kind === "three_ds" ? "action_required" : outcome.kind;
      const final: SandboxOutcome =
        outcome.kind === "failed" || outcome.kind === "succeeded"
          ? outcome
          : outcome.kind === "pending" && outcome.refused
            ? { kind: "failed", errorCode: outcome.refused }
            : { kind: "succeeded" };
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
        .orderBy(asc(sandboxTransactions.createdAt))
        .limit(1);
      // A kept wallet (PayPal's vault, a wallet's token) has no digits: it is charged as its provider does.
      const wallet = card !== undefined && !card.last4 && storedOutcome(card).checkout !== undefined;
      if (!card || (!card.last4 && !wallet)) {
        return create({
          idempotencyKey: charge.idempotencyKey,
          amountCents: charge.amountCents,
          currency: charge.currency,
          status: "failed",
          errorCode: "card_declined",
          outcome: JSON.stringify({ kind: "failed", errorCode: "card_declined" }),
        });
      }
      const kept = { cardToken: charge.cardToken, brand: card.brand, last4: card.last4 };
      const renewals = (outcomeOf(card) as { renewals?: string }).renewals;
      if (charge.merchantInitiated && renewals) {
        const [declined] = await db
          .select({ n: count() })
          .from(sandboxTransactions)
          .where(
            and(
              eq(sandboxTransactions.cardToken, charge.cardToken),
              eq(sandboxTransactions.status, "failed"),
            ),
          );
        if (renewals === "declined" || (declined?.n ?? 0) === 0) {
          return create({
            idempotencyKey: charge.idempotencyKey,
            amountCents: charge.amountCents,
            currency: charge.currency,
            status: "failed",
            errorCode: "insufficient_funds",
            outcome: JSON.stringify({ kind: "failed", errorCode: "insufficient_funds" }),
            ...kept,
          });
        }
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

    createRedirectPayment(payment) {
      return create({
        idempotencyKey: payment.idempotencyKey,
        amountCents: payment.amountCents,
        currency: payment.currency,
        status: "action_required",
        outcome: outcomeText({ kind: "succeeded" }, { method: payment.method, returnUrl: payment.returnUrl }),
        ...keptFor(payment.method, payment.storeCard),
      });
    },

    chargeWallet(charge) {
      // Apple Pay's token is the member's approval already (Face ID or Touch ID in the sheet): it is paid at
      // once. Google Pay's card may still need its bank: the wallet page stands in for that step (and, on
      // local hosts, for Google's sheet), then back to Google Pay's return page.
      const checkout = { method: charge.method, returnUrl: charge.returnUrl };
      return create({
        idempotencyKey: charge.idempotencyKey,
        amountCents: charge.amountCents,
        currency: charge.currency,
        status: charge.method === "applepay" ? "succeeded" : "action_required",
        outcome: outcomeText({ kind: "succeeded" }, checkout),
        ...keptFor(charge.method, charge.storeCard),
      });
    },

    async startApplePaySession({ validationUrl, domainName, displayName }) {
      let url: URL;
      try {
        url = new URL(validationUrl);
      } catch {
        return null;
      }
      // Apple's payment gateways only (apple-pay-gateway*.apple.com): the real adapter posts the merchant's
      // certificate there, so any other host would be handed it.
      if (url.protocol !== "https:" || !url.hostname.endsWith(".apple.com")) return null;
      const hex = (bytes: number) =>
        [...crypto.getRandomValues(new Uint8Array(bytes))]
          .map((b) => b.toString(16).padStart(2, "0"))
          .join("");
      const now = Date.now();
      const merchantSessionIdentifier = `SSH${hex(16).toUpperCase()}`;
      const nonce = hex(4);
      const session: ApplePayMerchantSession = {
        epochTimestamp: now,
        // Apple's sessions are good for five minutes.
        expiresAt: now + 5 * 60_000,
        merchantSessionIdentifier,
        nonce,
        merchantIdentifier: `merchant.sandbox.${domainName}`,
        domainName,
        displayName,
        signature: await hmac(options.webhookSecret, `${merchantSessionIdentifier}.${nonce}.${domainName}`),
        retries: 0,
      };
      return session;
    },

    async capturePayment(reference) {
      const stored = await row(reference);
      if (!stored) return { reference, status: "failed", errorCode: "problemi_api" };
      if (stored.status !== "approved") return toPayment(stored, options);
      return (await finish(reference, ["approved"], outcomeOf(stored))) ?? toPayment(stored, options);
    },

    async checkPayment(reference) {
      const stored = await row(reference);
      if (!stored) return { reference, status: "failed", errorCode: "problemi_api" };
      return toPayment(stored, options);
    },

    async checkoutOf(reference) {
      const stored = await row(reference);
      return stored ? describe(stored) : null;
    },

    answerCheckout(reference, answer) {
      return answerPage(reference, ["mollie", "coda"], () =>
        answer === "pay" ? { status: "succeeded", errorCode: null } : canceled,
      );
    },

    answerWallet(reference, answer) {
      return answerPage(reference, ["paypal", "googlepay", "applepay"], (checkout) => {
        if (answer === "cancel") return canceled;
        const outcome: SandboxOutcome =
          answer === "approve" ? { kind: "succeeded" } : { kind: "failed", errorCode: "insufficient_funds" };
        // A PayPal order is approved now and paid when the shop captures it (capturePayment).
        if (checkout.method === "paypal") {
          return { status: "approved", errorCode: null, outcome: outcomeText(outcome, checkout) };
        }
        return outcome.kind === "failed"
          ? { status: "failed", errorCode: outcome.errorCode }
          : { status: "succeeded", errorCode: null };
      });
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
      // Signed, so the sandbox's: what it says is read only now, and a body it cannot have meant is refused.
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new SandboxNotificationInvalid("body", "is not JSON");
      }
      const event = SandboxNotification.safeParse(json);
      if (!event.success) {
        const issue = event.error.issues[0];
        throw new SandboxNotificationInvalid(issue?.path.join(".") || "body", issue?.message ?? "invalid");
      }
      // The notification says which payment changed; its state is read back from the records, as Mollie's
      // webhook is confirmed by fetching the payment.
      return { payment: await this.checkPayment(event.data.data.reference) };
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
