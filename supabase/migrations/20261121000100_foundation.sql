-- Foundation: a private schema for helpers the API calls but clients may not, the one way SQL
-- raises the spec's errors, and the change log that sync_pull reads.

-- The extensions the schema uses, in schema `extensions` as hosted Supabase keeps them. Both are
-- trusted extensions, so the project's `postgres` role (not a superuser there) may create them; a
-- new hosted project has neither until a migration does.
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

create schema if not exists app;
comment on schema app is 'Private helpers of the Checkpoint API. Not exposed over the REST API.';
revoke all on schema app from public;
grant usage on schema app to anon, authenticated, service_role;
-- Functions are executable by PUBLIC by default, and a per-schema default cannot take back that
-- global grant: only the global form can. From here on, every function is granted one by one.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- Every error the API raises on purpose goes through here: the message is the spec's text (what
-- the member reads), the hint is a stable machine code (what the client and sync engine match on).
-- errcode P0001 answers HTTP 400 through PostgREST; 42501 answers 401 (anon) or 403.
create or replace function app.fail(p_code text, p_message text, p_errcode text default 'P0001')
returns void
language plpgsql
as $$
begin
  raise exception using message = p_message, errcode = p_errcode, hint = p_code;
end
$$;
grant execute on function app.fail(text, text, text) to anon, authenticated, service_role;

-- The spec's slug rule: lower-case, keep a-z 0-9 space and hyphen, spaces become hyphens,
-- repeated hyphens collapse (accents are folded first so "Pokémon" gives "pokemon").
create or replace function app.slugify(p_text text)
returns text
language sql
immutable
set search_path = pg_catalog, extensions
as $$
  select nullif(
    btrim(
      regexp_replace(
        regexp_replace(
          regexp_replace(lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, ''))), '[^a-z0-9 -]', '', 'g'),
          '\s+', '-', 'g'),
        '-+', '-', 'g'),
      '-'),
    '')
$$;
grant execute on function app.slugify(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The change log. Every synced table has a trigger that appends one row per insert, update or
-- delete. sync_pull reads it from a cursor that is a transaction-id watermark (see sync_pull):
-- rows carry the id of the transaction that wrote them, so a transaction that commits late can
-- never be skipped, which a sequence or timestamp cursor would do. Deletes travel as tombstones
-- carrying the natural key, so a client can drop a row it only knows by that key.
create table public.sync_change (
  id bigint generated always as identity primary key,
  xid xid8 not null default pg_current_xact_id(),
  tbl text not null,
  row_id bigint not null,
  op text not null check (op in ('upsert', 'delete')),
  key jsonb,
  user_id bigint,
  subject_user_id bigint,
  game_id bigint,
  rating_id bigint,
  changed_at timestamptz not null default now()
);
comment on table public.sync_change is 'Append-only change log read by sync_pull: one row per write to a synced table, with the writing transaction id.';
create index sync_change_xid_idx on public.sync_change (xid);
create index sync_change_user_idx on public.sync_change (user_id, xid);
create index sync_change_subject_idx on public.sync_change (subject_user_id, xid) where subject_user_id is not null;
create index sync_change_game_idx on public.sync_change (game_id, xid) where game_id is not null;
create index sync_change_rating_idx on public.sync_change (rating_id, xid) where rating_id is not null;

alter table public.sync_change enable row level security;
-- The log holds ids only, of rows that are themselves public; what a client may see of a row is
-- decided again by that table's own policies when sync_pull reads it.
create policy "change log is readable" on public.sync_change for select to anon, authenticated using (true);
grant select on public.sync_change to anon, authenticated;

-- Trigger function shared by all synced tables. Arguments name the natural-key columns.
create or replace function app.log_change()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
declare
  r jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  k jsonb := '{}'::jsonb;
  col text;
  v_user bigint;
  v_subject bigint;
  v_game bigint;
  v_rating bigint;
begin
  if tg_nargs > 0 then  -- tg_argv is null, not empty, for a trigger without arguments
    foreach col in array tg_argv loop
      k := k || jsonb_build_object(col, r -> col);
    end loop;
  end if;
  case tg_table_name
    when 'user' then v_user := (r ->> 'id')::bigint;
    when 'user_follow' then
      v_user := (r ->> 'follower_id')::bigint;
      v_subject := (r ->> 'following_id')::bigint;
    when 'game' then v_game := (r ->> 'id')::bigint;
    when 'rating' then
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_rating := (r ->> 'id')::bigint;
    when 'content_like' then
      v_user := (r ->> 'user_id')::bigint;
      v_rating := coalesce((r ->> 'rating_id')::bigint,
        (select c.rating_id from public.comment c where c.id = (r ->> 'comment_id')::bigint));
    else
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_rating := (r ->> 'rating_id')::bigint;
  end case;
  insert into public.sync_change (tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id)
  values (tg_table_name, (r ->> 'id')::bigint, case when tg_op = 'DELETE' then 'delete' else 'upsert' end,
          k, v_user, v_subject, v_game, v_rating);
  return null;
end
$$;
