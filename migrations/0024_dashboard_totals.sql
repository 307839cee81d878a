CREATE TABLE "payers_any_daily" (
	"day" date NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text,
	"source" text,
	"since" date NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "payers_any_daily_key" UNIQUE NULLS NOT DISTINCT("brand_id","flux_id","source","day","since")
);
--> statement-breakpoint
CREATE TABLE "payers_daily" (
	"day" date NOT NULL,
	"brand_id" text NOT NULL,
	"flux_id" text,
	"source" text,
	"currency" text NOT NULL,
	"since" date NOT NULL,
	"members" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "payers_daily_key" UNIQUE NULLS NOT DISTINCT("brand_id","flux_id","source","day","currency","since")
);
--> statement-breakpoint
DROP INDEX "payer_days_brand_day_idx";--> statement-breakpoint
ALTER TABLE "cohort_weekly" DROP CONSTRAINT "cohort_weekly_cohort_week_brand_id_flux_id_source_weeks_after_pk";--> statement-breakpoint
ALTER TABLE "funnel_daily" DROP CONSTRAINT "funnel_daily_day_brand_id_flux_id_source_pk";--> statement-breakpoint
ALTER TABLE "money_daily" DROP CONSTRAINT "money_daily_day_brand_id_flux_id_source_provider_currency_pk";--> statement-breakpoint
ALTER TABLE "cohort_weekly" ALTER COLUMN "flux_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cohort_weekly" ALTER COLUMN "source" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_daily" ALTER COLUMN "flux_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_daily" ALTER COLUMN "source" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "money_daily" ALTER COLUMN "flux_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "money_daily" ALTER COLUMN "source" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "funnel_daily_flows_idx" ON "funnel_daily" USING btree ("brand_id","day") WHERE "funnel_daily"."source" is null;--> statement-breakpoint
CREATE INDEX "payer_days_account_idx" ON "payer_days" USING btree ("account_id","day");--> statement-breakpoint
ALTER TABLE "cohort_weekly" ADD CONSTRAINT "cohort_weekly_key" UNIQUE NULLS NOT DISTINCT("brand_id","flux_id","source","cohort_week","weeks_after");--> statement-breakpoint
ALTER TABLE "funnel_daily" ADD CONSTRAINT "funnel_daily_key" UNIQUE NULLS NOT DISTINCT("brand_id","flux_id","source","day");--> statement-breakpoint
ALTER TABLE "money_daily" ADD CONSTRAINT "money_daily_key" UNIQUE NULLS NOT DISTINCT("brand_id","flux_id","source","day","provider","currency");--> statement-breakpoint
-- hand-written
-- Every rollup keyed by flow and source also holds each row summed over every flow (flux_id null), every
-- source (source null) and both, written by the same statement that writes the row: a view reads the rows of
-- its own filters (docs/decisions/2026-11-29-the-dashboard-rollups-hold-their-totals.md).
-- The four keys one event is counted under.
CREATE FUNCTION "dashboard_levels"(p_flux text, p_source text) RETURNS TABLE ("flux_id" text, "source" text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES (p_flux, p_source), (NULL, p_source), (p_flux, NULL), (NULL, NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_count_step"(p_day date, p_brand text, p_flux text, p_source text, p_step text, p_n integer DEFAULT 1)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "funnel_daily" AS f ("day", "brand_id", "flux_id", "source", "landings", "signups", "phone_verified",
    "first_messages", "first_payments", "first_renewals")
  SELECT p_day, p_brand, l."flux_id", l."source",
    CASE WHEN p_step = 'landing' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'signup' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'phone_verified' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'first_message' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'first_payment' THEN p_n ELSE 0 END,
    CASE WHEN p_step = 'first_renewal' THEN p_n ELSE 0 END
  FROM "dashboard_levels"(p_flux, p_source) l
  ON CONFLICT ("brand_id", "flux_id", "source", "day") DO UPDATE SET
    "landings" = f."landings" + excluded."landings",
    "signups" = f."signups" + excluded."signups",
    "phone_verified" = f."phone_verified" + excluded."phone_verified",
    "first_messages" = f."first_messages" + excluded."first_messages",
    "first_payments" = f."first_payments" + excluded."first_payments",
    "first_renewals" = f."first_renewals" + excluded."first_renewals";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_reach"(p_account bigint, p_step text, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
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
    SELECT cohort, m."brand_id", l."flux_id", l."source",
      greatest(0, ((p_at AT TIME ZONE 'UTC')::date - cohort) / 7), 1
    FROM "dashboard_levels"(m."flux_id", m."source") l
    ON CONFLICT ("brand_id", "flux_id", "source", "cohort_week", "weeks_after") DO UPDATE SET
      "first_payers" = c."first_payers" + 1;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_count_money"(p_day date, p_brand text, p_flux text, p_source text, p_provider text,
  p_currency text, p_payments integer, p_revenue bigint, p_refunds integer, p_refund_cents bigint,
  p_chargebacks integer, p_chargeback_cents bigint, p_renewals_paid integer, p_renewals_failed integer,
  p_retries_started integer, p_retries_recovered integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "money_daily" AS d ("day", "brand_id", "flux_id", "source", "provider", "currency", "payments",
    "revenue_cents", "refunds", "refund_cents", "chargebacks", "chargeback_cents", "renewals_paid",
    "renewals_failed", "retries_started", "retries_recovered")
  SELECT p_day, p_brand, l."flux_id", l."source", p_provider, p_currency, p_payments, p_revenue, p_refunds,
    p_refund_cents, p_chargebacks, p_chargeback_cents, p_renewals_paid, p_renewals_failed, p_retries_started,
    p_retries_recovered
  FROM "dashboard_levels"(p_flux, p_source) l
  ON CONFLICT ("brand_id", "flux_id", "source", "day", "provider", "currency") DO UPDATE SET
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
-- What a set of payer_days rows counts in payers_daily (currency set) and payers_any_daily (currency null): per
-- day and key, the member-days under their previous paying day within the set ('-infinity' for none) and
-- their revenue. A member's rows share the member's brand, flow and source.
CREATE FUNCTION "dashboard_payer_counts"(p_rows "payer_days"[])
RETURNS TABLE ("day" date, "brand_id" text, "flux_id" text, "source" text, "currency" text, "since" date,
  "members" bigint, "revenue_cents" bigint)
LANGUAGE sql STABLE AS $$
  WITH r AS (SELECT * FROM unnest(p_rows)), member_days AS (
    SELECT r."day", r."brand_id", r."flux_id", r."source", r."currency", r."revenue_cents",
      lag(r."day") OVER (PARTITION BY r."account_id", r."currency" ORDER BY r."day") AS prev
    FROM r
    UNION ALL
    SELECT d."day", d."brand_id", d."flux_id", d."source", NULL, 0,
      lag(d."day") OVER (PARTITION BY d."account_id" ORDER BY d."day")
    FROM (SELECT DISTINCT ON (r."account_id", r."day") * FROM r ORDER BY r."account_id", r."day", r."currency") d
  )
  SELECT m."day", m."brand_id", l."flux_id", l."source", m."currency", coalesce(m.prev, '-infinity'), count(*),
    sum(m."revenue_cents")::bigint
  FROM member_days m, "dashboard_levels"(m."flux_id", m."source") l
  GROUP BY 1, 2, 3, 4, 5, 6
$$;
--> statement-breakpoint
-- Rows of payer_days added and removed by one statement: the members touched are recounted, what they count
-- now less what they counted before (the rows now, without the added ones, with the removed ones).
CREATE FUNCTION "dashboard_count_payer_changes"(p_added "payer_days"[], p_removed "payer_days"[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[];
  rows_now "payer_days"[];
  rows_before "payer_days"[];
  delta "payers_daily"[];
  emptied tid[];
  emptied_any tid[];
BEGIN
  SELECT array_agg(DISTINCT a ORDER BY a) INTO touched FROM (
    SELECT x."account_id" a FROM unnest(p_added) x UNION ALL SELECT x."account_id" FROM unnest(p_removed) x) t;
  IF touched IS NULL THEN RETURN; END IF;
  -- One statement per member at a time: a concurrent payment in another currency then sees this one's row.
  -- A statement of many members (a bulk erasure) takes them all at once rather than a lock each.
  IF cardinality(touched) > 64 THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('payer_days', 0));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('payer_days', 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('payer_days ' || a, 0)) FROM unnest(touched) a ORDER BY a;
  END IF;
  SELECT coalesce(array_agg(p), '{}') INTO rows_now FROM "payer_days" p WHERE p."account_id" = ANY (touched);
  SELECT coalesce(array_agg(b), '{}') INTO rows_before FROM (
    SELECT n.* FROM unnest(rows_now) n WHERE NOT EXISTS (SELECT FROM unnest(p_added) a
      WHERE a."day" = n."day" AND a."account_id" = n."account_id" AND a."currency" = n."currency")
    UNION ALL SELECT * FROM unnest(p_removed)) b;

  -- The change, one row per key (payers_daily's row type; currency null for payers_any_daily).
  SELECT coalesce(array_agg(ROW(c."day", c."brand_id", c."flux_id", c."source", c."currency", c."since", c."members",
      c."revenue_cents")::"payers_daily"), '{}') INTO delta
  FROM (SELECT x."day", x."brand_id", x."flux_id", x."source", x."currency", x."since", sum(x."members")::int "members",
      sum(x."revenue_cents")::bigint "revenue_cents"
    FROM (SELECT * FROM "dashboard_payer_counts"(rows_now)
      UNION ALL SELECT n."day", n."brand_id", n."flux_id", n."source", n."currency", n."since", -n."members",
        -n."revenue_cents" FROM "dashboard_payer_counts"(rows_before) n) x
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x."members") <> 0 OR sum(x."revenue_cents") <> 0) c;

  WITH counted AS (
    INSERT INTO "payers_daily" AS d ("day", "brand_id", "flux_id", "source", "currency", "since", "members",
      "revenue_cents")
    SELECT * FROM unnest(delta) x WHERE x."currency" IS NOT NULL
    ON CONFLICT ("brand_id", "flux_id", "source", "day", "currency", "since") DO UPDATE SET
      "members" = d."members" + excluded."members", "revenue_cents" = d."revenue_cents" + excluded."revenue_cents"
    RETURNING d.ctid, d."members")
  SELECT array_agg(ctid) FILTER (WHERE "members" = 0) INTO emptied FROM counted;
  WITH counted AS (
    INSERT INTO "payers_any_daily" AS a ("day", "brand_id", "flux_id", "source", "since", "members")
    SELECT x."day", x."brand_id", x."flux_id", x."source", x."since", x."members"
    FROM unnest(delta) x WHERE x."currency" IS NULL
    ON CONFLICT ("brand_id", "flux_id", "source", "day", "since") DO UPDATE SET "members" = a."members" + excluded."members"
    RETURNING a.ctid, a."members")
  SELECT array_agg(ctid) FILTER (WHERE "members" = 0) INTO emptied_any FROM counted;
  -- A row left with no member (an erased member's, or a day recounted under a new previous day) goes.
  DELETE FROM "payers_daily" WHERE ctid = ANY (emptied);
  DELETE FROM "payers_any_daily" WHERE ctid = ANY (emptied_any);
END
$$;
--> statement-breakpoint
-- payer_days changes by a payment (a new member-day, or more revenue on one) and by an erasure (its rows
-- deleted). dashboard_rebuild() writes it whole and counts it whole itself.
CREATE FUNCTION "dashboard_on_payer_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added "payer_days"[] := '{}';
  removed "payer_days"[] := '{}';
BEGIN
  IF current_setting('dashboard.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM "added_rows" n; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM "removed_rows" o; END IF;
  PERFORM "dashboard_count_payer_changes"(added, removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payer_days_dashboard_insert" AFTER INSERT ON "payer_days" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_on_payer_days"();
--> statement-breakpoint
CREATE TRIGGER "payer_days_dashboard_update" AFTER UPDATE ON "payer_days"
  REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_on_payer_days"();
--> statement-breakpoint
CREATE TRIGGER "payer_days_dashboard_delete" AFTER DELETE ON "payer_days" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_on_payer_days"();
--> statement-breakpoint
-- The rollups recomputed, with their totals, from the tables the events are in (the migration's backfill; the benchmark's data).
-- Landings are not in any other table: they are kept. Renewal retries are read from the renewal payment's
-- idempotency key, which ends with the failures before the attempt (worker/payments/renewals.service.ts).
-- Erased members' steps are gone with their milestones; their money stays.
CREATE OR REPLACE FUNCTION "dashboard_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- payer_days is written whole below; its triggers would recount every member one statement at a time.
  PERFORM set_config('dashboard.rebuilding', 'on', true);
  DELETE FROM "payers_daily";
  DELETE FROM "payers_any_daily";
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
  GROUP BY (x.at AT TIME ZONE 'UTC')::date, m."brand_id", CUBE (m."flux_id", m."source")
  ON CONFLICT ("brand_id", "flux_id", "source", "day") DO UPDATE SET "signups" = excluded."signups",
    "phone_verified" = excluded."phone_verified", "first_messages" = excluded."first_messages",
    "first_payments" = excluded."first_payments", "first_renewals" = excluded."first_renewals";

  INSERT INTO "cohort_weekly" ("cohort_week", "brand_id", "flux_id", "source", "weeks_after", "first_payers")
  SELECT c.week, m."brand_id", m."flux_id", m."source",
    greatest(0, ((m."first_payment_at" AT TIME ZONE 'UTC')::date - c.week) / 7), count(*)
  FROM "member_milestones" m, LATERAL (SELECT date_trunc('week', m."signed_up_at" AT TIME ZONE 'UTC')::date AS week) c
  WHERE m."first_payment_at" IS NOT NULL
  GROUP BY c.week, m."brand_id", CUBE (m."flux_id", m."source"),
    greatest(0, ((m."first_payment_at" AT TIME ZONE 'UTC')::date - c.week) / 7);

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
  INSERT INTO "payers_daily" ("day", "brand_id", "flux_id", "source", "currency", "since", "members", "revenue_cents")
  SELECT c."day", c."brand_id", c."flux_id", c."source", c."currency", c."since", c."members", c."revenue_cents"
  FROM "dashboard_payer_counts"((SELECT array_agg(p) FROM "payer_days" p)) c WHERE c."currency" IS NOT NULL;
  INSERT INTO "payers_any_daily" ("day", "brand_id", "flux_id", "source", "since", "members")
  SELECT c."day", c."brand_id", c."flux_id", c."source", c."since", c."members"
  FROM "dashboard_payer_counts"((SELECT array_agg(p) FROM "payer_days" p)) c WHERE c."currency" IS NULL;

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
  GROUP BY day, "brand_id", CUBE ("flux_id", source), "provider", "currency";
  DROP TABLE "dashboard_settled";
  PERFORM set_config('dashboard.rebuilding', 'off', true);
END
$$;
--> statement-breakpoint
-- The landings are in no other table: their totals over flows and sources come from the rows kept so far.
INSERT INTO "funnel_daily" ("day", "brand_id", "flux_id", "source", "landings")
SELECT "day", "brand_id", "flux_id", "source", sum("landings") FROM "funnel_daily" WHERE "landings" > 0
GROUP BY "day", "brand_id", CUBE ("flux_id", "source")
HAVING GROUPING("flux_id", "source") <> 0;
--> statement-breakpoint
SELECT "dashboard_rebuild"();
