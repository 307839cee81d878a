import { eq, sql } from "drizzle-orm";
import { testimonials } from "../../drizzle/schema/testimonials";
import type { Country, Locale } from "../contracts/locales";
import { SHUFFLED_TESTIMONIALS } from "../contracts/testimonials";
import type { Db } from "../core/db";

/** The language a market's reviews are written in. */
const reviewLanguage: Record<Country, Locale> = { it: "it", es: "es", en: "en" };

/** `count` reviews of a market in a random order (each call its own), six unless told. */
export async function shuffledTestimonials(db: Db, country: Country, count = SHUFFLED_TESTIMONIALS) {
  return db
    .select({
      utente: testimonials.author,
      genere: testimonials.gender,
      eta: testimonials.age,
      recensione: testimonials.review,
      stelle: testimonials.stars,
      nome_immagine: testimonials.imageName,
      isSample: testimonials.isSample,
    })
    .from(testimonials)
    .where(eq(testimonials.language, reviewLanguage[country]))
    .orderBy(sql`random()`)
    .limit(count);
}
