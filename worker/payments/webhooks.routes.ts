// The payment providers' notifications (spec/money-platform.md section 7): each verified by its adapter,
// applied once through the settlement, answered the way its provider expects; a grant reaches the member's
// tabs through the room.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { errorName, logEvent } from "../core/log";
import { errorResponse, featureApp } from "../core/openapi";
import type { AppEnv } from "../env";
import { PROVIDER_IDS, type ProviderId } from "./provider";
import { webhookProviderFor } from "./providers";
import { WEBHOOK_ANSWERS } from "./providers/webhooks";
import { settleAndTell } from "./settle-and-tell.service";
import { announceSubscriptionEvents } from "./subscription-mail";

const webhook = createRoute({
  method: "post",
  path: "/hooks/{provider}",
  tags: ["payments"],
  summary: "A payment provider's notifications, for the brand of the host they are sent to",
  // No body schema: signatures are checked over the body's exact bytes, before anything parses it.
  description: [
    "Each answered the way its provider expects.",
    'sandbox (local runs only): a JSON body {"type":"payment.updated","data":{"reference":…}} with its HMAC-SHA256 (key SANDBOX_WEBHOOK_SECRET) in sandbox-signature; 200 {"received":true}, 400 invalid_input naming the field when signed but no such notification, 401 bad_signature.',
    "adyen: a standard notification with HMAC signatures; 200 `[accepted]` (also for events that change no payment), 401 when a signature is wrong.",
    "paypal: verified through PayPal's verify-webhook-signature; 200, 400 when not PayPal's, 503 when PayPal could not be asked.",
    "mollie: `id=tr_…` form-encoded, confirmed by fetching the payment; 200 (an unknown id too), 503 when Mollie could not be asked.",
    "coda: TxnId, OrderId, ResultCode and Checksum form-encoded (or as the query string of GET /hooks/coda); 200 `ResultCode=0`, 401 when the checksum is wrong.",
  ].join(" "),
  request: { params: z.object({ provider: z.enum(PROVIDER_IDS) }) },
  responses: {
    200: { description: "Applied (or genuine and changing nothing)" },
    400: { description: "paypal: not PayPal's; sandbox: signed, but not a notification (invalid_input)" },
    401: errorResponse("sandbox, adyen: not signed by the provider"),
    503: errorResponse("payments_unavailable: no credentials for this provider here; provider_unavailable"),
  },
});

/** Coda's portal calls the notification URL with GET and a query string (POST only when the merchant asks). */
const codaWebhookGet = createRoute({
  method: "get",
  path: "/hooks/coda",
  tags: ["payments"],
  summary: "Coda's notification in its default form: the query string, checksummed as the POST form",
  responses: {
    200: { description: "Applied (or genuine and changing nothing): the body ResultCode=0" },
    401: { description: "Not Coda's: the checksum is wrong" },
    503: errorResponse("payments_unavailable: no Coda credentials here; provider_unavailable"),
  },
});

export const webhookRoutes = featureApp()
  .openapi(webhook, (c) => answerWebhook(c, c.req.valid("param").provider))
  .openapi(codaWebhookGet, (c) => answerWebhook(c, "coda"));

/** Verifies a provider's notification through its adapter, settles it, and answers as the provider expects. */
async function answerWebhook(c: Context<AppEnv>, id: ProviderId): Promise<Response> {
  const provider = webhookProviderFor(c, id);
  const answers = WEBHOOK_ANSWERS[id];
  let event: Awaited<ReturnType<typeof provider.parseWebhook>>;
  try {
    event = await provider.parseWebhook(c.req.raw);
  } catch (error) {
    logEvent("warn", "payments.webhook_unread", { provider: id, error: errorName(error) });
    return answers.failed(error);
  }
  if (!event) return answers.refused();
  const settlement = await settleAndTell({ db: c.var.db, env: c.env }, provider.id, event.payment);
  logEvent("info", "payments.webhook", {
    provider: id,
    status: settlement.found ? settlement.status : "unknown",
  });
  // A renewal the job left pending (Mollie's recurring payments) ends here: the member is mailed as the job would.
  if (settlement.found && settlement.subscription) {
    const { config, db } = c.var;
    await announceSubscriptionEvents({ env: c.env, config, db }, [settlement.subscription]);
  }
  return answers.accepted();
}
