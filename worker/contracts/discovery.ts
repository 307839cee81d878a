import { z } from "zod";
import { Country } from "./locales";

/** The spec's page size for the find grid and the dispenser. */
export const DISPENSER_PAGE_SIZE = 5;
export const preferredAges = ["20-30", "30-40", "40-60", "60-90"] as const;

export const DispenserRequest = z.object({
  country: Country,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  vertical: z.string().max(40).optional(),
  region: z.string().max(80).nullish(),
  city: z.string().max(120).nullish(),
  premiumLevel: z.coerce.number().int().min(0).max(2).optional(),
  trackerId: z.string().max(64).optional(),
  remarketing_clickid: z.string().max(64).nullish(),
  cerco: z.enum(["donna", "uomo"]).default("donna"),
  preferred_age: z.enum(preferredAges).nullish(),
  /** The client's dispenserSeed: the same seed gives the same order, so pages never repeat or skip. */
  seed: z.union([z.string().max(64), z.number()]).optional(),
});
export type DispenserRequest = z.infer<typeof DispenserRequest>;

/** An angel profile as the client shows it (the spec's angel fields). */
export const AngelCard = z.object({
  id: z.number(),
  _id: z.string(),
  screenName: z.string(),
  about: z.string(),
  age: z.number(),
  gender: z.string(),
  hair_color: z.string(),
  height: z.number(),
  weight: z.number(),
  description: z.string(),
  default_photo: z.string(),
  region: z.string(),
  city: z.string(),
  relation: z.object({ chat: z.boolean() }),
});
export type AngelCard = z.infer<typeof AngelCard>;

export const DispenserResponse = z.object({ profili: z.array(AngelCard), totali: z.number() });
