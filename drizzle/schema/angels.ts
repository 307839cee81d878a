import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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
    /** Stable pseudo-random rank in [0, 2^31 - 1): the dispenser's first stored order. */
    shuffleKey: integer("shuffle_key").notNull(),
    // The dispenser's other stored orders: each a bijection of shuffle_key (x -> a * x mod 2^31 - 1, a
    // prime modulus), computed by Postgres for every angel, new ones included.
    seedRank1: integer("seed_rank_1")
      .notNull()
      .generatedAlwaysAs(sql`(shuffle_key::bigint * 1103515245 % 2147483647)::int`),
    seedRank2: integer("seed_rank_2")
      .notNull()
      .generatedAlwaysAs(sql`(shuffle_key::bigint * 1812433253 % 2147483647)::int`),
    seedRank3: integer("seed_rank_3")
      .notNull()
      .generatedAlwaysAs(sql`(shuffle_key::bigint * 1566083941 % 2147483647)::int`),
    personaNotes: text("persona_notes"),
  },
  // The dispenser's indexes, one per stored order and kind of place: equality on country, gender and the
  // place (a region or a city), then the order (rank, id), so that a page is a range of one index read in
  // order and stopped after the page, however many angels the place holds; age is in the key so that
  // preferred_age is checked without touching the table (worker/discovery/dispenser.service.ts).
  (t) => [
    ...[t.shuffleKey, t.seedRank1, t.seedRank2, t.seedRank3].flatMap((rank, slot) => [
      index(`angels_region_order${slot}_idx`).on(t.country, t.gender, t.region, rank, t.id, t.age),
      index(`angels_city_order${slot}_idx`).on(t.country, t.gender, t.city, rank, t.id, t.age),
    ]),
    index("angels_screen_name_idx").on(sql`lower(${t.screenName})`),
  ],
);

/**
 * How many angels each place holds, per gender and age: a place's total (with a preferred_age range) is a
 * sum of a few dozen rows instead of a count of its angels. Kept by triggers on angels (migration
 * 0013_angel_counts_triggers.sql), in the same transaction as the change.
 */
export const angelCounts = pgTable(
  "angel_counts",
  {
    country: text("country").notNull(),
    gender: text("gender").notNull(),
    /** region or city */
    placeKind: text("place_kind").notNull(),
    place: text("place").notNull(),
    age: integer("age").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.gender, t.placeKind, t.place, t.age] })],
);
