import { createRoute, z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { testimonials } from "../../drizzle/schema/testimonials";
import { Locale } from "../contracts/locales";
import { featureApp } from "../core/openapi";

/** The spec's homepage shows three reviews. */
export const HOME_TESTIMONIALS = 3;

const list = createRoute({
  method: "get",
  path: "/api/testimonials",
  tags: ["home"],
  summary: "Three reviews in a language, shuffled; demo ones are flagged isSample",
  request: { query: z.object({ language: Locale }) },
  responses: {
    200: {
      description: "reviews",
      content: {
        "application/json": {
          schema: z.array(
            z.object({
              utente: z.string(),
              genere: z.string(),
              eta: z.number(),
              recensione: z.string(),
              stelle: z.number(),
              isSample: z.boolean(),
            }),
          ),
        },
      },
    },
  },
});

export const testimonialRoutes = featureApp().openapi(list, async (c) => {
  const { language } = c.req.valid("query");
  const rows = await c.var.db
    .select({
      utente: testimonials.utente,
      genere: testimonials.genere,
      eta: testimonials.eta,
      recensione: testimonials.recensione,
      stelle: testimonials.stelle,
      isSample: testimonials.isSample,
    })
    .from(testimonials)
    .where(eq(testimonials.language, language))
    .orderBy(sql`random()`)
    .limit(HOME_TESTIMONIALS);
  return c.json(rows, 200);
});
