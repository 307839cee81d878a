ALTER TABLE "saved_cards" ALTER COLUMN "brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ALTER COLUMN "last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ALTER COLUMN "exp_month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ALTER COLUMN "exp_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_card_has_digits" CHECK ("saved_cards"."kind" = 'paypal' or ("saved_cards"."kind" = 'card' and "saved_cards"."brand" is not null and "saved_cards"."last4" is not null and "saved_cards"."exp_month" is not null and "saved_cards"."exp_year" is not null));