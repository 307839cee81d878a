import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

export const regions = pgTable(
  "regions",
  {
    country: text("country").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.code] })],
);

export const cities = pgTable(
  "cities",
  {
    country: text("country").notNull(),
    region: text("region").notNull(),
    name: text("name").notNull(),
    province: text("province").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.name] }),
    index("cities_prefix_idx").on(t.country, sql`lower(${t.name}) text_pattern_ops`),
  ],
);
