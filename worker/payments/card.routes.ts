// The member's card payments (spec/money-platform.md section 7): orders/tryCharge (and TrustPay's path)
// charges a typed card for a plan of the member's flow, orders/createToken keeps a new card, and
// orders/actonfile/tryCharge charges the kept one in one tap. The checkout service reads the card, charges it
// and settles; a route checks whose request it is and answers.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sessionAccount } from "../auth/session.service";
import {
  CARD_RETURN_PATH,
  CardEntry,
  CardPaymentRequest,
  ChargeAnswer,
  CreateTokenAnswer,
  SavedCardPaymentRequest,
} from "../contracts/payments";
import { AppError, forbidden, unauthorized } from "../core/errors";
import { requireSession, requireSessionToken } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { type CardRequest, chargeKeptCard, chargePlanCard, keepNewCard } from "./checkout.service";
import { outcomeMessage } from "./payment-lookups.service";
import type { ProviderPayment } from "./provider";
import { paymentSystemOf, providerFor } from "./providers";
import type { PaymentDeps } from "./settle-and-tell.service";
import type { Settlement } from "./settlement.service";

const unknownPlan = () =>
  new AppError(404, "unknown_plan", "No such plan for this member.", {
    field: "rateplan",
    messageKey: "generico",
  });

const tryCharge = createRoute({
  method: "post",
  path: "/orders/tryCharge",
  tags: ["payments"],
  summary: "Charges a card for a plan of the member's flow; may ask for 3-D Secure",
  description:
    "status ok with threeDS null: paid (credits granted at once); ok with threeDS: the browser runs the payment system's 3-D Secure step and comes back to its return page; open: the provider reviews it (credits when approved); ko: refused, message is the error catalogue's code.",
  security: bearerSecurity,
  middleware: [requireSessionToken] as const,
  request: { body: { ...json(CardPaymentRequest), required: true } },
  responses: {
    200: { description: "The charge's outcome", ...json(ChargeAnswer) },
    400: errorResponse(
      "invalid_input: a card field (number, expiry, CVV, names), or secured fields' values for a provider without them; secured_fields_required: a typed card where the brand's provider has secured fields (deployed sites)",
    ),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    404: errorResponse("unknown_plan: not a plan of the member's flow"),
    503: errorResponse("payments_unavailable: no payment provider is configured here"),
  },
});

/** The same charge at TrustPay's path (spec section 7): the brand's provider decides, not the path. */
const trustpayTryCharge = createRoute({ ...tryCharge, path: "/orders/trustpay/tryCharge" });

const createToken = createRoute({
  method: "post",
  path: "/orders/createToken",
  tags: ["payments"],
  summary: "Keeps a new card for the member (a zero-amount check): one-tap payments and the renewals use it",
  description:
    "The card fields of orders/tryCharge without a plan. ok with token: kept, and a running plan renews on it; ok with threeDS: the check needs 3-D Secure first (the return page ends it); ko: refused with the catalogue's code.",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(CardEntry), required: true } },
  responses: {
    200: { description: "The check's outcome", ...json(CreateTokenAnswer) },
    400: errorResponse(
      "invalid_input: a card field (number, expiry, CVV, names); secured_fields_required: a typed card where the brand's provider has secured fields (deployed sites)",
    ),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    503: errorResponse("payments_unavailable: no payment provider is configured here"),
  },
});

const savedCardCharge = createRoute({
  method: "post",
  path: "/orders/actonfile/tryCharge",
  tags: ["payments"],
  summary: "One tap: charges the member's kept card for a plan of their flow",
  description:
    "As orders/tryCharge, without card fields, with the card payload's browser fields (language, screenHeight, screenWidth, timezone, userAgent, javaEnabled, screenColorDepth) for the 3-D Secure the card's issuer may ask for: ok with threeDS then, as for a typed card. ko with no_saved_card when the member keeps no card: the client goes on to the payment page.",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { body: { ...json(SavedCardPaymentRequest), required: true } },
  responses: {
    200: { description: "The charge's outcome", ...json(ChargeAnswer) },
    400: errorResponse("invalid_input"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    404: errorResponse("unknown_plan: not a plan of the member's flow"),
    503: errorResponse("payments_unavailable: no payment provider is configured here"),
  },
});

const paymentDeps = (c: Context<AppEnv>): PaymentDeps => ({ db: c.var.db, env: c.env });

/** What a card request carries besides its body: the brand, the page, the network. */
function cardRequestOf(c: Context<AppEnv>): CardRequest {
  const origin = new URL(c.req.url).origin;
  return {
    config: c.var.config,
    brandId: c.var.brand.public.id,
    descriptor: c.var.brand.public.descriptor,
    origin,
    returnUrl: `${origin}${CARD_RETURN_PATH[paymentSystemOf(c)]}`,
    ip: c.req.header("cf-connecting-ip")?.trim(),
  };
}

function chargeAnswer(c: Context<AppEnv>, payment: ProviderPayment, settlement: Settlement): ChargeAnswer {
  const customerId = settlement.found ? settlement.customerId : null;
  const base = { payment_system: paymentSystemOf(c), data: { customerId } };
  if (settlement.found && settlement.status === "action_required" && payment.threeDs) {
    const { url, fields } = payment.threeDs;
    return { ...base, status: "ok", message: "authentication_required", threeDS: { url, fields } };
  }
  if (settlement.found && settlement.status === "succeeded") {
    return { ...base, status: "ok", message: "success", threeDS: null };
  }
  if (settlement.found && (settlement.status === "pending" || settlement.status === "open")) {
    return { ...base, status: "open", message: settlement.status, threeDS: null };
  }
  return { ...base, status: "ko", message: outcomeMessage(settlement), threeDS: null };
}

/** orders/tryCharge and orders/trustpay/tryCharge: the brand's provider decides, not the path. */
async function chargeCard(c: Context<AppEnv>, body: CardPaymentRequest) {
  const session = c.get("uncheckedSession");
  if (body.clickid !== session.clickid) throw forbidden();
  const started = await chargePlanCard(
    paymentDeps(c),
    providerFor(c, "card"),
    cardRequestOf(c),
    session,
    body,
  );
  if (!("paymentId" in started)) throw started.found === "no_session" ? unauthorized() : unknownPlan();
  return c.json(chargeAnswer(c, started.provider, started.settlement), 200);
}

export const cardRoutes = featureApp()
  .openapi(tryCharge, (c) => chargeCard(c, c.req.valid("json")))
  .openapi(trustpayTryCharge, (c) => chargeCard(c, c.req.valid("json")))
  .openapi(createToken, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    const provider = providerFor(c, "card");
    const account = await sessionAccount(c);
    const started = await keepNewCard(paymentDeps(c), provider, cardRequestOf(c), account, body);
    const kept = started.settlement.found && started.settlement.status === "succeeded";
    const token = kept ? (started.provider.storedCard?.token ?? null) : null;
    return c.json({ ...chargeAnswer(c, started.provider, started.settlement), token }, 200);
  })
  .openapi(savedCardCharge, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const provider = providerFor(c, "card");
    const started = await chargeKeptCard(paymentDeps(c), provider, cardRequestOf(c), account, body);
    if (!("paymentId" in started)) {
      if (started.found === "no_plan") throw unknownPlan();
      const answer: ChargeAnswer = {
        status: "ko",
        message: "no_saved_card",
        threeDS: null,
        payment_system: paymentSystemOf(c),
        data: { customerId: null },
      };
      return c.json(answer, 200);
    }
    return c.json(chargeAnswer(c, started.provider, started.settlement), 200);
  });
