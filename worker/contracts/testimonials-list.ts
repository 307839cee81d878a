// The reviews call's query and answer, apart from testimonials.ts, whose numbers the home page's chunk reads
// without any schema.
import { z } from "zod";
import { Country } from "./locales";
import { MAX_TESTIMONIALS } from "./testimonials";

export const Testimonial = z.object({
  utente: z.string(),
  genere: z.string(),
  eta: z.number(),
  /** Holds {servizio}, which the page replaces with the brand's name. */
  recensione: z.string(),
  stelle: z.number(),
  nome_immagine: z.string(),
  isSample: z.boolean(),
});

export const TestimonialList = z.array(Testimonial);

export const TestimonialsQuery = z.object({
  /** The market; the brand's (the host's) when absent. */
  country: /* @__PURE__ */ Country.optional(),
  count: z.coerce.number().int().min(1).max(MAX_TESTIMONIALS).optional(),
});
