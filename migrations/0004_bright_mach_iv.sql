CREATE TABLE "phone_codes" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sends_in_window" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "phone_codes_attempts_range" CHECK ("phone_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "phone_number_sends" (
	"phone" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sends_in_window" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to_number","created_at");--> statement-breakpoint
-- Added by hand to the generated migration: before this, entering any well-formed number verified a member,
-- which proved nothing (and one number could verify many accounts, which the unique index below refuses).
-- Only an SMS code verifies from now on, so the earlier verifications end: those members enter a code once.
UPDATE "accounts" SET "phone" = NULL, "verified_user" = false WHERE "phone" IS NOT NULL OR "verified_user";--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_phone_brand_key" ON "accounts" USING btree ("brand_id","phone");