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
  // The dispenser's indexes: equality on country, gender and the place (a region or a city), a range on
  // age (preferred_age), and shuffle_key and id in the key, so that a page and its total come from one
  // index-only scan of the place's angels; the seed's order (shuffle_key # seed) is then a small sort in
  // memory (worker/discovery/dispenser.service.ts).
  (t) => [
    index("angels_region_page_idx").on(t.country, t.gender, t.region, t.age, t.shuffleKey, t.id),
    index("angels_city_page_idx").on(t.country, t.gender, t.city, t.age, t.shuffleKey, t.id),
    index("angels_screen_name_idx").on(sql`lower(${t.screenName})`),
  ],
);
