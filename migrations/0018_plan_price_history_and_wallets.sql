CREATE TABLE "rate_plan_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_plan_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flux_id" text NOT NULL,
	"product_id" text NOT NULL,
	"prezzo" integer NOT NULL,
	"prezzo_totale" integer NOT NULL,
	"currency" text NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_plan_prices_plan_idx" ON "rate_plan_prices" USING btree ("flux_id","product_id","valid_from");--> statement-breakpoint
-- Every price a plan is given is kept with the moment it applied: an insert of a plan, and any update that
-- changes its shown or charged price or its currency. A reduction is then measured against this history.
CREATE FUNCTION "rate_plan_prices_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "rate_plan_prices" ("flux_id", "product_id", "prezzo", "prezzo_totale", "currency")
    VALUES (NEW."flux_id", NEW."product_id", NEW."prezzo", NEW."prezzo_totale", NEW."currency");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "rate_plan_prices_insert" AFTER INSERT ON "rate_plans"
  FOR EACH ROW EXECUTE FUNCTION "rate_plan_prices_record"();
--> statement-breakpoint
CREATE TRIGGER "rate_plan_prices_update" AFTER UPDATE ON "rate_plans"
  FOR EACH ROW WHEN (
    OLD."prezzo" IS DISTINCT FROM NEW."prezzo"
    OR OLD."prezzo_totale" IS DISTINCT FROM NEW."prezzo_totale"
    OR OLD."currency" IS DISTINCT FROM NEW."currency"
    OR OLD."product_id" IS DISTINCT FROM NEW."product_id"
  )
  EXECUTE FUNCTION "rate_plan_prices_record"();
--> statement-breakpoint
-- The plans that exist already: their price as of now (no history before it is known, so no reduction yet).
INSERT INTO "rate_plan_prices" ("flux_id", "product_id", "prezzo", "prezzo_totale", "currency")
  SELECT "flux_id", "product_id", "prezzo", "prezzo_totale", "currency" FROM "rate_plans";
--> statement-breakpoint
ALTER TABLE "saved_cards" DROP CONSTRAINT "saved_cards_card_has_digits";--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_card_has_digits" CHECK ("saved_cards"."kind" in ('paypal', 'applepay', 'googlepay') or ("saved_cards"."kind" = 'card' and "saved_cards"."brand" is not null and "saved_cards"."last4" is not null and "saved_cards"."exp_month" is not null and "saved_cards"."exp_year" is not null));