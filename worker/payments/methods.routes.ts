// The payment service's other methods (spec/money-platform.md sections 3, 4 and 7): PayPal (an order created
// in EUR for the plan's total, approved on the provider's page, captured by orderOk), Apple Pay (merchant
// validation, then the sheet's token), Google Pay (the paymentData call, then the return page's check),
// mollie and coda (a payment on the provider's page, then their return pages' check). Each creates the order
// and its payment through the checkout service and applies the provider's answers through the one settlement,
// so a payment is granted once whichever of the return page, the check, orderOk or the webhook comes first.
// The routes speak only the PaymentProvider interface.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sessionAccount } from "../auth/session.service";
import type { FlowConfig } from "../contracts/flow";
import {
  ApplePayPayment,
  ApplePayStart,
  CodaAnswer,
  GooglePayPayment,
  MollieAnswer,
  PaymentCreation,
  PayPalCaptureAnswer,
  PayPalOrder,
  PayPalOrderOk,
  type PayPalStatus,
  WalletAnswer,
} from "../contracts/payment-methods";
import { AppError, forbidden } from "../core/errors";
import { loadFlow } from "../core/flows";
import { logEvent } from "../core/log";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { askProvider } from "./check-status";
import { type StartedPayment, startRedirectPayment, startWalletPayment } from "./checkout.service";
import { findMemberPlan, outcomeMessage, ownPayment } from "./payment-lookups.service";
import type { RedirectMethod } from "./provider";
import { providerFor } from "./providers";
import { settleAndTell, tellRoom } from "./settle-and-tell.service";
import type { Settlement } from "./settlement.service";

/** The name each method has in a flow's sistemi_pagamento (coda is offered as coda_paypal). */
const FLOW_SYSTEM: Record<RedirectMethod, FlowConfig["sistemi_pagamento"][number]> = {
  paypal: "paypal",
  applepay: "applepay",
  googlepay: "googlepay",
  mollie: "mollie",
  coda: "coda_paypal",
};

const common = { tags: ["payments"], security: bearerSecurity };

const refusals = {
  400: errorResponse(
    "invalid_input; method_unavailable: the member's flow does not offer the method; card_only: the age verification is paid by card, and renewing plans by card or a method whose provider keeps one (mollie, paypal)",
  ),
  401: errorResponse("No valid session"),
  403: errorResponse("Another member's clickid"),
  404: errorResponse("unknown_plan: not a plan of the member's flow"),
  503: errorResponse("payments_unavailable: no payment provider is configured here"),
};

const mollieCreate = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/mollie/createPayment",
  summary:
    "Creates a mollie payment for a plan: the member pays on mollie's checkout, then /mollie/paymentCheck",
  request: { body: { ...json(PaymentCreation), required: true } },
  responses: { 200: { description: "The payment", ...json(MollieAnswer) }, ...refusals },
});

const codaCreate = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/coda/createPayment",
  summary: "Creates a coda payment (PayPal through coda): redirectUrl, then /coda/paymentCheck?TxnId=…",
  request: { body: { ...json(PaymentCreation), required: true } },
  responses: { 200: { description: "The payment", ...json(CodaAnswer) }, ...refusals },
});

const paypalCreate = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/client/paypal/createOrder",
  summary: "Creates a PayPal order in EUR for the plan's total; the member approves it at approveUrl",
  request: { body: { ...json(PaymentCreation), required: true } },
  responses: { 200: { description: "The order", ...json(PayPalOrder) }, ...refusals },
});

const paypalOrderOk = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/client/paypal/orderOk",
  summary: "Captures the member's approved PayPal order and applies it once: COMPLETED when paid",
  request: { body: { ...json(PayPalOrderOk), required: true } },
  responses: {
    200: { description: "The capture's status", ...json(PayPalCaptureAnswer) },
    400: errorResponse("invalid_input"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    404: errorResponse("not_found: no PayPal order of this member with that id"),
    503: errorResponse(
      "payments_unavailable; provider_unavailable: PayPal could not be asked now (Retry-After)",
    ),
  },
});

const applePayStart = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/applePay/startSession",
  summary: "Apple Pay's merchant validation: the merchant session for the sheet",
  request: { body: { ...json(ApplePayStart), required: true } },
  responses: {
    200: {
      description: "Apple's merchant session object, for completeMerchantValidation",
      ...json(z.record(z.string(), z.unknown())),
    },
    400: errorResponse("invalid_input: validationURL is not Apple's; method_unavailable"),
    401: errorResponse("No valid session"),
    403: errorResponse("Another member's clickid"),
    503: errorResponse("payments_unavailable"),
  },
});

