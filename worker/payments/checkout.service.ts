// Starting a payment, whatever the method: the order (the plan as chosen), the payment row with our
// idempotency key and its method, the provider's call (a card charge, a redirect payment, a wallet's token),
// then its answer through the one settlement (so an immediate success is granted exactly like a later
// webhook).
import { and, eq, isNull } from "drizzle-orm";
import { payments } from "../../drizzle/schema/payments";
import type { Config } from "../config";
import { Country } from "../contracts/locales";
import type {
  BrowserInfo,
  CardEntry,
  CardPaymentRequest,
  OrderPlan,
  PlanList,
  SavedCardPaymentRequest,
} from "../contracts/payments";
import type { Db } from "../core/db";
import { logEvent } from "../core/log";
import type { LiveSessionClaims } from "../core/middleware";
import { browserOfPayload, type CardOfEntry, cardOfEntry } from "./card-entry";
import { openPayment, openPlanPayment } from "./orders.service";
import { CARD_CHECK_PLAN, findMemberPlan, keptCardOf } from "./payment-lookups.service";
import {
  type CardDetails,
  type Customer,
  type EncryptedCardDetails,
  type PaymentMethod,
  type PaymentProvider,
  type ProviderPayment,
  type RedirectMethod,
  shopperReferenceOf,
  type WalletCharge,
} from "./provider";
import { type PaymentDeps, tellRoom } from "./settle-and-tell.service";
import {
  type OpenedPlanPayment,
  type Settlement,
  settleOpenedGrant,
  settlePayment,
} from "./settlement.service";

interface Checkout {
  accountId: number;
  brandId: string;
  fluxId: string;
  planList: PlanList;
  plan: OrderPlan;
  descriptor: string;
  returnUrl: string;
  /** The member ticked the checkout's request for immediate performance (recorded with the order). */
  performanceConsent?: boolean;
}

export interface CardCheckout extends Checkout {
  card: CardDetails;
  customer: Customer;
  /** Keep the card for one-tap payments and renewals. */
  storeCard: boolean;
  /** 3-D Secure 2's data: the member's browser (when the payload has it) and the page's origin. */
  browser?: BrowserInfo;
  origin?: string;
}

/** A card typed into the provider's own fields (Adyen's secured fields): their values, and the browser's data. */
export interface EncryptedCardCheckout extends Omit<CardCheckout, "card" | "browser"> {
  card: EncryptedCardDetails;
  browser: BrowserInfo;
}

/** A one-tap payment with a card the provider keeps for the member, who is there with their browser. */
export interface StoredCardCheckout extends Checkout {
  cardToken: string;
  customer: Customer;
  /** 3-D Secure 2's data, for an issuer that asks for it on a kept card too. */
  browser?: BrowserInfo;
  origin?: string;
}

/** A payment the member completes on the provider's page (mollie, coda, PayPal). */
export interface RedirectCheckout extends Checkout {
  method: RedirectMethod;
}

/** A payment with a wallet's token (Apple Pay, Google Pay); the token goes to the provider only. */
export interface WalletCheckout extends Checkout {
  method: WalletCharge["method"];
  token: string;
}

/** Each market's ISO 3166-1 alpha-3 code: the form card providers (Maxpay) require. */
const COUNTRY_ALPHA3: Record<Country, string> = { it: "ITA", es: "ESP", en: "GBR" };

/** Who pays, as a card provider may require it: the member's email and market, the IP Cloudflare saw. */
export function customerOf(member: { email: string; country: string }, ip: string | undefined): Customer {
  const country = Country.safeParse(member.country);
  return {
    email: member.email,
    ...(ip ? { ip } : {}),
    ...(country.success ? { country: COUNTRY_ALPHA3[country.data] } : {}),
  };
}

export interface StartedPayment {
  paymentId: number;
  provider: ProviderPayment;
  settlement: Settlement;
}

/** Creates the order and its payment, charges the card and applies the provider's first answer. */
export function startCardPayment(db: Db, provider: PaymentProvider, checkout: CardCheckout) {
  return startPayment(db, provider, checkout, "card", (charge) =>
    provider.chargeCard({
      ...charge,
      card: checkout.card,
      customer: checkout.customer,
      storeCard: checkout.storeCard,
      ...(checkout.browser ? { browser: checkout.browser } : {}),
      ...(checkout.origin ? { origin: checkout.origin } : {}),
    }),
  );
}

/** The same with the values of the provider's own card fields (only a provider that has them is given these). */
export function startEncryptedCardPayment(
  db: Db,
  provider: PaymentProvider,
  checkout: EncryptedCardCheckout,
) {
  return startPayment(db, provider, checkout, "card", (charge) => {
    if (!provider.chargeEncryptedCard) throw new Error(`${provider.id} has no card fields of its own`);
    return provider.chargeEncryptedCard({
      ...charge,
      card: checkout.card,
      customer: checkout.customer,
      storeCard: checkout.storeCard,
      browser: checkout.browser,
      ...(checkout.origin ? { origin: checkout.origin } : {}),
    });
  });
}

