CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clickid" text NOT NULL,
	"brand_id" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"confirmed_email" boolean DEFAULT false NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"city" text,
	"provincia" text,
	"eta" integer,
	"sono" text NOT NULL,
	"cerco" text NOT NULL,
	"username" text,
	"surname" text,
	"descrizione" text,
	"cosa_cerco" text,
	"phone" text,
	"preferred_age" text,
	"email_score" integer,
	"flux_id" text NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL,
	"campid" text,
	"ip" text,
	"ua" text,
	"fingerprint" text,
	"remarketing_clickid" text,
	"premium_level" integer DEFAULT 0 NOT NULL,
	"crediti_messaggi" integer DEFAULT 0 NOT NULL,
	"crediti_icebreaker" integer DEFAULT 0 NOT NULL,
	"crediti_like" integer DEFAULT 0 NOT NULL,
	"valore_messaggio" integer DEFAULT 10 NOT NULL,
	"regalo_messaggi" integer,
	"verified_user" boolean DEFAULT false NOT NULL,
	"messaggio_pending" jsonb,
	"customer_id" text,
	"push_token" text,
	"telegram_id" text,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_telegram" boolean DEFAULT false NOT NULL,
	"notify_push" boolean DEFAULT false NOT NULL,
	"next_bill_date" timestamp with time zone,
	"last_activity" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_clickid_unique" UNIQUE("clickid"),
	CONSTRAINT "accounts_credits_not_negative" CHECK ("accounts"."crediti_messaggi" >= 0 and "accounts"."crediti_icebreaker" >= 0)
);
--> statement-breakpoint
CREATE TABLE "signup_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signup_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"consent" text NOT NULL,
	"text_version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "angels" (
	"id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"city" text NOT NULL,
	"gender" text NOT NULL,
	"screen_name" text NOT NULL,
	"about" text NOT NULL,
	"description" text NOT NULL,
	"age" integer NOT NULL,
	"hair_color" text NOT NULL,
	"height" integer NOT NULL,
	"weight" integer NOT NULL,
	"phone" text,
	"shuffle_key" integer NOT NULL,
	"persona_notes" text
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"angel_id" integer NOT NULL,
	"type" text NOT NULL,
	"msg" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"letto" boolean DEFAULT false NOT NULL,
	"blurred" boolean DEFAULT false NOT NULL,
	"id_notifica" text,
	"provider" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"balance" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"angel_id" integer NOT NULL,
	"from_angel" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"angel_id" integer,
	"type" text NOT NULL,
	"categoria_notifica" text,
	"msg" text,
	"letto" boolean DEFAULT false NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"angel_id" integer NOT NULL,
	"from_angel" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"flux_id" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"flux_id" text NOT NULL,
	"list" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"nome_piano" text NOT NULL,
	"badge" text,
	"description" text,
	"description_color" text,
	"suggestion" text,
	"suggestion_color" text,
	"vecchio_prezzo" integer,
	"prezzo" integer NOT NULL,
	"prezzo_totale" integer NOT NULL,
	"prezzo_description" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"premium_level" integer NOT NULL,
	"crediti" integer NOT NULL,
	"crediti_promo" integer DEFAULT 0 NOT NULL,
	"visibile" boolean DEFAULT true NOT NULL,
	"spacing_bottom" boolean DEFAULT false NOT NULL,
	"first_selling" boolean DEFAULT false NOT NULL,
	CONSTRAINT "rate_plans_flux_id_list_position_pk" PRIMARY KEY("flux_id","list","position")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"country" text NOT NULL,
	"region" text NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	CONSTRAINT "cities_country_name_pk" PRIMARY KEY("country","name")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"country" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "regions_country_code_pk" PRIMARY KEY("country","code")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"utente" text NOT NULL,
	"genere" text NOT NULL,
	"eta" integer NOT NULL,
	"recensione" text NOT NULL,
	"stelle" integer NOT NULL,
	"nome_immagine" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_consents" ADD CONSTRAINT "signup_consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_flux_id_flows_flux_id_fk" FOREIGN KEY ("flux_id") REFERENCES "public"."flows"("flux_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_brand_key" ON "accounts" USING btree (lower("email"),"brand_id");--> statement-breakpoint
CREATE INDEX "angels_country_gender_region_idx" ON "angels" USING btree ("country","gender","region","shuffle_key");--> statement-breakpoint
CREATE INDEX "angels_country_gender_city_idx" ON "angels" USING btree ("country","gender","city","shuffle_key");--> statement-breakpoint
CREATE INDEX "angels_country_gender_idx" ON "angels" USING btree ("country","gender","shuffle_key");--> statement-breakpoint
CREATE INDEX "angels_screen_name_idx" ON "angels" USING btree (lower("screen_name"));--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("account_id","angel_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_key" ON "messages" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_key" ON "credit_ledger" USING btree ("balance","reference");--> statement-breakpoint
CREATE INDEX "likes_account_idx" ON "likes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_account_idx" ON "notifications" USING btree ("account_id","time");--> statement-breakpoint
CREATE INDEX "visits_account_idx" ON "visits" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "cities_prefix_idx" ON "cities" USING btree ("country",lower("name") text_pattern_ops);