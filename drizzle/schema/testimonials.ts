import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Customer reviews shown on the home page; demo rows are flagged as samples and shown as such. */
export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  language: text("language").notNull(),
  utente: text("utente").notNull(),
  genere: text("genere").notNull(),
  eta: integer("eta").notNull(),
  recensione: text("recensione").notNull(),
  stelle: integer("stelle").notNull(),
  nomeImmagine: text("nome_immagine").notNull(),
  isSample: boolean("is_sample").notNull().default(false),
});