/** The same with the member's kept card, the member present (a one-tap payment). */
export function startStoredCardPayment(db: Db, provider: PaymentProvider, checkout: StoredCardCheckout) {
  return startPayment(db, provider, checkout, "card", (charge) =>
    provider.chargeStoredCard({
      ...charge,
      cardToken: checkout.cardToken,
      merchantInitiated: false,
      customer: checkout.customer,
      ...(checkout.browser ? { browser: checkout.browser } : {}),
      ...(checkout.origin ? { origin: checkout.origin } : {}),
    }),
  );
}

/** The same for a payment on the provider's page: the answer holds its `redirectUrl`. */
export function startRedirectPayment(db: Db, provider: PaymentProvider, checkout: RedirectCheckout) {
  return startPayment(db, provider, checkout, checkout.method, (charge) =>
    provider.createRedirectPayment({
      ...charge,
      method: checkout.method,
      storeCard: checkout.plan.renewalDays !== null,
    }),
  );
}

/** The same with a wallet's token (Apple Pay, Google Pay); a renewing plan's is kept for its renewals. */
export function startWalletPayment(db: Db, provider: PaymentProvider, checkout: WalletCheckout) {
  return startPayment(db, provider, checkout, checkout.method, (charge) =>
    provider.chargeWallet({
      ...charge,
      method: checkout.method,
      token: checkout.token,
      // A renewing plan keeps the wallet's card for its renewals (as a card payment keeps the card).
      storeCard: checkout.plan.renewalDays !== null,
    }),
  );
}

/** What every provider call that may move money carries. */
type Charge = Omit<Parameters<PaymentProvider["chargeCard"]>[0], "card" | "customer" | "storeCard">;

async function startPayment(
  db: Db,
  provider: PaymentProvider,
  checkout: Checkout,
  method: PaymentMethod,
  charge: (common: Charge) => Promise<ProviderPayment>,
): Promise<StartedPayment> {
  const idempotencyKey = `pay_${crypto.randomUUID()}`;
  const opened = await openPayment(db, checkout, {
    provider: provider.id,
    method,
    idempotencyKey,
    performanceConsent: checkout.performanceConsent === true,
  });
  return chargeOpened(db, provider, { ...checkout, idempotencyKey, paymentId: opened.paymentId }, charge);
}

/**
 * The provider's call for an opened payment, then its answer through the settlement, which finds the payment by
 * its id and records the provider's reference in the same transaction. Should the settlement fail, the
 * reference is still recorded on its own, so the reconciliation can ask the provider about the payment.
 */
async function chargeOpened(
  db: Db,
  provider: PaymentProvider,
  payment: Pick<Checkout, "accountId" | "plan" | "descriptor" | "returnUrl"> & {
    idempotencyKey: string;
    paymentId: number;
    /** Record the purchase's confirmation with the grant (settlement.service's purchaseMail). */
    mailWith?: Config;
    /** A plan's purchase this request opened: granted at once, it is settled in one request (settleOpenedGrant). */
    opened?: OpenedPlanPayment;
  },
  charge: (common: Charge) => Promise<ProviderPayment>,
): Promise<StartedPayment> {
  const { plan } = payment;
  const answer = await charge({
    idempotencyKey: payment.idempotencyKey,
    amountCents: plan.prezzoTotale,
    currency: plan.currency,
    descriptor: payment.descriptor,
    returnUrl: payment.returnUrl,
    shopperReference: shopperReferenceOf(payment.accountId),
  });
  try {
    const { mailWith, opened } = payment;
    const settlement =
      (mailWith && opened && answer.status === "succeeded"
        ? await settleOpenedGrant(mailWith, provider.id, answer, opened)
        : null) ??
      (await settlePayment(db, provider.id, answer, {
        paymentId: payment.paymentId,
        ...(mailWith ? { purchaseMail: mailWith } : {}),
      }));
    return { paymentId: payment.paymentId, provider: answer, settlement };
  } catch (error) {
    await db
      .update(payments)
      .set({ reference: answer.reference })
      .where(and(eq(payments.id, payment.paymentId), isNull(payments.reference)))
      .catch(() => {});
    throw error;
  }
}

/** Where a member's card request comes from: the brand, the page, the network. */
export interface CardRequest {
  config: Config;
  brandId: string;
  descriptor: string;
  /** The page's origin (3-D Secure 2) and the payment system's return page on it. */
  origin: string;
  returnUrl: string;
  /** The IP Cloudflare saw, for providers that require it. */
  ip: string | undefined;
}

/** The provider's call for a card as the payload held it. */
function chargeEntry(
  provider: PaymentProvider,
  entry: CardOfEntry,
  charge: Charge & { customer: Customer; storeCard: boolean; browser?: BrowserInfo; origin: string },
): Promise<ProviderPayment> {
  if (entry.kind === "typed") return provider.chargeCard({ ...charge, card: entry.card });
  if (!provider.chargeEncryptedCard) throw new Error(`${provider.id} has no card fields of its own`);
  return provider.chargeEncryptedCard({ ...charge, card: entry.card, browser: entry.browser });
}

