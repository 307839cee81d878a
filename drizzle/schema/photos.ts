import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * A member's uploaded photos (the spec's imageName list). The file lives in the PHOTOS bucket under
 * {url_foto_utente}/{name}; which one is the default (predefinita) is accounts.default_photo.
 */
export const memberPhotos = pgTable(
  "member_photos",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The file name: a random id plus the extension of the type found in its bytes ("3f…a1.jpg"). */
    name: text("name").notNull().unique(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_photos_account_idx").on(t.accountId, t.createdAt)],
);
