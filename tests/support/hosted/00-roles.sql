-- Hosted Supabase's roles, as a PostgreSQL 15 cluster made with `initdb --username=supabase_admin`
-- has them after supabase/postgres's init scripts and migrations ran. Roles are cluster-wide: this
-- file runs once, as supabase_admin, before the per-database files. Passwords are set by
-- tests/support/with-supabase.ts (one random password per run), not here.
--
-- Written for Checkpoint from reading (no file copied), 2026-11-26:
--   github:supabase/postgres at 7db7e1a9e34b9ffb9b0e3372ccf08eb4fa772f4b (15.8.1.004-3-g7db7e1a9,
--     2024-10-23): migrations/db/migrate.sh, migrations/db/init-scripts/*.sql,
--     migrations/db/migrations/*.sql, ansible/files/postgresql_config/{postgresql.conf.j2,
--     supautils.conf.j2}, ansible/files/pgbouncer_config/pgbouncer_auth_schema.sql
--   github:supabase/auth at bc32168e13fdc928c98b449fc76bc3fdb9a293c5 (v2.196.0-2-gbc32168e,
--     2026-08-20): migrations/*.up.sql
-- "pg:" below is a path in supabase/postgres, "auth:" one in supabase/auth.
--
-- Not reproduced (not packaged for Debian's PostgreSQL 15): supautils (hosted's guard that lets
-- postgres create "privileged" extensions as supabase_admin and protects the reserved roles),
-- safeupdate (authenticator's session_preload_libraries), pgsodium's roles, pg_net's
-- supabase_functions_admin.

-- supabase_admin is the bootstrap superuser (initdb --username); pg: init-scripts/00000000000000-
-- initial-schema.sql spells out its attributes.
alter role supabase_admin with superuser createdb createrole replication bypassrls;
-- pg: init-scripts/00000000000003-post-setup.sql, then docker/all-in-one/etc/postgresql.schema.sql
alter role supabase_admin set search_path to "$user", public, auth, extensions;

-- postgres: made a superuser by migrate.sh, then demoted (pg: migrations/10000000000000_demote-
-- postgres.sql). It owns the postgres database (migrate.sh: alter database postgres owner).
create role postgres with nosuperuser createdb createrole login replication bypassrls;
-- pg: init-scripts/00000000000003-post-setup.sql. The init script goes through `psql -f` with the
-- shell's escape left in, so hosted's value really is the identifier "\$user" (no such schema:
-- in effect public, extensions). Reproduced as hosted has it.
alter role postgres set search_path to "\$user", public, extensions;

-- The API roles (pg: init-scripts/00000000000000-initial-schema.sql), made inherit by
-- pg: migrations/20230529180330_alter_api_roles_for_inherit.sql.
create role anon with nologin inherit;
create role authenticated with nologin inherit;
create role service_role with nologin inherit bypassrls;
-- "Set short statement/query timeouts for API roles" (initial-schema). A role setting applies at
-- login only: `set role` does not apply it, PostgREST does (see with-supabase.ts's report).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- authenticator: PostgREST's login role; noinherit, so it has no rights until it switches role.
-- (initial-schema also granted supabase_admin, revoked by pg: migrations/20221103090837_revoke_admin.sql)
create role authenticator with login noinherit;
grant anon, authenticated, service_role to authenticator;
-- pg: migrations/20221028101028_set_authenticator_timeout.sql, 20231130133139_set_lock_timeout_to_authenticator_role.sql
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- GoTrue's role (pg: init-scripts/00000000000001-auth-schema.sql;
-- migrations/20220322085208_gotrue-session-limit.sql)
create role supabase_auth_admin with noinherit createrole login noreplication;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;

-- Storage's role (pg: init-scripts/00000000000002-storage-schema.sql;
-- migrations/20230327032006…, 20231013070755_grant_authenticator_to_supabase_storage_admin.sql:
-- it ends up a member of authenticator, not of the API roles directly)
create role supabase_storage_admin with noinherit createrole login noreplication;
alter role supabase_storage_admin set search_path = storage;
grant authenticator to supabase_storage_admin;

-- pg: init-scripts/00000000000000-initial-schema.sql
create role supabase_replication_admin with login replication;
create role supabase_read_only_user with login bypassrls;
grant pg_read_all_data to supabase_read_only_user;

-- pg: init-scripts/00000000000003-post-setup.sql (a nologin role)
create role dashboard_user with nosuperuser createdb createrole replication;

-- pg: ansible/files/pgbouncer_config/pgbouncer_auth_schema.sql (`create user`: login)
create role pgbouncer with login;

-- What postgres is a member of:
-- pg: migrations/20220609081115_grant-supabase-auth-admin-and-supabase-storage-admin-to-postgres.sql
grant supabase_auth_admin, supabase_storage_admin to postgres;
-- pg: migrations/20230201083204_grant_auth_roles_to_postgres.sql
grant anon, authenticated, service_role to postgres;
-- pg: migrations/20230306081037_grant_pg_monitor_to_postgres.sql, 20240606060239_grant_predefined_roles_to_postgres.sql
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
