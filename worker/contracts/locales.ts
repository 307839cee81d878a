import { z } from "zod";
import { countries, locales } from "./locale-lists";

export { countries, locales };

export const Locale = z.enum(locales);
export type Locale = z.infer<typeof Locale>;

export const Country = z.enum(countries);
export type Country = z.infer<typeof Country>;
