CREATE TABLE "cohort_weekly" (
	"cohort_week" date NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text NOT NULL,
	"source" text NOT NULL,
	"weeks_after" integer NOT NULL,
	"first_payers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cohort_weekly_cohort_week_brand_id_flux_id_source_weeks_after_pk" PRIMARY KEY("cohort_week","brand_id","flux_id","source","weeks_after"),
	CONSTRAINT "cohort_weekly_weeks_after_nonnegative" CHECK ("cohort_weekly"."weeks_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text NOT NULL,
	"source" text NOT NULL,
	"landings" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"phone_verified" integer DEFAULT 0 NOT NULL,
	"first_messages" integer DEFAULT 0 NOT NULL,
	"first_payments" integer DEFAULT 0 NOT NULL,
	"first_renewals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_daily_day_brand_id_flux_id_source_pk" PRIMARY KEY("day","brand_id","flux_id","source")
);
--> statement-breakpoint
CREATE TABLE "member_milestones" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text NOT NULL,
	"source" text NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"phone_verified_at" timestamp with time zone,
	"first_message_at" timestamp with time zone,
	"first_payment_at" timestamp with time zone,
	"first_renewal_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "money_daily" (
	"day" date NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"chargebacks" integer DEFAULT 0 NOT NULL,
	"chargeback_cents" bigint DEFAULT 0 NOT NULL,
	"renewals_paid" integer DEFAULT 0 NOT NULL,
	"renewals_failed" integer DEFAULT 0 NOT NULL,
	"retries_started" integer DEFAULT 0 NOT NULL,
	"retries_recovered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "money_daily_day_brand_id_flux_id_source_provider_currency_pk" PRIMARY KEY("day","brand_id","flux_id","source","provider","currency")
);
--> statement-breakpoint
CREATE TABLE "payer_days" (
	"day" date NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text NOT NULL,
	"source" text NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payer_days_day_account_id_currency_pk" PRIMARY KEY("day","account_id","currency")
);
--> statement-breakpoint
ALTER TABLE "member_milestones" ADD CONSTRAINT "member_milestones_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_days" ADD CONSTRAINT "payer_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_days_brand_day_idx" ON "payer_days" USING btree ("brand_id","day");--> statement-breakpoint
-- hand-written
-- The dashboard's rollups follow the events in the events' own transactions (drizzle/schema/dashboard.ts,
-- docs/decisions/2026-11-29-the-dashboard-reads-rollups-kept-by-triggers.md). Days are UTC days.
-- One step of the funnel for one day and one brand, flow and source: landing, signup, phone_verified,
-- first_message, first_payment or first_renewal. The tracking's click import calls it for a landing.
CREATE FUNCTION "dashboard_count_step"(p_day date, p_brand text, p_flux text, p_source text, p_step text, p_n integer DEFAULT 1)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "funnel_daily" AS f ("day", "brand_id", "flux_id", "source", "landings", "signups", "phone_verified",
    "first_messages", "first_payments", "first_renewals")
  VALUES (p_day, p_brand, p_flux, p_source,
    CASE WHEN p_step = 'landing' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'signup' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'phone_verified' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'first_message' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'first_payment' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'first_renewal' THEN p_n ELSE 0 END)
  ON CONFLICT ("day", "brand_id", "flux_id", "source") DO UPDATE SET
    "landings" = f."landings" + excluded."landings",
    "signups" = f."signups" + excluded."signups",
    "phone_verified" = f."phone_verified" + excluded."phone_verified",
    "first_messages" = f."first_messages" + excluded."first_messages",
    "first_payments" = f."first_payments" + excluded."first_payments",
    "first_renewals" = f."first_renewals" + excluded."first_renewals";
