import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

/** An operator-run fictional profile (the spec's angel), per country. */
export const angels = pgTable(
  "angels",
  {
    id: integer("id").primaryKey(),
    country: text("country").notNull(),
    region: text("region").notNull(),
    city: text("city").notNull(),
    /** donna or uomo: matched against the member's cerco. */
    gender: text("gender").notNull(),
    screenName: text("screen_name").notNull(),
    about: text("about").notNull(),
    description: text("description").notNull(),
    age: integer("age").notNull(),
    hairColor: text("hair_color").notNull(),
    height: integer("height").notNull(),
    weight: integer("weight").notNull(),
    phone: text("phone"),
    /** Stable pseudo-random rank in [0, 2^31): the dispenser's shuffle starts from it. */
    shuffleKey: integer("shuffle_key").notNull(),
    personaNotes: text("persona_notes"),
  },
  (t) => [
    index("angels_country_gender_region_idx").on(t.country, t.gender, t.region, t.shuffleKey),
    index("angels_country_gender_city_idx").on(t.country, t.gender, t.city, t.shuffleKey),
    index("angels_country_gender_idx").on(t.country, t.gender, t.shuffleKey),
    index("angels_screen_name_idx").on(sql`lower(${t.screenName})`),
  ],
);
