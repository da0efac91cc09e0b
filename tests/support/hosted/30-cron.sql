-- pg_cron, as hosted has it: loaded at start (shared_preload_libraries, cron.database_name =
-- 'postgres': pg: ansible/files/postgresql_config/postgresql.conf.j2), created by supabase_admin in
-- the postgres database only (supautils runs privileged extensions as supabase_admin; pg_cron's
-- schema is pg_catalog per supautils.conf.j2's extensions_parameter_overrides). Runs as
-- supabase_admin in database postgres after 10-database.sql, whose event trigger
-- issue_pg_cron_access gives postgres the use of schema cron. Read 2026-11-26, supabase/postgres
-- 7db7e1a9.
create extension if not exists pg_cron with schema pg_catalog;

-- pg: migrations/20220713082019_pg_cron-pg_net-temp-perms-fix.sql (the functions; the trigger
-- only sets defaults for later ones) and 20231020085357_revoke_writes_on_cron_job_from_postgres.sql
-- (postgres reads cron.job; it schedules through cron.schedule, never by writing the table).
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;
