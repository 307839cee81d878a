ALTER TABLE "rate_plans" ADD COLUMN "renewal_days" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
-- Level 2 is the VIP subscription and renews monthly; one-off packs, the compliant flow (whose unsubscribe
-- button is disabled) and the age verification do not renew.
UPDATE "rate_plans" SET "renewal_days" = 30 WHERE "premium_level" = 2 AND "list" IN ('free', 'premium');
