import { z } from "zod";

export const locales = ["it", "en", "es", "fr"] as const;
export const Locale = z.enum(locales);
export type Locale = z.infer<typeof Locale>;

/** The markets: a brand's country, an angel's country. */
export const countries = ["it", "es", "en"] as const;
export const Country = z.enum(countries);
export type Country = z.infer<typeof Country>;
