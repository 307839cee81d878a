import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Customer reviews shown on the home page; demo rows are flagged as samples and shown as such. */
export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  language: text("language").notNull(),
  author: text("utente").notNull(),
  gender: text("genere").notNull(),
  age: integer("eta").notNull(),
  review: text("recensione").notNull(),
  stars: integer("stelle").notNull(),
  imageName: text("nome_immagine").notNull(),
  isSample: boolean("is_sample").notNull().default(false),
});
