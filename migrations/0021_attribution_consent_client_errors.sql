CREATE TABLE "client_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"release" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cookie_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint,
	"device_id" text NOT NULL,
	"brand_id" text NOT NULL,
	"policy_version" text NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"clickid" text NOT NULL,
	"account_id" bigint,
	"payout_cents" integer,
	"currency" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"last_status" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cookie_consents" ADD CONSTRAINT "cookie_consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_group_idx" ON "client_errors" USING btree ("brand_id","subject","message","created_at");--> statement-breakpoint
CREATE INDEX "cookie_consents_account_idx" ON "cookie_consents" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "cookie_consents_device_idx" ON "cookie_consents" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "postbacks_event_key" ON "postbacks" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "postbacks_due_idx" ON "postbacks" USING btree ("next_attempt_at") WHERE "postbacks"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "postbacks_brand_idx" ON "postbacks" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "postbacks_account_idx" ON "postbacks" USING btree ("account_id");