-- The auth schema as GoTrue (supabase/auth) leaves it after all its migrations, written as the end
-- state rather than replayed: same tables, column types and order, enums, keys, indexes and the
-- auth.uid()/role()/email()/jwt() functions. Runs as supabase_admin in each database, after
-- 10-database.sql. Read 2026-11-26: supabase/auth bc32168e (v2.196.0-2-gbc32168e) migrations/,
-- supabase/postgres 7db7e1a9 ("pg:") for the schema's owner and grants.
--
-- Left out: the length and https checks of the OAuth-server tables (names and columns are kept),
-- and the rows GoTrue's backfill migrations would write (a fresh project has none).

-- pg: init-scripts/00000000000001-auth-schema.sql: the schema belongs to supabase_admin; GoTrue's
-- role may create in it; the API roles may use it (for auth.uid() and friends).
create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all privileges on schema auth to supabase_auth_admin;
-- pg: migrations/10000000000000_demote-postgres.sql, 20211115181400_update-auth-permissions.sql
-- and init-scripts/00000000000003-post-setup.sql: postgres and dashboard_user get ALL on the
-- schema and on everything GoTrue creates in it.
grant all on schema auth to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres, dashboard_user;

-- GoTrue runs its migrations as supabase_auth_admin, so everything below is owned by that role.
set role supabase_auth_admin;

-- auth: 20221003041349_add_mfa_schema, 20240729123726 (phone), 20230322519590 (flow state),
-- 20240427152123 (one-time tokens), 20250731150234/20250804100000/20250901200500 (OAuth server)
create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
create type auth.factor_status as enum ('unverified', 'verified');
create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
create type auth.code_challenge_method as enum ('s256', 'plain');
create type auth.one_time_token_type as enum ('confirmation_token', 'reauthentication_token',
  'recovery_token', 'email_change_token_new', 'email_change_token_current', 'phone_change_token');
create type auth.oauth_registration_type as enum ('dynamic', 'manual');
create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired');
create type auth.oauth_response_type as enum ('code');
create type auth.oauth_client_type as enum ('public', 'confidential');

-- auth: 00_init_auth_schema, then columns renamed in place (confirmed_at → email_confirmed_at,
-- email_change_token → email_change_token_new) and appended by later migrations, in their order.
create table auth.users (
  instance_id uuid,
  id uuid not null unique,
  aud varchar(255),
  "role" varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,                     -- varchar(15) until 20230116124310
  phone_confirmed_at timestamptz default null,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id)
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';
create index users_instance_id_idx on auth.users using btree (instance_id);
create index users_instance_id_email_idx on auth.users using btree (instance_id, lower(email));
-- Unique tokens, except empty or numeric ones (OTPs); auth: 20220429102000_add_unique_idx
create unique index confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';
-- The email's unique constraint became a partial index (auth: 20221215195500)
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
comment on index auth.users_email_partial_key is 'Auth: A partial unique index that applies only when is_sso_user is false';
create index users_is_anonymous_idx on auth.users using btree (is_anonymous);

create table auth.instances (
  id uuid not null,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz,
  constraint instances_pkey primary key (id)
);
comment on table auth.instances is 'Auth: Manages users across multiple sites.';

create table auth.audit_log_entries (
  instance_id uuid,
  id uuid not null,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default '',
  constraint audit_log_entries_pkey primary key (id)
);
comment on table auth.audit_log_entries is 'Auth: Audit trail for user actions.';
create index audit_logs_instance_id_idx on auth.audit_log_entries using btree (instance_id);

create table auth.schema_migrations (
  "version" varchar(255) not null,
  constraint schema_migrations_pkey primary key ("version")
);
comment on table auth.schema_migrations is 'Auth: Manages updates to the auth system.';

