CREATE TABLE "email_digest_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_digest_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"notification_id" text NOT NULL,
	"kind" text NOT NULL,
	"angel_id" bigint,
	"angel_name" text,
	"count" integer DEFAULT 1 NOT NULL,
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"text_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"account_id" bigint NOT NULL,
	"path" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_digest_items" ADD CONSTRAINT "email_digest_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_tokens" ADD CONSTRAINT "telegram_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_digest_items_notification_key" ON "email_digest_items" USING btree ("account_id","notification_id");--> statement-breakpoint
CREATE INDEX "email_digest_items_pending_idx" ON "email_digest_items" USING btree ("account_id") WHERE "email_digest_items"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "telegram_outbox_chat_idx" ON "telegram_outbox" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "telegram_tokens_account_idx" ON "telegram_tokens" USING btree ("account_id","purpose");