ALTER TABLE "accounts" ADD COLUMN "photo_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_photo_count_not_negative" CHECK ("accounts"."photo_count" >= 0);--> statement-breakpoint
-- The members' photos stored before the count existed.
UPDATE "accounts" a SET "photo_count" = p.n
  FROM (SELECT "account_id", count(*)::int AS n FROM "member_photos" GROUP BY "account_id") p
  WHERE p."account_id" = a."id";
