-- hand-written
-- The payers' rollups kept by one payment's change without recounting its member (the common case), the
-- recount kept for every other change (docs/decisions/2026-11-29-the-dashboard-rollups-hold-their-totals.md).
CREATE OR REPLACE FUNCTION "dashboard_count_payer_changes"(p_added "payer_days"[], p_removed "payer_days"[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[];
  rows_now "payer_days"[];
  rows_before "payer_days"[];
  delta "payers_daily"[];
  emptied tid[];
  emptied_any tid[];
  changed "payer_days";
  was "payer_days";
  previous date;
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

  -- A payment's statement changes one row: more revenue on a paying day, or a new paying day. The first
  -- changes that day's revenue only; the second, when no later paying day follows it, adds the member under
  -- the day before it and recounts nothing else. Anything else (a day paid late, an erasure) recounts the
  -- member below.
  IF cardinality(p_added) = 1 AND cardinality(p_removed) <= 1 THEN
    changed := p_added[1];
    was := p_removed[1];
    IF was IS NULL OR (was."day", was."account_id", was."currency", was."brand_id", was."flux_id", was."source")
        IS NOT DISTINCT FROM (changed."day", changed."account_id", changed."currency", changed."brand_id",
          changed."flux_id", changed."source")
    THEN
      SELECT coalesce(max(p."day"), '-infinity') INTO previous FROM "payer_days" p
      WHERE p."account_id" = changed."account_id" AND p."currency" = changed."currency" AND p."day" < changed."day";
      IF was IS NOT NULL THEN
        INSERT INTO "payers_daily" AS d ("day", "brand_id", "flux_id", "source", "currency", "since", "members",
          "revenue_cents")
        SELECT changed."day", changed."brand_id", l."flux_id", l."source", changed."currency", previous, 0,
          changed."revenue_cents" - was."revenue_cents"
        FROM "dashboard_levels"(changed."flux_id", changed."source") l
        ON CONFLICT ("brand_id", "flux_id", "source", "day", "currency", "since") DO UPDATE SET
          "revenue_cents" = d."revenue_cents" + excluded."revenue_cents";
        RETURN;
      ELSIF NOT EXISTS (SELECT FROM "payer_days" p
          WHERE p."account_id" = changed."account_id" AND p."day" > changed."day") THEN
        INSERT INTO "payers_daily" AS d ("day", "brand_id", "flux_id", "source", "currency", "since", "members",
          "revenue_cents")
        SELECT changed."day", changed."brand_id", l."flux_id", l."source", changed."currency", previous, 1,
          changed."revenue_cents"
        FROM "dashboard_levels"(changed."flux_id", changed."source") l
        ON CONFLICT ("brand_id", "flux_id", "source", "day", "currency", "since") DO UPDATE SET
          "members" = d."members" + 1, "revenue_cents" = d."revenue_cents" + excluded."revenue_cents";
        -- In all currencies, a day already paid in another one is counted already.
        IF NOT EXISTS (SELECT FROM "payer_days" p WHERE p."account_id" = changed."account_id"
            AND p."day" = changed."day" AND p."currency" <> changed."currency") THEN
          SELECT coalesce(max(p."day"), '-infinity') INTO previous FROM "payer_days" p
          WHERE p."account_id" = changed."account_id" AND p."day" < changed."day";
          INSERT INTO "payers_any_daily" AS d ("day", "brand_id", "flux_id", "source", "since", "members")
          SELECT changed."day", changed."brand_id", l."flux_id", l."source", previous, 1
          FROM "dashboard_levels"(changed."flux_id", changed."source") l
          ON CONFLICT ("brand_id", "flux_id", "source", "day", "since") DO UPDATE SET "members" = d."members" + 1;
        END IF;
        RETURN;
      END IF;
    END IF;
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