const applePayPayment = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/applePay/payment",
  summary: "Charges the Apple Pay sheet's token for a plan",
  request: { body: { ...json(ApplePayPayment), required: true } },
  responses: { 200: { description: "The charge's outcome", ...json(WalletAnswer) }, ...refusals },
});

const googlePayData = createRoute({
  ...common,
  middleware: [requireSession] as const,
  method: "post",
  path: "/orders/googlePay/paymentData",
  summary:
    "Charges Google Pay's paymentData for a plan; may send the member to a page, then /googlePay/paymentCheck",
  request: { body: { ...json(GooglePayPayment), required: true } },
  responses: { 200: { description: "The charge's outcome", ...json(WalletAnswer) }, ...refusals },
});

const methodUnavailable = () =>
  new AppError(400, "method_unavailable", "This payment method is not offered to this member.", {
    field: "paySource",
    messageKey: "generico",
  });

/** Who pays, for what, through which provider: the checks every method's call makes first. */
async function begin(
  c: Context<AppEnv>,
  body: { clickid: string; rateplan: string; immediatePerformance?: boolean },
  method: RedirectMethod,
) {
  if (body.clickid !== c.var.session.clickid) throw forbidden();
  const account = await sessionAccount(c);
  const flow = await loadFlow(c.var.db, account.fluxId);
  if (!flow.sistemi_pagamento.includes(FLOW_SYSTEM[method])) throw methodUnavailable();
  const chosen = await findMemberPlan(c.var.db, account, body.rateplan);
  if (!chosen) {
    throw new AppError(404, "unknown_plan", "No such plan for this member.", {
      field: "rateplan",
      messageKey: "generico",
    });
  }
  // The zero-amount age verification is a card check (spec section 2), and a renewing plan is renewed on
  // what it keeps: only a provider that keeps a card or wallet for this method takes one (Mollie's card mandate,
  // PayPal's vault).
  const provider = providerFor(c, method);
  const renewing = chosen.plan.renewalDays !== null;
  if (chosen.list === "verifica" || (renewing && !provider.renewsWith?.includes(method))) {
    throw new AppError(400, "card_only", "This plan is paid by card.", {
      field: "rateplan",
      messageKey: "generico",
    });
  }
  const origin = new URL(c.req.url).origin;
  return {
    provider,
    origin,
    checkout: {
      accountId: account.id,
      brandId: c.var.brand.public.id,
      fluxId: account.fluxId,
      planList: chosen.list,
      plan: chosen.plan,
      descriptor: c.var.brand.public.descriptor,
      performanceConsent: body.immediatePerformance === true,
    },
  };
}

/** Logs the start (ids and statuses only: never a token or the member's details) and tells the tabs. */
async function started(c: Context<AppEnv>, method: RedirectMethod, payment: StartedPayment) {
  const { settlement } = payment;
  logEvent("info", "payments.method_started", {
    paymentId: payment.paymentId,
    method,
    status: settlement.found ? settlement.status : "unknown",
  });
  await tellRoom(c.env, settlement);
  const redirectUrl =
    settlement.found && settlement.status === "action_required"
      ? (payment.provider.redirectUrl ?? null)
      : null;
  return { settlement, redirectUrl, reference: payment.provider.reference };
}

const paid = (settlement: Settlement) => settlement.found && settlement.status === "succeeded";

/** A settlement as PayPal's Orders API would name it. */
function paypalStatus(settlement: Settlement): z.infer<typeof PayPalStatus> {
  if (!settlement.found) return "DECLINED";
  switch (settlement.status) {
    case "succeeded":
      return "COMPLETED";
    case "action_required":
      return "PAYER_ACTION_REQUIRED";
    case "pending":
    case "open":
      return "PENDING";
    case "canceled":
      return "VOIDED";
    case "refunded":
      return "REFUNDED";
    case "created":
      return "CREATED";
    case "failed":
      return "DECLINED";
  }
}

/** A settlement as Mollie's payment statuses name it. */
function mollieStatus(settlement: Settlement): z.infer<typeof MollieAnswer>["status"] {
  if (!settlement.found) return "failed";
  if (settlement.status === "succeeded") return "paid";
  if (settlement.status === "canceled") return "canceled";
  if (settlement.status === "pending") return "pending";
  if (settlement.status === "action_required" || settlement.status === "open") return "open";
  return "failed";
}

/** A wallet charge's answer: paid, a page to go to first (`open` until the member answers it), or refused. */
function walletAnswer(settlement: Settlement, redirectUrl: string | null): z.infer<typeof WalletAnswer> {
  if (redirectUrl) return { result: false, message: "open", redirectUrl };
  return { result: paid(settlement), message: outcomeMessage(settlement), redirectUrl: null };
}

