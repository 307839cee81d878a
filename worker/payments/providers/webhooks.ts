// How each provider wants its notifications answered: what it counts as delivered, and what makes it send
// again. The webhook route (POST /hooks/{provider}, and GET /hooks/coda) verifies through the adapter's
// parseWebhook, settles, and answers with these.
import { AppError } from "../../core/errors";
import type { ProviderId } from "../provider";
import { AdyenIgnoredNotification, adyenWebhookAnswer } from "./adyen-webhook";
import { CODA_NOTIFICATION_ACK } from "./coda-results";
import { SandboxNotificationInvalid } from "./sandbox-webhook";

export interface WebhookAnswers {
  /** A notification applied (or genuine and changing nothing): delivered, not to be sent again. */
  accepted(): Response;
  /** Not the provider's: forged, altered, or no notification at all. */
  refused(): Response;
  /** The adapter could not read it (the provider was unreachable, …): rethrow for a 5xx, or answer. */
  failed(error: unknown): Response;
}

const rethrow = (error: unknown): never => {
  throw error;
};
/** A 5xx the provider retries later (its own schedule), without the cause (the app logs nothing of it here). */
const retryLater = () =>
  new AppError(503, "provider_unavailable", "The notification could not be read now; send it again.");

export const WEBHOOK_ANSWERS: Record<ProviderId, WebhookAnswers> = {
  sandbox: {
    accepted: () => Response.json({ received: true }),
    refused: () => {
      throw new AppError(401, "bad_signature", "The notification is not signed by the sandbox.");
    },
    // Signed but unreadable: the sender's mistake, named (a 5xx would have it sent again, unchanged).
    failed: (error) => {
      if (!(error instanceof SandboxNotificationInvalid)) return rethrow(error);
      throw new AppError(400, "invalid_input", error.message, { field: error.field });
    },
  },
  // Adyen counts a notification delivered only on 200 with `[accepted]`, and retries anything else.
  adyen: {
    accepted: adyenWebhookAnswer,
    refused: () => new Response("unauthorized", { status: 401 }),
    failed: (error) => (error instanceof AdyenIgnoredNotification ? adyenWebhookAnswer() : rethrow(error)),
  },
  // PayPal retries a non-2xx answer for up to three days.
  paypal: {
    accepted: () => new Response(null, { status: 200 }),
    refused: () => new Response(null, { status: 400 }),
    failed: () => {
      throw retryLater();
    },
  },
  // TrustPay: 200 once read; a notification not signed with the project's secret key is refused.
  trustpay: {
    accepted: () => new Response(null, { status: 200 }),
    refused: () => new Response(null, { status: 401 }),
    failed: () => {
      throw retryLater();
    },
  },
  // Maxpay: 200 once read; a callback whose X-Signature is not the private key's is refused.
  maxpay: {
    accepted: () => new Response(null, { status: 200 }),
    refused: () => new Response(null, { status: 401 }),
    failed: () => {
      throw retryLater();
    },
  },
  // Coda counts a notification delivered on the body `ResultCode=0`, and sends it again three times otherwise.
  coda: {
    accepted: () => new Response(CODA_NOTIFICATION_ACK, { status: 200 }),
    refused: () => new Response(null, { status: 401 }),
    failed: () => {
      throw retryLater();
    },
  },
  // Mollie: always 200 for an id we do not know (so a caller learns nothing); a 5xx makes Mollie retry.
  mollie: {
    accepted: () => new Response(null, { status: 200 }),
    refused: () => new Response(null, { status: 200 }),
    failed: () => {
      throw retryLater();
    },
  },
};
