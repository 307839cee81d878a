// The return page's check (orders/{system}/checkTransactionStatus): the provider is asked how the member's
// payment ended and the answer is applied once. Asking may fail in two ways that are no answer about the
// payment: the provider cannot look this reference up at all (Adyen's Checkout API has no status call for a
// bare pspReference), or it cannot be asked now. The first is answered from what this service recorded (its
// webhooks keep it current), the second with 503 and Retry-After, so the page asks again; neither is a 500.
import { eq } from "drizzle-orm";
import { payments } from "../../drizzle/schema/payments";
import type { PaymentErrorCode, PaymentStatus } from "../contracts/payments";
import type { Db } from "../core/db";
import { databaseUnavailable } from "../core/db-errors";
import { AppError } from "../core/errors";
import { errorName, logEvent } from "../core/log";
import { messageOf, outcomeMessage, ownPayment } from "./payment-lookups.service";
import { type PaymentProvider, type ProviderPayment, ProviderUnsupported } from "./provider";
import { type PaymentDeps, settleAndTell } from "./settle-and-tell.service";

/** How long a return page waits before asking again when the provider could not be asked (seconds). */
export const PROVIDER_RETRY_AFTER_S = 5;

/**
 * The check's answer (CheckStatusAnswer): `result` true when paid, `message` the catalogue's word, `rateplan`
 * the plan paid for (a retry after a refusal goes back to it).
 */
interface CheckAnswer {
  result: boolean;
  message: string;
  rateplan: string;
}

const notFound = () => new AppError(404, "not_found", "No such payment.", { field: "reference" });

/**
 * The provider's answer to `ask`; a provider that cannot be asked now (unreachable, failing, an answer that
 * cannot be read) is 503 provider_unavailable with Retry-After. What the provider cannot do at all
 * (ProviderUnsupported) and a database that is unavailable go on as they are.
 */
export async function askProvider<T>(provider: PaymentProvider, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ProviderUnsupported || databaseUnavailable(error)) throw error;
    logEvent("warn", "payments.provider_unavailable", { provider: provider.id, error: errorName(error) });
    throw new AppError(503, "provider_unavailable", "The payment provider could not be asked now; retry.", {
      retryAfterS: PROVIDER_RETRY_AFTER_S,
    });
  }
}

/**
 * The member's payment of that reference as this service recorded it, for a provider that cannot look it
 * up: paid, refused, or still waiting for the provider's word (pending). 404 for anyone else's reference.
 */
async function recordedAnswer(
  db: Db,
  provider: PaymentProvider,
  reference: string,
  accountId: number,
): Promise<CheckAnswer> {
  const own = await ownPayment(db, provider.id, { reference }, accountId);
  if (!own) throw notFound();
  const [recorded] = await db
    .select({ status: payments.status, errorCode: payments.errorCode })
    .from(payments)
    .where(eq(payments.id, own.id));
  if (!recorded) throw notFound();
  const status = recorded.status as PaymentStatus;
  // Started and not ended yet: the provider's notification will tell, as a review's does.
  if (status === "created" || status === "action_required") {
    return { result: false, message: "pending", rateplan: own.productId };
  }
  return {
    result: status === "succeeded",
    message: messageOf(status, recorded.errorCode as PaymentErrorCode | null),
    rateplan: own.productId,
  };
}

/**
 * Checks a member's payment with its provider, applies the answer once and tells the member's tabs; the answer
 * for the page, or the recorded answer alone where the provider cannot look the payment up.
 */
export async function checkPaymentStatus(
  deps: PaymentDeps,
  provider: PaymentProvider,
  reference: string,
  accountId: number,
): Promise<CheckAnswer> {
  const { db } = deps;
  let reported: ProviderPayment;
  try {
    reported = await askProvider(provider, () => provider.checkPayment(reference));
  } catch (error) {
    if (!(error instanceof ProviderUnsupported)) throw error;
    return recordedAnswer(db, provider, reference, accountId);
  }
  // Only the member's own payments: someone else's is no payment of theirs, and is not applied here.
  const own = await ownPayment(db, provider.id, reported, accountId);
  if (!own) throw notFound();
  const settlement = await settleAndTell(deps, provider.id, reported);
  const paid = settlement.found && settlement.status === "succeeded";
  return { result: paid, message: outcomeMessage(settlement), rateplan: own.productId };
}