export const methodRoutes = featureApp()
  .openapi(mollieCreate, async (c) => {
    const body = c.req.valid("json");
    const { provider, origin, checkout } = await begin(c, body, "mollie");
    const { settlement, redirectUrl, reference } = await started(
      c,
      "mollie",
      await startRedirectPayment(c.var.db, provider, {
        ...checkout,
        method: "mollie",
        returnUrl: `${origin}/mollie/paymentCheck`,
      }),
    );
    if (redirectUrl) {
      return c.json(
        {
          id: reference,
          status: "open" as const,
          _links: { checkout: { href: redirectUrl, type: "text/html" as const } },
        },
        200,
      );
    }
    return c.json(
      { id: reference, status: mollieStatus(settlement), message: outcomeMessage(settlement) },
      200,
    );
  })
  .openapi(codaCreate, async (c) => {
    const body = c.req.valid("json");
    const { provider, origin, checkout } = await begin(c, body, "coda");
    const { settlement, redirectUrl } = await started(
      c,
      "coda",
      await startRedirectPayment(c.var.db, provider, {
        ...checkout,
        method: "coda",
        returnUrl: `${origin}/coda/paymentCheck`,
      }),
    );
    if (redirectUrl) return c.json({ result: true, redirectUrl, message: "open" }, 200);
    return c.json({ result: paid(settlement), redirectUrl: null, message: outcomeMessage(settlement) }, 200);
  })
  .openapi(paypalCreate, async (c) => {
    const body = c.req.valid("json");
    const { provider, origin, checkout } = await begin(c, body, "paypal");
    // PayPal sends the member back to the payment page with the order's id as `token`; it captures there.
    const back = new URL("/purchase/pay", origin);
    back.searchParams.set("plan", checkout.plan.productId);
    const { settlement, redirectUrl, reference } = await started(
      c,
      "paypal",
      await startRedirectPayment(c.var.db, provider, {
        ...checkout,
        method: "paypal",
        returnUrl: back.toString(),
      }),
    );
    return c.json(
      {
        id: reference,
        status: paypalStatus(settlement),
        approveUrl: redirectUrl,
        message: redirectUrl ? "open" : outcomeMessage(settlement),
      },
      200,
    );
  })
  .openapi(paypalOrderOk, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    const provider = providerFor(c, "paypal");
    // Only the member's own PayPal order: anyone else's id is no order of theirs.
    const own = await ownPayment(c.var.db, provider.id, { reference: body.id }, c.var.session.accountId);
    if (own?.method !== "paypal") {
      throw new AppError(404, "not_found", "No such PayPal order.", { field: "id" });
    }
    const captured = await askProvider(provider, () => provider.capturePayment(body.id));
    const settlement = await settleAndTell({ db: c.var.db, env: c.env }, provider.id, captured);
    logEvent("info", "payments.paypal_capture", {
      paymentId: own.id,
      status: settlement.found ? settlement.status : "unknown",
    });
    return c.json(
      { id: body.id, status: paypalStatus(settlement), message: outcomeMessage(settlement) },
      200,
    );
  })
  .openapi(applePayStart, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const flow = await loadFlow(c.var.db, account.fluxId);
    if (!flow.sistemi_pagamento.includes("applepay")) throw methodUnavailable();
    const session = await providerFor(c, "applepay").startApplePaySession({
      validationUrl: body.validationURL,
      domainName: new URL(c.req.url).hostname,
      displayName: c.var.brand.public.title,
    });
    if (!session) {
      throw new AppError(400, "invalid_input", "validationURL: not an Apple Pay gateway.", {
        field: "validationURL",
      });
    }
    return c.json(session, 200);
  })
  .openapi(applePayPayment, async (c) => {
    const body = c.req.valid("json");
    const { provider, origin, checkout } = await begin(c, body, "applepay");
    const { settlement, redirectUrl } = await started(
      c,
      "applepay",
      await startWalletPayment(c.var.db, provider, {
        ...checkout,
        method: "applepay",
        token: JSON.stringify(body.token),
        returnUrl: `${origin}/ok/`,
      }),
    );
    return c.json(walletAnswer(settlement, redirectUrl), 200);
  })
  .openapi(googlePayData, async (c) => {
    const body = c.req.valid("json");
    const { provider, origin, checkout } = await begin(c, body, "googlepay");
    const { settlement, redirectUrl } = await started(
      c,
      "googlepay",
      await startWalletPayment(c.var.db, provider, {
        ...checkout,
        method: "googlepay",
        token: body.paymentData.paymentMethodData.tokenizationData.token,
        returnUrl: `${origin}/googlePay/paymentCheck`,
      }),
    );
    return c.json(walletAnswer(settlement, redirectUrl), 200);
  });
