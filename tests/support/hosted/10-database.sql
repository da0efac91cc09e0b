-- A hosted Supabase database before any project migration: who owns it, the public and extensions
-- schemas' grants and default privileges, the preinstalled extensions, PostgREST's schema-reload
-- triggers and pgbouncer's auth function. Runs as supabase_admin in each database the harness
-- makes (postgres, hosted_template), after 00-roles.sql. Sources as in 00-roles.sql (read
-- 2026-11-26: supabase/postgres 7db7e1a9, supabase/auth bc32168e); "pg:" = supabase/postgres.

-- migrate.sh: `alter database postgres owner to postgres`; pg: migrations/10000000000000_demote-
-- postgres.sql and init-scripts/00000000000003-post-setup.sql grant the database to postgres and
-- dashboard_user. As owner, postgres is pg_database_owner, so it owns PostgreSQL 15's public
-- schema (CREATE for it alone: PUBLIC keeps only USAGE).
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to postgres, dashboard_user', current_database());
end
$$;

-- The init scripts run as postgres while it was still a superuser (migrate.sh), so the defaults
-- they set without FOR ROLE are postgres's own: what postgres creates in public is granted to the
-- API roles (pg: init-scripts/00000000000000-initial-schema.sql).
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- The extensions schema: made by postgres in the init script, so postgres owns it and may create
-- in it; dashboard_user has ALL (post-setup); the API roles may use what is in it.
create schema if not exists extensions;
alter schema extensions owner to postgres;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to dashboard_user;

-- Preinstalled (pg: init-scripts/00000000000000-initial-schema.sql; pg_stat_statements per
-- pg: migrations/schema-15.sql). pgjwt is preinstalled too but is not packaged for Debian.
-- pg_trgm and unaccent are NOT preinstalled: a project's migrations must create them.
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_stat_statements with schema extensions;

-- pg: migrations/20230224042246_grant_extensions_perms_for_postgres.sql (defaults without FOR
-- ROLE: they were set by supabase_admin, who runs the migrations and creates the extensions)
grant all privileges on all tables in schema extensions to postgres with grant option;
grant all privileges on all routines in schema extensions to postgres with grant option;
grant all privileges on all sequences in schema extensions to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions grant all on tables to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions grant all on routines to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions grant all on sequences to postgres with grant option;
grant all on all tables in schema extensions to dashboard_user;
grant all on all sequences in schema extensions to dashboard_user;
grant all on all routines in schema extensions to dashboard_user;

-- PostgREST reloads its schema cache on DDL (pg: migrations/20220321174452_fix-postgrest-alter-
-- type-event-trigger.sql). Kept because these triggers run inside every migration's transaction
-- on hosted, as supabase_admin's event triggers.
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql
as $$
declare
  v_cmd record;
begin
  for v_cmd in select * from pg_event_trigger_ddl_commands() loop
    if v_cmd.command_tag in ('CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS',
        'SELECT INTO', 'ALTER TABLE', 'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW',
        'ALTER VIEW', 'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION',
        'ALTER FUNCTION', 'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT')
       and v_cmd.schema_name is distinct from 'pg_temp' then
      notify pgrst, 'reload schema';
    end if;
  end loop;
end
$$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql
as $$
declare
  v_obj record;
begin
  for v_obj in select * from pg_event_trigger_dropped_objects() loop
    if v_obj.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view',
        'function', 'trigger', 'type', 'rule')
       and v_obj.is_temporary is false then
      notify pgrst, 'reload schema';
    end if;
  end loop;
end
$$;

drop event trigger if exists pgrst_ddl_watch;
create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
drop event trigger if exists pgrst_drop_watch;
create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();

-- When pg_cron is created, postgres may use schema cron and its functions but only read cron.job
-- (pg: migrations/20231020085357_revoke_writes_on_cron_job_from_postgres.sql, the trigger's
-- latest form). The extension itself is created by 30-cron.sql, in the postgres database only.
create or replace function extensions.grant_pg_cron_access() returns event_trigger
language plpgsql
as $$
begin
  if exists (
    select from pg_event_trigger_ddl_commands() as ev
    join pg_extension as ext on ev.objid = ext.oid
    where ext.extname = 'pg_cron'
  ) then
    grant usage on schema cron to postgres with grant option;
    alter default privileges in schema cron grant all on tables to postgres with grant option;
    alter default privileges in schema cron grant all on functions to postgres with grant option;
    alter default privileges in schema cron grant all on sequences to postgres with grant option;
    alter default privileges for role supabase_admin in schema cron grant all on sequences to postgres with grant option;
    alter default privileges for role supabase_admin in schema cron grant all on tables to postgres with grant option;
    alter default privileges for role supabase_admin in schema cron grant all on functions to postgres with grant option;
    grant all privileges on all tables in schema cron to postgres with grant option;
    revoke all on table cron.job from postgres;
    grant select on table cron.job to postgres with grant option;
  end if;
end
$$;
comment on function extensions.grant_pg_cron_access() is 'Grants access to pg_cron';
drop event trigger if exists issue_pg_cron_access;
create event trigger issue_pg_cron_access on ddl_command_end when tag in ('CREATE EXTENSION')
  execute function extensions.grant_pg_cron_access();

-- pgbouncer looks passwords up through a security definer function it alone may call
-- (pg: ansible/files/pgbouncer_config/pgbouncer_auth_schema.sql).
revoke all privileges on schema public from pgbouncer;
create schema if not exists pgbouncer authorization pgbouncer;
create or replace function pgbouncer.get_auth(p_usename text)
returns table (username text, password text)
language plpgsql
security definer
as $$
begin
  raise warning 'PgBouncer auth request: %', p_usename;
  return query select usename::text, passwd::text from pg_catalog.pg_shadow where usename = p_usename;
end
$$;
revoke all on function pgbouncer.get_auth(text) from public;
grant execute on function pgbouncer.get_auth(text) to pgbouncer;
