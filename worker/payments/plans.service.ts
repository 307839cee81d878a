// What the plans page reads, in one statement: the member of a live session, their flow (the default flow
// for an unknown one, as loadFlow chooses), the flow's rate plans and price history, and whether a card is
// kept for them. One round trip instead of six: each is a transaction and a share of the database's CPU on
// the checkout's path (docs/benchmarks.md, "Checkout"). The statement is built once per isolate, kept in the
// database as a function (its plan made once per session) and called over the isolate's SQL-over-HTTP client:
// the request makes no Pool.
import { type AnyColumn, getTableColumns, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { flows, ratePlanPrices, ratePlans } from "../../drizzle/schema/flows";
import { savedCards } from "../../drizzle/schema/payments";
import type { Account } from "../auth/auth.service";
import { DEFAULT_FLUX_ID, FlowConfig, type PublicFlow } from "../contracts/flow";
import type { DatabaseConfig } from "../core/db";
import { type LiveSessionClaims, liveSession } from "../core/middleware";
import { callOf, prepareStatement, runQuery, slot, statementFunction } from "../core/prepared";
import type { PricePoint } from "./price-reduction";

export type PlanRow = typeof ratePlans.$inferSelect;

/** A row of `table` as a JSON object keyed by the schema's property names (the types Drizzle gives). */
function jsonRow(columns: Record<string, AnyColumn>): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The flow loadFlow would load for the account: its own if it exists, else the default one. */
const memberFlowId = sql`coalesce(
  (select own.flux_id from ${flows} own where own.flux_id = nullif(${accounts.fluxId}, '')),
  ${slot<string>("defaultFluxId")}
)`;

/** The flow's plans and their price history as JSON lists. */
const planList = sql`(select json_agg(${jsonRow(getTableColumns(ratePlans))} order by ${ratePlans.list}, ${ratePlans.position})
  from ${ratePlans} where ${ratePlans.fluxId} = ${flows.fluxId})`;
const priceList = sql`(select json_agg(${jsonRow({
  productId: ratePlanPrices.productId,
  price: ratePlanPrices.price,
  totalPrice: ratePlanPrices.totalPrice,
  validFrom: ratePlanPrices.validFrom,
})}) from ${ratePlanPrices} where ${ratePlanPrices.fluxId} = ${flows.fluxId})`;

/** The plans page's one statement, built once (a provider of null keeps no card). */
const plansStatement = prepareStatement(
  sql`select ${accounts.premiumLevel} as premium_level, ${accounts.verifiedUser} as verified_user,
      ${flows.fluxId} as flux_id, ${flows.config} as config, ${planList} as plans, ${priceList} as prices,
      exists (select 1 from ${savedCards} where ${savedCards.accountId} = ${accounts.id}
        and ${savedCards.provider} = ${slot<string>("cardProvider")} and ${savedCards.kind} = 'card') as kept_card
    from ${accounts} inner join ${flows} on ${flows.fluxId} = ${memberFlowId}
    where ${liveSession({
      accountId: slot("accountId"),
      sessionVersion: slot("sessionVersion"),
      brandId: slot("brandId"),
    })}`,
  "the plans page's",
);

/** The plans page's statement as a function (migrations/0028_checkout_functions.sql). */
export const plansFunction = statementFunction("plans_page", plansStatement, {
  types: {
    accountId: "bigint",
    sessionVersion: "integer",
    brandId: "text",
    cardProvider: "text",
    defaultFluxId: "text",
  },
  returns: `premium_level integer, verified_user boolean, flux_id text, config jsonb, plans json, prices json,
  kept_card boolean`,
  volatility: "STABLE",
  what: "the plans page's",
});

interface PlansRow {
  premium_level: number;
  verified_user: boolean;
  flux_id: string;
  config: unknown;
  plans: unknown;
  prices: unknown;
  kept_card: boolean;
}

/** A json_agg of rows, which is null over none: the empty list then. */
const listOf = <T>(value: unknown): T[] => {
  const parsed = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
};

export interface PlansView {
  account: Pick<Account, "premiumLevel" | "verifiedUser">;
  flow: PublicFlow;
  plans: PlanRow[];
  prices: (PricePoint & { productId: string })[];
  keptCard: boolean;
}

/**
 * The plans page's data for the session's member; null when the session is not live (the route's 401).
 * `cardProvider` is the provider whose kept card one tap would charge (null where payments are unavailable).
 */
export async function plansView(
  database: DatabaseConfig,
  session: LiveSessionClaims,
  cardProvider: string | null,
): Promise<PlansView | null> {
  const [row] = await runQuery<PlansRow>(
    database,
    callOf(plansFunction, {
      accountId: session.accountId,
      sessionVersion: session.sessionVersion,
      brandId: session.brandId,
      cardProvider,
      defaultFluxId: DEFAULT_FLUX_ID,
    }),
  );
  if (!row) return null;
  return {
    account: { premiumLevel: row.premium_level, verifiedUser: row.verified_user },
    flow: { ...FlowConfig.parse(row.config), fluxId: row.flux_id },
    plans: listOf<PlanRow>(row.plans),
    prices: listOf<PricePoint & { productId: string; validFrom: string }>(row.prices).map((point) => ({
      ...point,
      validFrom: new Date(point.validFrom),
    })),
    keptCard: row.kept_card === true,
  };
}
