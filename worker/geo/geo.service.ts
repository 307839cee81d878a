import { and, asc, eq, sql } from "drizzle-orm";
import { cities, foldCityText, regions } from "../../drizzle/schema/geo";
import { CITY_SUGGESTIONS_MAX } from "../contracts/discovery";
import type { Db } from "../core/db";

/** A country's regions by name (GET /api/get/regions/{country} and the first screen's bootstrap). */
export const regionsOf = (db: Db, country: string) =>
  db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .where(eq(regions.country, country))
    .orderBy(asc(regions.name));

const cityColumns = {
  city_title: cities.name,
  state_title: regions.name,
  region: cities.region,
  province: cities.province,
};

/** A text for LIKE, matched literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A country's cities by name, each with its region's name (GET /api/get/cities/{country}). */
export const citiesOf = (db: Db, country: string) =>
  db
    .select(cityColumns)
    .from(cities)
    .innerJoin(regions, and(eq(regions.country, cities.country), eq(regions.code, cities.region)))
    .where(eq(cities.country, country))
    .orderBy(asc(cities.name));

/**
 * The autocomplete's suggestions: names that start with the text, then a word that does, then any that
 * contain it; shorter names first.
 */
export function citySuggestions(db: Db, country: string, text: string) {
  const folded = likeLiteral(foldCityText(text));
  const rank = sql`case when ${cities.searchName} like ${`${folded}%`} then 0
      when ${cities.searchName} like ${`% ${folded}%`} then 1 else 2 end`;
  return db
    .select(cityColumns)
    .from(cities)
    .innerJoin(regions, and(eq(regions.country, cities.country), eq(regions.code, cities.region)))
    .where(and(eq(cities.country, country), sql`${cities.searchName} like ${`%${folded}%`}`))
    .orderBy(rank, sql`length(${cities.name})`, asc(cities.name))
    .limit(CITY_SUGGESTIONS_MAX);
}
