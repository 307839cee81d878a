import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** A flow (the spec's flusso). Its nested structures are validated by `FlowConfig` in worker/contracts. */
export const flows = pgTable("flows", {
  fluxId: text("flux_id").primaryKey(),
  config: jsonb("config").notNull(),
});

/** One plan row of a flow's rate plan lists (compliant, free, premium, verifica). Prices in cents. */
export const ratePlans = pgTable(
  "rate_plans",
  {
    fluxId: text("flux_id")
      .notNull()
      .references(() => flows.fluxId, { onDelete: "cascade" }),
    list: text("list").notNull(),
    position: integer("position").notNull(),
    productId: text("product_id").notNull(),
    planName: text("nome_piano").notNull(),
    badge: text("badge"),
    description: text("description"),
    descriptionColor: text("description_color"),
    suggestion: text("suggestion"),
    suggestionColor: text("suggestion_color"),
    /**
     * The spec's struck-through old price as configured. Not shown as it is: a reduction names the lowest price
     * of the 30 days before it (rate_plan_prices), which the plans answer computes.
     */
    oldPrice: integer("vecchio_prezzo"),
    price: integer("prezzo").notNull(),
    totalPrice: integer("prezzo_totale").notNull(),
    priceDescription: text("prezzo_description"),
    currency: text("currency").notNull().default("EUR"),
    premiumLevel: integer("premium_level").notNull(),
    credits: integer("crediti").notNull(),
    promoCredits: integer("crediti_promo").notNull().default(0),
    visible: boolean("visibile").notNull().default(true),
    spacingBottom: boolean("spacing_bottom").notNull().default(false),
    firstSelling: boolean("first_selling").notNull().default(false),
    /** Days between automatic renewals at the same price (a subscription); null for a one-off purchase. */
    renewalDays: integer("renewal_days"),
  },
  (t) => [primaryKey({ columns: [t.fluxId, t.list, t.position] })],
);

/**
 * Every price a plan of a flow has had, from the moment it applied: what the EU price-indication rules
 * (Directive 98/6/EC Art. 6a, as the Omnibus directive amended it) ask a reduction to be measured against (the
 * lowest price of the 30 days before it). A trigger on rate_plans writes a row whenever a plan's price is set
 * or changed, so no way of changing a price can forget it (migrations/…_rate_plan_price_history.sql).
 */
export const ratePlanPrices = pgTable(
  "rate_plan_prices",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    fluxId: text("flux_id").notNull(),
    productId: text("product_id").notNull(),
    /** The price shown (rate_plans.prezzo) and the price charged (prezzo_totale), in cents of `currency`. */
    price: integer("prezzo").notNull(),
    totalPrice: integer("prezzo_totale").notNull(),
    currency: text("currency").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_plan_prices_plan_idx").on(t.fluxId, t.productId, t.validFrom)],
);
