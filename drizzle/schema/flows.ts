import { boolean, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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
    nomePiano: text("nome_piano").notNull(),
    badge: text("badge"),
    description: text("description"),
    descriptionColor: text("description_color"),
    suggestion: text("suggestion"),
    suggestionColor: text("suggestion_color"),
    vecchioPrezzo: integer("vecchio_prezzo"),
    prezzo: integer("prezzo").notNull(),
    prezzoTotale: integer("prezzo_totale").notNull(),
    prezzoDescription: text("prezzo_description"),
    currency: text("currency").notNull().default("EUR"),
    premiumLevel: integer("premium_level").notNull(),
    crediti: integer("crediti").notNull(),
    creditiPromo: integer("crediti_promo").notNull().default(0),
    visibile: boolean("visibile").notNull().default(true),
    spacingBottom: boolean("spacing_bottom").notNull().default(false),
    firstSelling: boolean("first_selling").notNull().default(false),
    /** Days between automatic renewals at the same price (a subscription); null for a one-off purchase. */
    renewalDays: integer("renewal_days"),
  },
  (t) => [primaryKey({ columns: [t.fluxId, t.list, t.position] })],
);