function logCharge(started: StartedPayment, fields: CardOfEntry["kind"]) {
  logEvent("info", "payments.charge", {
    paymentId: started.paymentId,
    fields,
    status: started.settlement.found ? started.settlement.status : "unknown",
  });
}

/**
 * orders/tryCharge: the card is checked first; then one statement checks the session, finds the plan among
 * what the member is offered and opens its order and payment; then the charge and the settlement, and the
 * member's tabs are told. `no_session` and `no_plan` when the statement found neither.
 */
export async function chargePlanCard(
  deps: PaymentDeps,
  provider: PaymentProvider,
  request: CardRequest,
  session: LiveSessionClaims,
  body: CardPaymentRequest,
): Promise<StartedPayment | { found: "no_session" | "no_plan" }> {
  const entry = cardOfEntry(provider, body, request.config.appEnv === "production");
  const browser = browserOfPayload(body);
  const idempotencyKey = `pay_${crypto.randomUUID()}`;
  const opening = await openPlanPayment(request.config.database, session, body.rateplan, {
    brandId: request.brandId,
    provider: provider.id,
    method: "card",
    idempotencyKey,
    performanceConsent: body.immediatePerformance === true,
  });
  if (opening.found !== "opened") return { found: opening.found };
  const { member, plan } = opening;
  const started = await chargeOpened(
    deps.db,
    provider,
    {
      accountId: member.id,
      plan,
      descriptor: request.descriptor,
      returnUrl: request.returnUrl,
      idempotencyKey,
      paymentId: opening.opened.paymentId,
      // The purchase's confirmation is recorded with the grant, in the settlement's transaction.
      mailWith: request.config,
      ...(opening.list === "verifica"
        ? {}
        : {
            opened: {
              paymentId: opening.opened.paymentId,
              orderId: opening.opened.orderId,
              plan,
              performanceConsent: body.immediatePerformance === true,
              account: {
                id: member.id,
                clickid: member.clickid,
                brandId: request.brandId,
                email: member.email,
              },
            },
          }),
    },
    (common) =>
      chargeEntry(provider, entry, {
        ...common,
        customer: customerOf(member, request.ip),
        // A renewing plan keeps the card its renewals are charged to (the checkout says so beside the button).
        storeCard: body.newCard || plan.renewalDays !== null,
        ...(browser ? { browser } : {}),
        origin: request.origin,
      }),
  );
  logCharge(started, entry.kind);
  await tellRoom(deps.env, started.settlement);
  return started;
}

/** The session member, as a card request needs them. */
type CardMember = { id: number; fluxId: string; email: string; country: string };

/** orders/createToken: a zero-amount check that keeps a new card (one-tap payments and renewals use it). */
export async function keepNewCard(
  deps: PaymentDeps,
  provider: PaymentProvider,
  request: CardRequest,
  member: CardMember,
  body: CardEntry,
): Promise<StartedPayment> {
  const entry = cardOfEntry(provider, body, request.config.appEnv === "production");
  const checkout = {
    accountId: member.id,
    brandId: request.brandId,
    fluxId: member.fluxId,
    planList: "verifica" as const,
    plan: CARD_CHECK_PLAN,
    customer: customerOf(member, request.ip),
    storeCard: true,
    descriptor: request.descriptor,
    returnUrl: request.returnUrl,
    origin: request.origin,
    performanceConsent: false,
  };
  const browser = browserOfPayload(body);
  const started =
    entry.kind === "encrypted"
      ? await startEncryptedCardPayment(deps.db, provider, {
          ...checkout,
          card: entry.card,
          browser: entry.browser,
        })
      : await startCardPayment(deps.db, provider, {
          ...checkout,
          card: entry.card,
          ...(browser ? { browser } : {}),
        });
  logCharge(started, entry.kind);
  await tellRoom(deps.env, started.settlement);
  return started;
}

/**
 * orders/actonfile/tryCharge: one tap charges the member's kept card for a plan of their flow. Null when the
 * member keeps no card at this provider; `no_plan` when the product is not one they are offered.
 */
export async function chargeKeptCard(
  deps: PaymentDeps,
  provider: PaymentProvider,
  request: CardRequest,
  member: CardMember & { premiumLevel: number; verifiedUser: boolean },
  body: SavedCardPaymentRequest,
): Promise<StartedPayment | { found: "no_plan" | "no_card" }> {
  const chosen = await findMemberPlan(deps.db, member, body.rateplan);
  if (!chosen) return { found: "no_plan" };
  const card = await keptCardOf(deps.db, member.id, provider.id);
  if (!card) return { found: "no_card" };
  const browser = browserOfPayload(body);
  const started = await startStoredCardPayment(deps.db, provider, {
    accountId: member.id,
    brandId: request.brandId,
    fluxId: member.fluxId,
    planList: chosen.list,
    plan: chosen.plan,
    cardToken: card.token,
    customer: customerOf(member, request.ip),
    descriptor: request.descriptor,
    returnUrl: request.returnUrl,
    origin: request.origin,
    ...(browser ? { browser } : {}),
    performanceConsent: body.immediatePerformance === true,
  });
  await tellRoom(deps.env, started.settlement);
  return started;
}
