// The payment service's card path (spec/money-platform.md section 7): orders/tryCharge charges the chosen
// plan, orders/{system}/checkTransactionStatus is the return pages' check, and the provider's webhook. All
// three end in the one settlement, and a grant reaches the member's tabs through the room (credits, the
// pending message).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sessionAccount } from "../auth/session.service";
import { cardExpiry, luhnValid } from "../contracts/card";
import {
  type BrowserFields,
  type BrowserInfo,
  CARD_RETURN_PATH,
  CardEntry,
  CardPaymentRequest,
  ChargeAnswer,
  CheckStatusAnswer,
  CheckStatusRequest,
  CreateTokenAnswer,
  type OrderPlan,
  type PlanList,
  SavedCardPaymentRequest,
} from "../contracts/payments";
import { AppError, forbidden, unauthorized } from "../core/errors";
import { errorName, logEvent } from "../core/log";
import { requireSession, requireSessionToken } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { checkPaymentStatus } from "./check-status";
import {
  CARD_CHECK_PLAN,
  customerOf,
  findMemberPlan,
  keptCardOf,
  outcomeMessage,
  startCardPayment,
  startEncryptedCardPayment,
  startPlanCardPayment,
  startStoredCardPayment,
  tellRoom,
} from "./checkout.service";
import {
  type CardDetails,
  type EncryptedCardDetails,
  type PaymentMethod,
  type PaymentProvider,
  PROVIDER_IDS,
  type ProviderId,
  type ProviderPayment,
} from "./provider";
import { paymentSystemOf, providerFor, webhookProviderFor } from "./providers";
import { WEBHOOK_ANSWERS } from "./providers/webhooks";
import { type Settlement, settlePayment } from "./settlement.service";
import { announceSubscriptionEvents } from "./subscription-mail";

const cardError = (field: "cardNumber" | "cardYear", code: "invalid_number" | "expired_card") =>
  new AppError(
    400,
    "invalid_input",
    `The card's ${field === "cardNumber" ? "number" : "expiry"} is not valid.`,
    {
      field,
      messageKey: code,
    },
  );

/**
 * A provider with card fields of its own (Adyen's secured fields) takes no typed card on a deployed site: the
 * card must never reach this Worker there (PCI DSS SAQ A), whatever a client sends.
 */
const typedCardRefused = () =>
  new AppError(400, "secured_fields_required", "This site takes the card in its secure card fields only.", {
    field: "cardNumber",
    messageKey: "generico",
  });

/** The secured fields' values for a provider that cannot read them (the sandbox, TrustPay, Maxpay). */
const encryptedCardRefused = () =>
  new AppError(400, "invalid_input", "This site takes the card as typed.", {
    field: "encryptedCardNumber",
    messageKey: "generico",
  });

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

const CHECK_SYSTEMS = ["adyen", "trustpay", "maxpay", "googlePay", "mollie", "coda"] as const;
const CheckSystem = z.object({ system: z.enum(CHECK_SYSTEMS) });

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

