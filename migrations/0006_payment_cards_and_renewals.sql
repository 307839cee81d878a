ALTER TABLE "rate_plans" ADD COLUMN "renewal_days" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
-- The plans that make a member premium renew monthly; refills and the age verification stay one-off.
UPDATE "rate_plans" SET "renewal_days" = 30 WHERE "list" IN ('free', 'compliant');
