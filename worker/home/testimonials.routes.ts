// GET /api/testimonials: the spec's helper that shuffles the reviews by country, six unless told (the home
// page asks three). A market's reviews are written in its language; demo ones are flagged isSample and
// shown with a "sample review" label (DESIGN.md section 5).
import { createRoute } from "@hono/zod-openapi";
import { Country } from "../contracts/locales";
import { SHUFFLED_TESTIMONIALS } from "../contracts/testimonials";
import { TestimonialList, TestimonialsQuery } from "../contracts/testimonials-list";
import { errorResponse, featureApp } from "../core/openapi";
import { shuffledTestimonials } from "./testimonials.service";

const list = createRoute({
  method: "get",
  path: "/api/testimonials",
  tags: ["home"],
  summary: `Reviews of a market, shuffled on every call: ${SHUFFLED_TESTIMONIALS} unless count says otherwise; demo ones are flagged isSample`,
  request: {
    query: TestimonialsQuery,
  },
  responses: {
    200: { description: "reviews", content: { "application/json": { schema: TestimonialList } } },
    400: errorResponse("invalid_input on country or count"),
  },
});

export const testimonialRoutes = featureApp().openapi(list, async (c) => {
  const { country, count } = c.req.valid("query");
  const market = country ?? Country.parse(c.var.brand.public.country);
  return c.json(await shuffledTestimonials(c.var.db, market, count), 200);
});
