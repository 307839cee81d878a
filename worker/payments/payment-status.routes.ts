// The return pages' check (spec/money-platform.md section 7): orders/{system}/checkTransactionStatus asks the
// provider how the member's payment ended, applies it once through the settlement, and the member's tabs
// learn of it through the room.
import { createRoute } from "@hono/zod-openapi";
import {
  type CHECK_SYSTEMS,
  CheckStatusAnswer,
  CheckStatusRequest,
  CheckSystem,
} from "../contracts/payments";
import { AppError, forbidden } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { checkPaymentStatus } from "./check-status";
import type { PaymentMethod } from "./provider";
import { providerFor } from "./providers";

/** The way to pay each return page ends: the card systems' 3-D Secure, Google Pay's step, the redirect methods. */
const CHECK_METHOD: Record<(typeof CHECK_SYSTEMS)[number], PaymentMethod> = {
  adyen: "card",
  trustpay: "card",
  maxpay: "card",
  googlePay: "googlepay",
  mollie: "mollie",
  coda: "coda",
};

const checkStatus = createRoute({
  method: "post",
  path: "/orders/{system}/checkTransactionStatus",
  tags: ["payments"],
  summary: "The return page's check: asks the provider how the member's payment ended and applies it once",
  description:
    "A reference the provider cannot look up (an Adyen pspReference: Adyen's Checkout API has no status call) is answered with the payment as recorded, pending until the provider's notification. A provider that cannot be asked now answers 503 provider_unavailable with Retry-After.",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: CheckSystem, body: { ...json(CheckStatusRequest), required: true } },
  responses: {
    200: {
      description:
        "result true when paid; message success, open, pending or the error code; rateplan the plan it was for (a retry keeps it)",
      ...json(CheckStatusAnswer),
    },
    400: errorResponse("invalid_input: no reference in the body"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    404: errorResponse("not_found: no payment of this member with that reference"),
    503: errorResponse(
      "payments_unavailable; provider_unavailable: the provider could not be asked now (Retry-After); unavailable",
    ),
  },
});

export const paymentStatusRoutes = featureApp().openapi(checkStatus, async (c) => {
  const body = c.req.valid("json");
  if (body.clickid !== c.var.session.clickid) throw forbidden();
  const reference = body.redirectResult ?? body.InstanceId ?? body.reference ?? body.txn_id;
  if (!reference) {
    throw new AppError(400, "invalid_input", "The payment's reference is missing.", { field: "reference" });
  }
  const provider = providerFor(c, CHECK_METHOD[c.req.valid("param").system]);
  // The provider first: what a return page carries may not be the payment's reference itself (Adyen's
  // redirectResult is read into its pspReference by the check).
  const answer = await checkPaymentStatus(
    { db: c.var.db, env: c.env },
    provider,
    reference,
    c.var.session.accountId,
  );
  return c.json(answer, 200);
});
