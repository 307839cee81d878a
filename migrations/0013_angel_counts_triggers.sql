-- angel_counts follows angels: each statement that inserts, updates or deletes angels adds or takes away
-- its rows' counts (per country, gender, region or city, and age) in the same transaction, from its
-- transition tables, so a bulk load costs one aggregate and not one upsert per row.
CREATE FUNCTION "angel_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "angel_counts" AS c ("country", "gender", "place_kind", "place", "age", "n")
      SELECT o."country", o."gender", p.kind, p.place, o."age", -count(*)::int
      FROM "old_angels" o, LATERAL (VALUES ('region', o."region"), ('city', o."city")) AS p(kind, place)
      GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("country", "gender", "place_kind", "place", "age") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "angel_counts" AS c ("country", "gender", "place_kind", "place", "age", "n")
      SELECT a."country", a."gender", p.kind, p.place, a."age", count(*)::int
      FROM "new_angels" a, LATERAL (VALUES ('region', a."region"), ('city', a."city")) AS p(kind, place)
      GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("country", "gender", "place_kind", "place", "age") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "angel_counts_insert" AFTER INSERT ON "angels" REFERENCING NEW TABLE AS "new_angels"
  FOR EACH STATEMENT EXECUTE FUNCTION "angel_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "angel_counts_update" AFTER UPDATE ON "angels" REFERENCING OLD TABLE AS "old_angels" NEW TABLE AS "new_angels"
  FOR EACH STATEMENT EXECUTE FUNCTION "angel_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "angel_counts_delete" AFTER DELETE ON "angels" REFERENCING OLD TABLE AS "old_angels"
  FOR EACH STATEMENT EXECUTE FUNCTION "angel_counts_apply"();
--> statement-breakpoint
-- TRUNCATE fires no row triggers: it empties the counts with it.
CREATE FUNCTION "angel_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "angel_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "angel_counts_truncate" AFTER TRUNCATE ON "angels" FOR EACH STATEMENT EXECUTE FUNCTION "angel_counts_clear"();
--> statement-breakpoint
INSERT INTO "angel_counts" ("country", "gender", "place_kind", "place", "age", "n")
  SELECT a."country", a."gender", p.kind, p.place, a."age", count(*)::int
  FROM "angels" a, LATERAL (VALUES ('region', a."region"), ('city', a."city")) AS p(kind, place)
  GROUP BY 1, 2, 3, 4, 5;
