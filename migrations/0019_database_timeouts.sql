-- The server's own limit on one statement, as the database's default, so it holds on every way in: Neon's SQL
-- over HTTP and its pooler take no session settings from the client, and a role's or database's defaults are
-- what they apply. A statement still running after it is cancelled (57014) and its locks released; the
-- Worker answers 503 with Retry-After (worker/core/db.ts, DB_STATEMENT_TIMEOUT_MS) and waits a little longer
-- itself (DB_QUERY_TIMEOUT_MS) for a server that cannot answer at all. Long maintenance runs in a session of
-- its own that turns it off (scripts/migrate.ts does; docs/database.md says how for other tools).
DO $timeouts$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET statement_timeout = %L', current_database(), '5s');
END
$timeouts$;
