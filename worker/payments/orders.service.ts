// A payment's order and its payment row (our idempotency key, status created), written before the provider is
// called, in one statement: one round trip instead of two. For a plan of the member's flow the same statement
// also checks the session and finds the plan among what the plans page offers the member (findMemberPlan's
// rule), so a card checkout starts with a single transaction (docs/benchmarks.md, "Checkout").
import { sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { ratePlans } from "../../drizzle/schema/flows";
import { PERFORMANCE_CONSENT_VERSION } from "../contracts/consents";
import { OrderPlan, type PlanList } from "../contracts/payments";
import type { DatabaseConfig, Db } from "../core/db";
import { type LiveSessionClaims, liveSession } from "../core/middleware";
import { callOf, prepareStatement, runQuery, slot, statementFunction } from "../core/prepared";
import type { PaymentMethod, ProviderId } from "./provider";

/** What the payment row says of the provider's call about to be made. */
export interface PaymentStart {
  provider: ProviderId;
  method: PaymentMethod;
  idempotencyKey: string;
  /** The member ticked the checkout's request for immediate performance (recorded with the order). */
  performanceConsent: boolean;
}

export interface OpenedPayment {
  orderId: number;
  paymentId: number;
}

/** The consent's time and version when the member gave it, else nulls. */
const consentValues = (given: boolean) =>
  given ? sql`now(), ${PERFORMANCE_CONSENT_VERSION}` : sql`null::timestamptz, null::text`;

const ids = (row: Record<string, unknown> | undefined): OpenedPayment => {
  if (!row) throw new Error("the order was not stored");
  return { orderId: Number(row.order_id), paymentId: Number(row.payment_id) };
};

/** The order of `plan` from `list` for the member, and its first payment. */
export async function openPayment(
  db: Db,
  order: { accountId: number; brandId: string; fluxId: string; planList: PlanList; plan: OrderPlan },
  start: PaymentStart,
): Promise<OpenedPayment> {
  const { plan } = order;
  const kind = order.planList === "verifica" ? "verification" : "purchase";
  const { rows } = await db.execute(sql`
    with new_order as (
      insert into orders (account_id, brand_id, flux_id, kind, plan_list, product_id, plan, amount_cents, currency,
        performance_consent_at, performance_consent_version)
      values (${order.accountId}, ${order.brandId}, ${order.fluxId}, ${kind}, ${order.planList}, ${plan.productId},
        ${JSON.stringify(plan)}::jsonb, ${plan.prezzoTotale}, ${plan.currency}, ${consentValues(start.performanceConsent)})
      returning id
    )
    insert into payments (order_id, purpose, provider, method, idempotency_key, status, amount_cents)
    select id, 'initial', ${start.provider}, ${start.method}, ${start.idempotencyKey}, 'created', ${plan.prezzoTotale}
    from new_order
    returning id as payment_id, order_id`);
  return ids(rows[0]);
}

/** The member a plan order is for, as the charge needs them. */
export interface PlanOrderMember {
  id: number;
  clickid: string;
  email: string;
  country: string;
  fluxId: string;
}

export type PlanPaymentOpening =
  | { found: "no_session" }
  | { found: "no_plan" }
  | { found: "opened"; member: PlanOrderMember; plan: OrderPlan; list: PlanList; opened: OpenedPayment };

/** The order's copy of a plan row (orderPlanOf's fields), built by the statement itself. */
const ORDER_PLAN_COLUMNS: Record<keyof OrderPlan, string> = {
  productId: "product_id",
  nomePiano: "nome_piano",
  prezzoTotale: "prezzo_totale",
  currency: "currency",
  premiumLevel: "premium_level",
  crediti: "crediti",
  creditiPromo: "crediti_promo",
  renewalDays: "renewal_days",
};
const orderPlanJson = sql.raw(
  `jsonb_build_object(${Object.entries(ORDER_PLAN_COLUMNS)
    .map(([key, column]) => `'${key}', rate_plans.${column}`)
    .join(", ")})`,
);

/** The consent's time and version when the member gave it (a placeholder), else nulls. */
const givenConsent = sql`case when ${slot("consent")}::boolean then now() end,
  case when ${slot("consent")}::boolean then ${slot("consentVersion")}::text end`;

/** openPlanPayment's one statement, built once per isolate. */
const planPaymentStatement = prepareStatement(
  sql`
    with member as (
      select ${accounts.id} as id, ${accounts.clickid} as clickid, ${accounts.email} as email,
        ${accounts.country} as country,
        ${accounts.fluxId} as flux_id, ${accounts.premiumLevel} as premium_level,
        ${accounts.verifiedUser} as verified_user
      from ${accounts} where ${liveSession({
        accountId: slot("accountId"),
        sessionVersion: slot("sessionVersion"),
        brandId: slot("sessionBrandId"),
      })}
    ), plan as (
      select rate_plans.list, rate_plans.prezzo_totale, rate_plans.currency, rate_plans.product_id,
        ${orderPlanJson} as order_plan
      from ${ratePlans} rate_plans, member
      where rate_plans.flux_id = member.flux_id and rate_plans.product_id = ${slot("productId")}
      limit 1
    ), offered as (
      select plan.* from plan, member
      where plan.list = case when member.flux_id = '0000' then 'compliant'
          when member.premium_level > 0 then 'premium' else 'free' end
        or (plan.list = 'verifica' and not member.verified_user)
    ), new_order as (
      insert into orders (account_id, brand_id, flux_id, kind, plan_list, product_id, plan, amount_cents, currency,
        performance_consent_at, performance_consent_version)
      select member.id, ${slot("brandId")}, member.flux_id,
        case when offered.list = 'verifica' then 'verification' else 'purchase' end,
        offered.list, offered.product_id, offered.order_plan, offered.prezzo_totale, offered.currency,
        ${givenConsent}
      from member, offered
      returning id
    ), new_payment as (
      insert into payments (order_id, purpose, provider, method, idempotency_key, status, amount_cents)
      select new_order.id, 'initial', ${slot("provider")}, ${slot("method")}, ${slot("idempotencyKey")}, 'created',
        offered.prezzo_totale
      from new_order, offered
      returning id as payment_id, order_id
    )
    select member.id, member.clickid, member.email, member.country, member.flux_id, offered.list, offered.order_plan,
      new_payment.payment_id, new_payment.order_id
    from member left join offered on true left join new_payment on true`,
  "the plan payment's",
);

/** openPlanPayment's statement as a function (migrations/0028_checkout_functions.sql). */
export const planPaymentFunction = statementFunction("open_plan_payment", planPaymentStatement, {
  types: {
    accountId: "bigint",
    sessionVersion: "integer",
    sessionBrandId: "text",
    productId: "text",
    brandId: "text",
    consent: "boolean",
    consentVersion: "text",
    provider: "text",
    method: "text",
    idempotencyKey: "text",
  },
  returns: `id bigint, clickid text, email text, country text, flux_id text, list text, order_plan jsonb,
  payment_id bigint, order_id bigint`,
  volatility: "VOLATILE",
  what: "the plan payment's",
});

/**
 * The session's member, their flow's plan `productId` if the plans page offers it to them (their level's list,
 * or the age verification until they are verified: planListFor and findMemberPlan's rule), and, when both
 * are there, the plan's order and its first payment: one statement.
 */
export async function openPlanPayment(
  database: DatabaseConfig,
  session: LiveSessionClaims,
  productId: string,
  start: PaymentStart & { brandId: string },
): Promise<PlanPaymentOpening> {
  const rows = await runQuery<Record<string, unknown>>(
    database,
    callOf(planPaymentFunction, {
      accountId: session.accountId,
      sessionVersion: session.sessionVersion,
      sessionBrandId: session.brandId,
      productId,
      brandId: start.brandId,
      consent: start.performanceConsent,
      consentVersion: PERFORMANCE_CONSENT_VERSION,
      provider: start.provider,
      method: start.method,
      idempotencyKey: start.idempotencyKey,
    }),
  );
  const row = rows[0];
  if (!row) return { found: "no_session" };
  if (row.payment_id === null || row.payment_id === undefined) return { found: "no_plan" };
  const plan = OrderPlan.parse(
    typeof row.order_plan === "string" ? JSON.parse(row.order_plan) : row.order_plan,
  );
  return {
    found: "opened",
    member: {
      id: Number(row.id),
      clickid: String(row.clickid),
      email: String(row.email),
      country: String(row.country),
      fluxId: String(row.flux_id),
    },
    plan,
    list: row.list as PlanList,
    opened: ids(row),
  };
}