-- auth: 20220811173540_add_sessions_table and the columns added since (aal, not_after, refresh
-- columns, tag, OAuth client, refresh-token HMAC, scopes)
create table auth.sessions (
  id uuid not null,
  user_id uuid not null,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text constraint sessions_scopes_length check (char_length(scopes) <= 4096),
  constraint sessions_pkey primary key (id),
  constraint sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
comment on column auth.sessions.not_after is 'Auth: Not after is a nullable column that contains a timestamp after which the session should be regarded as expired.';
comment on column auth.sessions.refresh_token_hmac_key is 'Holds a HMAC-SHA256 key used to sign refresh tokens for this session.';
comment on column auth.sessions.refresh_token_counter is 'Holds the ID (counter) of the last issued refresh token.';
create index user_id_created_at_idx on auth.sessions (user_id, created_at);
create index sessions_user_id_idx on auth.sessions (user_id);
create index sessions_not_after_idx on auth.sessions (not_after desc);
create index sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

-- The parent foreign key was dropped (auth: 20221114143410), the token index too (20230411005111).
create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial not null,
  "token" varchar(255),
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid,
  constraint refresh_tokens_pkey primary key (id),
  constraint refresh_tokens_token_unique unique ("token"),
  constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index refresh_tokens_instance_id_idx on auth.refresh_tokens using btree (instance_id);
create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens using btree (instance_id, user_id);
create index refresh_tokens_parent_idx on auth.refresh_tokens using btree (parent);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

-- auth: 20210909172000, 20221215195800 (email), 20231117164230 (id became provider_id; a uuid id)
create table auth.identities (
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid(),
  constraint identities_pkey primary key (id),
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
comment on column auth.identities.email is 'Auth: Email is a generated column that references the optional email property in the identity_data';
create index identities_user_id_idx on auth.identities using btree (user_id);
create index identities_email_idx on auth.identities (email text_pattern_ops);
comment on index auth.identities_email_idx is 'Auth: Ensures indexed queries on the email column';

create table auth.mfa_factors (
  id uuid not null,
  user_id uuid not null,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb,
  constraint mfa_factors_pkey primary key (id),
  constraint mfa_factors_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
comment on column auth.mfa_factors.last_webauthn_challenge_data is 'Stores the latest WebAuthn challenge data including attestation/assertion for customer verification';
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table auth.mfa_challenges (
  id uuid not null,
  factor_id uuid not null,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb,
  constraint mfa_challenges_pkey primary key (id),
  constraint mfa_challenges_auth_factor_id_fkey foreign key (factor_id) references auth.mfa_factors (id) on delete cascade
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table auth.mfa_amr_claims (
  session_id uuid not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method),
  constraint mfa_amr_claims_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade,
  constraint amr_id_pk primary key (id)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

-- SSO / SAML (auth: 20221021082433_add_saml and later columns; sso_sessions was dropped again)
create table auth.sso_providers (
  id uuid not null,
  resource_id text,
  created_at timestamptz,
  updated_at timestamptz,
  disabled boolean,
  primary key (id),
  constraint "resource_id not empty" check (resource_id = null or char_length(resource_id) > 0)
);
comment on table auth.sso_providers is 'Auth: Manages SSO identity provider information; see saml_providers for SAML.';
create unique index sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));
create index sso_providers_resource_id_pattern_idx on auth.sso_providers (resource_id text_pattern_ops);

create table auth.sso_domains (
  id uuid not null,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null,
  created_at timestamptz,
  updated_at timestamptz,
  primary key (id),
  constraint "domain not empty" check (char_length(domain) > 0)
);
comment on table auth.sso_domains is 'Auth: Manages SSO email address domain mapping to an SSO Identity Provider.';
create index sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table auth.saml_providers (
  id uuid not null,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique,
  metadata_xml text not null,
  metadata_url text,
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  name_id_format text,
  primary key (id),
  constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  constraint "metadata_url not empty" check (metadata_url = null or char_length(metadata_url) > 0),
  constraint "entity_id not empty" check (char_length(entity_id) > 0)
);
comment on table auth.saml_providers is 'Auth: Manages SAML Identity Provider connections.';
create index saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

-- auth: 20230322519590 and later (auth_code and the PKCE columns became nullable in 20260115000000)
create table auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false
);
comment on table auth.flow_state is 'Stores metadata for all OAuth/SSO login flows';
create index idx_auth_code on auth.flow_state (auth_code);
create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index flow_state_created_at_idx on auth.flow_state (created_at desc);

create table auth.saml_relay_states (
  id uuid not null,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null,
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid default null references auth.flow_state (id) on delete cascade,
  primary key (id),
  constraint "request_id not empty" check (char_length(request_id) > 0)
);
comment on table auth.saml_relay_states is 'Auth: Contains SAML Relay State information for each Service Provider initiated login.';
create index saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

create table auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  check (char_length(token_hash) > 0)
);
create index one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

-- GoTrue as an OAuth server and client, and passkeys (2025–2026 migrations)
create table auth.oauth_clients (
  id uuid not null,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_pkey primary key (id)
);
create index oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
alter table auth.sessions add constraint sessions_oauth_client_id_fkey
  foreign key (oauth_client_id) references auth.oauth_clients (id) on delete cascade;

create table auth.oauth_authorizations (
  id uuid not null,
  authorization_id text not null,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method auth.code_challenge_method,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz,
  nonce text,
  constraint oauth_authorizations_pkey primary key (id),
  constraint oauth_authorizations_authorization_id_key unique (authorization_id),
  constraint oauth_authorizations_authorization_code_key unique (authorization_code),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at)
);
create index oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';

create table auth.oauth_consents (
  id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_pkey primary key (id),
  constraint oauth_consents_user_client_unique unique (user_id, client_id),
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at)
);
create index oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id) where revoked_at is null;
create index oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index oauth_consents_active_client_idx on auth.oauth_consents (client_id) where revoked_at is null;