END
$$;
--> statement-breakpoint
-- A member reaches a step: set once in member_milestones (the row lock makes a concurrent second arrival find
-- it set), then counted in the funnel, and a first payment in the member's sign-up cohort.
CREATE FUNCTION "dashboard_reach"(p_account bigint, p_step text, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m "member_milestones";
  cohort date;
BEGIN
  UPDATE "member_milestones" SET
    "phone_verified_at" = CASE WHEN p_step = 'phone_verified' THEN p_at ELSE "phone_verified_at" END,
    "first_message_at" = CASE WHEN p_step = 'first_message' THEN p_at ELSE "first_message_at" END,
    "first_payment_at" = CASE WHEN p_step = 'first_payment' THEN p_at ELSE "first_payment_at" END,
    "first_renewal_at" = CASE WHEN p_step = 'first_renewal' THEN p_at ELSE "first_renewal_at" END
  WHERE "account_id" = p_account AND CASE p_step
    WHEN 'phone_verified' THEN "phone_verified_at"
    WHEN 'first_message' THEN "first_message_at"
    WHEN 'first_payment' THEN "first_payment_at"
    WHEN 'first_renewal' THEN "first_renewal_at" END IS NULL
  RETURNING * INTO m;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM "dashboard_count_step"((p_at AT TIME ZONE 'UTC')::date, m."brand_id", m."flux_id", m."source", p_step);
  IF p_step = 'first_payment' THEN
    cohort := date_trunc('week', m."signed_up_at" AT TIME ZONE 'UTC')::date;
    INSERT INTO "cohort_weekly" AS c ("cohort_week", "brand_id", "flux_id", "source", "weeks_after", "first_payers")
    VALUES (cohort, m."brand_id", m."flux_id", m."source", greatest(0, ((p_at AT TIME ZONE 'UTC')::date - cohort) / 7), 1)
    ON CONFLICT ("cohort_week", "brand_id", "flux_id", "source", "weeks_after") DO UPDATE SET
      "first_payers" = c."first_payers" + 1;
  END IF;
END
$$;
--> statement-breakpoint
-- One row of money for one day, by the member's brand, flow and source, the provider and the currency.
CREATE FUNCTION "dashboard_count_money"(p_day date, p_brand text, p_flux text, p_source text, p_provider text,
  p_currency text, p_payments integer, p_revenue bigint, p_refunds integer, p_refund_cents bigint,
  p_chargebacks integer, p_chargeback_cents bigint, p_renewals_paid integer, p_renewals_failed integer,
  p_retries_started integer, p_retries_recovered integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "money_daily" AS d ("day", "brand_id", "flux_id", "source", "provider", "currency", "payments",
    "revenue_cents", "refunds", "refund_cents", "chargebacks", "chargeback_cents", "renewals_paid",
    "renewals_failed", "retries_started", "retries_recovered")
  VALUES (p_day, p_brand, p_flux, p_source, p_provider, p_currency, p_payments, p_revenue, p_refunds,
    p_refund_cents, p_chargebacks, p_chargeback_cents, p_renewals_paid, p_renewals_failed, p_retries_started,
    p_retries_recovered)
  ON CONFLICT ("day", "brand_id", "flux_id", "source", "provider", "currency") DO UPDATE SET
    "payments" = d."payments" + excluded."payments",
    "revenue_cents" = d."revenue_cents" + excluded."revenue_cents",
    "refunds" = d."refunds" + excluded."refunds",
    "refund_cents" = d."refund_cents" + excluded."refund_cents",
    "chargebacks" = d."chargebacks" + excluded."chargebacks",
    "chargeback_cents" = d."chargeback_cents" + excluded."chargeback_cents",
    "renewals_paid" = d."renewals_paid" + excluded."renewals_paid",
    "renewals_failed" = d."renewals_failed" + excluded."renewals_failed",
    "retries_started" = d."retries_started" + excluded."retries_started",
    "retries_recovered" = d."retries_recovered" + excluded."retries_recovered";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_on_signup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_milestones" ("account_id", "brand_id", "flux_id", "source", "signed_up_at")
  VALUES (NEW."id", NEW."brand_id", NEW."flux_id", NEW."source", NEW."created_at")
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM "dashboard_count_step"((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."brand_id", NEW."flux_id",
      NEW."source", 'signup');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_dashboard_signup" AFTER INSERT ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_on_signup"();
--> statement-breakpoint
-- The phone is set only by a right SMS code (worker/profile/phone.routes.ts): that is the verification.
CREATE FUNCTION "dashboard_on_phone_verified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "dashboard_reach"(NEW."id", 'phone_verified', now());
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_dashboard_phone_verified" AFTER UPDATE OF "phone" ON "accounts"
  FOR EACH ROW WHEN (OLD."phone" IS NULL AND NEW."phone" IS NOT NULL)
  EXECUTE FUNCTION "dashboard_on_phone_verified"();
--> statement-breakpoint
CREATE FUNCTION "dashboard_on_member_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "dashboard_reach"(NEW."account_id", 'first_message', NEW."time");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_dashboard_first_message" AFTER INSERT ON "messages"
  FOR EACH ROW WHEN (NEW."type" = 'personal')
  EXECUTE FUNCTION "dashboard_on_member_message"();
--> statement-breakpoint
-- A purchase's payment reaches its outcome (the settlement's one update of the locked row; a zero-amount card
-- check is no sale). A renewal's subscription still holds its failures count here: the settlement updates the
-- payment before the subscription.
CREATE FUNCTION "dashboard_on_payment_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "orders";
  m "member_milestones";
  failures integer;
  today date := (now() AT TIME ZONE 'UTC')::date;
  renewal boolean := NEW."purpose" = 'renewal';
BEGIN
  SELECT * INTO o FROM "orders" WHERE "id" = NEW."order_id";
  IF NOT FOUND OR o."kind" <> 'purchase' THEN RETURN NULL; END IF;
  SELECT * INTO m FROM "member_milestones" WHERE "account_id" = o."account_id";
  IF renewal THEN
    SELECT s."renewal_failures" INTO failures FROM "subscriptions" s WHERE s."order_id" = NEW."order_id"
      ORDER BY s."id" DESC LIMIT 1;
  END IF;
  IF NEW."status" = 'succeeded' THEN
    PERFORM "dashboard_count_money"(today, o."brand_id", o."flux_id", coalesce(m."source", 'direct'),
      NEW."provider", o."currency", 1, NEW."amount_cents", 0, 0, 0, 0, renewal::int, 0, 0,
      (renewal AND coalesce(failures, 0) > 0)::int);
    INSERT INTO "payer_days" AS p ("day", "account_id", "currency", "brand_id", "flux_id", "source", "revenue_cents")
    VALUES (today, o."account_id", o."currency", o."brand_id", o."flux_id", coalesce(m."source", 'direct'),
      NEW."amount_cents")
    ON CONFLICT ("day", "account_id", "currency") DO UPDATE SET "revenue_cents" = p."revenue_cents" + excluded."revenue_cents";
    PERFORM "dashboard_reach"(o."account_id", 'first_payment', now());
    IF renewal THEN PERFORM "dashboard_reach"(o."account_id", 'first_renewal', now()); END IF;
  ELSIF renewal AND NEW."status" IN ('failed', 'canceled') THEN
    PERFORM "dashboard_count_money"(today, o."brand_id", o."flux_id", coalesce(m."source", 'direct'),
      NEW."provider", o."currency", 0, 0, 0, 0, 0, 0, 0, 1, (coalesce(failures, 0) = 0)::int, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_dashboard_outcome" AFTER UPDATE OF "status" ON "payments"
  FOR EACH ROW WHEN (OLD."status" IN ('created', 'action_required', 'pending', 'open')
    AND NEW."status" IN ('succeeded', 'failed', 'canceled'))
  EXECUTE FUNCTION "dashboard_on_payment_status"();
--> statement-breakpoint
-- A refund row is written once per payment (by the console, a withdrawal, or the provider's report); the
-- provider's chargeback is kept apart from the refunds.
CREATE FUNCTION "dashboard_on_refund"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p "payments";
  o "orders";
  m "member_milestones";
  chargeback boolean := NEW."reason" = 'chargeback';
BEGIN
  SELECT * INTO p FROM "payments" WHERE "id" = NEW."payment_id";
  SELECT * INTO o FROM "orders" WHERE "id" = p."order_id";
  IF NOT FOUND OR o."kind" <> 'purchase' THEN RETURN NULL; END IF;
  SELECT * INTO m FROM "member_milestones" WHERE "account_id" = o."account_id";
  PERFORM "dashboard_count_money"((NEW."created_at" AT TIME ZONE 'UTC')::date, o."brand_id", o."flux_id",
    coalesce(m."source", 'direct'), p."provider", o."currency", 0, 0,
    (NOT chargeback)::int, CASE WHEN chargeback THEN 0 ELSE NEW."amount_cents" END,
    chargeback::int, CASE WHEN chargeback THEN NEW."amount_cents" ELSE 0 END, 0, 0, 0, 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "refunds_dashboard_refund" AFTER INSERT ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_on_refund"();
--> statement-breakpoint
-- The rollups recomputed from the tables the events are in (the migration's backfill; the benchmark's data).
-- Landings are not in any other table: they are kept. Renewal retries are read from the renewal payment's
-- idempotency key, which ends with the failures before the attempt (worker/payments/renewals.service.ts).
-- Erased members' steps are gone with their milestones; their money stays.
CREATE FUNCTION "dashboard_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "cohort_weekly";
  DELETE FROM "payer_days";
  DELETE FROM "money_daily";
  DELETE FROM "member_milestones";
  DELETE FROM "funnel_daily" WHERE "landings" = 0;
  UPDATE "funnel_daily" SET "signups" = 0, "phone_verified" = 0, "first_messages" = 0, "first_payments" = 0,
    "first_renewals" = 0;

  INSERT INTO "member_milestones" ("account_id", "brand_id", "flux_id", "source", "signed_up_at",
    "phone_verified_at", "first_message_at", "first_payment_at", "first_renewal_at")
  SELECT a."id", a."brand_id", a."flux_id", a."source", a."created_at",
    CASE WHEN a."phone" IS NOT NULL THEN coalesce(pc."verified_at", a."created_at") END,
    msg.first_at, pay.first_at, pay.first_renewal_at
  FROM "accounts" a
  LEFT JOIN "phone_codes" pc ON pc."account_id" = a."id"
  LEFT JOIN (SELECT "account_id", min("time") AS first_at FROM "messages" WHERE "type" = 'personal' GROUP BY 1) msg
    ON msg."account_id" = a."id"
  LEFT JOIN (
    SELECT o."account_id", min(coalesce(p."granted_at", p."updated_at")) AS first_at,
      min(coalesce(p."granted_at", p."updated_at")) FILTER (WHERE p."purpose" = 'renewal') AS first_renewal_at
    FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
    WHERE o."kind" = 'purchase' AND p."status" IN ('succeeded', 'refunded')
    GROUP BY 1
  ) pay ON pay."account_id" = a."id"
  WHERE a."erased_at" IS NULL;

  INSERT INTO "funnel_daily" AS f ("day", "brand_id", "flux_id", "source", "signups", "phone_verified",
    "first_messages", "first_payments", "first_renewals")
  SELECT (x.at AT TIME ZONE 'UTC')::date, m."brand_id", m."flux_id", m."source",
    count(*) FILTER (WHERE x.step = 'signup'), count(*) FILTER (WHERE x.step = 'phone_verified'),
    count(*) FILTER (WHERE x.step = 'first_message'), count(*) FILTER (WHERE x.step = 'first_payment'),
    count(*) FILTER (WHERE x.step = 'first_renewal')
  FROM "member_milestones" m, LATERAL (VALUES ('signup', m."signed_up_at"), ('phone_verified', m."phone_verified_at"),
    ('first_message', m."first_message_at"), ('first_payment', m."first_payment_at"),
    ('first_renewal', m."first_renewal_at")) AS x(step, at)
  WHERE x.at IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("day", "brand_id", "flux_id", "source") DO UPDATE SET "signups" = excluded."signups",
    "phone_verified" = excluded."phone_verified", "first_messages" = excluded."first_messages",
    "first_payments" = excluded."first_payments", "first_renewals" = excluded."first_renewals";

  INSERT INTO "cohort_weekly" ("cohort_week", "brand_id", "flux_id", "source", "weeks_after", "first_payers")
  SELECT c.week, m."brand_id", m."flux_id", m."source",
    greatest(0, ((m."first_payment_at" AT TIME ZONE 'UTC')::date - c.week) / 7), count(*)
  FROM "member_milestones" m, LATERAL (SELECT date_trunc('week', m."signed_up_at" AT TIME ZONE 'UTC')::date AS week) c
  WHERE m."first_payment_at" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;

  CREATE TEMP TABLE "dashboard_settled" ON COMMIT DROP AS
  SELECT (coalesce(p."granted_at", p."updated_at") AT TIME ZONE 'UTC')::date AS day, o."account_id",
    o."brand_id", o."flux_id", coalesce(m."source", 'direct') AS source, p."provider", o."currency",
    p."amount_cents", p."purpose" = 'renewal' AS renewal,
    p."purpose" = 'renewal' AND split_part(p."idempotency_key", '_', 4) ~ '^[1-9][0-9]*$' AS after_failure
  FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
  LEFT JOIN "member_milestones" m ON m."account_id" = o."account_id"
  WHERE o."kind" = 'purchase' AND p."status" IN ('succeeded', 'refunded');

  INSERT INTO "payer_days" ("day", "account_id", "currency", "brand_id", "flux_id", "source", "revenue_cents")
  SELECT day, "account_id", "currency", min("brand_id"), min("flux_id"), min(source), sum("amount_cents")
  FROM "dashboard_settled" GROUP BY 1, 2, 3;

  INSERT INTO "money_daily" ("day", "brand_id", "flux_id", "source", "provider", "currency", "payments",
    "revenue_cents", "refunds", "refund_cents", "chargebacks", "chargeback_cents", "renewals_paid",
    "renewals_failed", "retries_started", "retries_recovered")
  SELECT day, "brand_id", "flux_id", source, "provider", "currency", sum(n_pay), sum(rev), sum(n_ref),
    sum(ref), sum(n_cb), sum(cb), sum(ren_paid), sum(ren_failed), sum(retry_started), sum(retry_recovered)
  FROM (
    SELECT day, "brand_id", "flux_id", source, "provider", "currency", 1 AS n_pay, "amount_cents"::bigint AS rev,
      0 AS n_ref, 0::bigint AS ref, 0 AS n_cb, 0::bigint AS cb, renewal::int AS ren_paid, 0 AS ren_failed,
      0 AS retry_started, after_failure::int AS retry_recovered
    FROM "dashboard_settled"
    UNION ALL
    SELECT (p."updated_at" AT TIME ZONE 'UTC')::date, o."brand_id", o."flux_id", coalesce(m."source", 'direct'),
      p."provider", o."currency", 0, 0, 0, 0, 0, 0, 0, 1, (split_part(p."idempotency_key", '_', 4) = '0')::int, 0
    FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
    LEFT JOIN "member_milestones" m ON m."account_id" = o."account_id"
    WHERE o."kind" = 'purchase' AND p."purpose" = 'renewal' AND p."status" IN ('failed', 'canceled')
    UNION ALL
    SELECT (r."created_at" AT TIME ZONE 'UTC')::date, o."brand_id", o."flux_id", coalesce(m."source", 'direct'),
      p."provider", o."currency", 0, 0, (r."reason" <> 'chargeback')::int,
      CASE WHEN r."reason" <> 'chargeback' THEN r."amount_cents" ELSE 0 END, (r."reason" = 'chargeback')::int,
      CASE WHEN r."reason" = 'chargeback' THEN r."amount_cents" ELSE 0 END, 0, 0, 0, 0
    FROM "refunds" r JOIN "payments" p ON p."id" = r."payment_id" JOIN "orders" o ON o."id" = p."order_id"
    LEFT JOIN "member_milestones" m ON m."account_id" = o."account_id"
    WHERE o."kind" = 'purchase'
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6;
  DROP TABLE "dashboard_settled";
END
$$;
--> statement-breakpoint
SELECT "dashboard_rebuild"();
