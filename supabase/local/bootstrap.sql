-- What a hosted Supabase project provides before any migration runs, mirrored for the local
-- gateway: the API roles, the extensions and auth schemas, auth.uid()/auth.jwt()/auth.role(),
-- the auth tables the gateway's GoTrue stand-in keeps, and Supabase's default privileges.
-- Idempotent: it runs on every gateway start.

-- The roles of a hosted project (tests/support/hosted/00-roles.sql has each with its source in
-- supabase/postgres). A new PGlite database is made with `supabase_admin` as its superuser
-- (db.ts), so `postgres` is created here without superuser, as hosted demotes it, and the
-- migrations run as it (migrate.ts). A database made before that, or a server reached through
-- DATABASE_URL whose `postgres` is a superuser, keeps it as it is. Roles are created, and their
-- settings changed, only by a superuser; the API roles are all a non-superuser owner needs.
do $$
declare
  v_super boolean := (select rolsuper from pg_roles where rolname = current_user);
  v_role record;
begin
  -- The API roles come first: they are all a non-superuser owner can (and needs to) create.
  -- authenticator is PostgREST's login role: no rights of its own until it switches to an API role.
  for v_role in
    select * from (values
      (1, 'anon', 'nologin inherit'),
      (2, 'authenticated', 'nologin inherit'),
      (3, 'service_role', 'nologin inherit bypassrls'),
      (4, 'supabase_admin', 'nologin superuser createdb createrole replication bypassrls'),
      (5, 'postgres', 'login nosuperuser createdb createrole replication bypassrls'),
      (6, 'authenticator', 'login noinherit'),
      (7, 'supabase_auth_admin', 'login noinherit createrole'),
      (8, 'supabase_storage_admin', 'login noinherit createrole'),
      (9, 'dashboard_user', 'nologin createdb createrole replication'),
      (10, 'supabase_replication_admin', 'login replication'),
      (11, 'supabase_read_only_user', 'login bypassrls'),
      (12, 'pgbouncer', 'login')
    ) as roles (n, name, attributes)
    where v_super or n <= 3
    order by n
  loop
    if not exists (select 1 from pg_roles where rolname = v_role.name) then
      execute format('create role %I %s', v_role.name, v_role.attributes);
    end if;
  end loop;
  if not v_super then
    return;
  end if;
  grant anon, authenticated, service_role to authenticator;
  grant anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin to postgres;
  grant pg_read_all_data to supabase_read_only_user;
  -- Hosted's per-role timeouts. A role setting applies at login, not at `set role`: the gateway
  -- applies the API role's settings in each request's transaction, as PostgREST does (rest.ts).
  alter role anon set statement_timeout = '3s';
  alter role authenticated set statement_timeout = '8s';
  alter role authenticator set statement_timeout = '8s';
  alter role authenticator set lock_timeout = '8s';
  -- Hosted's postgres owns the project's database (it may create schemas and trusted extensions).
  if not (select rolsuper from pg_roles where rolname = 'postgres') then
    execute format('alter database %I owner to postgres', current_database());
    execute format('grant all on database %I to postgres', current_database());
  end if;
end
$$;

-- Hosted keeps extensions in their own schema, owned by postgres, which the migrations create
-- them in (pg_trgm and unaccent: 0100). Only PostgREST's DDL watch (below) is created in it here.
create schema if not exists extensions;
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    alter schema extensions owner to postgres;
  end if;
end
$$;
grant usage on schema extensions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text unique,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Added for the gateway: the session's `amr` claim (how it was started), kept across refreshes.
alter table auth.sessions add column if not exists amr jsonb not null default '[]'::jsonb;

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation_token', 'recovery_token')),
  token_hash text not null unique,
  relates_to text not null,
  created_at timestamptz not null default now()
);

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- Supabase's defaults: the API roles may use the public schema, and new objects there, made by
-- postgres (the migrations) or supabase_admin, are granted to them; row level security is what
-- keeps rows apart. Our migrations narrow this (0100). Hosted's postgres may use the auth schema.
grant usage on schema public to anon, authenticated, service_role;
do $$
declare
  v_owner text;
begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    return;
  end if;
  -- Once, before the first migration, as on a new hosted project: 0100 narrows these defaults, and
  -- granting them again on a later start would hand the API roles every table a later migration makes.
  for v_owner in select rolname from pg_roles
                  where to_regclass('supabase_migrations.schema_migrations') is null and
                    rolname in ('postgres', 'supabase_admin', current_user) and pg_has_role(current_user, rolname, 'member') loop
    execute format('alter default privileges for role %I in schema public grant all on tables to postgres, anon, authenticated, service_role', v_owner);
    execute format('alter default privileges for role %I in schema public grant all on functions to postgres, anon, authenticated, service_role', v_owner);
    execute format('alter default privileges for role %I in schema public grant all on sequences to postgres, anon, authenticated, service_role', v_owner);
  end loop;
  grant all on schema auth to postgres;
  grant all on all tables in schema auth to postgres;
  grant all on all sequences in schema auth to postgres;
  grant all on all routines in schema auth to postgres;
end
$$;

-- PostgREST reloads its schema cache on `NOTIFY pgrst, 'reload schema'`, which hosted sends from
-- supabase_admin's event triggers on DDL. The gateway keeps such a cache too (schema-cache.ts:
-- each function's signature and each API role's settings) and clears it on the same notice. Only
-- a superuser makes event triggers; without them (a server whose session user is not one) the
-- gateway reads the catalogue on every call instead. One notice per transaction at most: Postgres
-- folds a transaction's identical notices into one.
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    create or replace function extensions.pgrst_watch() returns event_trigger
    language plpgsql as 'begin notify pgrst, ''reload schema''; end';
    if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
      create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_watch();
    end if;
    if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
      create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_watch();
    end if;
  end if;
end
$$;

-- The gateway's development mailbox (GET /_dev/mailbox): mail that a real project would send.
create schema if not exists local_dev;
create table if not exists local_dev.mailbox (
  id bigserial primary key,
  "to" text not null,
  kind text not null check (kind in ('signup', 'recovery')),
  link text not null,
  sent_at timestamptz not null default now()
);

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);
-- The Supabase CLI makes this schema as postgres, which records each migration it applies.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    grant usage, create on schema supabase_migrations to postgres;
    grant all on supabase_migrations.schema_migrations to postgres;
  end if;
end
$$;
