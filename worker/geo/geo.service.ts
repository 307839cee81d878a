import { asc, eq } from "drizzle-orm";
import { regions } from "../../drizzle/schema/geo";
import type { Db } from "../core/db";

/** A country's regions by name (GET /api/get/regions/{country} and the first screen's bootstrap). */
export const regionsOf = (db: Db, country: string) =>
  db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .where(eq(regions.country, country))
    .orderBy(asc(regions.name));
