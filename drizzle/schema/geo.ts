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

/**
 * The folding used by the city autocomplete, the same in SQL (`translate`) and in TypeScript: upper-case
 * ASCII becomes lower case, accented letters of both cases their plain lower-case letter, apostrophes and
 * hyphens a space. It is one character table and nothing else (no `unaccent`, which PGlite lacks, and no
 * `lower()`, whose result depends on the database's locale), so both sides fold every text alike.
 */
const folds: readonly (readonly [from: string, to: string])[] = [
  ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"],
  ["àáâãäåāăąÀÁÂÃÄÅĀĂĄ", "a"],
  ["èéêëēĕėęěÈÉÊËĒĔĖĘĚ", "e"],
  ["ìíîïĩīįÌÍÎÏĨĪĮ", "i"],
  ["òóôõöøōőÒÓÔÕÖØŌŐ", "o"],
  ["ùúûüũūůűųÙÚÛÜŨŪŮŰŲ", "u"],
  ["ñńňÑŃŇ", "n"],
  ["çćčÇĆČ", "c"],
  ["ßśšŚŠ", "s"],
  ["źżžŹŻŽ", "z"],
  ["'’-", " "],
];
/** Each character of FROM folds to the character of TO at the same position (all in the BMP). */
export const CITY_FOLD_FROM = folds.map(([from]) => from).join("");
export const CITY_FOLD_TO = folds
  .map(([from, to]) => (to.length === 1 ? to.repeat(from.length) : to))
  .join("");
const foldMap = new Map([...CITY_FOLD_FROM].map((c, i) => [c, CITY_FOLD_TO[i] ?? c]));

/** A typed text folded as the cities' search_name column is. */
export function foldCityText(text: string): string {
  return [...text.normalize("NFC")].map((c) => foldMap.get(c) ?? c).join("");
}

export const cities = pgTable(
  "cities",
  {
    country: text("country").notNull(),
    region: text("region").notNull(),
    name: text("name").notNull(),
    province: text("province").notNull(),
    /** The name folded for search (CITY_FOLD_FROM to CITY_FOLD_TO), kept by Postgres. */
    searchName: text("search_name")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`translate(name, '${CITY_FOLD_FROM.replaceAll("'", "''")}', '${CITY_FOLD_TO}')`),
      ),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.name] }),
    index("cities_prefix_idx").on(t.country, sql`lower(${t.name}) text_pattern_ops`),
    index("cities_search_idx").on(t.country, sql`${t.searchName} text_pattern_ops`),
  ],
);