/** The plan the member chose, among what the plans page offers them, as the order keeps it. */
async function memberPlan(
  c: Context<AppEnv>,
  member: Parameters<typeof findMemberPlan>[1],
  productId: string,
) {
  const chosen = await findMemberPlan(c.var.db, member, productId);
  if (!chosen) throw unknownPlan();
  return chosen;
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

/** The card as the member typed it, checked before any provider call (Luhn, the expiry's window). */
function typedCard(body: Extract<CardEntry, { cardNumber: string }>): CardDetails {
  if (!luhnValid(body.cardNumber)) throw cardError("cardNumber", "invalid_number");
  const expiry = cardExpiry(body.cardMonth, body.cardYear);
  if (!expiry) throw cardError("cardYear", "expired_card");
  return {
    number: body.cardNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: body.cardSecurityCode,
    holderName: `${body.firstName} ${body.lastName}`,
  };
}

/**
 * 3-D Secure 2's browser data from the card payload's own fields (the spec's charge payload), when it has
 * them all; the accept header is Adyen Web's (a script cannot read the browser's navigation one).
 */
function browserOfPayload(body: BrowserFields): BrowserInfo | undefined {
  if (body.browserInfo) return body.browserInfo;
  const { userAgent, language, screenColorDepth, screenHeight, screenWidth, timezone } = body;
  if (!userAgent || !language || screenColorDepth === undefined || !screenHeight || !screenWidth) return;
  if (typeof timezone !== "number") return;
  return {
    acceptHeader: "*/*",
    colorDepth: screenColorDepth,
    language,
    javaEnabled: body.javaEnabled ?? false,
    screenHeight,
    screenWidth,
    userAgent,
    timeZoneOffset: timezone,
    javaScriptEnabled: true,
  };
}

type CardOfEntry =
  | { kind: "typed"; card: CardDetails }
  | { kind: "encrypted"; card: EncryptedCardDetails; browser: BrowserInfo };

/** Which card the payload holds, if the brand's provider may take it that way. */
function cardOfEntry(c: Context<AppEnv>, provider: PaymentProvider, body: CardEntry): CardOfEntry {
  if ("encryptedCardNumber" in body) {
    if (!provider.chargeEncryptedCard) throw encryptedCardRefused();
    const { encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode } = body;
    return {
      kind: "encrypted",
      card: {
        encryptedCardNumber,
        encryptedExpiryMonth,
        encryptedExpiryYear,
        encryptedSecurityCode,
        holderName: `${body.firstName} ${body.lastName}`,
      },
      browser: body.browserInfo,
    };
  }
  if (provider.chargeEncryptedCard && c.var.config.appEnv === "production") throw typedCardRefused();
  return { kind: "typed", card: typedCard(body) };
}

/** A card charge of a member (a plan, or the zero-amount check that keeps a new card) through the settlement. */
async function startCharge(
  c: Context<AppEnv>,
  body: CardEntry,
  order: { plan: OrderPlan; list: PlanList; storeCard: boolean; performanceConsent?: boolean },
) {
  if (body.clickid !== c.var.session.clickid) throw forbidden();
  const provider = providerFor(c, "card");
  const entry = cardOfEntry(c, provider, body);
  const account = await sessionAccount(c);
  const origin = new URL(c.req.url).origin;
  const checkout = {
    accountId: account.id,
    brandId: c.var.brand.public.id,
    fluxId: account.fluxId,
    planList: order.list,
    plan: order.plan,
    customer: customerOf(account, c.req.header("cf-connecting-ip")?.trim()),
    storeCard: order.storeCard,
    descriptor: c.var.brand.public.descriptor,
    returnUrl: `${origin}${CARD_RETURN_PATH[paymentSystemOf(c)]}`,
    origin,
    performanceConsent: order.performanceConsent === true,
  };
  const browser = browserOfPayload(body);
  const started =
    entry.kind === "encrypted"
      ? await startEncryptedCardPayment(c.var.db, provider, {
          ...checkout,
          card: entry.card,
          browser: entry.browser,
        })
      : await startCardPayment(c.var.db, provider, {
          ...checkout,
          card: entry.card,
          ...(browser ? { browser } : {}),
        });
  logEvent("info", "payments.charge", {
    paymentId: started.paymentId,
    fields: entry.kind,
    status: started.settlement.found ? started.settlement.status : "unknown",
  });
  await tellRoom(c.env, started.settlement);
  return started;
}

/**
 * orders/tryCharge and orders/trustpay/tryCharge: the card charge for a plan of the member's flow. The card is
 * checked first; then one statement checks the session, finds the plan and opens its order and payment.
 */
async function chargeCard(c: Context<AppEnv>, body: CardPaymentRequest) {
  const session = c.get("uncheckedSession");
  if (body.clickid !== session.clickid) throw forbidden();
  const provider = providerFor(c, "card");
  const entry = cardOfEntry(c, provider, body);
  const origin = new URL(c.req.url).origin;
  const browser = browserOfPayload(body);
  const ip = c.req.header("cf-connecting-ip")?.trim();
  const started = await startPlanCardPayment(c.var.db, provider, {
    session,
    productId: body.rateplan,
    brandId: c.var.brand.public.id,
    descriptor: c.var.brand.public.descriptor,
    returnUrl: `${origin}${CARD_RETURN_PATH[paymentSystemOf(c)]}`,
    performanceConsent: body.immediatePerformance === true,
    config: c.var.config,
    newCard: body.newCard,
    charge: ({ customerOf, storeCard, ...common }) => {
      const customer = customerOf(ip);
      if (entry.kind === "typed") {
        return provider.chargeCard({
          ...common,
          card: entry.card,
          customer,
          storeCard,
          ...(browser ? { browser } : {}),
          origin,
        });
      }
      if (!provider.chargeEncryptedCard) throw new Error(`${provider.id} has no card fields of its own`);
      return provider.chargeEncryptedCard({
        ...common,
        card: entry.card,
        customer,
        storeCard,
        browser: entry.browser,
        origin,
      });
    },
  });
  if (!("paymentId" in started)) throw started.found === "no_session" ? unauthorized() : unknownPlan();
  logEvent("info", "payments.charge", {
    paymentId: started.paymentId,
    fields: entry.kind,
    status: started.settlement.found ? started.settlement.status : "unknown",
  });
  await tellRoom(c.env, started.settlement);
  return c.json(chargeAnswer(c, started.provider, started.settlement), 200);
}

export const paymentRoutes = featureApp()
  .openapi(tryCharge, (c) => chargeCard(c, c.req.valid("json")))
  .openapi(trustpayTryCharge, (c) => chargeCard(c, c.req.valid("json")))
  .openapi(createToken, async (c) => {
    const started = await startCharge(c, c.req.valid("json"), {
      plan: CARD_CHECK_PLAN,
      list: "verifica",
      storeCard: true,
    });
    const kept = started.settlement.found && started.settlement.status === "succeeded";
    const token = kept ? (started.provider.storedCard?.token ?? null) : null;
    return c.json({ ...chargeAnswer(c, started.provider, started.settlement), token }, 200);
  })
  .openapi(savedCardCharge, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    const account = await sessionAccount(c);
    const { plan, list } = await memberPlan(c, account, body.rateplan);
    const provider = providerFor(c, "card");
    const system = paymentSystemOf(c);
    const card = await keptCardOf(c.var.db, account.id, provider.id);
    if (!card) {
      const answer: ChargeAnswer = {
        status: "ko",
        message: "no_saved_card",
        threeDS: null,
        payment_system: system,
        data: { customerId: null },
      };
      return c.json(answer, 200);
    }
    const origin = new URL(c.req.url).origin;
    const browser = browserOfPayload(body);
    const started = await startStoredCardPayment(c.var.db, provider, {
      accountId: account.id,
      brandId: c.var.brand.public.id,
      fluxId: account.fluxId,
      planList: list,
      plan,
      cardToken: card.token,
      customer: customerOf(account, c.req.header("cf-connecting-ip")?.trim()),
      descriptor: c.var.brand.public.descriptor,
      returnUrl: `${origin}${CARD_RETURN_PATH[system]}`,
      origin,
      ...(browser ? { browser } : {}),
      performanceConsent: body.immediatePerformance === true,
    });
    await tellRoom(c.env, started.settlement);
    return c.json(chargeAnswer(c, started.provider, started.settlement), 200);
  })
  .openapi(checkStatus, async (c) => {
    const body = c.req.valid("json");
    if (body.clickid !== c.var.session.clickid) throw forbidden();
    const reference = body.redirectResult ?? body.InstanceId ?? body.reference ?? body.txn_id;
    if (!reference) {
      throw new AppError(400, "invalid_input", "The payment's reference is missing.", { field: "reference" });
    }
    const provider = providerFor(c, CHECK_METHOD[c.req.valid("param").system]);
    // The provider first: what a return page carries may not be the payment's reference itself (Adyen's
    // redirectResult is read into its pspReference by the check).
    const { answer, settlement } = await checkPaymentStatus(
      c.var.db,
      provider,
      reference,
      c.var.session.accountId,
    );
    if (settlement) await tellRoom(c.env, settlement);
    return c.json(answer, 200);
  })
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
  const settlement = await settlePayment(c.var.db, provider.id, event.payment);
  logEvent("info", "payments.webhook", {
    provider: id,
    status: settlement.found ? settlement.status : "unknown",
  });
  await tellRoom(c.env, settlement);
  // A renewal the job left pending (Mollie's recurring payments) ends here: the member is mailed as the job would.
  if (settlement.found && settlement.subscription) {
    const { config, db } = c.var;
    await announceSubscriptionEvents({ env: c.env, config, db }, [settlement.subscription]);
  }
  return answers.accepted();
}