create table auth.oauth_client_states (
  id uuid primary key,
  provider_type text not null,
  code_verifier text,
  created_at timestamptz not null
);
create index idx_oauth_client_states_created_at on auth.oauth_client_states (created_at);

create table auth.custom_oauth_providers (
  id uuid not null default gen_random_uuid(),
  provider_type text not null check (provider_type in ('oauth2', 'oidc')),
  identifier text not null,
  name text not null,
  client_id text not null,
  client_secret text not null,
  acceptable_client_ids text[] not null default '{}',
  scopes text[] not null default '{}',
  pkce_enabled boolean not null default true,
  attribute_mapping jsonb not null default '{}',
  authorization_params jsonb not null default '{}',
  enabled boolean not null default true,
  email_optional boolean not null default false,
  issuer text,
  discovery_url text,
  skip_nonce_check boolean not null default false,
  cached_discovery jsonb,
  discovery_cached_at timestamptz,
  authorization_url text,
  token_url text,
  userinfo_url text,
  jwks_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  custom_claims_allowlist text[] not null default '{}',
  constraint custom_oauth_providers_pkey primary key (id),
  constraint custom_oauth_providers_identifier_key unique (identifier)
);
create index custom_oauth_providers_identifier_idx on auth.custom_oauth_providers (identifier);
create index custom_oauth_providers_provider_type_idx on auth.custom_oauth_providers (provider_type);
create index custom_oauth_providers_enabled_idx on auth.custom_oauth_providers (enabled);
create index custom_oauth_providers_created_at_idx on auth.custom_oauth_providers (created_at);

create table auth.webauthn_credentials (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint webauthn_credentials_pkey primary key (id)
);
create unique index webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table auth.webauthn_challenges (
  id uuid not null default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint webauthn_challenges_pkey primary key (id)
);
create index webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- The request's JWT as PostgREST sets it: `request.jwt.claims` (a JSON object) in PostgREST 9+,
-- the older per-claim `request.jwt.claim.<name>` settings first (auth: 20220224000811,
-- 20211202183645, 20220531120530).
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
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

-- RLS on (no policies: only owners, bypassrls roles and grants below see rows) and postgres may
-- pass SELECT on (auth: 20240612123726_enable_rls_update_grants).
do $$
declare
  v_table text;
begin
  foreach v_table in array array['schema_migrations', 'instances', 'users', 'audit_log_entries',
      'saml_relay_states', 'refresh_tokens', 'mfa_factors', 'sessions', 'sso_providers',
      'sso_domains', 'mfa_challenges', 'mfa_amr_claims', 'saml_providers', 'flow_state',
      'identities', 'one_time_tokens'] loop
    execute format('alter table auth.%I enable row level security', v_table);
    execute format('grant select on auth.%I to postgres with grant option', v_table);
  end loop;
end
$$;

-- Every migration GoTrue has applied, as it records them (its file names' version part).
insert into auth.schema_migrations ("version")
select unnest(array[
  '20171026211738', '20171026211808', '20171026211834', '20180103212743', '20180108183307',
  '20180119214651', '20180125194653', '00', '20210710035447', '20210722035447', '20210730183235',
  '20210909172000', '20210927181326', '20211122151130', '20211124214934', '20211202183645',
  '20220114185221', '20220114185340', '20220224000811', '20220323170000', '20220429102000',
  '20220531120530', '20220614074223', '20220811173540', '20221003041349', '20221003041400',
  '20221011041400', '20221020193600', '20221021073300', '20221021082433', '20221027105023',
  '20221114143122', '20221114143410', '20221125140132', '20221208132122', '20221215195500',
  '20221215195800', '20221215195900', '20230116124310', '20230116124412', '20230131181311',
  '20230322519590', '20230402418590', '20230411005111', '20230508135423', '20230523124323',
  '20230818113222', '20230914180801', '20231027141322', '20231114161723', '20231117164230',
  '20240115144230', '20240214120130', '20240306115329', '20240314092811', '20240427152123',
  '20240612123726', '20240729123726', '20240802193726', '20240806073726', '20241009103726',
  '20250717082212', '20250731150234', '20250804100000', '20250901200500', '20250903112500',
  '20250904133000', '20250925093508', '20251007112900', '20251104100000', '20251111201300',
  '20251201000000', '20260115000000', '20260121000000', '20260219120000', '20260302000000',
  '20260625000000']);

reset role;

-- pg: migrations/20211124212715_update-auth-owner.sql (already so: created as supabase_auth_admin),
-- and init-scripts/00000000000003-post-setup.sql: dashboard_user has ALL on what exists.
grant all on all tables in schema auth to dashboard_user;
grant all on all sequences in schema auth to dashboard_user;
grant all on all routines in schema auth to dashboard_user;
