CREATE TABLE "dislikes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dislikes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"angel_id" integer NOT NULL,
	"mongo_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"angel_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_credits_not_negative";--> statement-breakpoint
DROP INDEX "angels_country_gender_region_idx";--> statement-breakpoint
DROP INDEX "angels_country_gender_city_idx";--> statement-breakpoint
DROP INDEX "angels_country_gender_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "credentials_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "likes" ADD COLUMN "source" text DEFAULT 'like' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "blurred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZàáâãäåāăąÀÁÂÃÄÅĀĂĄèéêëēĕėęěÈÉÊËĒĔĖĘĚìíîïĩīįÌÍÎÏĨĪĮòóôõöøōőÒÓÔÕÖØŌŐùúûüũūůűųÙÚÛÜŨŪŮŰŲñńňÑŃŇçćčÇĆČßśšŚŠźżžŹŻŽ''’-', 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeeeiiiiiiiiiiiiiioooooooooooooooouuuuuuuuuuuuuuuuuunnnnnnccccccssssszzzzzz   ')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "dislikes" ADD CONSTRAINT "dislikes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dislikes_account_angel_key" ON "dislikes" USING btree ("account_id","angel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_account_angel_key" ON "invites" USING btree ("account_id","angel_id");--> statement-breakpoint
CREATE INDEX "angels_region_page_idx" ON "angels" USING btree ("country","gender","region","age","shuffle_key","id");--> statement-breakpoint
CREATE INDEX "angels_city_page_idx" ON "angels" USING btree ("country","gender","city","age","shuffle_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_once_key" ON "likes" USING btree ("account_id","angel_id","from_angel");--> statement-breakpoint
CREATE INDEX "cities_search_idx" ON "cities" USING btree ("country","search_name" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_credits_not_negative" CHECK ("accounts"."crediti_messaggi" >= 0 and "accounts"."crediti_icebreaker" >= 0 and "accounts"."crediti_like" >= 0);