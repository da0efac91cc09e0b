-- Checkpoint's schema: the baseline every database starts from.
--
-- It creates what the migrations before it had made, as one file: the extensions, the private
-- `app` schema, every function, every table with its row level security, policies, indexes,
-- triggers and grants, the reference rows, and the nightly prune where pg_cron exists. It was
-- written from the database those migrations made, and tests/integration/schema.test.ts shows that
-- it makes the same schema (supabase/schema/ holds it, one file per table and per function).
-- A database that had applied those migrations records this one as applied without running it.

-- ================================================================================================
-- Extensions, schemas and default privileges
-- ================================================================================================

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

-- search_games_secure sets pg_trgm.word_similarity_threshold. PostgreSQL lets only a superuser name
-- a setting of a module that this session has not loaded yet, and `db push` on hosted Supabase runs
-- as `postgres`, which is not one: calling any pg_trgm function loads the module, so the setting is
-- known whatever this session did before.
select extensions.similarity('', '');

-- Functions come before the tables whose policies and triggers call them, so their bodies are
-- checked when first called, not now (as pg_dump does): a body may name a table made further down.
set check_function_bodies = off;

-- ================================================================================================
-- Functions
-- Private helpers in `app` (not exposed over the REST API), then the API in `public`, each with
-- its grants (one by one) and, where it has one, the comment that says what it is for.
-- ================================================================================================

-- app.apply_clocked ------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.apply_clocked(p_user bigint, p_name text, p_args jsonb, p_hlc text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_entity text;
  v_row bigint;
  v_fields text[];
  f text;
  v_args jsonb := p_args;
  v_lost text[] := '{}';
  v_result jsonb;
begin
  if jsonb_typeof(p_args) is distinct from 'object' then
    return jsonb_build_object('result', app.apply_mutation(p_user, p_name, p_args));
  end if;
  if p_name = 'top5.replace' then
    return app.apply_top5(p_user, p_args, p_hlc);
  elsif p_name = 'review.update' then
    v_entity := 'rating';
    v_row := app.own_rating_id(p_user, p_args);
    v_fields := array['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft'];
  elsif p_name = 'profile.update' then
    v_entity := 'user';
    v_row := p_user;
    v_fields := array['username', 'name', 'display_name', 'bio', 'avatar_url', 'location', 'website', 'platform'];
  elsif p_name = 'journal.update' then
    v_entity := 'play_session';
    select s.id into v_row from app.find_play_session(p_args) s where s.user_id = p_user;
    v_fields := array['played_on', 'minutes', 'platform_id', 'note', 'is_private'];
  elsif p_name = 'comment.edit' then
    v_entity := 'comment';
    select c.id into v_row from app.find_comment(p_args, 'id', 'key') c where c.user_id = p_user;
    v_fields := array['content'];
  elsif p_name in ('wishlist.set', 'collection.set', 'collection.move') then
    v_entity := 'shelf';
    select g.id into v_row from public.game g
    where coalesce(p_args ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (p_args ->> 'igdb_id')::bigint;
    v_fields := array['shelf'];
  end if;

  if v_row is not null and v_entity = 'shelf' then
    if not app.clock_take(p_user, v_entity, v_row, 'shelf', p_hlc) then
      -- The game's place was set by a newer edit: this one is left out whole.
      return jsonb_build_object('result', jsonb_build_object('igdb_id', (p_args ->> 'igdb_id')::bigint), 'superseded', jsonb_build_array('shelf'));
    end if;
  elsif v_row is not null then
    foreach f in array v_fields loop
      continue when not (v_args ? f or (f = 'platform' and v_args ? 'platform_id'));
      if not app.clock_take(p_user, v_entity, v_row, f, p_hlc) then
        v_lost := v_lost || f;
        v_args := v_args - f;
        if f = 'platform' then
          v_args := v_args - 'platform_id';
        end if;
      end if;
    end loop;
  end if;

  v_result := app.apply_mutation(p_user, p_name, v_args);
  if p_name = 'review.create' then
    -- A new review's fields are dated by its creation, so an edit dated before it (a device whose
    -- clock is behind and that had not seen it) cannot quietly replace them. As app.clock_take: a
    -- field whose clock is newer keeps it.
    insert into public.edit_clock as k (user_id, entity, row_id, field, hlc)
    select p_user, 'rating', (v_result ->> 'id')::bigint, field, p_hlc
    from unnest(array['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft']) field
    on conflict (user_id, entity, row_id, field) do update set hlc = excluded.hlc
      where k.hlc collate "C" <= excluded.hlc collate "C";
  end if;
  if p_name in ('review.delete', 'journal.delete', 'comment.delete') then
    -- What was deleted keeps no clocks (a later review of the game starts afresh).
    delete from public.edit_clock k where k.user_id = p_user and k.entity in ('rating', 'play_session', 'comment')
      and not exists (select 1 from public.rating r where k.entity = 'rating' and r.id = k.row_id)
      and not exists (select 1 from public.play_session s where k.entity = 'play_session' and s.id = k.row_id)
      and not exists (select 1 from public.comment c where k.entity = 'comment' and c.id = k.row_id);
  end if;
  return jsonb_build_object('result', v_result)
    || case when cardinality(v_lost) > 0 then jsonb_build_object('superseded', to_jsonb(v_lost)) else '{}' end;
end
$function$;
grant execute on function app.apply_clocked(bigint,text,jsonb,text) to authenticated;
grant execute on function app.apply_clocked(bigint,text,jsonb,text) to service_role;

-- app.apply_mutation -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.apply_mutation(p_user bigint, p_name text, p_args jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if jsonb_typeof(p_args) is distinct from 'object' then
    perform app.fail('invalid_args', 'Mutation arguments must be an object');
  end if;
  return case p_name
    when 'game.ensure' then app.m_game_ensure(p_user, p_args)
    when 'review.create' then app.m_review_create(p_user, p_args)
    when 'review.update' then app.m_review_update(p_user, p_args)
    when 'review.delete' then app.m_review_delete(p_user, p_args)
    when 'review_like.set' then app.m_review_like_set(p_user, p_args)
    when 'comment.add' then app.m_comment_add(p_user, p_args)
    when 'comment.edit' then app.m_comment_edit(p_user, p_args)
    when 'comment.delete' then app.m_comment_delete(p_user, p_args)
    when 'comment_like.set' then app.m_comment_like_set(p_user, p_args)
    when 'follow.set' then app.m_follow_set(p_user, p_args)
    when 'progress.set' then app.m_progress_set(p_user, p_args)
    when 'wishlist.set' then app.m_wishlist_set(p_user, p_args)
    when 'collection.set' then app.m_collection_set(p_user, p_args)
    when 'collection.move' then app.m_collection_move(p_user, p_args)
    when 'top5.replace' then app.m_top5_replace(p_user, p_args)
    when 'profile.update' then app.m_profile_update(p_user, p_args)
    when 'journal.add' then app.m_journal_add(p_user, p_args)
    when 'journal.update' then app.m_journal_update(p_user, p_args)
    when 'journal.delete' then app.m_journal_delete(p_user, p_args)
    else app.unknown_mutation(p_name)
  end;
end
$function$;
grant execute on function app.apply_mutation(bigint,text,jsonb) to authenticated;
grant execute on function app.apply_mutation(bigint,text,jsonb) to service_role;

-- app.apply_top5 ---------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.apply_top5(p_user bigint, a jsonb, p_hlc text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_current bigint[] := array(select game_id from public.user_top_games where user_id = p_user order by position);
  v_new bigint[];
  v_base bigint[];
  v_game public.game;
  v_item jsonb;
  g bigint;
  v_lost bigint[] := '{}';
  v_won jsonb := '{}';
  v_merged bigint[];
begin
  if jsonb_typeof(a -> 'games') is distinct from 'array' or jsonb_array_length(a -> 'games') > 5 then
    return jsonb_build_object('result', app.m_top5_replace(p_user, a));
  end if;
  -- Resolved as app.m_top5_replace resolves them (same refusals), duplicates refused the same way.
  v_new := '{}';
  for v_item in select * from jsonb_array_elements(a -> 'games') loop
    v_game := app.resolve_game(v_item);
    if v_game.id = any (v_new) then
      perform app.fail('top5_duplicate', 'A game can be in your Top 5 only once');
    end if;
    v_new := v_new || v_game.id;
  end loop;
  v_base := case when jsonb_typeof(a -> 'base') = 'array' then app.top5_ids(a -> 'base') else v_current end;
  -- Each game whose slot (or absence) the edit changed from its base: the edit's if it is newer.
  for g in select distinct x from unnest(v_new || v_base) x loop
    if array_position(v_new, g) is distinct from array_position(v_base, g) then
      if app.clock_take(p_user, 'top5', g, 'slot', p_hlc) then
        v_won := v_won || jsonb_build_object(g::text, array_position(v_new, g));
      else
        v_lost := v_lost || g;
      end if;
    end if;
  end loop;
  -- Games the edit left alone keep their place; placed ones go where the edit put them; at the
  -- same position the newer clock goes first.
  select coalesce(array_agg(e.game order by e.pos, e.clock collate "C" desc), '{}') into v_merged
  from (
    select c.game, c.pos::bigint as pos, coalesce(k.hlc, '') as clock
    from unnest(v_current) with ordinality c (game, pos)
    left join public.edit_clock k on k.user_id = p_user and k.entity = 'top5' and k.row_id = c.game and k.field = 'slot'
    where not v_won ? c.game::text
    union all
    select w.key::bigint, w.value::text::bigint, p_hlc
    from jsonb_each(v_won) w where jsonb_typeof(w.value) = 'number'
  ) e;
  v_lost := v_lost || array(select x from unnest(v_merged[6:]) x where x = any (v_new));
  v_merged := v_merged[1:5];
  return jsonb_build_object('result', app.m_top5_replace(p_user, jsonb_build_object('games',
           coalesce((select jsonb_agg(jsonb_build_object('game_id', x) order by n) from unnest(v_merged) with ordinality u (x, n)), '[]'))))
    || case when cardinality(v_lost) > 0 then jsonb_build_object('superseded', jsonb_build_array('games')) else '{}' end;
end
$function$;
grant execute on function app.apply_top5(bigint,jsonb,text) to authenticated;
grant execute on function app.apply_top5(bigint,jsonb,text) to service_role;

-- app.author_json --------------------------------------------------------------------------------
-- A review's or comment's author as cards show it.
CREATE OR REPLACE FUNCTION app.author_json(p_id bigint)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select jsonb_build_object('id', u.id, 'username', u.username, 'name', u.name, 'avatar_url', u.avatar_url)
  from public."user" u where u.id = p_id
$function$;
grant execute on function app.author_json(bigint) to anon;
grant execute on function app.author_json(bigint) to authenticated;
grant execute on function app.author_json(bigint) to service_role;

-- app.call_protocol ------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.call_protocol(p_protocol integer)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  if p_protocol > app.sync_protocol_current() then
    raise exception using message = format('This server speaks sync protocol %s at most; try again later', app.sync_protocol_current()),
      errcode = 'PT503', hint = 'unsupported_protocol';
  end if;
  return coalesce(p_protocol, 1);
end
$function$;
grant execute on function app.call_protocol(integer) to anon;
grant execute on function app.call_protocol(integer) to authenticated;
grant execute on function app.call_protocol(integer) to service_role;

-- app.check_draft_arg ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.check_draft_arg(a jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  if a ? 'draft' and jsonb_typeof(a -> 'draft') <> 'boolean' then
    perform app.fail('invalid_draft', 'Draft must be true or false');
  end if;
end
$function$;
grant execute on function app.check_draft_arg(jsonb) to authenticated;
grant execute on function app.check_draft_arg(jsonb) to service_role;

-- app.check_journal_fields -----------------------------------------------------------------------
-- The fields given, checked with the messages the client shows (src/core/journal.ts).
CREATE OR REPLACE FUNCTION app.check_journal_fields(a jsonb, p_creating boolean)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_day date;
begin
  if p_creating or a ? 'played_on' then
    if coalesce(a ->> 'played_on', '') !~ '^\d{4}-\d{2}-\d{2}$' then
      perform app.fail('invalid_play_date', 'Play date must be a valid date');
    end if;
    begin
      v_day := (a ->> 'played_on')::date;
    exception when others then
      perform app.fail('invalid_play_date', 'Play date must be a valid date');
    end;
    if to_char(v_day, 'YYYY-MM-DD') <> a ->> 'played_on' then
      perform app.fail('invalid_play_date', 'Play date must be a valid date');
    end if;
    if v_day < date '1970-01-01' then
      perform app.fail('invalid_play_date', 'Play date cannot be before 1970');
    end if;
    if v_day > (now() at time zone 'utc')::date + 1 then
      perform app.fail('invalid_play_date', 'Play date cannot be in the future');
    end if;
  end if;
  if (p_creating or a ? 'minutes')
     and (jsonb_typeof(a -> 'minutes') is distinct from 'number' or (a ->> 'minutes') !~ '^\d+$'
          or (a ->> 'minutes')::numeric not between 1 and 1440) then
    perform app.fail('invalid_minutes', 'Minutes played must be a whole number from 1 to 1440');
  end if;
  if a ? 'note' and jsonb_typeof(a -> 'note') not in ('string', 'null') then
    perform app.fail('invalid_note', 'Note must be text');
  end if;
  if char_length(btrim(coalesce(a ->> 'note', ''))) > 280 then
    perform app.fail('note_too_long', 'Note exceeds 280 characters');
  end if;
  if a ? 'is_private' and jsonb_typeof(a -> 'is_private') <> 'boolean' then
    perform app.fail('invalid_private', 'Private must be true or false');
  end if;
  if a ? 'platform_id' and jsonb_typeof(a -> 'platform_id') <> 'null' then
    if (a ->> 'platform_id') !~ '^\d+$' then
      perform app.fail('platform_not_found', format('Platform "%s" not found in database', a ->> 'platform_id'));
    end if;
    if not exists (select 1 from public.platform where id = (a ->> 'platform_id')::bigint) then
      perform app.fail('platform_not_found', format('Platform "%s" not found in database', a ->> 'platform_id'));
    end if;
  end if;
end
$function$;
grant execute on function app.check_journal_fields(jsonb,boolean) to authenticated;
grant execute on function app.check_journal_fields(jsonb,boolean) to service_role;

-- app.check_review_fields ------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.check_review_fields(a jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_rating numeric;
begin
  if a ? 'rating' then
    if jsonb_typeof(a -> 'rating') <> 'number' then
      perform app.fail('invalid_rating', 'Rating must be a number from 1 to 10');
    end if;
    v_rating := (a ->> 'rating')::numeric;
    if v_rating < 1 or v_rating > 10 or v_rating * 2 <> trunc(v_rating * 2) then
      perform app.fail('invalid_rating', 'Rating must be from 1 to 10 in steps of 0.5');
    end if;
  end if;
  if a ? 'playtime_hours' and jsonb_typeof(a -> 'playtime_hours') <> 'null' then
    if jsonb_typeof(a -> 'playtime_hours') <> 'number' or (a ->> 'playtime_hours') !~ '^\d+$'
       or (a ->> 'playtime_hours')::bigint not between 1 and 99999 then
      perform app.fail('invalid_playtime', 'Playtime must be whole hours from 1 to 99999');
    end if;
  end if;
  if char_length(a ->> 'review') > 10000 then
    perform app.fail('review_too_long', 'Review exceeds 10000 characters');
  end if;
end
$function$;
grant execute on function app.check_review_fields(jsonb) to authenticated;
grant execute on function app.check_review_fields(jsonb) to service_role;

-- app.clean_text ---------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.clean_text(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog', 'app'
AS $function$
  select case when app.is_blank(p_text) then ''
    else regexp_replace(p_text,
      '^[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u115f-\u1160\u1680\u180e\u2000-\u200d\u2028-\u2029\u202f\u205f-\u2064\u2800\u3000\u3164\ufeff\uffa0]+|[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u115f-\u1160\u1680\u180e\u2000-\u200d\u2028-\u2029\u202f\u205f-\u2064\u2800\u3000\u3164\ufeff\uffa0]+$',
      '', 'g') end
$function$;
grant execute on function app.clean_text(text) to anon;
grant execute on function app.clean_text(text) to authenticated;
grant execute on function app.clean_text(text) to service_role;
comment on function app.clean_text(text) is 'Text as saved: '''' when blank, else trimmed of blank space at its edges, the rest as typed; twin of cleanText in src/core/blank-text.ts.';

-- app.client_too_old -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.client_too_old(p_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$ select jsonb_build_object('id', p_id, 'code', 'client_too_old', 'message', 'A new version is needed to sync your changes') $function$;
grant execute on function app.client_too_old(uuid) to anon;
grant execute on function app.client_too_old(uuid) to authenticated;
grant execute on function app.client_too_old(uuid) to service_role;

-- app.clock_take ---------------------------------------------------------------------------------
-- True when the edit dated p_hlc is the newest of the field (its clock is then recorded);
-- false when a newer edit holds it.
CREATE OR REPLACE FUNCTION app.clock_take(p_user bigint, p_entity text, p_row bigint, p_field text, p_hlc text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_held text;
begin
  select hlc into v_held from public.edit_clock
  where user_id = p_user and entity = p_entity and row_id = p_row and field = p_field
  for update;
  if v_held is not null and v_held collate "C" > p_hlc collate "C" then
    return false;
  end if;
  insert into public.edit_clock (user_id, entity, row_id, field, hlc) values (p_user, p_entity, p_row, p_field, p_hlc)
  on conflict (user_id, entity, row_id, field) do update set hlc = excluded.hlc;
  return true;
end
$function$;
grant execute on function app.clock_take(bigint,text,bigint,text,text) to authenticated;
grant execute on function app.clock_take(bigint,text,bigint,text,text) to service_role;

-- app.comment_blank_text -------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.comment_blank_text()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if app.is_blank(new.content) then
    if tg_op = 'INSERT' then
      perform app.fail('comment_empty', 'Comment cannot be empty');
    end if;
    perform app.fail('comment_empty', 'Comment content cannot be empty');
  end if;
  new.content := app.clean_text(new.content);
  return new;
end
$function$;

-- app.comment_counts -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.comment_counts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  update public.rating set comment_count = greatest(0, comment_count + case when tg_op = 'INSERT' then 1 else -1 end)
  where id = case when tg_op = 'INSERT' then new.rating_id else old.rating_id end;
  return null;
end
$function$;

-- app.comment_guard ------------------------------------------------------------------------------
-- A reply attaches to its top-level ancestor (walk bounded to 10 levels), on the same review.
CREATE OR REPLACE FUNCTION app.comment_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_parent public.comment;
  depth integer := 0;
begin
  new.content := btrim(new.content);
  if tg_op = 'INSERT' then
    if new.parent_comment_id is not null then
      select * into v_parent from public.comment where id = new.parent_comment_id;
      while v_parent.parent_comment_id is not null and depth < 10 loop
        select * into v_parent from public.comment where id = v_parent.parent_comment_id;
        depth := depth + 1;
      end loop;
      if v_parent.id is null or v_parent.rating_id <> new.rating_id then
        perform app.fail('parent_not_found', 'Parent comment not found');
      end if;
      new.parent_comment_id := v_parent.id;
    end if;
    if new.created_at > now() or new.created_at < now() - interval '30 days' then
      new.created_at := now();
    end if;
    new.updated_at := new.created_at;
  elsif new.content is distinct from old.content then
    new.updated_at := now();
  end if;
  return new;
end
$function$;

-- app.constraint_message -------------------------------------------------------------------------
-- The spec's message for a constraint that caught what a function's own checks did not.
CREATE OR REPLACE FUNCTION app.constraint_message(p_constraint text, p_default text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case p_constraint
    when 'rating_one_per_game' then '{"code": "already_reviewed", "message": "You have already reviewed this game"}'
    when 'rating_half_steps' then '{"code": "invalid_rating", "message": "Rating must be from 1 to 10 in steps of 0.5"}'
    when 'rating_playtime' then '{"code": "invalid_playtime", "message": "Playtime must be whole hours from 1 to 99999"}'
    when 'comment_content_length' then '{"code": "comment_too_long", "message": "Comment exceeds 500 characters"}'
    when 'user_follow_not_self' then '{"code": "self_follow", "message": "You cannot follow yourself"}'
    when 'user_top_games_position' then '{"code": "top5_full", "message": "Top 5 holds at most 5 games"}'
    when 'user_top_games_game_key' then '{"code": "top5_duplicate", "message": "A game can be in your Top 5 only once"}'
    else jsonb_build_object('code', 'invalid', 'message', p_default)
  end::jsonb
$function$;
grant execute on function app.constraint_message(text,text) to authenticated;
grant execute on function app.constraint_message(text,text) to service_role;

-- app.current_user_id ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.current_user_id()
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_sub text := (select auth.uid())::text;
  v_known text;
begin
  if v_sub is null then
    return null;
  end if;
  -- '<auth id> <member id>', set by sync_push for its own call (app.remember_member).
  v_known := current_setting('app.sync_member', true);
  if v_known is not null and v_known <> '' and split_part(v_known, ' ', 1) = v_sub then
    return split_part(v_known, ' ', 2)::bigint;
  end if;
  return (select id from public."user" where provider_id = v_sub);
end
$function$;
grant execute on function app.current_user_id() to anon;
grant execute on function app.current_user_id() to authenticated;
grant execute on function app.current_user_id() to service_role;

-- app.drop_repeated_changes ----------------------------------------------------------------------
-- Identical change entries of one row written in this transaction: all but the newest dropped.
-- Only the calling transaction's own entries (pg_current_xact_id) can be touched.
CREATE OR REPLACE FUNCTION app.drop_repeated_changes()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  delete from public.sync_change d
  where d.xid = pg_current_xact_id()
    and exists (
      select from public.sync_change n
      where n.xid = d.xid and n.id > d.id and n.tbl = d.tbl and n.row_id = d.row_id and n.op = d.op
        and n.key is not distinct from d.key and n.user_id is not distinct from d.user_id
        and n.subject_user_id is not distinct from d.subject_user_id and n.game_id is not distinct from d.game_id
        and n.rating_id is not distinct from d.rating_id and n.private_to is not distinct from d.private_to)
$function$;
grant execute on function app.drop_repeated_changes() to authenticated;
comment on function app.drop_repeated_changes() is 'Drops the calling transaction''s change log entries that a newer identical entry of the same row (op, key and scope columns) repeats.';

-- app.email_if_self ------------------------------------------------------------------------------
-- The caller's own email, as {email}, when p_id is the caller's member row; otherwise null.
-- Definer rights because nobody may select the email column; the check keeps it to its owner.
CREATE OR REPLACE FUNCTION app.email_if_self(p_id bigint)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select jsonb_build_object('email', u.email)
  from public."user" u where u.id = p_id and u.provider_id = (select auth.uid())::text
$function$;
grant execute on function app.email_if_self(bigint) to anon;
grant execute on function app.email_if_self(bigint) to authenticated;
grant execute on function app.email_if_self(bigint) to service_role;

-- app.ensure_user --------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.ensure_user(p_auth_id text, p_email text, p_name text, p_provider text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_id bigint;
begin
  select id into v_id from public."user" where provider_id = p_auth_id;
  if v_id is not null then
    return v_id;
  end if;
  if not exists (select 1 from auth.users u where u.id::text = p_auth_id) then
    perform app.fail('not_authenticated', 'User not authenticated', '42501');
  end if;
  begin
    insert into public."user" (provider_id, provider, email, name, username)
    values (p_auth_id, coalesce(nullif(p_provider, ''), 'email'), p_email, left(nullif(btrim(p_name), ''), 100),
            app.free_username(coalesce(nullif(btrim(p_name), ''), split_part(coalesce(p_email, ''), '@', 1))))
    returning id into v_id;
  exception when unique_violation then
    select id into v_id from public."user" where provider_id = p_auth_id;
  end;
  if v_id is null then
    perform app.fail('user_create_failed', 'Failed to create user record');
  end if;
  return v_id;
end
$function$;

-- app.fail ---------------------------------------------------------------------------------------
-- Every error the API raises on purpose goes through here: the message is the spec's text (what
-- the member reads), the hint is a stable machine code (what the client and sync engine match on).
-- errcode P0001 answers HTTP 400 through PostgREST; 42501 answers 401 (anon) or 403.
CREATE OR REPLACE FUNCTION app.fail(p_code text, p_message text, p_errcode text DEFAULT 'P0001'::text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  raise exception using message = p_message, errcode = p_errcode, hint = p_code;
end
$function$;
grant execute on function app.fail(text,text,text) to anon;
grant execute on function app.fail(text,text,text) to authenticated;
grant execute on function app.fail(text,text,text) to service_role;

-- app.follow_counts ------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.follow_counts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  d integer := case when tg_op = 'INSERT' then 1 else -1 end;
  r public.user_follow := case when tg_op = 'INSERT' then new else old end;
begin
  update public."user" set follower_count = greatest(0, follower_count + d) where id = r.following_id;
  update public."user" set following_count = greatest(0, following_count + d) where id = r.follower_id;
  return null;
end
$function$;

-- app.free_username ------------------------------------------------------------------------------
-- A free username from a wish: letters, digits and underscores, 3 to 30 long, numbered on a clash.
CREATE OR REPLACE FUNCTION app.free_username(p_wish text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
declare
  base text := left(regexp_replace(extensions.unaccent(coalesce(p_wish, '')), '[^A-Za-z0-9_]+', '_', 'g'), 24);
  candidate text;
  n integer := 0;
begin
  base := btrim(base, '_');
  if char_length(base) < 3 then base := 'player' || coalesce(nullif(base, ''), ''); end if;
  candidate := base;
  while exists (select 1 from public."user" where lower(username) = lower(candidate)) loop
    n := n + 1;
    candidate := left(base, 24) || n;
  end loop;
  return candidate;
end
$function$;

-- app.game_blank_text ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.game_blank_text()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if app.is_blank(new.name) then
    perform app.fail('game_name_required', 'Game name is required');
  end if;
  new.name := app.clean_text(new.name);
  return new;
end
$function$;

-- app.game_popularity ----------------------------------------------------------------------------
-- One popularity figure from the game's popularity object (IGDB PopScore shares, as the seed and
-- the shared catalogue carry them): the sum of the IGDB visit, want-to-play, playing and played
-- shares. Null when the game has none of them (a game a member added from the external search).
CREATE OR REPLACE FUNCTION app.game_popularity(p_popularity jsonb)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select sum((e.value #>> '{}')::numeric)
  from jsonb_each(case when jsonb_typeof(p_popularity) = 'object' then p_popularity else '{}'::jsonb end) e
  where e.key in ('igdb_visits', 'igdb_want_to_play', 'igdb_playing', 'igdb_played')
    and jsonb_typeof(e.value) = 'number'
$function$;
grant execute on function app.game_popularity(jsonb) to anon;
grant execute on function app.game_popularity(jsonb) to authenticated;
grant execute on function app.game_popularity(jsonb) to service_role;

-- app.game_search_fields -------------------------------------------------------------------------
-- Search columns are kept by a trigger (not generated) because unaccent is not immutable.
CREATE OR REPLACE FUNCTION app.game_search_fields()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'extensions'
AS $function$
begin
  new.search_name := lower(extensions.unaccent(new.name));
  new.search_vector :=
    setweight(to_tsvector('simple', lower(extensions.unaccent(new.name))), 'A') ||
    setweight(to_tsvector('simple', lower(extensions.unaccent(array_to_string(new.alternative_names, ' ')))), 'B') ||
    setweight(to_tsvector('simple', lower(extensions.unaccent(concat_ws(' ', new.developer, new.publisher,
      array_to_string(new.involved_companies, ' '), new.franchise, new.collection, new.genre,
      array_to_string(new.genres, ' '))))), 'C') ||
    setweight(to_tsvector('english', coalesce(new.summary, '')), 'D');
  new.updated_at := case when tg_op = 'UPDATE' then now() else new.updated_at end;
  return new;
end
$function$;

-- app.game_slug ----------------------------------------------------------------------------------
-- A game's path segment: the spec's slug rule, made unique with the external id on a clash.
CREATE OR REPLACE FUNCTION app.game_slug(p_name text, p_igdb_id bigint)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select case
    when base is null then 'game-' || p_igdb_id
    when exists (select 1 from public.game g where g.slug = base and g.igdb_id <> p_igdb_id) then base || '-' || p_igdb_id
    else base
  end
  from (select app.slugify(p_name) as base) s
$function$;
grant execute on function app.game_slug(text,bigint) to authenticated;
grant execute on function app.game_slug(text,bigint) to service_role;

-- app.hlc_horizon --------------------------------------------------------------------------------
-- The newest clock (its 15 digits of milliseconds) a client may date an edit with: a day from now.
CREATE OR REPLACE FUNCTION app.hlc_horizon()
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select lpad((floor(extract(epoch from now()) * 1000)::bigint + 86400000)::text, 15, '0')
$function$;
grant execute on function app.hlc_horizon() to anon;
grant execute on function app.hlc_horizon() to authenticated;
comment on function app.hlc_horizon() is 'The milliseconds (15 digits) of the newest edit clock sync_push takes from a client: a day ahead of the server. A later clock is dated on arrival.';

-- app.id_list ------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.id_list(p jsonb, p_field text)
 RETURNS bigint[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  if p -> p_field is null or jsonb_typeof(p -> p_field) = 'null' then
    return '{}';
  end if;
  if jsonb_typeof(p -> p_field) <> 'array' then
    perform app.fail('invalid_args', format('Scope %s must be a list of ids', p_field));
  end if;
  if jsonb_array_length(p -> p_field) > 1000 then
    perform app.fail('scope_too_large', format('Scope %s holds at most 1,000 ids', p_field));
  end if;
  return array(select jsonb_array_elements_text(p -> p_field)::bigint);
exception when invalid_text_representation or numeric_value_out_of_range then
  perform app.fail('invalid_args', format('Scope %s must be a list of ids', p_field));
  return null;
end
$function$;
grant execute on function app.id_list(jsonb,text) to anon;
grant execute on function app.id_list(jsonb,text) to authenticated;
grant execute on function app.id_list(jsonb,text) to service_role;

-- app.is_blank -----------------------------------------------------------------------------------
-- The character classes, written out once (PostgreSQL 15 regular expressions, UTF-8 database).
CREATE OR REPLACE FUNCTION app.is_blank(p_text text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select p_text ~ '^[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u115f-\u1160\u1680\u180e\u2000-\u200d\u2028-\u2029\u202f\u205f-\u2064\u2800\u3000\u3164\ufeff\uffa0\u061c\u200e-\u200f\u202a-\u202e\u2066-\u2069\U000e0001\U000e0020-\U000e007f]*$'
$function$;
grant execute on function app.is_blank(text) to anon;
grant execute on function app.is_blank(text) to authenticated;
grant execute on function app.is_blank(text) to service_role;
comment on function app.is_blank(text) is 'True when the text shows nothing (whitespace, zero-width characters, direction marks alone); twin of isBlank in src/core/blank-text.ts.';

-- app.is_started ---------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.is_started(p_user bigint, p_game bigint)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select exists (select 1 from public.game_progress where user_id = p_user and game_id = p_game and (started or completed))
$function$;
grant execute on function app.is_started(bigint,bigint) to authenticated;
grant execute on function app.is_started(bigint,bigint) to service_role;

-- app.like_counts --------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.like_counts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  r public.content_like := case when tg_op = 'INSERT' then new else old end;
  d integer := case when tg_op = 'INSERT' then 1 else -1 end;
begin
  if not r.is_like then
    return null;
  end if;
  if r.rating_id is not null then
    update public.rating set like_count = greatest(0, like_count + d) where id = r.rating_id;
  else
    update public.comment set like_count = greatest(0, like_count + d) where id = r.comment_id;
  end if;
  return null;
end
$function$;

-- app.list_guard ---------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.list_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  select igdb_id into new.igdb_id from public.game where id = new.game_id;
  if exists (select 1 from public.game_progress p
             where p.user_id = new.user_id and p.game_id = new.game_id and (p.started or p.completed)) then
    perform app.fail('game_started',
      format('Cannot add to %s: game already started or completed', case tg_table_name when 'user_wishlist' then 'wishlist' else 'collection' end));
  end if;
  return new;
end
$function$;

-- app.log_change ---------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.log_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  r jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  k jsonb := '{}'::jsonb;
  col text;
  v_cols jsonb;
  v_vals json;
  v_user bigint;
  v_subject bigint;
  v_game bigint;
  v_rating bigint;
  v_private bigint;
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
      -- A draft before and after this write (a new draft, an edited draft, a deleted draft); r is
      -- the new row, or the old one of a delete.
      if (tg_op in ('INSERT', 'DELETE') and (r ->> 'is_draft')::boolean)
         or (tg_op = 'UPDATE' and (r ->> 'is_draft')::boolean and (to_jsonb(old) ->> 'is_draft')::boolean) then
        v_private := v_user;
      end if;
    when 'play_session' then
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_private := v_user;
    when 'content_like' then
      v_user := (r ->> 'user_id')::bigint;
      v_rating := coalesce((r ->> 'rating_id')::bigint,
        (select c.rating_id from public.comment c where c.id = (r ->> 'comment_id')::bigint));
    else
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_rating := (r ->> 'rating_id')::bigint;
  end case;
  -- The change as sync_pull sends it, for a table whose rows go as they are (a member's and a
  -- game's are built by app.user_json and app.game_json when read). From r, the row's JSON already
  -- made: row_to_json(new) here made an import's sync_push about 15 % slower per CPU-second
  -- (`npm run bench -- import`: 1,268–1,382 writes per CPU-second against 1,551; from r 1,590).
  -- (jsonb's text: the same values, keys in its own order.) None for a row that is not everyone's
  -- as written (a draft review, an unpublished comment): a page sends an entry when the row is
  -- visible now, and that row may have been published since; it is then built as it is now.
  if tg_op <> 'DELETE' and tg_table_name not in ('user', 'game')
     and not (tg_table_name = 'rating' and (r ->> 'is_draft')::boolean)
     and not (tg_table_name = 'comment' and not (r ->> 'is_published')::boolean) then
    -- The row's column names and its values, both in jsonb's key order.
    v_cols := jsonb_path_query_array(r, '$.keyvalue().key');
    v_vals := jsonb_path_query_array(r, '$.*')::json;
  end if;
  insert into public.sync_change (tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id, private_to, cols, vals)
  values (tg_table_name, (r ->> 'id')::bigint, case when tg_op = 'DELETE' then 'delete' else 'upsert' end,
          k, v_user, v_subject, v_game, v_rating, v_private, v_cols, v_vals);
  return null;
end
$function$;

-- app.log_change_rows ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.log_change_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if tg_table_name = 'game_progress' then
    if tg_op = 'DELETE' then
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id)
      select 'game_progress', o.id, 'delete', jsonb_build_object('user_id', o.user_id, 'game_id', o.game_id),
             o.user_id, o.game_id
      from old_rows o;
    else
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, cols, vals)
      select 'game_progress', n.id, 'upsert', jsonb_build_object('user_id', n.user_id, 'game_id', n.game_id),
             n.user_id, n.game_id, jsonb_path_query_array(j.r, '$.keyvalue().key'), jsonb_path_query_array(j.r, '$.*')::json
      from new_rows n cross join lateral (select to_jsonb(n) as r) j;
    end if;
  elsif tg_table_name = 'play_session' then
    if tg_op = 'DELETE' then
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, private_to)
      select 'play_session', o.id, 'delete', jsonb_build_object('client_key', o.client_key), o.user_id, o.game_id,
             o.user_id
      from old_rows o;
    else
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, private_to, cols, vals)
      select 'play_session', n.id, 'upsert', jsonb_build_object('client_key', n.client_key), n.user_id, n.game_id,
             n.user_id, jsonb_path_query_array(j.r, '$.keyvalue().key'), jsonb_path_query_array(j.r, '$.*')::json
      from new_rows n cross join lateral (select to_jsonb(n) as r) j;
    end if;
  else
    raise exception 'app.log_change_rows: no change log for %', tg_table_name;
  end if;
  return null;
end
$function$;

-- app.m_collection_move --------------------------------------------------------------------------
-- Mutation collection.move: {igdb_id, game?, to: 'collection' | 'wishlist'}.
CREATE OR REPLACE FUNCTION app.m_collection_move(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game := app.resolve_game(a);
  v_to text := coalesce(a ->> 'to', 'collection');
begin
  if v_to not in ('collection', 'wishlist') then
    perform app.fail('invalid_args', 'Failed to move game');
  end if;
  if app.is_started(p_user, v_game.id) then
    perform app.fail('game_started', format('Cannot move to %s: game already started or completed', v_to));
  end if;
  if v_to = 'collection' then
    return app.m_collection_set(p_user, a || '{"in": true}');
  end if;
  delete from public.user_collection where user_id = p_user and game_id = v_game.id;
  return app.m_wishlist_set(p_user, a || '{"in": true}');
end
$function$;
grant execute on function app.m_collection_move(bigint,jsonb) to authenticated;
grant execute on function app.m_collection_move(bigint,jsonb) to service_role;

-- app.m_collection_set ---------------------------------------------------------------------------
-- Mutation collection.set: {igdb_id, game?, in: bool}. Adding moves the game out of the wishlist.
CREATE OR REPLACE FUNCTION app.m_collection_set(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game := app.resolve_game(a);
  v_in boolean := coalesce((a ->> 'in')::boolean, true);
  v_row public.user_collection;
begin
  if not v_in then
    delete from public.user_collection where user_id = p_user and game_id = v_game.id;
    return jsonb_build_object('igdb_id', v_game.igdb_id, 'in', false);
  end if;
  if app.is_started(p_user, v_game.id) then
    perform app.fail('game_started', 'Cannot add to collection: game already started or completed');
  end if;
  delete from public.user_wishlist where user_id = p_user and game_id = v_game.id;
  insert into public.user_collection (user_id, igdb_id, game_id) values (p_user, v_game.igdb_id, v_game.id)
  on conflict (user_id, igdb_id) do nothing;
  select * into v_row from public.user_collection where user_id = p_user and game_id = v_game.id;
  return to_jsonb(v_row) || jsonb_build_object('in', true);
end
$function$;
grant execute on function app.m_collection_set(bigint,jsonb) to authenticated;
grant execute on function app.m_collection_set(bigint,jsonb) to service_role;

-- app.m_comment_add ------------------------------------------------------------------------------
-- Mutation comment.add: {key?, rating_id, parent_id | parent_key, content, created_at?}; a
-- repeated key returns the comment already made.
CREATE OR REPLACE FUNCTION app.m_comment_add(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_content text := btrim(coalesce(a ->> 'content', ''));
  v_row public.comment;
  v_parent public.comment;
begin
  if coalesce(a ->> 'rating_id', '') !~ '^\d+$' then
    perform app.fail('invalid_review', 'Invalid review ID');
  end if;
  if v_content = '' then
    perform app.fail('comment_empty', 'Comment cannot be empty');
  elsif char_length(v_content) > 500 then
    perform app.fail('comment_too_long', 'Comment exceeds 500 characters');
  end if;
  if a ? 'key' then
    select * into v_row from public.comment where client_key = (a ->> 'key')::uuid;
    if v_row.id is not null then
      if v_row.user_id <> p_user then
        perform app.fail('invalid_comment', 'Invalid comment ID');
      end if;
      return to_jsonb(v_row);
    end if;
  end if;
  if not exists (select 1 from public.rating where id = (a ->> 'rating_id')::bigint) then
    perform app.fail('review_not_found', 'Review not found');
  end if;
  if a ? 'parent_id' or a ? 'parent_key' then
    v_parent := app.find_comment(a, 'parent_id', 'parent_key');
    if v_parent.id is null then
      perform app.fail('parent_not_found', 'Parent comment not found');
    end if;
  end if;
  insert into public.comment (client_key, user_id, rating_id, content, parent_comment_id, is_published, created_at)
  values ((a ->> 'key')::uuid, p_user, (a ->> 'rating_id')::bigint, v_content, v_parent.id, true,
          coalesce((a ->> 'created_at')::timestamptz, now()))
  returning * into v_row;
  return to_jsonb(v_row);
end
$function$;
grant execute on function app.m_comment_add(bigint,jsonb) to authenticated;
grant execute on function app.m_comment_add(bigint,jsonb) to service_role;

-- app.m_comment_delete ---------------------------------------------------------------------------
-- Mutation comment.delete: {id | key}; author only. A comment already gone (or one that never
-- reached the server) counts as deleted, so the queue never stalls on it.
CREATE OR REPLACE FUNCTION app.m_comment_delete(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_row public.comment := app.find_comment(a, 'id', 'key');
begin
  if v_row.id is not null and v_row.user_id <> p_user then
    perform app.fail('comment_forbidden', 'Comment not found or you do not have permission to delete it', '42501');
  end if;
  if v_row.id is not null then
    delete from public.comment where id = v_row.id;
  end if;
  return jsonb_build_object('id', v_row.id, 'key', coalesce(a -> 'key', 'null'), 'deleted', v_row.id is not null,
    'comment_count', (select comment_count from public.rating where id = v_row.rating_id));
end
$function$;
grant execute on function app.m_comment_delete(bigint,jsonb) to authenticated;
grant execute on function app.m_comment_delete(bigint,jsonb) to service_role;

-- app.m_comment_edit -----------------------------------------------------------------------------
-- Mutation comment.edit: {id | key, content}; author only.
CREATE OR REPLACE FUNCTION app.m_comment_edit(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_content text := btrim(coalesce(a ->> 'content', ''));
  v_row public.comment := app.find_comment(a, 'id', 'key');
begin
  if v_row.id is null or v_row.user_id <> p_user then
    perform app.fail('comment_forbidden', 'Comment not found or you do not have permission to edit it', '42501');
  end if;
  if v_content = '' then
    perform app.fail('comment_empty', 'Comment content cannot be empty');
  elsif char_length(v_content) > 500 then
    perform app.fail('comment_too_long', 'Comment content exceeds maximum length (500 characters)');
  end if;
  update public.comment set content = v_content where id = v_row.id returning * into v_row;
  return to_jsonb(v_row);
end
$function$;
grant execute on function app.m_comment_edit(bigint,jsonb) to authenticated;
grant execute on function app.m_comment_edit(bigint,jsonb) to service_role;

-- app.m_comment_like_set -------------------------------------------------------------------------
-- Mutation comment_like.set: {comment_id | comment_key, liked}.
CREATE OR REPLACE FUNCTION app.m_comment_like_set(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_liked boolean := coalesce((a ->> 'liked')::boolean, true);
  v_comment public.comment := app.find_comment(a, 'comment_id', 'comment_key');
begin
  if v_comment.id is null then
    perform app.fail('comment_not_found', 'Comment not found');
  end if;
  if v_liked then
    insert into public.content_like (user_id, comment_id, is_like) values (p_user, v_comment.id, true) on conflict do nothing;
  else
    delete from public.content_like where user_id = p_user and comment_id = v_comment.id;
  end if;
  return jsonb_build_object('comment_id', v_comment.id, 'liked', v_liked,
    'like_count', (select like_count from public.comment where id = v_comment.id));
end
$function$;
grant execute on function app.m_comment_like_set(bigint,jsonb) to authenticated;
grant execute on function app.m_comment_like_set(bigint,jsonb) to service_role;

-- app.m_follow_set -------------------------------------------------------------------------------
-- Mutation follow.set: following = true or false; idempotent either way.
CREATE OR REPLACE FUNCTION app.m_follow_set(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_target bigint;
  v_following boolean := coalesce((a ->> 'following')::boolean, true);
begin
  if coalesce(a ->> 'user_id', '') !~ '^\d+$' then
    perform app.fail('invalid_user', 'Invalid user ID');
  end if;
  v_target := (a ->> 'user_id')::bigint;
  if v_target = p_user then
    perform app.fail('self_follow', 'You cannot follow yourself');
  end if;
  if not exists (select 1 from public."user" where id = v_target) then
    perform app.fail('user_not_found', 'User not found');
  end if;
  if v_following then
    insert into public.user_follow (follower_id, following_id) values (p_user, v_target) on conflict do nothing;
  else
    delete from public.user_follow where follower_id = p_user and following_id = v_target;
  end if;
  return jsonb_build_object('user_id', v_target, 'following', v_following,
    'follower_count', (select follower_count from public."user" where id = v_target));
end
$function$;
grant execute on function app.m_follow_set(bigint,jsonb) to authenticated;
grant execute on function app.m_follow_set(bigint,jsonb) to service_role;

-- app.m_game_ensure ------------------------------------------------------------------------------
-- Mutation game.ensure (spec: ensure-game-in-database): returns the game row.
CREATE OR REPLACE FUNCTION app.m_game_ensure(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  return to_jsonb(app.upsert_game(a));
end
$function$;
grant execute on function app.m_game_ensure(bigint,jsonb) to authenticated;
grant execute on function app.m_game_ensure(bigint,jsonb) to service_role;

-- app.m_journal_add ------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.m_journal_add(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game;
  v_row public.play_session;
begin
  if coalesce(a ->> 'key', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform app.fail('invalid_session', 'Invalid play session ID');
  end if;
  -- The same key again is the same session: nothing more happens (unless the key is someone else's).
  select * into v_row from public.play_session where client_key = (a ->> 'key')::uuid;
  if v_row.id is not null then
    if v_row.user_id <> p_user then
      perform app.fail('invalid_session', 'Invalid play session ID');
    end if;
    return to_jsonb(v_row);
  end if;
  v_game := app.resolve_game(a);
  perform app.check_journal_fields(a, true);
  insert into public.play_session (client_key, user_id, game_id, played_on, minutes, platform_id, note, is_private)
  values ((a ->> 'key')::uuid, p_user, v_game.id, (a ->> 'played_on')::date, (a ->> 'minutes')::smallint,
          (a ->> 'platform_id')::bigint, a ->> 'note', coalesce((a ->> 'is_private')::boolean, false))
  returning * into v_row;
  return to_jsonb(v_row);
exception when unique_violation then
  -- A key taken by another member's private session, which the caller cannot see.
  perform app.fail('invalid_session', 'Invalid play session ID');
  return null;
end
$function$;
grant execute on function app.m_journal_add(bigint,jsonb) to authenticated;
grant execute on function app.m_journal_add(bigint,jsonb) to service_role;

-- app.m_journal_delete ---------------------------------------------------------------------------
-- A session already gone (or never synced) counts as deleted, so the queue never stalls on it.
CREATE OR REPLACE FUNCTION app.m_journal_delete(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_row public.play_session := app.find_play_session(a);
begin
  if v_row.id is not null and v_row.user_id <> p_user then
    perform app.fail('session_forbidden', 'Play session not found or you do not have permission to delete it');
  end if;
  if v_row.id is not null then
    delete from public.play_session where id = v_row.id;
  end if;
  return jsonb_build_object('id', v_row.id, 'key', a -> 'key', 'deleted', v_row.id is not null);
end
$function$;
grant execute on function app.m_journal_delete(bigint,jsonb) to authenticated;
grant execute on function app.m_journal_delete(bigint,jsonb) to service_role;

-- app.m_journal_update ---------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.m_journal_update(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_row public.play_session := app.find_play_session(a);
begin
  if v_row.id is null or v_row.user_id <> p_user then
    perform app.fail('session_forbidden', 'Play session not found or you do not have permission to edit it');
  end if;
  perform app.check_journal_fields(a, false);
  update public.play_session set
    played_on = case when a ? 'played_on' then (a ->> 'played_on')::date else played_on end,
    minutes = case when a ? 'minutes' then (a ->> 'minutes')::smallint else minutes end,
    platform_id = case when a ? 'platform_id' then (a ->> 'platform_id')::bigint else platform_id end,
    note = case when a ? 'note' then a ->> 'note' else note end,
    is_private = case when a ? 'is_private' then (a ->> 'is_private')::boolean else is_private end
  where id = v_row.id
  returning * into v_row;
  return to_jsonb(v_row);
end
$function$;
grant execute on function app.m_journal_update(bigint,jsonb) to authenticated;
grant execute on function app.m_journal_update(bigint,jsonb) to service_role;

-- app.m_profile_update ---------------------------------------------------------------------------
-- Mutation profile.update: the changed fields of the caller's profile.
CREATE OR REPLACE FUNCTION app.m_profile_update(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_id bigint;
  k text;
  v_username text := btrim(a ->> 'username');
begin
  for k in select jsonb_object_keys(a) loop
    if k not in ('username', 'name', 'display_name', 'bio', 'avatar_url', 'location', 'website', 'platform') then
      perform app.fail('invalid_args', format('Unknown profile field: %s', k));
    end if;
  end loop;
  if a ? 'username' then
    if v_username is null or char_length(v_username) < 3 then
      perform app.fail('invalid_username', 'Username must be at least 3 characters');
    elsif char_length(v_username) > 30 then
      perform app.fail('invalid_username', 'Username must be less than 30 characters');
    elsif v_username !~ '^[A-Za-z0-9_]+$' then
      perform app.fail('invalid_username', 'Username can only contain letters, numbers, and underscores');
    elsif exists (select 1 from public."user" where lower(username) = lower(v_username) and id <> p_user) then
      perform app.fail('username_taken', 'Username is already taken');
    end if;
  end if;
  if coalesce(a ->> 'avatar_url', 'https://') !~ '^https?://' or coalesce(a ->> 'website', 'https://') !~ '^https?://' then
    perform app.fail('invalid_url', 'Please enter a valid URL (http or https)');
  end if;
  update public."user" set
    username = case when a ? 'username' then v_username else username end,
    name = case when a ? 'name' then nullif(btrim(a ->> 'name'), '') else name end,
    display_name = case when a ? 'display_name' then nullif(btrim(a ->> 'display_name'), '') else display_name end,
    bio = case when a ? 'bio' then nullif(btrim(a ->> 'bio'), '') else bio end,
    avatar_url = case when a ? 'avatar_url' then nullif(btrim(a ->> 'avatar_url'), '') else avatar_url end,
    location = case when a ? 'location' then nullif(btrim(a ->> 'location'), '') else location end,
    website = case when a ? 'website' then nullif(btrim(a ->> 'website'), '') else website end,
    platform = case when a ? 'platform' then nullif(btrim(a ->> 'platform'), '') else platform end,
    updated_at = now()
  where id = p_user
  returning id into v_id;
  if v_id is null then
    perform app.fail('no_user', 'No user found');
  end if;
  return app.user_json(v_id);
end
$function$;
grant execute on function app.m_profile_update(bigint,jsonb) to authenticated;
grant execute on function app.m_profile_update(bigint,jsonb) to service_role;

-- app.m_progress_set -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.m_progress_set(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game;
  v_row public.game_progress;
  v_completed boolean := coalesce((a ->> 'completed')::boolean, false);
  v_started boolean := coalesce((a ->> 'started')::boolean, false) or v_completed;
begin
  if coalesce(a ->> 'igdb_id', a ->> 'game_id', '') = '' then
    perform app.fail('invalid_game', 'Game data missing valid IGDB ID');
  end if;
  -- resolve_game's own first step: a game found here is the one it returns, without refusing.
  if coalesce(a ->> 'game_id', '') ~ '^\d+$' then
    select * into v_game from public.game where id = (a ->> 'game_id')::bigint;
  elsif coalesce(a ->> 'igdb_id', '') ~ '^\d+$' then
    select * into v_game from public.game where igdb_id = (a ->> 'igdb_id')::bigint;
  end if;
  if v_game.id is null then
    begin
      v_game := app.resolve_game(a);
    exception when raise_exception then
      perform app.fail('game_not_found', 'Game must be added to database first');
    end;
  end if;
  insert into public.game_progress as p (user_id, game_id, started, completed, started_date, completed_date)
  values (p_user, v_game.id, v_started, v_completed,
          case when v_started then coalesce((a ->> 'at')::timestamptz, now()) end,
          case when v_completed then coalesce((a ->> 'at')::timestamptz, now()) end)
  on conflict (user_id, game_id) do update set
    started = p.started or excluded.started,
    completed = p.completed or excluded.completed,
    started_date = coalesce(p.started_date, excluded.started_date),
    completed_date = coalesce(p.completed_date, excluded.completed_date)
  returning * into v_row;
  return to_jsonb(v_row);
end
$function$;
grant execute on function app.m_progress_set(bigint,jsonb) to authenticated;
grant execute on function app.m_progress_set(bigint,jsonb) to service_role;

-- app.m_review_create ----------------------------------------------------------------------------
-- Mutation review.create: {igdb_id | game_id, game?, rating, review?, is_recommended?, platform_id | platform, playtime_hours?, post_date_time?, draft?}
CREATE OR REPLACE FUNCTION app.m_review_create(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game := app.resolve_game(a);
  v_row public.rating;
begin
  if not a ? 'rating' then
    perform app.fail('invalid_rating', 'Rating must be a number from 1 to 10');
  end if;
  perform app.check_review_fields(a);
  perform app.check_draft_arg(a);
  if exists (select 1 from public.rating where user_id = p_user and game_id = v_game.id) then
    perform app.fail('already_reviewed', 'You have already reviewed this game');
  end if;
  insert into public.rating (user_id, game_id, rating, review, post_date_time, is_recommended, platform_id, playtime_hours, is_draft)
  values (p_user, v_game.id, (a ->> 'rating')::numeric, nullif(btrim(a ->> 'review'), ''),
          coalesce((a ->> 'post_date_time')::timestamptz, now()), (a ->> 'is_recommended')::boolean,
          app.review_platform(a), (a ->> 'playtime_hours')::integer, coalesce((a ->> 'draft')::boolean, false))
  returning * into v_row;
  return to_jsonb(v_row);
end
$function$;
grant execute on function app.m_review_create(bigint,jsonb) to authenticated;
grant execute on function app.m_review_create(bigint,jsonb) to service_role;

-- app.m_review_delete ----------------------------------------------------------------------------
-- Mutation review.delete: {rating_id} or {igdb_id} (the caller's review of that game, which a
-- review written offline can only be named by). Idempotent; someone else's review is refused.
CREATE OR REPLACE FUNCTION app.m_review_delete(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_target bigint;
  v_id bigint;
  v_owner bigint;
begin
  if coalesce(a ->> 'rating_id', '') ~ '^\d+$' then
    v_target := (a ->> 'rating_id')::bigint;
  elsif coalesce(a ->> 'igdb_id', '') ~ '^\d+$' then
    select r.id into v_target from public.rating r join public.game g on g.id = r.game_id
    where r.user_id = p_user and g.igdb_id = (a ->> 'igdb_id')::bigint;
  else
    perform app.fail('invalid_review', 'Invalid review ID');
  end if;
  select user_id into v_owner from public.rating where id = v_target;
  if v_owner is not null and v_owner <> p_user then
    perform app.fail('review_forbidden', 'Review not found or you do not have permission to edit it', '42501');
  end if;
  delete from public.rating where id = v_target and user_id = p_user returning id into v_id;
  return jsonb_build_object('rating_id', v_target, 'deleted', v_id is not null);
end
$function$;
grant execute on function app.m_review_delete(bigint,jsonb) to authenticated;
grant execute on function app.m_review_delete(bigint,jsonb) to service_role;

-- app.m_review_like_set --------------------------------------------------------------------------
-- Mutation review_like.set: {rating_id, liked}. Members may like their own review.
CREATE OR REPLACE FUNCTION app.m_review_like_set(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_rating bigint;
  v_liked boolean := coalesce((a ->> 'liked')::boolean, true);
begin
  if coalesce(a ->> 'rating_id', '') !~ '^\d+$' then
    perform app.fail('invalid_review', 'Invalid review ID');
  end if;
  v_rating := (a ->> 'rating_id')::bigint;
  if not exists (select 1 from public.rating where id = v_rating) then
    perform app.fail('review_not_found', 'Review not found');
  end if;
  if v_liked then
    insert into public.content_like (user_id, rating_id, is_like) values (p_user, v_rating, true) on conflict do nothing;
  else
    delete from public.content_like where user_id = p_user and rating_id = v_rating;
  end if;
  return jsonb_build_object('rating_id', v_rating, 'liked', v_liked,
    'like_count', (select like_count from public.rating where id = v_rating));
end
$function$;
grant execute on function app.m_review_like_set(bigint,jsonb) to authenticated;
grant execute on function app.m_review_like_set(bigint,jsonb) to service_role;

-- app.m_review_update ----------------------------------------------------------------------------
-- Mutation review.update: the fields given, of the caller's review of the game; `draft` saves it
-- as a draft or publishes it, `post_date_time` is the publish time (used only when publishing).
CREATE OR REPLACE FUNCTION app.m_review_update(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_row public.rating;
  v_game_id bigint;
begin
  perform app.check_review_fields(a);
  perform app.check_draft_arg(a);
  if coalesce(a ->> 'rating_id', '') ~ '^\d+$' then
    select * into v_row from public.rating where id = (a ->> 'rating_id')::bigint and user_id = p_user;
  else
    select g.id into v_game_id from public.game g
    where (coalesce(a ->> 'game_id', '') ~ '^\d+$' and g.id = (a ->> 'game_id')::bigint)
       or (coalesce(a ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (a ->> 'igdb_id')::bigint)
    limit 1;
    select * into v_row from public.rating where game_id = v_game_id and user_id = p_user;
  end if;
  if v_row.id is null then
    perform app.fail('review_forbidden', 'Review not found or you do not have permission to edit it', '42501');
  end if;
  update public.rating set
    rating = case when a ? 'rating' then (a ->> 'rating')::numeric else rating end,
    review = case when a ? 'review' then nullif(btrim(a ->> 'review'), '') else review end,
    is_recommended = case when a ? 'is_recommended' then (a ->> 'is_recommended')::boolean else is_recommended end,
    platform_id = case when a ? 'platform_id' or a ? 'platform' then app.review_platform(a) else platform_id end,
    playtime_hours = case when a ? 'playtime_hours' then (a ->> 'playtime_hours')::integer else playtime_hours end,
    is_draft = case when a ? 'draft' then (a ->> 'draft')::boolean else is_draft end,
    post_date_time = case when is_draft and a ->> 'draft' = 'false' and a ? 'post_date_time'
                          then (a ->> 'post_date_time')::timestamptz else post_date_time end
  where id = v_row.id
  returning * into v_row;
  return to_jsonb(v_row);
end
$function$;
grant execute on function app.m_review_update(bigint,jsonb) to authenticated;
grant execute on function app.m_review_update(bigint,jsonb) to service_role;

-- app.m_top5_replace -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.m_top5_replace(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_item jsonb;
  v_game public.game;
  v_pos integer := 0;
begin
  if jsonb_typeof(a -> 'games') is distinct from 'array' then
    perform app.fail('invalid_args', 'Top 5 must be a list of games');
  end if;
  if jsonb_array_length(a -> 'games') > 5 then
    perform app.fail('top5_full', 'Top 5 holds at most 5 games');
  end if;
  delete from public.user_top_games where user_id = p_user;
  for v_item in select * from jsonb_array_elements(a -> 'games') loop
    v_game := app.resolve_game(v_item);
    v_pos := v_pos + 1;
    insert into public.user_top_games (user_id, game_id, position) values (p_user, v_game.id, v_pos);
  end loop;
  return coalesce((select jsonb_agg(to_jsonb(t) order by t.position) from public.user_top_games t where t.user_id = p_user), '[]');
exception when unique_violation then
  perform app.fail('top5_duplicate', 'A game can be in your Top 5 only once');
  return null;
end
$function$;
grant execute on function app.m_top5_replace(bigint,jsonb) to authenticated;
grant execute on function app.m_top5_replace(bigint,jsonb) to service_role;

-- app.m_wishlist_set -----------------------------------------------------------------------------
-- Mutation wishlist.set: {igdb_id, game?, in: bool, priority?, notes?}.
CREATE OR REPLACE FUNCTION app.m_wishlist_set(p_user bigint, a jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game := app.resolve_game(a);
  v_in boolean := coalesce((a ->> 'in')::boolean, true);
  v_row public.user_wishlist;
begin
  if not v_in then
    delete from public.user_wishlist where user_id = p_user and game_id = v_game.id;
    return jsonb_build_object('igdb_id', v_game.igdb_id, 'in', false);
  end if;
  if app.is_started(p_user, v_game.id) then
    perform app.fail('game_started', 'Cannot add to wishlist: game already started or completed');
  end if;
  if exists (select 1 from public.user_collection where user_id = p_user and game_id = v_game.id) then
    perform app.fail('in_collection', 'Game is already in your collection');
  end if;
  insert into public.user_wishlist as w (user_id, igdb_id, game_id, priority, notes)
  values (p_user, v_game.igdb_id, v_game.id, coalesce((a ->> 'priority')::smallint, 0), nullif(btrim(a ->> 'notes'), ''))
  on conflict (user_id, igdb_id) do update set
    priority = case when a ? 'priority' then excluded.priority else w.priority end,
    notes = case when a ? 'notes' then excluded.notes else w.notes end
  returning * into v_row;
  return to_jsonb(v_row) || jsonb_build_object('in', true);
end
$function$;
grant execute on function app.m_wishlist_set(bigint,jsonb) to authenticated;
grant execute on function app.m_wishlist_set(bigint,jsonb) to service_role;

-- app.member_clock -------------------------------------------------------------------------------
-- The column's collation is already "C": max(hlc) is the same, and it can read the index above.
CREATE OR REPLACE FUNCTION app.member_clock(p_user bigint)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select max(hlc) from public.edit_clock where user_id = p_user
$function$;
grant execute on function app.member_clock(bigint) to authenticated;
grant execute on function app.member_clock(bigint) to service_role;

-- app.mutation_id_of -----------------------------------------------------------------------------
-- The id a mutation that cannot become jsonb carries, read from its JSON text with every escape
-- jsonb refuses made U+FFFD; null when it has none it can be read from.
CREATE OR REPLACE FUNCTION app.mutation_id_of(p_mutation json)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  -- The replacement keeps the text valid JSON: a match that starts at an escaped backslash (\\u0000
  -- in the text) becomes that backslash and the letters ufffd.
  return regexp_replace(p_mutation::text, '\\u(0000|[dD][89a-fA-F][0-9a-fA-F]{2})', '\\ufffd', 'g')::json ->> 'id';
exception when data_exception then
  -- Not an object, or not JSON after all: answered without an id.
  return null;
end
$function$;
grant execute on function app.mutation_id_of(json) to anon;
grant execute on function app.mutation_id_of(json) to authenticated;

-- app.mutation_owner -----------------------------------------------------------------------------
-- Who used a mutation id (null when unused), whoever asks: RLS hides other members' rows.
CREATE OR REPLACE FUNCTION app.mutation_owner(p_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select user_id from public.sync_applied where mutation_id = p_id
$function$;
grant execute on function app.mutation_owner(uuid) to anon;
grant execute on function app.mutation_owner(uuid) to authenticated;
grant execute on function app.mutation_owner(uuid) to service_role;

-- app.mutation_owners ----------------------------------------------------------------------------
-- Who used each of these mutation ids, whoever asks (app.mutation_owner for a whole batch).
CREATE OR REPLACE FUNCTION app.mutation_owners(p_ids uuid[])
 RETURNS TABLE(mutation_id uuid, user_id bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select a.mutation_id, a.user_id from public.sync_applied a where a.mutation_id = any (p_ids)
$function$;
grant execute on function app.mutation_owners(uuid[]) to authenticated;
grant execute on function app.mutation_owners(uuid[]) to service_role;

-- app.normalize_game -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.normalize_game(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
declare
  -- Lists are capped (50 names of at most 200 characters) so no client-sent summary can exceed
  -- an index row or a tsvector.
  names_of text := $q$ select coalesce(jsonb_agg(n) filter (where n is not null and char_length(n) <= 200), '[]'::jsonb)
                      from (select coalesce(e ->> 'name', e #>> '{}') as n
                            from jsonb_array_elements(case when jsonb_typeof($1) = 'array' then $1 else '[]'::jsonb end) e
                            limit 50) names $q$;
  v_cover text := coalesce(p ->> 'cover_url', p #>> '{cover,url}');
  v_seconds bigint;
  v_date date;
  v_year integer;
  v_genres jsonb;
  v_platforms jsonb;
  v_alt jsonb;
  v_companies jsonb;
begin
  execute names_of into v_genres using p -> 'genres';
  execute names_of into v_platforms using p -> 'platforms';
  execute names_of into v_alt using p -> 'alternative_names';
  execute names_of into v_companies using p -> 'involved_companies';
  if jsonb_typeof(p -> 'first_release_date') = 'number' then
    v_seconds := (p ->> 'first_release_date')::numeric::bigint;
    v_date := (to_timestamp(v_seconds) at time zone 'UTC')::date;
  end if;
  if p ->> 'release_date' ~ '^\d{4}-\d{2}-\d{2}' then
    v_date := left(p ->> 'release_date', 10)::date;
  elsif jsonb_typeof(p -> 'release_date') = 'number' then
    v_date := (to_timestamp((p ->> 'release_date')::numeric) at time zone 'UTC')::date;
  end if;
  -- The year: the day's when the day is known, else the year alone ('release_year': 1998, a
  -- 'release_date' of '1998', or IGDB's release_dates [{y: 1998}], the earliest).
  if v_date is not null then
    v_year := extract(year from v_date)::integer;
  elsif jsonb_typeof(p -> 'release_year') = 'number' and (p ->> 'release_year')::numeric between 1 and 9999 then
    v_year := trunc((p ->> 'release_year')::numeric)::integer;
  elsif p ->> 'release_date' ~ '^\d{4}$' then
    v_year := (p ->> 'release_date')::integer;
  elsif jsonb_typeof(p -> 'release_dates') = 'array' then
    select trunc(min((d ->> 'y')::numeric))::integer into v_year
    from jsonb_array_elements(p -> 'release_dates') d
    where jsonb_typeof(d) = 'object' and jsonb_typeof(d -> 'y') = 'number' and (d ->> 'y')::numeric between 1 and 9999;
  end if;
  if v_year not between 1 and 9999 then
    v_year := null;  -- a date before the common era has no year the column keeps
  end if;
  if v_cover is not null then
    v_cover := replace(v_cover, 't_thumb', 't_cover_big');
    if v_cover like '//%' then v_cover := 'https:' || v_cover; end if;
    if v_cover like 'http://%' then v_cover := 'https://' || substr(v_cover, 8); end if;
    if v_cover !~ '^https://' then v_cover := null; end if;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'igdb_id', coalesce(nullif(p -> 'igdb_id', 'null'::jsonb), p -> 'id'),
    'name', btrim(p ->> 'name'),
    'summary', nullif(btrim(p ->> 'summary'), ''),
    'release_date', v_date,
    'release_year', v_year,
    'first_release_date', coalesce(v_seconds, case when v_date is not null then extract(epoch from v_date)::bigint end),
    'cover_url', v_cover,
    'genre', coalesce(nullif(p ->> 'genre', ''), v_genres ->> 0),
    'genres', v_genres,
    'platforms', v_platforms,
    'developer', nullif(p ->> 'developer', ''),
    'publisher', nullif(p ->> 'publisher', ''),
    'involved_companies', v_companies,
    'alternative_names', v_alt,
    'category', coalesce(nullif(p -> 'category', 'null'::jsonb), p -> 'category_guess'),
    'parent_game', case when jsonb_typeof(p -> 'parent_game') = 'object' then p #> '{parent_game,id}' else p -> 'parent_game' end,
    'franchise', coalesce(p ->> 'franchise', p #>> '{franchise,name}'),
    'collection', coalesce(p #>> '{collection,name}', case when jsonb_typeof(p -> 'collection') = 'string' then p ->> 'collection' end),
    'igdb_rating', case when jsonb_typeof(coalesce(nullif(p -> 'total_rating', 'null'::jsonb), p -> 'rating')) = 'number'
                        then round(least(100, greatest(0, coalesce(p ->> 'total_rating', p ->> 'rating')::numeric))) end,
    'rating_count', coalesce(nullif(p -> 'total_rating_count', 'null'::jsonb), p -> 'rating_count'),
    'metacritic_score', p -> 'metacritic_score',
    'popularity', p -> 'popularity'
  ));
end
$function$;
grant execute on function app.normalize_game(jsonb) to authenticated;
grant execute on function app.normalize_game(jsonb) to service_role;

-- app.own_rating_id ------------------------------------------------------------------------------
-- The caller's review an update names (by rating_id, or by game), or null; never raises.
CREATE OR REPLACE FUNCTION app.own_rating_id(p_user bigint, a jsonb)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select r.id from public.rating r join public.game g on g.id = r.game_id
  where r.user_id = p_user
    and case when coalesce(a ->> 'rating_id', '') ~ '^\d+$' then r.id = (a ->> 'rating_id')::bigint
             else (coalesce(a ->> 'game_id', '') ~ '^\d+$' and g.id = (a ->> 'game_id')::bigint)
               or (coalesce(a ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (a ->> 'igdb_id')::bigint) end
  limit 1
$function$;
grant execute on function app.own_rating_id(bigint,jsonb) to authenticated;
grant execute on function app.own_rating_id(bigint,jsonb) to service_role;

-- app.platform_id --------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.platform_id(p_name text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_id bigint;
begin
  select id into v_id from public.platform where lower(name) = lower(btrim(p_name));
  if v_id is null then
    insert into public.platform (name) values (btrim(p_name))
      on conflict (lower(name)) do update set name = public.platform.name
      returning id into v_id;
  end if;
  return v_id;
end
$function$;
grant execute on function app.platform_id(text) to authenticated;
grant execute on function app.platform_id(text) to service_role;

-- app.play_session_guard -------------------------------------------------------------------------
-- The rules a check constraint cannot hold (they read the clock or other tables), for every path
-- that writes the table. Unchanged fields are not re-checked, so editing a note of an old session
-- never fails on a platform link the catalogue dropped since.
CREATE OR REPLACE FUNCTION app.play_session_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  select igdb_id into new.igdb_id from public.game where id = new.game_id;
  new.note := nullif(btrim(new.note), '');
  if (tg_op = 'INSERT' or new.played_on is distinct from old.played_on)
     and new.played_on > (now() at time zone 'utc')::date + 1 then
    perform app.fail('invalid_play_date', 'Play date cannot be in the future');
  end if;
  if new.platform_id is not null and (tg_op = 'INSERT' or new.platform_id is distinct from old.platform_id)
     and not exists (select 1 from public.platform_games pg where pg.game_id = new.game_id and pg.platform_id = new.platform_id) then
    perform app.fail('platform_not_for_game', 'That platform is not one of this game''s platforms');
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.updated_at := now();
  else
    new.created_at := now();
    new.updated_at := new.created_at;
  end if;
  return new;
end
$function$;

-- app.progress_clears_lists ----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.progress_clears_lists()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if new.started or new.completed then
    if exists (select 1 from public.user_wishlist where user_id = new.user_id and game_id = new.game_id) then
      delete from public.user_wishlist where user_id = new.user_id and game_id = new.game_id;
    end if;
    if exists (select 1 from public.user_collection where user_id = new.user_id and game_id = new.game_id) then
      delete from public.user_collection where user_id = new.user_id and game_id = new.game_id;
    end if;
  end if;
  return null;
end
$function$;

-- app.progress_guard -----------------------------------------------------------------------------
-- Rules as triggers, so they hold for every path that writes these tables.
CREATE OR REPLACE FUNCTION app.progress_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  select igdb_id into new.igdb_id from public.game where id = new.game_id;
  if new.completed then
    new.started := true;
    new.completed_date := coalesce(new.completed_date, now());
  end if;
  if new.started then
    new.started_date := coalesce(new.started_date, now());
  end if;
  new.updated_at := now();
  return new;
end
$function$;

-- app.prune_sync_changes -------------------------------------------------------------------------
-- Deletes the changes logged longer ago than p_keep and raises the mark to the first transaction
-- it keeps, in one transaction: every change of a transaction at or above the mark is still
-- there, so a cursor at or above it misses nothing. It prunes whole transactions, oldest first,
-- up to the oldest one with a change inside the window (a transaction's clock is its start, its id
-- comes with its first write, so the two orders can differ a little: an old change behind a
-- younger one waits for the next run). That first kept change is found along the xid index,
-- reading little more than the rows about to go. Returns how many rows it deleted.
CREATE OR REPLACE FUNCTION app.prune_sync_changes(p_keep interval DEFAULT '30 days'::interval)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_cut xid8;
  v_rows bigint;
begin
  if p_keep is null or p_keep < interval '0' then
    perform app.fail('invalid_args', 'Retention must not be negative');
  end if;
  -- One pruner at a time (a cron job and a gateway timer may overlap).
  perform pg_advisory_xact_lock(hashtextextended('app.prune_sync_changes', 0));
  select sc.xid into v_cut from public.sync_change sc where sc.changed_at >= now() - p_keep order by sc.xid limit 1;
  if v_cut is null then
    -- Everything is older than the window: the mark goes just above the newest transaction.
    select (max(sc.xid)::text::numeric + 1)::text::xid8 into v_cut from public.sync_change sc;
  end if;
  if v_cut is null then
    return 0;
  end if;
  delete from public.sync_change where xid < v_cut;
  get diagnostics v_rows = row_count;
  if v_rows = 0 then
    return 0;
  end if;
  update public.sync_retention
  set low_water = greatest(low_water, v_cut), pruned_at = now(), pruned_rows = pruned_rows + v_rows
  where id;
  return v_rows;
end
$function$;
grant execute on function app.prune_sync_changes(interval) to service_role;
comment on function app.prune_sync_changes(interval) is 'Prunes the sync change log to a window and raises its low-water mark (service role and scheduler only).';

-- app.pull_answer --------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.pull_answer(p_cursor text, p_has_more boolean, p_snapshot boolean, p_changes json, p_user_id bigint, p_clock jsonb, p_rows json DEFAULT NULL::json)
 RETURNS json
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case
    when p_clock is null and p_rows is null
      then json_build_object('cursor', p_cursor, 'has_more', p_has_more, 'snapshot', p_snapshot, 'changes', p_changes,
                             'user_id', p_user_id)
    when p_rows is null
      then json_build_object('cursor', p_cursor, 'has_more', p_has_more, 'snapshot', p_snapshot, 'changes', p_changes,
                             'user_id', p_user_id, 'clock', p_clock)
    when p_clock is null
      then json_build_object('cursor', p_cursor, 'has_more', p_has_more, 'snapshot', p_snapshot, 'changes', p_changes,
                             'user_id', p_user_id, 'rows', p_rows)
    else json_build_object('cursor', p_cursor, 'has_more', p_has_more, 'snapshot', p_snapshot, 'changes', p_changes,
                           'user_id', p_user_id, 'clock', p_clock, 'rows', p_rows)
  end
$function$;
grant execute on function app.pull_answer(text,boolean,boolean,json,bigint,jsonb,json) to anon;
grant execute on function app.pull_answer(text,boolean,boolean,json,bigint,jsonb,json) to authenticated;
comment on function app.pull_answer(text,boolean,boolean,json,bigint,jsonb,json) is 'A sync_pull answer: the page''s cursor, has_more, snapshot flag, changes and member, (when not null) the member''s edit clock, and (protocol 3, when not null) the rows sent as logged, by table and columns.';

-- app.pull_changes -------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.pull_changes(p_cursor text DEFAULT NULL::text, p_scope jsonb DEFAULT '{}'::jsonb, p_limit integer DEFAULT 1000, p_own boolean DEFAULT true, p_clock jsonb DEFAULT NULL::jsonb, p_protocol integer DEFAULT 2)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
 SET jit TO 'off'
AS $function$
declare
  -- p_own false: only the scope (a read-through of public data), not the caller's own rows.
  v_me bigint := case when coalesce(p_own, true) then app.current_user_id() end;
  v_xmin xid8 := pg_snapshot_xmin(pg_current_snapshot());
  v_scope jsonb := coalesce(p_scope, '{}'::jsonb);
  v_games bigint[] := app.id_list(v_scope, 'game_ids');
  v_users bigint[] := app.id_list(v_scope, 'user_ids');
  v_ratings bigint[] := app.id_list(v_scope, 'rating_ids');
  -- Members the client holds only as authors: their member row is kept fresh, not their content.
  v_authors bigint[] := app.id_list(v_scope, 'author_ids');
  v_limit integer := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_from xid8;
  v_last xid8;
  v_next xid8;
  v_cursor xid8;
  v_changes json;
  -- Protocol 3: the rows sent as their writes left them, by table and columns (app.pull_answer).
  v_rows json;
  -- A client before protocol 3 reads changes only: its page builds every row as it is now.
  v_grouped boolean := coalesce(p_protocol, 2) >= 3;
  v_has_more boolean := false;
  -- How many changes the page's end was found from (at most v_limit + 1).
  v_read bigint;
begin
  if v_me is not null then
    v_ratings := v_ratings || array(select id from public.rating where user_id = v_me);
  end if;

  if p_cursor is null then
    with rows(tbl, id) as (
      select 'user', u.id from public."user" u where u.id = v_me or u.id = any(v_users) or u.id = any(v_authors)
      union all
      select 'rating', r.id from public.rating r
        where r.user_id = v_me or r.user_id = any(v_users) or r.game_id = any(v_games) or r.id = any(v_ratings)
      union all
      select 'comment', c.id from public.comment c
        where c.user_id = v_me or c.user_id = any(v_users) or c.rating_id = any(v_ratings)
      union all
      select 'content_like', l.id from public.content_like l
        where l.user_id = v_me or l.user_id = any(v_users) or l.rating_id = any(v_ratings)
           or l.comment_id in (select c.id from public.comment c where c.rating_id = any(v_ratings))
      union all
      select 'user_follow', f.id from public.user_follow f
        where f.follower_id = v_me or f.following_id = v_me or f.follower_id = any(v_users) or f.following_id = any(v_users)
      union all
      select 'game_progress', p.id from public.game_progress p where p.user_id = v_me or p.user_id = any(v_users)
      union all
      select 'user_wishlist', w.id from public.user_wishlist w where w.user_id = v_me or w.user_id = any(v_users)
      union all
      select 'user_collection', c.id from public.user_collection c where c.user_id = v_me or c.user_id = any(v_users)
      union all
      select 'user_top_games', t.id from public.user_top_games t where t.user_id = v_me or t.user_id = any(v_users)
      union all
      -- Only the caller's own play sessions: others' journals are read through get_user_journal.
      select 'play_session', s.id from public.play_session s where s.user_id = v_me
    ), materialised as (
      select r.tbl, r.id,
         case r.tbl
           when 'user' then app.user_json(r.id)
           when 'rating' then (select to_jsonb(t) from public.rating t where t.id = r.id)
           when 'comment' then (select to_jsonb(t) from public.comment t where t.id = r.id)
           when 'content_like' then (select to_jsonb(t) from public.content_like t where t.id = r.id)
           when 'user_follow' then (select to_jsonb(t) from public.user_follow t where t.id = r.id)
           when 'game_progress' then (select to_jsonb(t) from public.game_progress t where t.id = r.id)
           when 'user_wishlist' then (select to_jsonb(t) from public.user_wishlist t where t.id = r.id)
           when 'user_collection' then (select to_jsonb(t) from public.user_collection t where t.id = r.id)
           when 'user_top_games' then (select to_jsonb(t) from public.user_top_games t where t.id = r.id)
           when 'play_session' then (select to_jsonb(t) from public.play_session t where t.id = r.id)
         end as row
      from rows r
    ), with_games as (
      select tbl, id, row from materialised where row is not null
      union
      select 'game', g.id, app.game_json(g) from public.game g
      where g.id = any(v_games) or g.id in (select (m.row ->> 'game_id')::bigint from materialised m
                                            where m.row ? 'game_id' and m.tbl <> 'comment')
      union
      -- The authors of what is sent, so no comment or review shows up without its member.
      select 'user', u.id, app.user_json(u.id) from public."user" u
      where u.id in (select (m.row ->> k)::bigint from materialised m, unnest(array['user_id', 'follower_id', 'following_id']) k
                     where m.row ? k and m.tbl <> 'user')
    )
    select coalesce(json_agg(json_build_object('table', tbl, 'op', 'upsert', 'id', id, 'row', row)
                             order by case tbl when 'game' then 0 when 'user' then 1 when 'rating' then 2 else 3 end, id), '[]'::json)
      into v_changes from with_games;
    return app.pull_answer('v1:' || v_xmin::text, false, true, v_changes, v_me, p_clock);
  end if;

  if p_cursor !~ '^v1:\d+$' then
    perform app.fail('invalid_cursor', 'Invalid sync cursor');
  end if;
  v_from := substr(p_cursor, 4)::xid8;
  -- Changes below the low-water mark were pruned: this cursor's page could silently lack some.
  if v_from < (select r.low_water from public.sync_retention r where r.id) then
    perform app.fail('cursor_too_old', 'Sync cursor is older than the change log; take a new snapshot');
  end if;

  -- The last transaction that fits in the page (at least one, whatever its size), and the next,
  -- read from the first v_limit + 1 changes in xid order only: every transaction wholly among them
  -- has its whole count there, and the one that holds change v_limit + 1 is over the page either
  -- way. (Before, every change from the cursor on was counted and sorted, on every page.)
  with c as (
    select sc.xid from public.sync_change sc
    where sc.xid >= v_from and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id in (select unnest(v_users)) or sc.subject_user_id in (select unnest(v_users))
      or sc.game_id in (select unnest(v_games)) or sc.rating_id in (select unnest(v_ratings))
      or (sc.tbl = 'user' and sc.row_id in (select unnest(v_authors))))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me))
    order by sc.xid
    limit v_limit + 1
  ), per_xid as (
    select xid, sum(count(*)) over (order by xid) as running, row_number() over (order by xid) as n
    from c group by xid
  )
  select max(xid) filter (where running <= v_limit or n = 1), min(xid) filter (where running > v_limit and n > 1),
         coalesce(max(running), 0)
    into v_last, v_next, v_read from per_xid;
  -- The first transaction alone held more than v_limit changes: the next one lies past what was read.
  if v_next is null and v_read > v_limit then
    select min(sc.xid) into v_next from public.sync_change sc
    where sc.xid > v_last and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id in (select unnest(v_users)) or sc.subject_user_id in (select unnest(v_users))
      or sc.game_id in (select unnest(v_games)) or sc.rating_id in (select unnest(v_ratings))
      or (sc.tbl = 'user' and sc.row_id in (select unnest(v_authors))))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me));
  end if;

  with c as (
    select sc.tbl, sc.row_id, sc.op, sc.key, sc.id, sc.cols, sc.vals, sc.game_id, sc.user_id, sc.subject_user_id from public.sync_change sc
    where sc.xid >= v_from and (v_last is null or sc.xid <= v_last) and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id in (select unnest(v_users)) or sc.subject_user_id in (select unnest(v_users))
      or sc.game_id in (select unnest(v_games)) or sc.rating_id in (select unnest(v_ratings))
      or (sc.tbl = 'user' and sc.row_id in (select unnest(v_authors))))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me))
  ), latest as materialized (
    -- The newest change of each row. Ids first: most pairs of changes differ there, and a bigint
    -- compares faster than the table's name (the row set is the same either way).
    select distinct on (row_id, tbl) tbl, row_id, op, key, cols, vals, game_id, user_id, subject_user_id from c order by row_id, tbl, id desc
  ), built as materialized (
    -- The rows whose newest change has no entry (deletes, members, games, drafts, unpublished
    -- comments, changes logged before the log kept entries): built below as they are now. Few in a
    -- page, so the joins below each scan this, not the whole page.
    select tbl, row_id, op, key from latest where vals is null or not v_grouped
  ), found(tbl, row_id, key, change, game_id, ref_user, ref_user2) as materialized (
    -- Each of those rows with what the caller may see of it, one join per table (RLS decides): a
    -- row deleted, or one the caller may not see, comes out of its left join as null, and goes as
    -- a delete with the key the client needs.
    select 'rating', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'rating', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           t.game_id, t.user_id, null::bigint
      from built l left join public.rating t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'rating'
    union all
    select 'comment', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'comment', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           null::bigint, t.user_id, null::bigint
      from built l left join public.comment t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'comment'
    union all
    select 'content_like', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'content_like', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           null::bigint, t.user_id, null::bigint
      from built l left join public.content_like t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'content_like'
    union all
    select 'user_follow', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'user_follow', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           null::bigint, t.follower_id, t.following_id
      from built l left join public.user_follow t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_follow'
    union all
    select 'game_progress', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'game_progress', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           t.game_id, t.user_id, null::bigint
      from built l left join public.game_progress t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'game_progress'
    union all
    select 'user_wishlist', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'user_wishlist', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           t.game_id, t.user_id, null::bigint
      from built l left join public.user_wishlist t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_wishlist'
    union all
    select 'user_collection', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'user_collection', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           t.game_id, t.user_id, null::bigint
      from built l left join public.user_collection t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_collection'
    union all
    select 'user_top_games', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'user_top_games', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           t.game_id, t.user_id, null::bigint
      from built l left join public.user_top_games t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_top_games'
    union all
    select 'play_session', l.row_id, l.key,
           case when t.id is not null then json_build_object('table', 'play_session', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t)) end,
           t.game_id, t.user_id, null::bigint
      from built l left join public.play_session t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'play_session'
    union all
    select 'user', l.row_id, l.key,
           case when l.op = 'upsert' then json_build_object('table', 'user', 'op', 'upsert', 'id', l.row_id, 'row', app.user_json(l.row_id)::json) end,
           null, null, null
      from built l where l.tbl = 'user'
    union all
    select 'game', l.row_id, l.key,
           case when g.id is not null then json_build_object('table', 'game', 'op', 'upsert', 'id', l.row_id, 'row', app.game_json(g)::json) end,
           null, null, null
      from built l left join public.game g on l.op = 'upsert' and g.id = l.row_id where l.tbl = 'game'
  ), refs(game_id, ref_user, ref_user2) as materialized (
    -- The games and members the page's rows refer to: an entry's from its own log row, which the
    -- trigger filled from the same row.
    select l.game_id, l.user_id, l.subject_user_id from latest l where l.vals is not null and v_grouped
    union all
    select f.game_id, f.ref_user, f.ref_user2 from found f
  ), out(tbl, row_id, key, change) as (
    select f.tbl, f.row_id, f.key, f.change from found f
    union all
    -- The games of what is sent (not sent again when a game's own change is in the page): each
    -- game id once, then one look-up each, so the catalogue's size does not matter.
    select 'game', g.id, null, json_build_object('table', 'game', 'op', 'upsert', 'id', g.id, 'row', app.game_json(g)::json)
      from (select distinct r.game_id from refs r where r.game_id is not null) x(id)
      join public.game g on g.id = x.id
      where g.id not in (select f.row_id from found f where f.tbl = 'game' and f.change is not null)
    union all
    -- The members of what is sent, so no comment or review shows up without its author; both
    -- members of a follow. (A member row's own columns name no one: its ref_user is null.)
    select 'user', u.id, null, json_build_object('table', 'user', 'op', 'upsert', 'id', u.id, 'row', app.user_json(u.id)::json)
      from (select r.ref_user from refs r where r.ref_user is not null
            union
            select r.ref_user2 from refs r where r.ref_user2 is not null) x(id)
      join public."user" u on u.id = x.id
      where u.id not in (select f.row_id from found f where f.tbl = 'user' and f.change is not null)
  )
  -- Games, members, reviews, then the rest, each by id: as one bigint key, which sorts faster than
  -- two (ids are identity values, far below 10^15); rows of two tables with the same id by table
  -- (an entry and a row built when read would otherwise come in either order).
  select coalesce(json_agg(
           coalesce(change, json_build_object('table', tbl, 'op', 'delete', 'id', row_id, 'key', key))
           order by case tbl when 'game' then 0 when 'user' then 1 when 'rating' then 2 else 3 end * 1000000000000000::bigint
                    + row_id, tbl), '[]'::json),
         -- A row whose newest change has an entry goes as that entry: the row as that write left it,
         -- seen as that write allowed, among the rows of its table logged with the same columns
         -- (one list of names, then each row's values in that order). An entry is logged only for
         -- a row everyone may see as written (and a play session's changes go to its own member
         -- alone), so what the caller may see of it needs no look-up in its table; if it was
         -- deleted or hidden since, that later change comes in a later page (sync/SPEC.md [S7]).
         -- In no order: a page holds each row once, so the order of its rows stores nothing
         -- differently, and ordering each group's rows by id (a sort keyed on its columns' names)
         -- took 17 ms of a page of 4,500 comments against 6.6 ms.
         (select json_agg(json_build_object('table', g.tbl, 'columns', g.cols, 'values', g.vals))
            from (select l.tbl, l.cols, json_agg(l.vals) as vals
                    from latest l where l.vals is not null and v_grouped group by l.tbl, l.cols) g)
    into v_changes, v_rows from out;

  if v_next is null then
    v_cursor := v_xmin;
  else
    v_cursor := least(v_next, v_xmin);
    -- A long transaction older than the page holds the watermark: stop here and come back later
    -- rather than fetch the same page again and again.
    v_has_more := v_cursor > v_from;
  end if;
  if v_cursor < v_from then
    v_cursor := v_from;
  end if;
  return app.pull_answer('v1:' || v_cursor::text, v_has_more, false, v_changes, v_me, p_clock, v_rows);
end
$function$;
grant execute on function app.pull_changes(text,jsonb,integer,boolean,jsonb,integer) to anon;
grant execute on function app.pull_changes(text,jsonb,integer,boolean,jsonb,integer) to authenticated;
comment on function app.pull_changes(text,jsonb,integer,boolean,jsonb,integer) is 'sync_pull''s page of changes; p_clock (when not null) is put in the answer as its clock; at p_protocol 3 the rows sent as logged go in its rows, by table and columns.';

-- app.push_game_of -------------------------------------------------------------------------------
-- The game a write is about, as m_progress_set and resolve_game look it up (game_id first, then
-- igdb_id), when it exists; null otherwise.
CREATE OR REPLACE FUNCTION app.push_game_of(a jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game bigint;
begin
  if jsonb_typeof(a) is distinct from 'object' then
    return null;
  end if;
  if coalesce(a ->> 'game_id', '') ~ '^\d{1,18}$' then
    select id into v_game from public.game where id = (a ->> 'game_id')::bigint;
  elsif coalesce(a ->> 'igdb_id', '') ~ '^\d{1,18}$' then
    select id into v_game from public.game where igdb_id = (a ->> 'igdb_id')::bigint;
  end if;
  return v_game;
end
$function$;
grant execute on function app.push_game_of(jsonb) to authenticated;
grant execute on function app.push_game_of(jsonb) to service_role;

-- app.push_one -----------------------------------------------------------------------------------
-- One mutation applied as sync_push always applied it: under a savepoint, a refusal answered.
CREATE OR REPLACE FUNCTION app.push_one(p_user bigint, p_id uuid, p_name text, p_args jsonb, p_hlc text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_applied jsonb;
  v_message text;
  v_hint text;
  v_constraint text;
begin
  v_applied := app.apply_clocked(p_user, p_name, p_args, p_hlc);
  return jsonb_build_object('id', p_id, 'status', 'ok', 'result', v_applied -> 'result')
    || case when v_applied ? 'superseded' then jsonb_build_object('superseded', v_applied -> 'superseded') else '{}' end;
exception
  when raise_exception or insufficient_privilege or integrity_constraint_violation or data_exception
       or program_limit_exceeded then
    get stacked diagnostics v_message = message_text, v_hint = pg_exception_hint, v_constraint = constraint_name;
    return jsonb_build_object('id', p_id, 'status', 'rejected') ||
      case when coalesce(v_constraint, '') <> '' then app.constraint_message(v_constraint, v_message)
           when coalesce(v_hint, '') <> '' then jsonb_build_object('code', v_hint, 'message', v_message)
           else jsonb_build_object('code', 'invalid', 'message', v_message) end;
end
$function$;
grant execute on function app.push_one(bigint,uuid,text,jsonb,text) to authenticated;
grant execute on function app.push_one(bigint,uuid,text,jsonb,text) to service_role;

-- app.push_plain_game_arg ------------------------------------------------------------------------
-- Whether resolve_game finds a write's game where push_game_of found it (see the top of this file).
CREATE OR REPLACE FUNCTION app.push_plain_game_arg(a jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select coalesce(a ->> 'game_id', '') !~ '^\d{19,}$'
$function$;
grant execute on function app.push_plain_game_arg(jsonb) to authenticated;
grant execute on function app.push_plain_game_arg(jsonb) to service_role;

-- app.push_progress_set --------------------------------------------------------------------------
-- Plain progress marks (see the top of this file), in the batch's order, with their games: each
-- mark's result (m_progress_set's answer), or null when a set-based statement was refused (then
-- nothing of them is left and the caller applies the marks one by one). The marks go in runs in
-- which no game comes twice, each run one insert of its rows in order: every row draws its id
-- from the sequence when it is inserted, as each one-by-one insert draws one, so the ids are the
-- same.
CREATE OR REPLACE FUNCTION app.push_progress_set(p_user bigint, p_args jsonb[], p_games bigint[])
 RETURNS jsonb[]
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_out jsonb[] := array_fill(null::jsonb, array[cardinality(p_args)]);
  v_from integer := 1;
  v_to integer;
  v_pos integer[];
  v_rows jsonb[];
  k integer;
begin
  begin
    while v_from <= cardinality(p_args) loop
      v_to := v_from;
      while v_to < cardinality(p_args) and not (p_games[v_to + 1] = any (p_games[v_from:v_to])) loop
        v_to := v_to + 1;
      end loop;
      with v as (
        select u.a, u.g, u.pos::integer + v_from - 1 as pos,
               coalesce((u.a ->> 'completed')::boolean, false) as completed,
               coalesce((u.a ->> 'started')::boolean, false) or coalesce((u.a ->> 'completed')::boolean, false) as started
        from unnest(p_args[v_from:v_to], p_games[v_from:v_to]) with ordinality u (a, g, pos)
      ), ins as (
        insert into public.game_progress as p (user_id, game_id, started, completed, started_date, completed_date)
        select p_user, v.g, v.started, v.completed,
               case when v.started then coalesce((v.a ->> 'at')::timestamptz, now()) end,
               case when v.completed then coalesce((v.a ->> 'at')::timestamptz, now()) end
        from v order by v.pos
        on conflict (user_id, game_id) do update set
          started = p.started or excluded.started,
          completed = p.completed or excluded.completed,
          started_date = coalesce(p.started_date, excluded.started_date),
          completed_date = coalesce(p.completed_date, excluded.completed_date)
        returning p.game_id, to_jsonb(p) as j
      )
      select array_agg(v.pos order by v.pos), array_agg(ins.j order by v.pos) into v_pos, v_rows
      from ins join v on v.g = ins.game_id;
      for k in 1 .. coalesce(cardinality(v_pos), 0) loop
        v_out[v_pos[k]] := v_rows[k];
      end loop;
      v_from := v_to + 1;
    end loop;
  exception
    when raise_exception or insufficient_privilege or integrity_constraint_violation or data_exception
         or program_limit_exceeded then
      return null;
  end;
  return v_out;
end
$function$;
grant execute on function app.push_progress_set(bigint,jsonb[],bigint[]) to authenticated;
grant execute on function app.push_progress_set(bigint,jsonb[],bigint[]) to service_role;

-- app.push_reads_as_time -------------------------------------------------------------------------
-- Whether m_progress_set reads this date without refusing it (a cast that fails is a refusal).
CREATE OR REPLACE FUNCTION app.push_reads_as_time(p_text text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v timestamptz;
begin
  v := p_text::timestamptz;
  return true;
exception when data_exception then
  return false;
end
$function$;
grant execute on function app.push_reads_as_time(text) to authenticated;
grant execute on function app.push_reads_as_time(text) to service_role;

-- app.push_review_set ----------------------------------------------------------------------------
-- Reviews (review.create) of found games (p_games), in the batch's order, with their clocks: each
-- one's result (m_review_create's answer), or null when they are not all simply written (see the
-- top of this file; then nothing of them is left and the caller applies them one by one).
CREATE OR REPLACE FUNCTION app.push_review_set(p_user bigint, p_args jsonb[], p_games bigint[], p_hlcs text[])
 RETURNS jsonb[]
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_out jsonb[];
  k integer;
begin
  if exists (select 1 from unnest(p_args) a where not a ? 'rating') then
    return null;
  end if;
  if (select count(distinct g) from unnest(p_games) g) <> cardinality(p_games) then
    return null;
  end if;
  if exists (select 1 from public.rating r where r.user_id = p_user and r.game_id = any (p_games)) then
    return null;
  end if;
  begin
    for k in 1 .. cardinality(p_args) loop
      perform app.check_review_fields(p_args[k]);
      perform app.check_draft_arg(p_args[k]);
    end loop;
    with v as (
      select u.a, u.g, u.h, u.pos from unnest(p_args, p_games, p_hlcs) with ordinality u (a, g, h, pos)
    ), ins as (
      insert into public.rating as r (user_id, game_id, rating, review, post_date_time, is_recommended, platform_id,
                                      playtime_hours, is_draft)
      select p_user, v.g, (v.a ->> 'rating')::numeric, nullif(btrim(v.a ->> 'review'), ''),
             coalesce((v.a ->> 'post_date_time')::timestamptz, now()), (v.a ->> 'is_recommended')::boolean,
             app.review_platform(v.a), (v.a ->> 'playtime_hours')::integer, coalesce((v.a ->> 'draft')::boolean, false)
      from v order by v.pos
      returning r.id, r.game_id, to_jsonb(r) as j
    ), clocks as (
      -- As apply_clocked after a new review: a field whose clock is newer keeps it.
      insert into public.edit_clock as c (user_id, entity, row_id, field, hlc)
      select p_user, 'rating', ins.id, f.field, v.h
      from ins join v on v.g = ins.game_id
      cross join unnest(array['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft']) f (field)
      on conflict (user_id, entity, row_id, field) do update set hlc = excluded.hlc
        where c.hlc collate "C" <= excluded.hlc collate "C"
    )
    select array_agg(ins.j order by v.pos) into v_out from ins join v on v.g = ins.game_id;
  exception
    when raise_exception or insufficient_privilege or integrity_constraint_violation or data_exception
         or program_limit_exceeded then
      return null;
  end;
  return v_out;
end
$function$;
grant execute on function app.push_review_set(bigint,jsonb[],bigint[],text[]) to authenticated;
grant execute on function app.push_review_set(bigint,jsonb[],bigint[],text[]) to service_role;

-- app.push_session_set ---------------------------------------------------------------------------
-- Play sessions (journal.add) of found games (p_games), in the batch's order: each one's result
-- (m_journal_add's answer), or null when they are not all simply written (see the top of this
-- file; then nothing of them is left and the caller applies them one by one).
CREATE OR REPLACE FUNCTION app.push_session_set(p_user bigint, p_args jsonb[], p_games bigint[])
 RETURNS jsonb[]
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_out jsonb[];
  k integer;
begin
  -- One test at a time: the keys are read as UUIDs only once they all are.
  if exists (select 1 from unnest(p_args) a
             where coalesce(a ->> 'key', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    return null;
  end if;
  if (select count(distinct (a ->> 'key')::uuid) from unnest(p_args) a) <> cardinality(p_args) then
    return null;
  end if;
  if exists (select 1 from public.play_session s
             where s.client_key = any (array(select (a ->> 'key')::uuid from unnest(p_args) a))) then
    return null;
  end if;
  begin
    for k in 1 .. cardinality(p_args) loop
      perform app.check_journal_fields(p_args[k], true);
    end loop;
    with v as (
      select u.a, u.g, u.pos from unnest(p_args, p_games) with ordinality u (a, g, pos)
    ), ins as (
      insert into public.play_session as s (client_key, user_id, game_id, played_on, minutes, platform_id, note, is_private)
      select (v.a ->> 'key')::uuid, p_user, v.g, (v.a ->> 'played_on')::date, (v.a ->> 'minutes')::smallint,
             (v.a ->> 'platform_id')::bigint, v.a ->> 'note', coalesce((v.a ->> 'is_private')::boolean, false)
      from v order by v.pos
      returning s.client_key, to_jsonb(s) as j
    )
    select array_agg(ins.j order by v.pos) into v_out from ins join v on (v.a ->> 'key')::uuid = ins.client_key;
  exception
    when raise_exception or insufficient_privilege or integrity_constraint_violation or data_exception
         or program_limit_exceeded then
      return null;
  end;
  return v_out;
end
$function$;
grant execute on function app.push_session_set(bigint,jsonb[],bigint[]) to authenticated;
grant execute on function app.push_session_set(bigint,jsonb[],bigint[]) to service_role;

-- app.push_shelf_set -----------------------------------------------------------------------------
-- Shelf writes that add a game (see the top of this file): wishlist.set and collection.set of
-- found games (p_games), in the batch's order, with their clocks: each one's result, or null when
-- they are not all simply written (then nothing of them is left and the caller applies them one by
-- one).
CREATE OR REPLACE FUNCTION app.push_shelf_set(p_user bigint, p_names text[], p_args jsonb[], p_games bigint[], p_hlcs text[])
 RETURNS jsonb[]
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_out jsonb[];
begin
  if (select count(distinct g) from unnest(p_games) g) <> cardinality(p_games) then
    return null;
  end if;
  if exists (select 1 from public.edit_clock k
             where k.user_id = p_user and k.entity = 'shelf' and k.field = 'shelf' and k.row_id = any (p_games))
     or exists (select 1 from public.user_wishlist w where w.user_id = p_user and w.game_id = any (p_games))
     or exists (select 1 from public.user_collection c where c.user_id = p_user and c.game_id = any (p_games))
     or exists (select 1 from public.game_progress p
                where p.user_id = p_user and p.game_id = any (p_games) and (p.started or p.completed)) then
    return null;
  end if;
  begin
    -- As clock_take: no clock was there, so the write's is taken.
    insert into public.edit_clock (user_id, entity, row_id, field, hlc)
    select p_user, 'shelf', u.g, 'shelf', u.h from unnest(p_games, p_hlcs) u (g, h);
    with v as (
      select u.n, u.a, u.g, u.pos, game.igdb_id
      from unnest(p_names, p_args, p_games) with ordinality u (n, a, g, pos)
      join public.game on game.id = u.g
    ), wish as (
      insert into public.user_wishlist as w (user_id, igdb_id, game_id, priority, notes)
      select p_user, v.igdb_id, v.g, coalesce((v.a ->> 'priority')::smallint, 0), nullif(btrim(v.a ->> 'notes'), '')
      from v where v.n = 'wishlist.set' order by v.pos
      returning w.game_id, to_jsonb(w) || jsonb_build_object('in', true) as j
    ), coll as (
      insert into public.user_collection as c (user_id, igdb_id, game_id)
      select p_user, v.igdb_id, v.g
      from v where v.n = 'collection.set' order by v.pos
      returning c.game_id, to_jsonb(c) || jsonb_build_object('in', true) as j
    )
    select array_agg(x.j order by v.pos) into v_out
    from (select * from wish union all select * from coll) x join v on v.g = x.game_id;
    if coalesce(cardinality(v_out), 0) <> cardinality(p_games) then
      raise exception 'push_shelf_set: not every write was applied';
    end if;
  exception
    when raise_exception or insufficient_privilege or integrity_constraint_violation or data_exception
         or program_limit_exceeded then
      return null;
  end;
  return v_out;
end
$function$;
grant execute on function app.push_shelf_set(bigint,text[],jsonb[],bigint[],text[]) to authenticated;
grant execute on function app.push_shelf_set(bigint,text[],jsonb[],bigint[],text[]) to service_role;

-- app.rating_blank_text --------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.rating_blank_text()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  new.review := nullif(app.clean_text(new.review), '');
  return new;
end
$function$;

-- app.rating_guard -------------------------------------------------------------------------------
-- rating_guard, extended: a member's write moves post_date_time only when it publishes a draft
-- (the service and the database owner may still correct dates); going back to draft is refused
-- once the review has likes or comments.
CREATE OR REPLACE FUNCTION app.rating_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  select g.igdb_id, g.slug into new.igdb_id, new.slug from public.game g where g.id = new.game_id;
  if tg_op = 'INSERT' then
    if new.post_date_time > now() or new.post_date_time < now() - interval '30 days' then
      new.post_date_time := now();
    end if;
    new.updated_at := new.post_date_time;
    return new;
  end if;
  if new.is_draft and not old.is_draft and (old.like_count > 0 or old.comment_count > 0) then
    perform app.fail('review_has_replies', 'A review with likes or comments cannot go back to being a draft');
  end if;
  if old.is_draft and not new.is_draft then
    -- Published now: the review is dated when it was published (an offline publish keeps its time).
    if new.post_date_time is not distinct from old.post_date_time
       or new.post_date_time > now() or new.post_date_time < now() - interval '30 days' then
      new.post_date_time := now();
    end if;
    new.updated_at := new.post_date_time;
    return new;
  end if;
  if current_user in ('anon', 'authenticated') then
    new.post_date_time := old.post_date_time;
  end if;
  if (new.rating, new.review, new.is_recommended, new.platform_id, new.playtime_hours, new.is_draft)
     is distinct from (old.rating, old.review, old.is_recommended, old.platform_id, old.playtime_hours, old.is_draft) then
    new.updated_at := now();
  end if;
  return new;
end
$function$;

-- app.refuse_draft_target ------------------------------------------------------------------------
-- Likes and comments need a published review. Security definer: the check must see the draft
-- even when the writer cannot; another member guessing its id is told what a missing review
-- answers, so not even its existence shows.
CREATE OR REPLACE FUNCTION app.refuse_draft_target()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_author bigint;
begin
  select r.user_id into v_author from public.rating r where r.id = new.rating_id and r.is_draft;
  if v_author is not null then
    if v_author is distinct from app.current_user_id() then
      perform app.fail('review_not_found', 'Review not found');
    elsif tg_table_name = 'comment' then
      perform app.fail('review_is_draft', 'This review is a draft: it can be commented on once it is published');
    else
      perform app.fail('review_is_draft', 'This review is a draft: it can be liked once it is published');
    end if;
  end if;
  return new;
end
$function$;

-- app.remember_member ----------------------------------------------------------------------------
-- Remembers (p_on) or forgets the caller's member id for current_user_id(), until the end of the
-- transaction at most. What it remembers is current_user_id()'s own answer, looked up here: no
-- caller can make it remember anyone else.
CREATE OR REPLACE FUNCTION app.remember_member(p_on boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_sub text := (select auth.uid())::text;
  v_user bigint;
begin
  if p_on and v_sub is not null then
    select id into v_user from public."user" where provider_id = v_sub;
  end if;
  perform set_config('app.sync_member', coalesce(v_sub || ' ' || v_user, ''), true);
end
$function$;
grant execute on function app.remember_member(boolean) to authenticated;
grant execute on function app.remember_member(boolean) to service_role;

-- app.require_user -------------------------------------------------------------------------------
-- The member id of the caller, creating the row from the JWT when the account has none yet, so a
-- write queued right after sign-up is never lost. Raises 'User not authenticated' for visitors.
CREATE OR REPLACE FUNCTION app.require_user()
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_claims jsonb := coalesce(auth.jwt(), '{}'::jsonb);
begin
  if auth.uid() is null then
    perform app.fail('not_authenticated', 'User not authenticated', '42501');
  end if;
  return app.ensure_user(auth.uid()::text, v_claims ->> 'email',
    coalesce(v_claims #>> '{user_metadata,username}', v_claims #>> '{user_metadata,name}'),
    v_claims #>> '{app_metadata,provider}');
end
$function$;
grant execute on function app.require_user() to anon;
grant execute on function app.require_user() to authenticated;
grant execute on function app.require_user() to service_role;

-- app.review_platform ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.review_platform(a jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_id bigint;
begin
  if coalesce(a ->> 'platform_id', '') ~ '^\d+$' then
    select id into v_id from public.platform where id = (a ->> 'platform_id')::bigint;
    if v_id is null then
      perform app.fail('platform_not_found', format('Platform "%s" not found in database', a ->> 'platform_id'));
    end if;
  elsif nullif(btrim(a ->> 'platform'), '') is not null then
    select id into v_id from public.platform where lower(name) = lower(btrim(a ->> 'platform'));
    if v_id is null then
      perform app.fail('platform_not_found', format('Platform "%s" not found in database', btrim(a ->> 'platform')));
    end if;
  end if;
  return v_id;
end
$function$;
grant execute on function app.review_platform(jsonb) to authenticated;
grant execute on function app.review_platform(jsonb) to service_role;

-- app.row_json -----------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.row_json(p_table text, p_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  r jsonb;
begin
  case p_table
    when 'user' then r := app.user_json(p_id);
    when 'game' then select app.game_json(t) into r from public.game t where t.id = p_id;
    when 'rating' then select to_jsonb(t) into r from public.rating t where t.id = p_id;
    when 'comment' then select to_jsonb(t) into r from public.comment t where t.id = p_id;
    when 'content_like' then select to_jsonb(t) into r from public.content_like t where t.id = p_id;
    when 'user_follow' then select to_jsonb(t) into r from public.user_follow t where t.id = p_id;
    when 'game_progress' then select to_jsonb(t) into r from public.game_progress t where t.id = p_id;
    when 'user_wishlist' then select to_jsonb(t) into r from public.user_wishlist t where t.id = p_id;
    when 'user_collection' then select to_jsonb(t) into r from public.user_collection t where t.id = p_id;
    when 'user_top_games' then select to_jsonb(t) into r from public.user_top_games t where t.id = p_id;
    when 'play_session' then select to_jsonb(t) into r from public.play_session t where t.id = p_id;
    else r := null;
  end case;
  return r;
end
$function$;
grant execute on function app.row_json(text,bigint) to anon;
grant execute on function app.row_json(text,bigint) to authenticated;
grant execute on function app.row_json(text,bigint) to service_role;

-- app.sanitize_member_search ---------------------------------------------------------------------
-- app.sanitize_search without removing '_' (quotes, backslash, semicolon, parentheses, '%' and
-- comment markers still go; trimmed; at most 100 characters).
CREATE OR REPLACE FUNCTION app.sanitize_member_search(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select btrim(left(btrim(
    replace(replace(replace(translate(coalesce(p_text, ''), '''"\;()%', ''), '--', ''), '/*', ''), '*/', ''),
    E' \t\r\n'), 100), E' \t\r\n')
$function$;
grant execute on function app.sanitize_member_search(text) to anon;
grant execute on function app.sanitize_member_search(text) to authenticated;
grant execute on function app.sanitize_member_search(text) to service_role;
comment on function app.sanitize_member_search(text) is 'Member search text: app.sanitize_search, but underscores (used in usernames) are kept for a literal match.';

-- app.sanitize_search ----------------------------------------------------------------------------
-- The spec's search-text sanitiser (shared by the catalogue's searches): strips the characters
-- ' " \ ; ( ) % _ and the sequences -- /* */, trims, caps at 100 characters. What it leaves is
-- safe inside a LIKE pattern, since % _ and \ are gone.
CREATE OR REPLACE FUNCTION app.sanitize_search(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select btrim(left(btrim(
    replace(replace(replace(translate(coalesce(p_text, ''), '''"\;()%_', ''), '--', ''), '/*', ''), '*/', ''),
    E' \t\r\n'), 100), E' \t\r\n')
$function$;
grant execute on function app.sanitize_search(text) to anon;
grant execute on function app.sanitize_search(text) to authenticated;
grant execute on function app.sanitize_search(text) to service_role;

-- app.search_flat --------------------------------------------------------------------------------
-- A text flattened for comparing titles: apostrophes dropped ("assassin's" gives "assassins"),
-- every other run of characters but a-z and 0-9 one space. Callers lower-case and fold accents.
CREATE OR REPLACE FUNCTION app.search_flat(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select btrim(regexp_replace(regexp_replace(coalesce(p_text, ''), '[''’]', '', 'g'), '[^a-z0-9]+', ' ', 'g'))
$function$;
grant execute on function app.search_flat(text) to anon;
grant execute on function app.search_flat(text) to authenticated;
grant execute on function app.search_flat(text) to service_role;

-- app.search_numeral -----------------------------------------------------------------------------
-- Sequel numbers: 2 to 20 as a Roman numeral and back ('7' gives 'vii', 'ii' gives '2'); null
-- for any other word. 1 and 'i' are left alone: 'i' is a word far more often than a numeral.
CREATE OR REPLACE FUNCTION app.search_numeral(p_word text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when p_word ~ '^\d{1,2}$' and p_word::integer between 2 and 20 then r.numerals[p_word::integer]
              when array_position(r.numerals, p_word) >= 2 then array_position(r.numerals, p_word)::text end
  from (select '{i,ii,iii,iv,v,vi,vii,viii,ix,x,xi,xii,xiii,xiv,xv,xvi,xvii,xviii,xix,xx}'::text[] as numerals) r
$function$;
grant execute on function app.search_numeral(text) to anon;
grant execute on function app.search_numeral(text) to authenticated;
grant execute on function app.search_numeral(text) to service_role;

-- app.search_tier --------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.search_tier(p_flat_name text, p_flat_query text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when p_flat_name = p_flat_query then 1000
              when n.bare = p_flat_query then 950
              when p_flat_name like p_flat_query || '%' or n.bare like p_flat_query || '%' then 800
              when ' ' || p_flat_name like '% ' || p_flat_query || '%' then 600
              when p_flat_name like '%' || p_flat_query || '%' then 400
              else 0 end
  from (select regexp_replace(p_flat_name, '^(the|a|an) ', '') as bare) n
$function$;
grant execute on function app.search_tier(text,text) to anon;
grant execute on function app.search_tier(text,text) to authenticated;
grant execute on function app.search_tier(text,text) to service_role;

-- app.search_tsquery -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.search_tsquery(p_words text[], p_weights text DEFAULT ''::text)
 RETURNS tsquery
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog'
AS $function$
  with words as (
    select w.word, w.n, w.n = cardinality(p_words[1:10]) as is_last,
      coalesce(ts_lexize('english_stem', w.word), '{}') as stems, app.search_numeral(w.word) as numeral
    from unnest(p_words[1:10]) with ordinality as w(word, n)
    where w.word ~ '^[a-z0-9]+$'
  ),
  suffix as (
    select ':*' || p_weights as prefix, case when p_weights = '' then '' else ':' || p_weights end as whole
  )
  select to_tsquery('simple', string_agg('(' || concat_ws(' | ',
      w.word || case when w.stems = '{}' and not w.is_last then x.whole else x.prefix end,
      case when w.stems[1] <> w.word then w.stems[1] || x.prefix end,
      w.numeral || x.whole) || ')', ' & ' order by w.n))
  from words w cross join suffix x
  where p_weights ~ '^[ABCD]{0,4}$'
$function$;
grant execute on function app.search_tsquery(text[],text) to anon;
grant execute on function app.search_tsquery(text[],text) to authenticated;
grant execute on function app.search_tsquery(text[],text) to service_role;

-- app.server_hlc ---------------------------------------------------------------------------------
-- The clock of an edit the client did not date (protocol 1): when it reached the server.
CREATE OR REPLACE FUNCTION app.server_hlc(p_client uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select lpad(floor(extract(epoch from now()) * 1000)::bigint::text, 15, '0') || '-000000-' || lower(p_client::text)
$function$;
grant execute on function app.server_hlc(uuid) to authenticated;
grant execute on function app.server_hlc(uuid) to service_role;

-- app.slugify ------------------------------------------------------------------------------------
-- The spec's slug rule: lower-case, keep a-z 0-9 space and hyphen, spaces become hyphens,
-- repeated hyphens collapse (accents are folded first so "Pokémon" gives "pokemon").
CREATE OR REPLACE FUNCTION app.slugify(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'extensions'
AS $function$
  select nullif(
    btrim(
      regexp_replace(
        regexp_replace(
          regexp_replace(lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, ''))), '[^a-z0-9 -]', '', 'g'),
          '\s+', '-', 'g'),
        '-+', '-', 'g'),
      '-'),
    '')
$function$;
grant execute on function app.slugify(text) to anon;
grant execute on function app.slugify(text) to authenticated;
grant execute on function app.slugify(text) to service_role;

-- app.sync_protocol_current ----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.sync_protocol_current()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 3 $function$;
grant execute on function app.sync_protocol_current() to anon;
grant execute on function app.sync_protocol_current() to authenticated;
grant execute on function app.sync_protocol_current() to service_role;

-- app.sync_push_apply ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.sync_push_apply(p_client_id uuid, p_mutations jsonb, p_protocol integer DEFAULT 1)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user bigint := app.require_user();
  v_protocol integer := app.call_protocol(p_protocol);
  v_current integer := app.sync_protocol_current();
  v_min integer;
  m jsonb;
  i integer := 0;
  v_count integer := 0;
  v_id uuid;
  v_key text;
  v_ids uuid[];
  v_owner jsonb;
  v_stored jsonb;
  v_at integer;
  v_name text;
  v_shape integer;
  v_args jsonb;
  v_too_old jsonb;
  -- Each position's answer; a repeat of an id applied earlier in the batch points at its position.
  v_res jsonb[] := '{}';
  v_dup integer[] := '{}';
  -- What is to be applied, in the batch's order.
  v_new_ids uuid[] := '{}';
  v_new_pos integer[] := '{}';
  v_new_names text[] := '{}';
  v_new_args jsonb[] := '{}';
  v_new_hlcs text[] := '{}';
  -- Gathered plain progress marks (p_…), and the one-game writes held behind them (d_…).
  p_pos integer[] := '{}';
  p_args jsonb[] := '{}';
  p_games bigint[] := '{}';
  d_at integer[] := '{}';
  d_games bigint[] := '{}';
  -- The held reviews (r_…) and play sessions (s_…) that are applied together.
  r_at integer[];
  s_at integer[];
  h_at integer[];
  q integer;
  v_set jsonb[];
  v_game bigint;
  k integer;
  j integer;
  v_results jsonb[] := '{}';
  -- 'off' applies every write one by one, as before (the tests compare both paths with it).
  v_gather boolean := coalesce(current_setting('app.push_set_based', true), '') <> 'off';
begin
  if p_client_id is null then
    perform app.fail('invalid_args', 'A client id is required');
  end if;
  if jsonb_typeof(p_mutations) is distinct from 'array' then
    perform app.fail('invalid_args', 'Mutations must be a list');
  end if;
  if jsonb_array_length(p_mutations) > 500 then
    perform app.fail('batch_too_large', 'At most 500 mutations per push');
  end if;
  select min_protocol into v_min from public.sync_protocol;
  if v_protocol < v_min then
    return jsonb_build_object('results', '[]'::jsonb, 'user_id', v_user, 'clock', app.member_clock(v_user),
      'client_too_old', app.client_too_old(null));
  end if;
  -- Every id of the batch is locked first, in the batch's order, then read once: who used it
  -- (another member's use is invisible under RLS, so it is asked for by definer), and this
  -- member's stored results.
  select coalesce(array_agg((x.m ->> 'id')::uuid order by x.n), '{}') into v_ids
  from jsonb_array_elements(p_mutations) with ordinality x (m, n)
  where coalesce(x.m ->> 'id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  foreach v_id in array v_ids loop
    perform pg_advisory_xact_lock(hashtextextended(v_id::text, 0));
  end loop;
  select coalesce(jsonb_object_agg(o.mutation_id::text, o.user_id), '{}') into v_owner from app.mutation_owners(v_ids) o;
  select coalesce(jsonb_object_agg(a.mutation_id::text, a.result), '{}') into v_stored
  from public.sync_applied a where a.mutation_id = any (v_ids);
  -- Every policy a write meets asks who the caller is: the answer is known (app.remember_member).
  perform app.remember_member(true);
  -- 1. Each position answered, or queued to be applied, in order (nothing here writes).
  for m in select * from jsonb_array_elements(p_mutations) loop
    i := i + 1;
    v_name := m ->> 'name';
    if coalesce(m ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      v_res[i] := jsonb_build_object('id', m -> 'id', 'status', 'rejected', 'code', 'invalid_args',
        'message', 'Mutation id must be a UUID');
      v_count := i;
      continue;
    end if;
    v_id := (m ->> 'id')::uuid;
    v_key := v_id::text;
    if (v_owner ->> v_key)::bigint <> v_user then
      v_res[i] := jsonb_build_object('id', v_id, 'status', 'rejected', 'code', 'id_conflict',
        'message', 'Mutation id already used');
      v_count := i;
      continue;
    end if;
    -- Applied before (by an earlier push, or earlier in this batch): its stored result.
    if v_stored ? v_key then
      v_res[i] := v_stored -> v_key;
      v_count := i;
      continue;
    end if;
    v_at := array_position(v_new_ids, v_id);
    if v_at is not null then
      v_dup[i] := v_new_pos[v_at];
      v_count := i;
      continue;
    end if;
    v_shape := case when coalesce(m ->> 'v', '') ~ '^\d{1,6}$' then least((m ->> 'v')::integer, v_protocol) else v_protocol end;
    v_args := case when m ? 'args' then m -> 'args' else '{}'::jsonb end;
    if not (v_shape = v_current and v_shape >= v_min) then
      v_args := app.upgrade_mutation(v_shape, v_name, v_args);
    end if;
    if v_args is null then
      -- Not applied, not recorded: the device keeps it (and all behind it) until it is updated.
      v_too_old := app.client_too_old(v_id);
      exit;
    end if;
    v_new_ids := array_append(v_new_ids, v_id);
    v_new_pos := array_append(v_new_pos, i);
    v_new_names := array_append(v_new_names, v_name);
    v_new_args := array_append(v_new_args, v_args);
    -- Shape 1 has no clocks, and a malformed clock is dated as if it had none: on arrival.
    v_new_hlcs := array_append(v_new_hlcs,
      case when v_shape >= 2 and coalesce(m ->> 'hlc', '') ~ '^\d{15}-\d{6}-[0-9a-z-]{1,64}$'
           then m ->> 'hlc' else app.server_hlc(p_client_id) end);
    v_count := i;
  end loop;
  -- 2. Applied in order; plain progress marks gathered (step 3 applies what is gathered).
  for k in 1 .. cardinality(v_new_ids) + 1 loop
    v_game := null;
    if k <= cardinality(v_new_ids) then
      v_name := v_new_names[k];
      v_args := v_new_args[k];
      if v_gather and v_name in ('progress.set', 'review.create', 'journal.add', 'wishlist.set', 'collection.set',
                                 'collection.move') then
        v_game := app.push_game_of(v_args);
      end if;
      if v_game is not null and v_name = 'progress.set'
         and coalesce(jsonb_typeof(v_args -> 'started'), 'null') in ('boolean', 'null')
         and coalesce(jsonb_typeof(v_args -> 'completed'), 'null') in ('boolean', 'null')
         and (coalesce(jsonb_typeof(v_args -> 'at'), 'null') = 'null'
              or (jsonb_typeof(v_args -> 'at') = 'string' and app.push_reads_as_time(v_args ->> 'at')))
         and not (v_game = any (d_games)) then
        p_pos := array_append(p_pos, k);
        p_args := array_append(p_args, v_args);
        p_games := array_append(p_games, v_game);
        continue;
      end if;
      if v_game is not null and v_name <> 'progress.set' then
        d_at := array_append(d_at, k);
        d_games := array_append(d_games, v_game);
        continue;
      end if;
    end if;
    -- 3. What is gathered, then what is held behind it, then this write: one by one.
    if cardinality(p_pos) > 0 then
      v_set := app.push_progress_set(v_user, p_args, p_games);
      for j in 1 .. cardinality(p_pos) loop
        v_res[v_new_pos[p_pos[j]]] := case when v_set is null
          then app.push_one(v_user, v_new_ids[p_pos[j]], 'progress.set', p_args[j], v_new_hlcs[p_pos[j]])
          else jsonb_build_object('id', v_new_ids[p_pos[j]], 'status', 'ok', 'result', v_set[j]) end;
      end loop;
    end if;
    -- The held reviews together, then the held play sessions together, then the held shelf writes
    -- that add a game together, then the other held writes one by one in order (see the top of this
    -- file: none of these kinds touches what the others do).
    r_at := '{}';
    s_at := '{}';
    h_at := '{}';
    for q in 1 .. cardinality(d_at) loop
      j := d_at[q];
      if v_new_names[j] = 'review.create' and app.push_plain_game_arg(v_new_args[j]) then
        r_at := r_at || j;
      elsif v_new_names[j] = 'journal.add' and app.push_plain_game_arg(v_new_args[j]) then
        s_at := s_at || j;
      elsif v_new_names[j] in ('wishlist.set', 'collection.set')
            and coalesce(v_new_args[j] ->> 'game_id', '') !~ '^\d+$'
            and coalesce(v_new_args[j] ->> 'igdb_id', '') ~ '^\d{1,18}$'
            and (coalesce(jsonb_typeof(v_new_args[j] -> 'in'), 'null') = 'null' or v_new_args[j] -> 'in' = 'true'::jsonb)
            -- The only held shelf write of its game: nothing held moves it before or after another.
            and (select count(*) from unnest(d_at, d_games) u (x, g)
                 where u.g = d_games[q] and v_new_names[u.x] in ('wishlist.set', 'collection.set', 'collection.move')) = 1 then
        h_at := h_at || j;
      end if;
    end loop;
    if cardinality(r_at) > 0 then
      v_set := app.push_review_set(v_user,
        array(select v_new_args[x] from unnest(r_at) with ordinality u (x, n) order by n),
        array(select d_games[array_position(d_at, x)] from unnest(r_at) with ordinality u (x, n) order by n),
        array(select v_new_hlcs[x] from unnest(r_at) with ordinality u (x, n) order by n));
      for j in 1 .. cardinality(r_at) loop
        v_res[v_new_pos[r_at[j]]] := case when v_set is null
          then app.push_one(v_user, v_new_ids[r_at[j]], 'review.create', v_new_args[r_at[j]], v_new_hlcs[r_at[j]])
          else jsonb_build_object('id', v_new_ids[r_at[j]], 'status', 'ok', 'result', v_set[j]) end;
      end loop;
    end if;
    if cardinality(s_at) > 0 then
      v_set := app.push_session_set(v_user,
        array(select v_new_args[x] from unnest(s_at) with ordinality u (x, n) order by n),
        array(select d_games[array_position(d_at, x)] from unnest(s_at) with ordinality u (x, n) order by n));
      for j in 1 .. cardinality(s_at) loop
        v_res[v_new_pos[s_at[j]]] := case when v_set is null
          then app.push_one(v_user, v_new_ids[s_at[j]], 'journal.add', v_new_args[s_at[j]], v_new_hlcs[s_at[j]])
          else jsonb_build_object('id', v_new_ids[s_at[j]], 'status', 'ok', 'result', v_set[j]) end;
      end loop;
    end if;
    if cardinality(h_at) > 0 then
      v_set := app.push_shelf_set(v_user,
        array(select v_new_names[x] from unnest(h_at) with ordinality u (x, n) order by n),
        array(select v_new_args[x] from unnest(h_at) with ordinality u (x, n) order by n),
        array(select d_games[array_position(d_at, x)] from unnest(h_at) with ordinality u (x, n) order by n),
        array(select v_new_hlcs[x] from unnest(h_at) with ordinality u (x, n) order by n));
      for j in 1 .. cardinality(h_at) loop
        v_res[v_new_pos[h_at[j]]] := case when v_set is null
          then app.push_one(v_user, v_new_ids[h_at[j]], v_new_names[h_at[j]], v_new_args[h_at[j]], v_new_hlcs[h_at[j]])
          else jsonb_build_object('id', v_new_ids[h_at[j]], 'status', 'ok', 'result', v_set[j]) end;
      end loop;
    end if;
    foreach j in array d_at loop
      continue when j = any (r_at) or j = any (s_at) or j = any (h_at);
      v_res[v_new_pos[j]] := app.push_one(v_user, v_new_ids[j], v_new_names[j], v_new_args[j], v_new_hlcs[j]);
    end loop;
    p_pos := '{}';
    p_args := '{}';
    p_games := '{}';
    d_at := '{}';
    d_games := '{}';
    if k <= cardinality(v_new_ids) then
      if v_game is not null and v_name = 'progress.set'
         and coalesce(jsonb_typeof(v_args -> 'started'), 'null') in ('boolean', 'null')
         and coalesce(jsonb_typeof(v_args -> 'completed'), 'null') in ('boolean', 'null')
         and (coalesce(jsonb_typeof(v_args -> 'at'), 'null') = 'null'
              or (jsonb_typeof(v_args -> 'at') = 'string' and app.push_reads_as_time(v_args ->> 'at'))) then
        -- A plain mark that waited for the writes held before it: it starts the next gathering.
        p_pos := array[k];
        p_args := array[v_args];
        p_games := array[v_game];
      else
        v_res[v_new_pos[k]] := app.push_one(v_user, v_new_ids[k], v_name, v_args, v_new_hlcs[k]);
      end if;
    end if;
  end loop;
  for i in 1 .. v_count loop
    v_results := array_append(v_results, coalesce(v_res[i], v_res[v_dup[i]]));
  end loop;
  -- Recorded with their effects, in this transaction.
  insert into public.sync_applied (mutation_id, user_id, client_id, name, status, result)
  select r.id, v_user, p_client_id, coalesce(r.name, ''), v_res[r.pos] ->> 'status', v_res[r.pos]
  from unnest(v_new_ids, v_new_names, v_new_pos) r (id, name, pos);
  perform app.remember_member(false);
  return jsonb_build_object('results', to_jsonb(v_results), 'user_id', v_user, 'clock', app.member_clock(v_user))
    || case when v_too_old is not null then jsonb_build_object('client_too_old', v_too_old) else '{}' end;
end
$function$;
grant execute on function app.sync_push_apply(uuid,jsonb,integer) to anon;
grant execute on function app.sync_push_apply(uuid,jsonb,integer) to authenticated;
grant execute on function app.sync_push_apply(uuid,jsonb,integer) to service_role;
comment on function app.sync_push_apply(uuid,jsonb,integer) is 'sync_push''s work: applies queued mutations exactly once, in order, the newest edit of each field winning.';

-- app.sync_push_batch ----------------------------------------------------------------------------
-- sync_push's work on a jsonb batch: clocks more than a day ahead dropped (app.sync_push_apply
-- dates a mutation without one on arrival), the batch applied, its repeated change entries dropped.
CREATE OR REPLACE FUNCTION app.sync_push_batch(p_client_id uuid, p_mutations jsonb, p_protocol integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_horizon text := app.hlc_horizon();
  v_mutations jsonb := p_mutations;
  v_answer jsonb;
begin
  -- One pass over the batch; rebuilt only when a clock is too far ahead. (Not checked past 500:
  -- app.sync_push_apply refuses that batch.)
  if jsonb_typeof(p_mutations) = 'array' and jsonb_array_length(p_mutations) <= 500
     and exists (select from jsonb_array_elements(p_mutations) e where left(e ->> 'hlc', 15) collate "C" > v_horizon) then
    select jsonb_agg(case when left(x.e ->> 'hlc', 15) collate "C" > v_horizon then x.e - 'hlc' else x.e end order by x.n)
      into v_mutations from jsonb_array_elements(p_mutations) with ordinality x (e, n);
  end if;
  v_answer := app.sync_push_apply(p_client_id, v_mutations, p_protocol);
  -- One write logs each row once: a repeat is left only when a batch wrote the row more than once.
  if jsonb_array_length(p_mutations) > 1 and coalesce(current_setting('app.drop_repeated_changes', true), '') <> 'off' then
    perform app.drop_repeated_changes();
  end if;
  return v_answer;
end
$function$;
grant execute on function app.sync_push_batch(uuid,jsonb,integer) to anon;
grant execute on function app.sync_push_batch(uuid,jsonb,integer) to authenticated;
comment on function app.sync_push_batch(uuid,jsonb,integer) is 'sync_push on a jsonb batch: clocks more than a day ahead dated on arrival, the mutations applied, the batch''s repeated change entries dropped.';

-- app.top5_ids -----------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.top5_ids(p_games jsonb)
 RETURNS bigint[]
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select coalesce(array_agg(g.id order by x.n), '{}')
  from jsonb_array_elements(case when jsonb_typeof(p_games) = 'array' then p_games else '[]' end) with ordinality x (item, n)
  join public.game g on (coalesce(x.item ->> 'game_id', '') ~ '^\d+$' and g.id = (x.item ->> 'game_id')::bigint)
                     or (coalesce(x.item ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (x.item ->> 'igdb_id')::bigint)
$function$;
grant execute on function app.top5_ids(jsonb) to authenticated;
grant execute on function app.top5_ids(jsonb) to service_role;

-- app.top_games_guard ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.top_games_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if not exists (select 1 from public.rating r where r.user_id = new.user_id and r.game_id = new.game_id) then
    perform app.fail('top5_unrated', 'Only games you have rated can be in your Top 5');
  end if;
  return new;
end
$function$;

-- app.unknown_mutation ---------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.unknown_mutation(p_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
begin
  perform app.fail('unknown_mutation', format('Unknown mutation: %s', p_name));
  return null;
end
$function$;
grant execute on function app.unknown_mutation(text) to authenticated;
grant execute on function app.unknown_mutation(text) to service_role;

-- app.upgrade_mutation ---------------------------------------------------------------------------
-- A queued mutation's arguments in today's shape, or null when the server no longer reads its
-- shape. Every shape from 1 up is read today (protocol 1's differences — no clock, no Top 5
-- base — are handled where the mutation is applied); retiring one means raising min_protocol
-- and, where a shape can still be read, upgrading it here.
CREATE OR REPLACE FUNCTION app.upgrade_mutation(p_shape integer, p_name text, p_args jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if p_shape < (select min_protocol from public.sync_protocol) or p_shape > app.sync_protocol_current() then
    return null;
  end if;
  return coalesce(p_args, '{}'::jsonb);
end
$function$;
grant execute on function app.upgrade_mutation(integer,text,jsonb) to authenticated;
grant execute on function app.upgrade_mutation(integer,text,jsonb) to service_role;

-- app.user_blank_text ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION app.user_blank_text()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  new.name := nullif(app.clean_text(new.name), '');
  new.display_name := nullif(app.clean_text(new.display_name), '');
  new.bio := nullif(app.clean_text(new.bio), '');
  new.location := nullif(app.clean_text(new.location), '');
  new.platform := nullif(app.clean_text(new.platform), '');
  return new;
end
$function$;

-- app.user_json ----------------------------------------------------------------------------------
-- Public shape of a member (never the email). It takes an id, not a row: a whole-row reference
-- would need the email column, which members may not read.
CREATE OR REPLACE FUNCTION app.user_json(p_id bigint)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select jsonb_build_object('id', u.id, 'provider_id', u.provider_id, 'provider', u.provider, 'name', u.name,
    'username', u.username, 'display_name', u.display_name, 'bio', u.bio, 'avatar_url', u.avatar_url,
    'location', u.location, 'website', u.website, 'platform', u.platform, 'created_at', u.created_at,
    'updated_at', u.updated_at, 'follower_count', u.follower_count, 'following_count', u.following_count)
  from public."user" u where u.id = p_id
$function$;
grant execute on function app.user_json(bigint) to anon;
grant execute on function app.user_json(bigint) to authenticated;
grant execute on function app.user_json(bigint) to service_role;

-- public.browse_games ----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.browse_games(p_query text DEFAULT NULL::text, p_platforms bigint[] DEFAULT NULL::bigint[], p_genres text[] DEFAULT NULL::text[], p_year integer DEFAULT NULL::integer, p_min_rating numeric DEFAULT NULL::numeric, p_sort text DEFAULT 'name'::text, p_order text DEFAULT NULL::text, p_limit integer DEFAULT 20, p_offset integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
declare
  v_q text := btrim(regexp_replace(lower(unaccent('extensions.unaccent'::regdictionary, app.sanitize_search(p_query))),
                                   '\s+', ' ', 'g'));
  v_flat text;
  v_spellings text[];
  v_tsq tsquery;
  v_platforms bigint[] := array(select distinct x from unnest(p_platforms) x where x is not null);
  v_genres text[] := array(select distinct lower(btrim(x)) from unnest(p_genres) x where btrim(x) <> '');
  v_sort text := coalesce(nullif(lower(btrim(p_sort)), ''), 'name');
  v_order text := lower(btrim(coalesce(p_order, '')));
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_key text;
  v_where text[] := '{}';
  v_result jsonb;
begin
  if v_sort = 'rating' then
    v_sort := 'avg_rating';
  end if;
  if v_sort not in ('name', 'release_date', 'avg_rating', 'rating_count', 'popularity', 'relevance') then
    perform app.fail('invalid_sort',
      'Invalid sort option: use name, release_date, avg_rating, rating_count, popularity or relevance', '22023');
  end if;
  if p_year is not null and p_year not between 1 and 9999 then
    perform app.fail('invalid_year', 'Invalid year: use a year from 1 to 9999', '22023');
  end if;
  if v_sort = 'relevance' and v_q = '' then
    v_sort := 'name';
  end if;
  if v_order not in ('asc', 'desc') then
    v_order := case when v_sort = 'name' then 'asc' else 'desc' end;
  end if;

  if v_q <> '' then
    v_flat := app.search_flat(v_q);
    v_spellings := array[v_flat] || array(
      select string_agg(coalesce(app.search_numeral(w.word), w.word), ' ' order by w.n)
      from unnest(string_to_array(v_flat, ' ')) with ordinality as w(word, n)
      having bool_or(app.search_numeral(w.word) is not null));
    v_tsq := app.search_tsquery(string_to_array(v_flat, ' '), 'AB');
    -- Both arms are indexed (tsvector and trigram GIN), so the planner can OR the two bitmaps.
    -- Below 3 characters a LIKE pattern has no trigram and would read the whole index.
    v_where := v_where || case when char_length(v_q) >= 3
      then $w$(g.search_vector @@ $2 or g.search_name like '%' || $1 || '%')$w$
      else 'g.search_vector @@ $2' end;
  end if;
  if cardinality(v_platforms) > 0 then
    v_where := v_where || 'exists (select 1 from public.platform_games pg where pg.game_id = g.id and pg.platform_id = any ($4))'::text;
  end if;
  if cardinality(v_genres) > 0 then
    v_where := v_where || 'exists (select 1 from unnest(array_append(g.genres, g.genre)) x where lower(x) = any ($5))'::text;
  end if;
  if p_year is not null then
    v_where := v_where || 'g.release_year = $6'::text;
  end if;
  if p_min_rating is not null then
    v_where := v_where || 's.avg_user_rating >= $7'::text;
  end if;

  v_key := case v_sort
    when 'name' then 'g.search_name collate "C"'
    when 'release_date' then 'g.release_date'
    when 'avg_rating' then 's.avg_user_rating'
    when 'rating_count' then 'coalesce(s.user_rating_count, 0)'
    when 'popularity' then 'app.game_popularity(g.popularity)'
    -- search_games_secure's stage 2: the best tier of the name or an alternative name (100
    -- less) for the query as typed or respelled, then similarity, full-text rank, kind of game
    -- and the external rating.
    else $k$(
      greatest(
        (select max(app.search_tier(app.search_flat(g.search_name), q)) from unnest($3) q),
        (select max(app.search_tier(app.search_flat(lower(unaccent('extensions.unaccent'::regdictionary, alt))), q) - 100)
         from unnest(g.alternative_names) alt cross join unnest($3) q),
        0)
      + 15 * word_similarity($1, g.search_name)
      + 10 * similarity($1, g.search_name)
      + 8 * least(coalesce(ts_rank(g.search_vector, $2), 0), 1)
      + case when g.category is null or g.category = 0 then 10 when g.category in (8, 9, 10) then 7
             when g.category in (2, 4) then 5 when g.category in (3, 11) then 2 else 0 end
      + 2 * coalesce(g.igdb_rating, 0) / 100.0
      + 2 * least(ln(1 + coalesce(g.rating_count, 0)) / ln(10001), 1))$k$
  end;

  -- Only the stable parts of the text are built here (the sort key and direction from the lists
  -- above, the filters that are in use); every value is a parameter. Members' ratings are
  -- aggregated over the matches only when a filter or the sort needs them, and otherwise only
  -- for the page.
  execute format($sql$
    with m as materialized (
      select g.id, %1$s as k
      from public.game g
      %2$s
      %3$s
    ),
    p as (
      select m.id, m.k from m order by m.k %4$s nulls last, m.id limit $8 offset $9
    )
    select jsonb_build_object(
      'total', (select count(*) from m),
      'games', coalesce((
        select jsonb_agg(app.game_json(g) || jsonb_build_object(
            'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
          order by p.k %4$s nulls last, p.id)
        from p
        join public.game g on g.id = p.id
        cross join lateral (
          select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
          from public.rating r where r.game_id = g.id and not r.is_draft) st), '[]'::jsonb))
  $sql$,
    v_key,
    case when p_min_rating is not null or v_sort in ('avg_rating', 'rating_count') then
      'left join (select r.game_id, round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
                  from public.rating r where not r.is_draft group by r.game_id) s on s.game_id = g.id'
    else '' end,
    case when cardinality(v_where) > 0 then 'where ' || array_to_string(v_where, E'\n        and ') else '' end,
    v_order)
  into v_result
  using v_q, v_tsq, v_spellings, v_platforms, v_genres, p_year, p_min_rating, v_limit, v_offset;
  return v_result;
end
$function$;
grant execute on function public.browse_games(text,bigint[],text[],integer,numeric,text,text,integer,integer) to anon;
grant execute on function public.browse_games(text,bigint[],text[],integer,numeric,text,text,integer,integer) to authenticated;
grant execute on function public.browse_games(text,bigint[],text[],integer,numeric,text,text,integer,integer) to service_role;
comment on function public.browse_games(text,bigint[],text[],integer,numeric,text,text,integer,integer) is 'Browse page: games filtered by text (name or alternative names), platform ids, genre names, release year and minimum members'' average rating; sorted by name | release_date | avg_rating (rating) | rating_count | popularity | relevance, asc | desc, nulls last, ties by id; 1 to 100 per page (default 20) from an offset. {total, games: [game with avg_user_rating, user_rating_count]}.';

-- public.catalogue_page --------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.catalogue_page(p_after bigint DEFAULT 0, p_limit integer DEFAULT 1000)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  with page as (
    -- One row more than the page says whether another page follows.
    select g.* from public.game g
    where g.id > coalesce(p_after, 0)
    order by g.id
    limit least(greatest(coalesce(p_limit, 1000), 1), 5000) + 1
  ),
  numbered as (
    select page.*, row_number() over (order by page.id) as n from page
  )
  select jsonb_build_object(
    'games', coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', x.id, 'igdb_id', x.igdb_id, 'name', x.name, 'slug', x.slug, 'cover_url', x.cover_url,
          'first_release_date', x.first_release_date, 'release_date', x.release_date,
          'release_year', x.release_year, 'category', x.category,
          'parent_game', x.parent_game, 'genres', x.genres, 'platforms', x.platforms, 'developer', x.developer,
          'publisher', x.publisher, 'alternative_names', x.alternative_names, 'igdb_rating', x.igdb_rating,
          'rating_count', x.rating_count, 'popularity', x.popularity,
          'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
        order by x.id)
      from numbered x
      cross join lateral (
        select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
        from public.rating r where r.game_id = x.id and not r.is_draft) st
      where x.n <= least(greatest(coalesce(p_limit, 1000), 1), 5000)), '[]'::jsonb),
    'next', (
      select x.id from numbered x
      where x.n = least(greatest(coalesce(p_limit, 1000), 1), 5000)
        and exists (select 1 from numbered y where y.n > x.n)))
$function$;
grant execute on function public.catalogue_page(bigint,integer) to anon;
grant execute on function public.catalogue_page(bigint,integer) to authenticated;
grant execute on function public.catalogue_page(bigint,integer) to service_role;
comment on function public.catalogue_page(bigint,integer) is 'The catalogue for offline search in id order: up to p_limit (1 to 5000, default 1000) compact games with id > p_after, each with members'' average rating and count; next is the last id when more follow, else null.';

-- public.delete_account --------------------------------------------------------------------------
-- Account deletion: the member row (and with it every review, comment, like, follow and list
-- entry, by cascade) and the auth account.
CREATE OR REPLACE FUNCTION public.delete_account()
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user bigint := app.current_user_id();
begin
  if auth.uid() is null then
    perform app.fail('not_authenticated', 'User not authenticated', '42501');
  end if;
  if v_user is null then
    perform app.fail('no_user', 'No user found');
  end if;
  delete from public."user" where id = v_user;
  delete from auth.users where id = auth.uid();
  return true;
end
$function$;
grant execute on function public.delete_account() to anon;
grant execute on function public.delete_account() to authenticated;
grant execute on function public.delete_account() to service_role;

-- public.game_rating_stats -----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.game_rating_stats(p_igdb_ids bigint[])
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if cardinality(p_igdb_ids) > 200 then
    perform app.fail('too_many_games', 'Too many games: ask for at most 200 at a time', '22023');
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
        'igdb_id', g.igdb_id, 'game_id', g.id,
        'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
      order by w.n), '[]'::jsonb)
    from (
      select x.igdb_id, min(x.n) as n from unnest(p_igdb_ids) with ordinality as x(igdb_id, n)
      where x.igdb_id is not null group by x.igdb_id
    ) w
    join public.game g on g.igdb_id = w.igdb_id
    cross join lateral (
      select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
      from public.rating r where r.game_id = g.id and not r.is_draft) st);
end
$function$;
grant execute on function public.game_rating_stats(bigint[]) to anon;
grant execute on function public.game_rating_stats(bigint[]) to authenticated;
grant execute on function public.game_rating_stats(bigint[]) to service_role;
comment on function public.game_rating_stats(bigint[]) is 'Members'' average rating (one decimal, null when unrated) and rating count for up to 200 games by external id, in the order asked; game_id is the internal id. Ids with no game are left out.';

-- public.get_export_refs -------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_export_refs(p_review_ids bigint[], p_comment_ids bigint[] DEFAULT '{}'::bigint[])
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_reviews bigint[] := coalesce(p_review_ids, '{}');
  v_comments bigint[] := coalesce(p_comment_ids, '{}');
begin
  -- A bounded read: the client asks in batches (src/data/export-remote.ts).
  if cardinality(v_reviews) > 1000 or cardinality(v_comments) > 1000 then
    perform app.fail('too_many_ids', 'Ask for at most 1,000 reviews and 1,000 comments at a time');
  end if;
  return (
    with liked as (
      select c.id, c.rating_id
      from public.comment c
      where c.id in (select unnest(v_comments))
    ),
    wanted as (
      select unnest(v_reviews) as id
      union
      select rating_id from liked
    )
    select jsonb_build_object(
      'reviews', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', r.id,
          'user_id', r.user_id,
          'username', u.username,
          'game', jsonb_build_object('id', g.id, 'igdb_id', g.igdb_id, 'name', g.name, 'slug', g.slug,
            'release_date', g.release_date, 'release_year', g.release_year)
        ) order by r.id)
        from public.rating r
        join public.game g on g.id = r.game_id
        join public."user" u on u.id = r.user_id
        where r.id in (select id from wanted)
      ), '[]'::jsonb),
      'comments', coalesce((
        select jsonb_agg(jsonb_build_object('id', l.id, 'rating_id', l.rating_id) order by l.id) from liked l
      ), '[]'::jsonb)
    )
  );
end
$function$;
grant execute on function public.get_export_refs(bigint[],bigint[]) to anon;
grant execute on function public.get_export_refs(bigint[],bigint[]) to authenticated;
grant execute on function public.get_export_refs(bigint[],bigint[]) to service_role;
comment on function public.get_export_refs(bigint[],bigint[]) is 'For an export: the reviews named (author and game) and the liked comments (their review) the caller may see; at most 1,000 ids of each.';

-- public.get_game_page ---------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_game_page(p_identifier text, p_review_limit integer DEFAULT 5)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
declare
  v_ident text := lower(btrim(coalesce(p_identifier, '')));
  v_limit integer := least(greatest(coalesce(p_review_limit, 5), 0), 50);
  v_me bigint := app.current_user_id();
  v_game public.game;
begin
  if v_ident !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_ident) > 200 then
    perform app.fail('invalid_identifier', 'Invalid or missing game identifier');
  end if;
  -- A game's address names it by id or by slug. Digits only is an id: internal id, then external
  -- id; a slug made only of digits (a game called "1942") is still found as a last resort.
  if v_ident ~ '^\d{1,18}$' then
    select * into v_game from public.game g where g.id = v_ident::bigint;
    if v_game.id is null then
      select * into v_game from public.game g where g.igdb_id = v_ident::bigint;
    end if;
  end if;
  if v_game.id is null then
    select * into v_game from public.game g where g.slug = v_ident;
  end if;
  if v_game.id is null then
    return null;
  end if;

  return jsonb_build_object(
    'game', app.game_json(v_game),
    'platforms', (
      select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by lower(p.name) collate "C", p.id), '[]'::jsonb)
      from public.platform_games pg join public.platform p on p.id = pg.platform_id
      where pg.game_id = v_game.id),
    'ratings', (
      with rs as (select r.rating from public.rating r where r.game_id = v_game.id and not r.is_draft)
      select jsonb_build_object(
        'count', (select count(*) from rs),
        'average', (select round(avg(rs.rating), 1) from rs),
        -- Bucket i holds the ratings from i up to (not including) i + 1; 10 holds the tens.
        'histogram', (select jsonb_agg((select count(*) from rs where floor(rs.rating) = b) order by b)
                      from generate_series(1, 10) b))),
    'reviews', (
      select coalesce(jsonb_agg(x.doc order by x.post_date_time desc, x.id desc), '[]'::jsonb)
      from (
        select r.id, r.post_date_time, to_jsonb(r) || jsonb_build_object('author', app.author_json(r.user_id)) as doc
        from public.rating r
        where r.game_id = v_game.id and not r.is_draft and r.review is not null and btrim(r.review) <> ''
        order by r.post_date_time desc, r.id desc
        limit v_limit
      ) x),
    'review_count', (
      select count(*) from public.rating r
      where r.game_id = v_game.id and not r.is_draft and r.review is not null and btrim(r.review) <> ''),
    'related', jsonb_build_object(
      'parent', (
        select app.game_card(p) || jsonb_build_object('summary', p.summary)
        from public.game p where v_game.parent_game is not null and p.igdb_id = v_game.parent_game),
      'dlcs', (
        select coalesce(jsonb_agg(app.game_card(d) order by d.release_date nulls last, d.id), '[]'::jsonb)
        from (
          select * from public.game d
          where d.parent_game = v_game.igdb_id and d.category between 1 and 4
          order by d.release_date nulls last, d.id
          limit 20
        ) d)),
    'me', case when auth.uid() is null then null else jsonb_build_object(
      'review', (select to_jsonb(r) from public.rating r where r.user_id = v_me and r.game_id = v_game.id),
      'progress', (
        select jsonb_build_object('started', p.started, 'completed', p.completed,
          'started_date', p.started_date, 'completed_date', p.completed_date)
        from public.game_progress p where p.user_id = v_me and p.game_id = v_game.id),
      'in_wishlist', exists (select 1 from public.user_wishlist w where w.user_id = v_me and w.game_id = v_game.id),
      'in_collection', exists (select 1 from public.user_collection c where c.user_id = v_me and c.game_id = v_game.id),
      'rated', exists (select 1 from public.rating r where r.user_id = v_me and r.game_id = v_game.id)) end
  );
end
$function$;
grant execute on function public.get_game_page(text,integer) to anon;
grant execute on function public.get_game_page(text,integer) to authenticated;
grant execute on function public.get_game_page(text,integer) to service_role;
comment on function public.get_game_page(text,integer) is 'Game page: the game (by id, external id or slug), its platforms, rating summary, newest written reviews, related games and the caller''s own status. Null when no such game.';

-- public.get_my_user -----------------------------------------------------------------------------
-- The signed-in member's own row, email included (the only way to read an email).
CREATE OR REPLACE FUNCTION public.get_my_user()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select to_jsonb(u) from public."user" u where u.provider_id = (select auth.uid())::text
$function$;
grant execute on function public.get_my_user() to anon;
grant execute on function public.get_my_user() to authenticated;
grant execute on function public.get_my_user() to service_role;

-- public.get_or_create_user ----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_or_create_user(auth_id text, user_email text DEFAULT NULL::text, user_name text DEFAULT NULL::text, user_provider text DEFAULT 'email'::text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if auth.uid() is null or auth_id is null or btrim(auth_id) = '' then
    perform app.fail('not_authenticated', 'No authenticated user provided', '42501');
  end if;
  if auth_id <> auth.uid()::text then
    perform app.fail('forbidden', 'User not authenticated', '42501');
  end if;
  return app.ensure_user(auth_id, coalesce(user_email, auth.email()), user_name, user_provider);
end
$function$;
grant execute on function public.get_or_create_user(text,text,text,text) to anon;
grant execute on function public.get_or_create_user(text,text,text,text) to authenticated;
grant execute on function public.get_or_create_user(text,text,text,text) to service_role;
comment on function public.get_or_create_user(text,text,text,text) is 'Returns the member id of the signed-in account, creating the member row on first use.';

-- public.get_platforms ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_platforms()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by lower(p.name) collate "C", p.id), '[]'::jsonb)
  from public.platform p
$function$;
grant execute on function public.get_platforms() to anon;
grant execute on function public.get_platforms() to authenticated;
grant execute on function public.get_platforms() to service_role;
comment on function public.get_platforms() is 'All platforms as [{id, name}], ordered by name.';

-- public.get_profile -----------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_profile(p_user_id bigint)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
  with me as (select app.current_user_id() as id)
  select jsonb_build_object(
    'user', app.user_json(t.id) || coalesce(app.email_if_self(t.id), '{}'::jsonb),
    'is_self', coalesce(t.id = me.id, false),
    'is_following', exists (select 1 from public.user_follow f where f.follower_id = me.id and f.following_id = t.id),
    'stats', jsonb_build_object(
      'games', (select count(*) from public.game_progress p where p.user_id = t.id and p.started),
      'reviews', (select count(*) from public.rating r where r.user_id = t.id and not r.is_draft),
      'lists', (select count(*) from public.user_wishlist w where w.user_id = t.id)
             + (select count(*) from public.user_collection c where c.user_id = t.id),
      'following', (select count(*) from public.user_follow f where f.follower_id = t.id),
      'followers', (select count(*) from public.user_follow f where f.following_id = t.id)),
    'top5', (
      select coalesce(jsonb_agg(jsonb_build_object('position', tg.position, 'game', app.game_card(g), 'rating', r.rating)
                                order by tg.position), '[]'::jsonb)
      from public.user_top_games tg
      join public.game g on g.id = tg.game_id
      left join public.rating r on r.user_id = tg.user_id and r.game_id = tg.game_id and not r.is_draft
      where tg.user_id = t.id),
    'top10', (
      select coalesce(jsonb_agg(jsonb_build_object('rating_id', x.id, 'game', app.game_card(g), 'rating', x.rating,
                                                   'post_date_time', x.post_date_time)
                                order by x.rating desc, x.post_date_time desc, x.id desc), '[]'::jsonb)
      from (
        select r.id, r.game_id, r.rating, r.post_date_time from public.rating r
        where r.user_id = t.id and not r.is_draft
        order by r.rating desc, r.post_date_time desc, r.id desc
        limit 10
      ) x join public.game g on g.id = x.game_id),
    'wishlist', (
      select coalesce(jsonb_agg(to_jsonb(w) || jsonb_build_object('game', app.game_card(g))
                                order by w.priority desc, w.added_at desc, w.id desc), '[]'::jsonb)
      from public.user_wishlist w join public.game g on g.id = w.game_id where w.user_id = t.id),
    'collection', (
      select coalesce(jsonb_agg(to_jsonb(c) || jsonb_build_object('game', app.game_card(g))
                                order by c.added_at desc, c.id desc), '[]'::jsonb)
      from public.user_collection c join public.game g on g.id = c.game_id where c.user_id = t.id),
    'started', (
      select coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('game', app.game_card(g))
                                order by p.started_date desc, p.id desc), '[]'::jsonb)
      from public.game_progress p join public.game g on g.id = p.game_id
      where p.user_id = t.id and p.started and not p.completed),
    'finished', (
      select coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('game', app.game_card(g))
                                order by p.completed_date desc, p.id desc), '[]'::jsonb)
      from public.game_progress p join public.game g on g.id = p.game_id
      where p.user_id = t.id and p.completed)
  )
  from public."user" t cross join me
  where t.id = p_user_id
$function$;
grant execute on function public.get_profile(bigint) to anon;
grant execute on function public.get_profile(bigint) to authenticated;
grant execute on function public.get_profile(bigint) to service_role;
comment on function public.get_profile(bigint) is 'Profile page: the member (email only for themselves), follow state, stats, Top 5, Top 10, wishlist, collection, started and finished games. Null when no such member.';

-- public.get_recent_reviews ----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_recent_reviews(p_limit integer DEFAULT 10)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
  select coalesce(jsonb_agg(x.doc order by x.post_date_time desc, x.id desc), '[]'::jsonb)
  from (
    select r.id, r.post_date_time,
      to_jsonb(r) || jsonb_build_object('author', app.author_json(r.user_id), 'game', app.game_card(g)) as doc
    from public.rating r join public.game g on g.id = r.game_id
    where not r.is_draft and r.review is not null and btrim(r.review) <> ''
    order by r.post_date_time desc, r.id desc
    limit least(greatest(coalesce(p_limit, 10), 1), 50)
  ) x
$function$;
grant execute on function public.get_recent_reviews(integer) to anon;
grant execute on function public.get_recent_reviews(integer) to authenticated;
grant execute on function public.get_recent_reviews(integer) to service_role;
comment on function public.get_recent_reviews(integer) is 'Home page: the newest reviews that have text (1 to 50, default 10), each with author and game.';

-- public.get_review ------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_review(p_user_id bigint, p_game_id bigint)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
  with me as (select app.current_user_id() as id),
  found as (
    -- The route's game id is the external id when the game has one, else the internal id.
    select r.id from public.rating r join public.game g on g.id = r.game_id
    where r.user_id = p_user_id and (g.igdb_id = p_game_id or g.id = p_game_id)
    order by (g.igdb_id = p_game_id) desc
    limit 1
  ),
  comments as (
    select c.*, coalesce(top.created_at, c.created_at) as thread_at, coalesce(c.parent_comment_id, c.id) as thread_id
    from public.comment c
    left join public.comment top on top.id = c.parent_comment_id and top.is_published
    where c.rating_id = (select id from found) and c.is_published
  )
  select jsonb_build_object(
    'review', to_jsonb(r),
    'author', app.user_json(r.user_id),
    'game', app.game_json(g),
    'platform', (select jsonb_build_object('id', p.id, 'name', p.name) from public.platform p where p.id = r.platform_id),
    'liked_by_me', exists (select 1 from public.content_like l where l.user_id = me.id and l.rating_id = r.id),
    -- Flat, in display order: threads newest first, each top-level comment followed by its
    -- replies oldest first (replies always point at their top-level comment).
    'comments', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', c.id, 'client_key', c.client_key, 'rating_id', c.rating_id, 'content', c.content,
          'parent_comment_id', c.parent_comment_id, 'created_at', c.created_at, 'updated_at', c.updated_at,
          'like_count', c.like_count,
          'liked_by_me', exists (select 1 from public.content_like l where l.user_id = me.id and l.comment_id = c.id),
          'author', app.author_json(c.user_id))
        order by c.thread_at desc, c.thread_id desc, c.parent_comment_id is not null, c.created_at, c.id), '[]'::jsonb)
      from comments c),
    'comment_count', (select count(*) from comments)
  )
  from public.rating r
  join public.game g on g.id = r.game_id
  cross join me
  where r.id = (select id from found)
$function$;
grant execute on function public.get_review(bigint,bigint) to anon;
grant execute on function public.get_review(bigint,bigint) to authenticated;
grant execute on function public.get_review(bigint,bigint) to service_role;
comment on function public.get_review(bigint,bigint) is 'Review page: one member''s review of a game (external id first, then internal id) with author, game, platform, like state and all published comments in display order. Null when none.';

-- public.get_user_activity -----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_user_activity(p_user_id bigint, p_limit integer DEFAULT 25, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_type text DEFAULT NULL::text, p_before_id bigint DEFAULT NULL::bigint)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
  with cursor_key as (
    -- Without a kind, the cursor is the moment itself: everything at p_before is left out.
    select p_before as date,
      case p_before_type when 'wishlist' then 1 when 'collection' then 2 when 'started' then 3 when 'completed' then 4
                         when 'rating' then 5 when 'review' then 6 when 'comment' then 7 when 'review_like' then 8 else 0 end as priority,
      case when p_before_type is null then 0 else coalesce(p_before_id, 0) end as id
  ),
  items as (
    (select 'review' as type, 6 as priority, r.id, r.post_date_time as date, r.game_id, r.rating, r.review,
            null::bigint as rating_id, null::bigint as reviewed_user_id, null::text as comment
     from public.rating r, cursor_key k
     where r.user_id = p_user_id and not r.is_draft and r.review is not null and btrim(r.review) <> ''
       and (k.date is null or (r.post_date_time, 6, r.id) < (k.date, k.priority, k.id))
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'rating', 5, r.id, r.post_date_time, r.game_id, r.rating, null, null, null, null
     from public.rating r, cursor_key k
     where r.user_id = p_user_id and not r.is_draft and (r.review is null or btrim(r.review) = '')
       and (k.date is null or (r.post_date_time, 5, r.id) < (k.date, k.priority, k.id))
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'wishlist', 1, w.id, w.added_at, w.game_id, null, null, null, null, null
     from public.user_wishlist w, cursor_key k
     where w.user_id = p_user_id
       and (k.date is null or (w.added_at, 1, w.id) < (k.date, k.priority, k.id))
     order by w.added_at desc, w.id desc limit 20)
    union all
    (select 'collection', 2, c.id, c.added_at, c.game_id, null, null, null, null, null
     from public.user_collection c, cursor_key k
     where c.user_id = p_user_id
       and (k.date is null or (c.added_at, 2, c.id) < (k.date, k.priority, k.id))
     order by c.added_at desc, c.id desc limit 20)
    union all
    (select 'started', 3, p.id, p.started_date, p.game_id, null, null, null, null, null
     from public.game_progress p, cursor_key k
     where p.user_id = p_user_id and p.started
       and (k.date is null or (p.started_date, 3, p.id) < (k.date, k.priority, k.id))
     order by p.started_date desc, p.id desc limit 20)
    union all
    (select 'completed', 4, p.id, p.completed_date, p.game_id, null, null, null, null, null
     from public.game_progress p, cursor_key k
     where p.user_id = p_user_id and p.completed
       and (k.date is null or (p.completed_date, 4, p.id) < (k.date, k.priority, k.id))
     order by p.completed_date desc, p.id desc limit 20)
    union all
    (select 'comment', 7, c.id, c.created_at, r.game_id, null, null, c.rating_id, r.user_id, c.content
     from public.comment c join public.rating r on r.id = c.rating_id, cursor_key k
     where c.user_id = p_user_id and c.is_published
       and (k.date is null or (c.created_at, 7, c.id) < (k.date, k.priority, k.id))
     order by c.created_at desc, c.id desc limit 20)
    union all
    (select 'review_like', 8, l.id, l.created_at, r.game_id, r.rating, null, l.rating_id, r.user_id, null
     from public.content_like l join public.rating r on r.id = l.rating_id, cursor_key k
     where l.user_id = p_user_id and l.is_like
       and (k.date is null or (l.created_at, 8, l.id) < (k.date, k.priority, k.id))
     order by l.created_at desc, l.id desc limit 20)
  ),
  numbered as (
    select i.*, row_number() over (partition by i.type order by i.date desc, i.id desc) as n from items i
  ),
  -- The newest 20th row of a source that gave 20 rows: the page goes no further back than it.
  bound as (
    select b.date, b.priority, b.id from numbered b where b.n = 20
    order by b.date desc, b.priority desc, b.id desc limit 1
  ),
  page as (
    select i.* from numbered i
    where not exists (select 1 from bound b where (i.date, i.priority, i.id) < (b.date, b.priority, b.id))
    order by i.date desc, i.priority desc, i.id desc
    limit least(greatest(coalesce(p_limit, 25), 1), 100)
  ),
  ranked as (
    select p.*,
      coalesce(lag(p.date) over (order by p.date desc, p.priority desc, p.id desc) - p.date >= interval '2 seconds', true) as starts_burst
    from page p
  ),
  bursts as (
    select r.*, count(*) filter (where r.starts_burst) over (order by r.date desc, r.priority desc, r.id desc rows unbounded preceding) as burst
    from ranked r
  )
  select coalesce(jsonb_agg(
      jsonb_build_object('type', p.type, 'id', p.id, 'date', p.date, 'game', app.game_card(g))
      || case when p.rating is not null then jsonb_build_object('rating', p.rating) else '{}'::jsonb end
      || case when p.review is not null then jsonb_build_object('review', p.review) else '{}'::jsonb end
      || case when p.comment is not null then jsonb_build_object('comment', p.comment) else '{}'::jsonb end
      || case when p.rating_id is not null then jsonb_build_object('rating_id', p.rating_id) else '{}'::jsonb end
      || case when p.reviewed_user_id is not null
              then jsonb_build_object('reviewed_author', app.author_json(p.reviewed_user_id)) else '{}'::jsonb end
      order by p.burst, p.priority desc, p.date desc, p.id desc), '[]'::jsonb)
  from bursts p join public.game g on g.id = p.game_id
$function$;
grant execute on function public.get_user_activity(bigint,integer,timestamp with time zone,text,bigint) to anon;
grant execute on function public.get_user_activity(bigint,integer,timestamp with time zone,text,bigint) to authenticated;
grant execute on function public.get_user_activity(bigint,integer,timestamp with time zone,text,bigint) to service_role;
comment on function public.get_user_activity(bigint,integer,timestamp with time zone,text,bigint) is 'Activity feed: a member''s reviews, ratings, list and progress changes, comments and review likes, newest first, bursts within 2 seconds ordered by kind; pass the oldest item''s date, type and id to page further back.';

-- public.get_user_journal ------------------------------------------------------------------------
-- ---------------------------------------------------------------------------------------------
-- The profile's Journal tab for any member: newest first (day, then id), paged by the last entry
-- shown; with the total minutes and count of every session the caller may see.
CREATE OR REPLACE FUNCTION public.get_user_journal(p_user_id bigint, p_limit integer DEFAULT 50, p_before_date date DEFAULT NULL::date, p_before_id bigint DEFAULT NULL::bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 100);
  v_entries jsonb;
  v_more boolean;
begin
  with page as (
    select s.*, g as game, p.name as platform_name
    from public.play_session s
    join public.game g on g.id = s.game_id
    left join public.platform p on p.id = s.platform_id
    where s.user_id = p_user_id
      and (p_before_date is null or (s.played_on, s.id) < (p_before_date, coalesce(p_before_id, 9223372036854775807)))
    order by s.played_on desc, s.id desc
    limit v_limit + 1
  ), numbered as (
    select page.*, row_number() over (order by played_on desc, id desc) as n from page
  )
  select coalesce(jsonb_agg(
           jsonb_build_object('id', id, 'client_key', client_key, 'user_id', user_id, 'game_id', game_id, 'igdb_id', igdb_id,
             'played_on', played_on, 'minutes', minutes, 'platform_id', platform_id, 'platform_name', platform_name,
             'note', note, 'is_private', is_private, 'created_at', created_at, 'updated_at', updated_at,
             'game', app.game_card(game))
           order by n) filter (where n <= v_limit), '[]'::jsonb),
         count(*) > v_limit
    into v_entries, v_more
  from numbered;
  return jsonb_build_object(
    'entries', v_entries,
    'has_more', coalesce(v_more, false),
    'total_minutes', (select coalesce(sum(minutes), 0) from public.play_session where user_id = p_user_id),
    'session_count', (select count(*) from public.play_session where user_id = p_user_id));
end
$function$;
grant execute on function public.get_user_journal(bigint,integer,date,bigint) to anon;
grant execute on function public.get_user_journal(bigint,integer,date,bigint) to authenticated;
grant execute on function public.get_user_journal(bigint,integer,date,bigint) to service_role;
comment on function public.get_user_journal(bigint,integer,date,bigint) is 'A member''s play journal (the sessions the caller may see), newest first, paged by (played_on, id) of the last entry shown; with total minutes and count.';

-- public.get_user_reviews ------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_user_reviews(p_user_id bigint, p_sort text DEFAULT 'recent'::text, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
declare
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'recent');
begin
  if v_sort not in ('recent', 'oldest', 'highest', 'lowest') then
    perform app.fail('invalid_sort', 'Invalid sort option');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.rating r where r.user_id = p_user_id),
    'reviews', (
      select coalesce(jsonb_agg(x.doc order by x.n), '[]'::jsonb)
      from (
        select to_jsonb(r) || jsonb_build_object('game', app.game_card(g)) as doc,
          row_number() over (order by
            case when v_sort = 'highest' then r.rating end desc nulls last,
            case when v_sort = 'lowest' then r.rating end asc nulls last,
            case when v_sort = 'oldest' then r.post_date_time end asc nulls last,
            r.post_date_time desc, r.id desc) as n
        from public.rating r join public.game g on g.id = r.game_id
        where r.user_id = p_user_id
        order by n
        limit least(greatest(coalesce(p_limit, 50), 1), 100)
        offset greatest(coalesce(p_offset, 0), 0)
      ) x));
end
$function$;
grant execute on function public.get_user_reviews(bigint,text,integer,integer) to anon;
grant execute on function public.get_user_reviews(bigint,text,integer,integer) to authenticated;
grant execute on function public.get_user_reviews(bigint,text,integer,integer) to service_role;
comment on function public.get_user_reviews(bigint,text,integer,integer) is 'A member''s reviews with their games, sorted recent | oldest | highest | lowest, paged; with the total.';

-- public.get_users -------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.get_users(p_query text DEFAULT NULL::text, p_sort text DEFAULT 'relevant'::text, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
declare
  v_q text := lower(app.sanitize_member_search(p_query));
  -- v_q as a LIKE pattern that matches itself literally ('%' and '\' are already gone).
  v_pat text := replace(v_q, '_', '\_');
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'relevant');
  v_me bigint := app.current_user_id();
begin
  if v_sort not in ('relevant', 'followers', 'reviews', 'recent') then
    perform app.fail('invalid_sort', 'Invalid sort option');
  end if;
  return (
    with reviewers as (
      select r.user_id, count(*) as review_count, round(avg(r.rating), 1) as avg_rating
      from public.rating r where not r.is_draft group by r.user_id
    ),
    matched as (
      select u.id, u.username, u.name, u.display_name, u.bio, u.avatar_url, u.created_at, u.follower_count,
        u.following_count, coalesce(rv.review_count, 0) as review_count, rv.avg_rating,
        -- Match quality: the username itself, then its start, then the name, then anywhere.
        case when v_q = '' then 0
             when lower(u.username) = v_q then 5
             when lower(u.username) like v_pat || '%' then 4
             when lower(coalesce(u.name, '')) like v_pat || '%' then 3
             when lower(u.username) like '%' || v_pat || '%' then 2
             when lower(coalesce(u.name, '')) like '%' || v_pat || '%' then 1
             else 0 end as match_rank
      from public."user" u
      left join reviewers rv on rv.user_id = u.id
      where (v_me is null or u.id <> v_me)
        -- The same expression as the index user_search_trgm, so the match can use it.
        and (v_q = '' or lower(u.username || ' ' || coalesce(u.name, '') || ' ' || coalesce(u.bio, '')) like '%' || v_pat || '%')
    ),
    page as (
      select m.*, row_number() over (order by
          case when v_sort = 'relevant' then m.match_rank end desc nulls last,
          case when v_sort in ('relevant', 'followers') then m.follower_count end desc nulls last,
          case when v_sort in ('relevant', 'reviews') then m.review_count end desc nulls last,
          case when v_sort = 'reviews' then m.follower_count end desc nulls last,
          m.created_at desc, m.id desc) as n
      from matched m
      order by n
      limit least(greatest(coalesce(p_limit, 50), 1), 100)
      offset greatest(coalesce(p_offset, 0), 0)
    )
    select jsonb_build_object(
      'users', (
        select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'username', p.username, 'name', p.name,
            'display_name', p.display_name, 'bio', p.bio, 'avatar_url', p.avatar_url, 'created_at', p.created_at,
            'follower_count', p.follower_count, 'following_count', p.following_count, 'review_count', p.review_count,
            'avg_rating', p.avg_rating,
            'is_following', exists (select 1 from public.user_follow f where f.follower_id = v_me and f.following_id = p.id))
          order by p.n), '[]'::jsonb)
        from page p),
      'total', (select count(*) from matched),
      'stats', jsonb_build_object(
        'total_users', (select count(*) from public."user"),
        'active_reviewers', (select count(*) from reviewers),
        'total_reviews', (select coalesce(sum(review_count), 0) from reviewers),
        'you_follow', (select count(*) from public.user_follow f where f.follower_id = v_me)),
      -- The leaderboard is the whole community's (the caller included), shown only without a query.
      'top_reviewers', case when v_q <> '' then '[]'::jsonb else (
        select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'username', t.username, 'name', t.name,
            'display_name', t.display_name, 'avatar_url', t.avatar_url, 'follower_count', t.follower_count,
            'review_count', t.review_count, 'avg_rating', t.avg_rating)
          order by t.review_count desc, t.follower_count desc, t.id), '[]'::jsonb)
        from (
          select u.id, u.username, u.name, u.display_name, u.avatar_url, u.follower_count, rv.review_count, rv.avg_rating
          from reviewers rv join public."user" u on u.id = rv.user_id
          order by rv.review_count desc, u.follower_count desc, u.id
          limit 3
        ) t) end)
  );
end
$function$;
grant execute on function public.get_users(text,text,integer,integer) to anon;
grant execute on function public.get_users(text,text,integer,integer) to authenticated;
grant execute on function public.get_users(text,text,integer,integer) to service_role;
comment on function public.get_users(text,text,integer,integer) is 'User directory: members other than the caller matching the query literally (username, name, bio; case-insensitive; underscores kept), sorted relevant | followers | reviews | recent, with community stats and the top 3 reviewers.';

-- public.import_catalogue ------------------------------------------------------------------------
-- Bulk import for the seed and CATALOGUE_FILE (service role only): a JSON array of games.
CREATE OR REPLACE FUNCTION public.import_catalogue(p_games jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  g jsonb;
  n integer := 0;
begin
  for g in select * from jsonb_array_elements(p_games) loop
    perform app.upsert_game(g);
    n := n + 1;
  end loop;
  return n;
end
$function$;
grant execute on function public.import_catalogue(jsonb) to service_role;
comment on function public.import_catalogue(jsonb) is 'Imports IGDB-shaped games (service role only).';

-- public.search_games_by_genre -------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.search_games_by_genre(genre_name text, limit_count integer DEFAULT 1000)
 RETURNS TABLE(id bigint, igdb_id bigint, game_id text, name text, slug text, summary text, description text, release_date date, release_year smallint, first_release_date bigint, cover_url text, genre text, genres text[], platforms text[], developer text, publisher text, involved_companies text[], alternative_names text[], category smallint, parent_game bigint, franchise text, collection text, igdb_rating smallint, rating_count integer, metacritic_score smallint, popularity jsonb, screenshots text[], videos text[], is_verified boolean, view_count integer, created_at timestamp with time zone, updated_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
#variable_conflict use_column
declare
  v_genre text := lower(btrim(coalesce(genre_name, '')));
  -- The text inside a LIKE pattern, its own % _ and \ escaped ("Role-playing (RPG)" is a genre,
  -- so this is not the search sanitiser, which would strip the brackets).
  v_pattern text := '%' || replace(replace(replace(v_genre, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_words text[] := string_to_array(app.search_flat(unaccent('extensions.unaccent'::regdictionary, v_genre)), ' ');
  v_tsq tsquery;
  v_limit integer := least(greatest(coalesce(limit_count, 1000), 1), 1000);
  c_query constant text := $sql$
    select g.id, g.igdb_id, g.game_id, g.name, g.slug, g.summary, g.description, g.release_date,
      g.release_year, g.first_release_date, g.cover_url, g.genre, g.genres, g.platforms, g.developer, g.publisher,
      g.involved_companies, g.alternative_names, g.category, g.parent_game, g.franchise, g.collection,
      g.igdb_rating, g.rating_count, g.metacritic_score, g.popularity, g.screenshots, g.videos, g.is_verified,
      g.view_count, g.created_at, g.updated_at
    from public.game g
    where %s exists (select 1 from unnest(array_append(g.genres, g.genre)) x where lower(x) like $2)
    order by g.igdb_rating desc nulls last, g.rating_count desc nulls last, g.name, g.id
    limit $3
  $sql$;
begin
  if v_genre = '' or v_words = '{}' then
    return;
  end if;
  v_tsq := app.search_tsquery(v_words, 'C');
  -- Genres are part C of search_vector, so its index narrows the scan to games with those words
  -- among their companies, franchise and genres, and the genre list itself then decides. The
  -- text parser keeps "slash/beat" (from "Hack and slash/Beat 'em up") as one word, so when the
  -- index finds nothing the whole catalogue is read instead.
  return query execute format(c_query, 'g.search_vector @@ $1 and') using v_tsq, v_pattern, v_limit;
  if not found then
    return query execute format(c_query, '') using v_tsq, v_pattern, v_limit;
  end if;
end
$function$;
grant execute on function public.search_games_by_genre(text,integer) to anon;
grant execute on function public.search_games_by_genre(text,integer) to authenticated;
grant execute on function public.search_games_by_genre(text,integer) to service_role;
comment on function public.search_games_by_genre(text,integer) is 'Games whose genres contain the text (case-insensitive), best rated first, at most 1000.';

-- public.search_games_secure ---------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.search_games_secure(search_query text, limit_count integer DEFAULT 50)
 RETURNS TABLE(id bigint, igdb_id bigint, game_id text, name text, slug text, summary text, description text, release_date date, release_year smallint, first_release_date bigint, cover_url text, genre text, genres text[], platforms text[], developer text, publisher text, involved_companies text[], alternative_names text[], category smallint, parent_game bigint, franchise text, collection text, igdb_rating smallint, rating_count integer, metacritic_score smallint, popularity jsonb, screenshots text[], videos text[], is_verified boolean, view_count integer, created_at timestamp with time zone, updated_at timestamp with time zone, search_rank real)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
 SET "pg_trgm.word_similarity_threshold" TO '0.5'
AS $function$
#variable_conflict use_column
declare
  v_q text;           -- lower case, accents folded, single spaces: compared with game.search_name
  v_flat text;        -- v_q through app.search_flat: compared with names flattened alike
  v_spellings text[]; -- v_flat, and v_flat with its sequel numbers respelled when it has any
  v_tsq tsquery;
  v_limit integer := least(greatest(coalesce(limit_count, 50), 1), 200);
  v_pool integer;
  v_ids bigint[];
  v_named boolean;    -- whether some candidate's name contains the query, or all of its words
  -- Stage 1's tier of search_name for one spelling (%1$s); '%%' is LIKE's '%' through format().
  c_tier constant text := $t$case when g.search_name = %1$s then 1000
       when g.search_name in ('the ' || %1$s, 'a ' || %1$s, 'an ' || %1$s) then 950
       when g.search_name like %1$s || '%%' or g.search_name like 'the ' || %1$s || '%%' then 800
       when ' ' || g.search_name like '%% ' || %1$s || '%%' then 600
       when g.search_name like '%%' || %1$s || '%%' then 400
       when g.alternative_names <> '{}' and lower(array_to_string(g.alternative_names, ' ')) like '%%' || %1$s || '%%' then 500
       else 0 end$t$;
begin
  v_q := btrim(regexp_replace(lower(unaccent('extensions.unaccent'::regdictionary, app.sanitize_search(search_query))),
                              '\s+', ' ', 'g'));
  v_flat := app.search_flat(v_q);
  if v_flat = '' then
    return;
  end if;
  v_spellings := array[v_flat] || array(
    select string_agg(coalesce(app.search_numeral(w.word), w.word), ' ' order by w.n)
    from unnest(string_to_array(v_flat, ' ')) with ordinality as w(word, n)
    having bool_or(app.search_numeral(w.word) is not null));
  v_tsq := app.search_tsquery(string_to_array(v_flat, ' '));
  v_pool := greatest(2 * v_limit, 100);

  -- Stage 1. Dynamic so that each query is planned with its own values, so the respelled query
  -- costs nothing when there is none, and so the substring condition is left out below 3
  -- characters, where a LIKE pattern has no trigram and would read the whole index.
  execute format($sql$
    select coalesce(array_agg(c.id order by c.pre desc, c.id), '{}'), coalesce(bool_or(c.named), false)
    from (
      select g.id, n.tier >= 600 or g.search_vector @@ $3 as named,
        n.tier
        + case when g.category is null or g.category = 0 then 10 when g.category in (8, 9, 10) then 7
               when g.category in (2, 4) then 5 when g.category in (3, 11) then 2 else 0 end
        + 2 * coalesce(g.igdb_rating, 0) / 100.0 + least(coalesce(g.rating_count, 0), 2000) / 1000.0
        - least(char_length(g.search_name), 100) / 10.0 as pre
      from public.game g
      cross join lateral (select %s as tier) n
      where g.search_vector @@ $2 %s
      order by pre desc, g.id
      limit $4
    ) c
  $sql$,
    case when cardinality(v_spellings) > 1 then 'greatest(' || format(c_tier, '$1') || ', ' || format(c_tier, '$5') || ')'
         else format(c_tier, '$1') end,
    case when char_length(v_q) >= 3 then $or$or g.search_name like '%' || $1 || '%'$or$ else '' end)
  into v_ids, v_named
  using v_q, v_tsq, app.search_tsquery(string_to_array(v_flat, ' '), 'A'), v_pool, v_spellings[2];

  if not v_named then
    v_ids := v_ids || array(
      select g.id from public.game g
      where g.search_name %> v_q and g.id <> all (v_ids)
      order by word_similarity(v_q, g.search_name) desc, g.id
      limit v_pool);
  end if;

  -- Stage 2.
  return query
    select g.id, g.igdb_id, g.game_id, g.name, g.slug, g.summary, g.description, g.release_date,
      g.release_year, g.first_release_date, g.cover_url, g.genre, g.genres, g.platforms, g.developer, g.publisher,
      g.involved_companies, g.alternative_names, g.category, g.parent_game, g.franchise, g.collection,
      g.igdb_rating, g.rating_count, g.metacritic_score, g.popularity, g.screenshots, g.videos, g.is_verified,
      g.view_count, g.created_at, g.updated_at,
      (t.tier
        + 15 * word_similarity(v_q, g.search_name)
        + 10 * similarity(v_q, g.search_name)
        + 8 * least(ts_rank(g.search_vector, v_tsq), 1)
        + case when g.category is null or g.category = 0 then 10 when g.category in (8, 9, 10) then 7
               when g.category in (2, 4) then 5 when g.category in (3, 11) then 2 else 0 end
        + 2 * coalesce(g.igdb_rating, 0) / 100.0
        + 2 * least(ln(1 + coalesce(g.rating_count, 0)) / ln(10001), 1))::real as rank
    from public.game g
    cross join lateral (
      select greatest(
        (select max(app.search_tier(app.search_flat(g.search_name), q)) from unnest(v_spellings) q),
        (select max(app.search_tier(app.search_flat(lower(unaccent('extensions.unaccent'::regdictionary, alt))), q) - 100)
         from unnest(g.alternative_names) alt cross join unnest(v_spellings) q),
        0) as tier) t
    where g.id = any (v_ids)
    order by rank desc, g.rating_count desc nulls last, g.id
    limit v_limit;
end
$function$;
grant execute on function public.search_games_secure(text,integer) to anon;
grant execute on function public.search_games_secure(text,integer) to authenticated;
grant execute on function public.search_games_secure(text,integer) to service_role;
comment on function public.search_games_secure(text,integer) is 'Catalogue search: sanitised text matched on name (typo-tolerant), alternative names, companies, franchise, genres and summary; best first (search_rank), 1 to 200 rows (default 50). Blank text gives no rows.';

-- public.search_users ----------------------------------------------------------------------------
-- The header's member search (search_users) keeps underscores, as the directory's get_users does:
-- usernames are written with them (pixel_pilgrim), and app.sanitize_search drops '_' (a LIKE
-- wildcard), so typing a member's exact username would find nobody. The underscore is matched
-- literally.
CREATE OR REPLACE FUNCTION public.search_users(p_query text, p_limit integer DEFAULT 8)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions'
AS $function$
  with q as (select v, replace(v, '_', '\_') as pat from (select lower(app.sanitize_member_search(p_query)) as v) s)
  select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'username', x.username, 'name', x.name, 'bio', x.bio,
                                               'avatar_url', x.avatar_url) order by x.n), '[]'::jsonb)
  from (
    select u.*, row_number() over (order by
        (lower(u.username) = q.v) desc, (lower(u.username) like q.pat || '%') desc,
        (lower(coalesce(u.name, '')) like q.pat || '%') desc, u.follower_count desc, u.id) as n
    from (select id, username, name, bio, avatar_url, follower_count from public."user") u cross join q
    where char_length(q.v) >= 2
      and lower(u.username || ' ' || coalesce(u.name, '') || ' ' || coalesce(u.bio, '')) like '%' || q.pat || '%'
    order by n
    limit least(greatest(coalesce(p_limit, 8), 1), 50)
  ) x
$function$;
grant execute on function public.search_users(text,integer) to anon;
grant execute on function public.search_users(text,integer) to authenticated;
grant execute on function public.search_users(text,integer) to service_role;
comment on function public.search_users(text,integer) is 'Header user search (2 or more characters): members whose username, name or bio contains the text, best match first.';

-- public.simple_toggle_comment_like --------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.simple_toggle_comment_like(p_user_id bigint, p_comment_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user bigint;
  v_liked boolean;
  v_result jsonb;
begin
  v_user := app.require_user();
  if p_user_id is null or p_user_id <> v_user then
    return jsonb_build_object('success', false, 'liked', false, 'error', 'Invalid user ID');
  end if;
  v_liked := not exists (select 1 from public.content_like where user_id = v_user and comment_id = p_comment_id);
  v_result := app.m_comment_like_set(v_user, jsonb_build_object('comment_id', p_comment_id, 'liked', v_liked));
  return jsonb_build_object('success', true, 'liked', v_liked, 'likeCount', v_result -> 'like_count', 'error', null);
exception when raise_exception or insufficient_privilege then
  return jsonb_build_object('success', false, 'liked', false, 'error', sqlerrm);
end
$function$;
grant execute on function public.simple_toggle_comment_like(bigint,bigint) to anon;
grant execute on function public.simple_toggle_comment_like(bigint,bigint) to authenticated;
grant execute on function public.simple_toggle_comment_like(bigint,bigint) to service_role;

-- public.simple_toggle_like ----------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.simple_toggle_like(p_user_id bigint, p_review_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user bigint;
  v_liked boolean;
  v_result jsonb;
begin
  v_user := app.require_user();
  if p_user_id is null or p_user_id <> v_user then
    return jsonb_build_object('success', false, 'liked', false, 'error', 'Invalid user ID');
  end if;
  v_liked := not exists (select 1 from public.content_like where user_id = v_user and rating_id = p_review_id);
  v_result := app.m_review_like_set(v_user, jsonb_build_object('rating_id', p_review_id, 'liked', v_liked));
  return jsonb_build_object('success', true, 'liked', v_liked, 'likeCount', v_result -> 'like_count', 'error', null);
exception when raise_exception or insufficient_privilege then
  return jsonb_build_object('success', false, 'liked', false, 'error', sqlerrm);
end
$function$;
grant execute on function public.simple_toggle_like(bigint,bigint) to anon;
grant execute on function public.simple_toggle_like(bigint,bigint) to authenticated;
grant execute on function public.simple_toggle_like(bigint,bigint) to service_role;

-- public.sync_pull -------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION public.sync_pull(p_cursor text DEFAULT NULL::text, p_scope jsonb DEFAULT '{}'::jsonb, p_limit integer DEFAULT 1000, p_own boolean DEFAULT true, p_protocol integer DEFAULT 1)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_protocol integer := app.call_protocol(p_protocol);
  v_me bigint;
  v_clock jsonb;
begin
  if v_protocol < (select min_protocol from public.sync_protocol) then
    return json_build_object('client_too_old', app.client_too_old(null));
  end if;
  if p_cursor is not null then
    -- In steps: xid8 is 64 bits, and a cast of a larger number fails with a raw out-of-range error.
    if p_cursor !~ '^v1:\d{1,20}$' then
      perform app.fail('invalid_cursor', 'Invalid sync cursor');
    end if;
    if substr(p_cursor, 4)::numeric > 18446744073709551615 then
      perform app.fail('invalid_cursor', 'Invalid sync cursor');
    end if;
    if substr(p_cursor, 4)::xid8 > pg_snapshot_xmax(pg_current_snapshot()) then
      perform app.fail('invalid_cursor', 'Invalid sync cursor');
    end if;
  end if;
  v_me := case when coalesce(p_own, true) then app.current_user_id() end;
  -- Protocol 2 answers carry the member's edit clock (null when they have none yet). A stable
  -- function's queries share one snapshot: the clock is read as of the same moment as the page.
  -- (Asked in a branch of its own: a visitor may not call app.member_clock at all.)
  if v_protocol >= 2 and v_me is not null then
    v_clock := coalesce(to_jsonb(app.member_clock(v_me)), 'null'::jsonb);
  end if;
  return app.pull_changes(p_cursor, p_scope, p_limit, p_own, v_clock, v_protocol);
end
$function$;
grant execute on function public.sync_pull(text,jsonb,integer,boolean,integer) to anon;
grant execute on function public.sync_pull(text,jsonb,integer,boolean,integer) to authenticated;
grant execute on function public.sync_pull(text,jsonb,integer,boolean,integer) to service_role;
comment on function public.sync_pull(text,jsonb,integer,boolean,integer) is 'Changes since a cursor (or a snapshot) of the caller''s rows (unless p_own is false) and the public rows in scope, with the games and members they refer to, (protocol 2) the member''s edit clock, and (protocol 3) the rows sent as logged grouped by table and columns.';

-- public.sync_push -------------------------------------------------------------------------------
-- For SQL callers (tests, the demo, benchmarks): a jsonb batch holds no text jsonb refuses. Its
-- parameters are unnamed so that PostgREST and the gateway, which choose a function by its
-- arguments' names, never see two candidates.
CREATE OR REPLACE FUNCTION public.sync_push(p_client_id uuid, p_mutations json, p_protocol integer DEFAULT 1)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_batch jsonb;
  -- The slow path: the mutations that became jsonb, their positions, and the refusals by position.
  v_good jsonb := '[]';
  v_at integer[] := '{}';
  v_refused jsonb := '{}';
  v_item jsonb;
  v_answer jsonb;
  v_results jsonb;
  v_out jsonb := '[]';
  v_last integer;
  e json;
  n integer;
  g integer := 0;
begin
  begin
    v_batch := p_mutations::jsonb;
  exception when untranslatable_character or invalid_text_representation then
    v_batch := null;
  end;
  -- The whole batch read (as every batch from a device that checks its text is), or no list at all
  -- (app.sync_push_apply refuses it by name).
  if v_batch is not null or p_mutations is null or json_typeof(p_mutations) <> 'array' then
    return app.sync_push_batch(p_client_id, v_batch, p_protocol);
  end if;
  if json_array_length(p_mutations) > 500 then
    perform app.fail('batch_too_large', 'At most 500 mutations per push');
  end if;
  for e, n in select x.e, x.n from json_array_elements(p_mutations) with ordinality x (e, n) loop
    begin
      v_item := e::jsonb;
      v_good := v_good || jsonb_build_array(v_item);
      v_at := v_at || n;
    exception when untranslatable_character or invalid_text_representation then
      -- Not applied, not recorded: the same words the device shows when it catches such text.
      v_refused := v_refused || jsonb_build_object(n::text, jsonb_build_object(
        'id', app.mutation_id_of(e), 'status', 'rejected', 'code', 'invalid_text',
        'message', 'This text has a character that can''t be saved (a null character or a broken emoji). Remove it and try again.'));
    end;
  end loop;
  v_answer := app.sync_push_batch(p_client_id, v_good, p_protocol);
  -- A whole call too old is answered with no results at all, as before.
  if v_answer ? 'client_too_old' and v_answer -> 'client_too_old' ->> 'id' is null then
    return v_answer;
  end if;
  v_results := v_answer -> 'results';
  -- Answered up to where app.sync_push_apply stopped (a mutation it no longer reads: it and every
  -- position behind it, refused ones too, stay unanswered on the device), else every position.
  v_last := case when jsonb_array_length(v_results) < cardinality(v_at) then v_at[jsonb_array_length(v_results) + 1] - 1
                 else json_array_length(p_mutations) end;
  for n in 1 .. v_last loop
    if v_refused ? n::text then
      v_out := v_out || jsonb_build_array(v_refused -> n::text);
    else
      v_out := v_out || jsonb_build_array(v_results -> g);
      g := g + 1;
    end if;
  end loop;
  return jsonb_set(v_answer, '{results}', v_out);
end
$function$;
grant execute on function public.sync_push(uuid,json,integer) to anon;
grant execute on function public.sync_push(uuid,json,integer) to authenticated;
grant execute on function public.sync_push(uuid,json,integer) to service_role;
comment on function public.sync_push(uuid,json,integer) is 'Applies queued mutations exactly once, in order, the newest edit of each field winning (a clock more than a day ahead is dated on arrival); returns one result per mutation answered (a mutation with text Postgres cannot store is rejected as invalid_text, alone), the member''s edit clock, and client_too_old when it met a shape it no longer reads. The change log keeps one entry per row and scope per batch.';

CREATE OR REPLACE FUNCTION public.sync_push(uuid, jsonb, integer DEFAULT 1)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public'
AS $function$ select app.sync_push_batch($1, $2, $3) $function$;
grant execute on function public.sync_push(uuid,jsonb,integer) to anon;
grant execute on function public.sync_push(uuid,jsonb,integer) to authenticated;
grant execute on function public.sync_push(uuid,jsonb,integer) to service_role;
comment on function public.sync_push(uuid,jsonb,integer) is 'sync_push for a jsonb batch (SQL callers); the API''s sync_push takes json.';

-- ================================================================================================
-- Tables
-- Each with its row level security and policies, indexes, triggers, grants (column grants keep
-- counters and emails out of clients' hands) and comments; in an order where a foreign key's table
-- comes first.
-- ================================================================================================

-- public.game ------------------------------------------------------------------------------------
create table public.game (
  id bigint generated by default as identity not null,
  igdb_id bigint not null,
  game_id text generated always as ((igdb_id)::text) stored,
  name text not null,
  slug text not null,
  summary text,
  description text,
  release_date date,
  first_release_date bigint,
  cover_url text,
  genre text,
  genres text[] default '{}'::text[] not null,
  platforms text[] default '{}'::text[] not null,
  developer text,
  publisher text,
  involved_companies text[] default '{}'::text[] not null,
  alternative_names text[] default '{}'::text[] not null,
  category smallint,
  parent_game bigint,
  franchise text,
  collection text,
  igdb_rating smallint,
  rating_count integer,
  metacritic_score smallint,
  popularity jsonb default '{}'::jsonb not null,
  screenshots text[] default '{}'::text[] not null,
  videos text[] default '{}'::text[] not null,
  is_verified boolean default false not null,
  view_count integer default 0 not null,
  search_name text default ''::text not null,
  search_vector tsvector,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  release_year smallint,
  constraint game_pkey PRIMARY KEY (id),
  constraint game_igdb_id_key UNIQUE (igdb_id),
  constraint game_slug_key UNIQUE (slug),
  constraint game_category_check CHECK (category >= 0 AND category <= 14),
  constraint game_cover_url_check CHECK (cover_url ~ '^https://'::text),
  constraint game_description_check CHECK (char_length(description) <= 20000),
  constraint game_igdb_id_check CHECK (igdb_id > 0),
  constraint game_igdb_rating_check CHECK (igdb_rating >= 0 AND igdb_rating <= 100),
  constraint game_metacritic_score_check CHECK (metacritic_score >= 0 AND metacritic_score <= 100),
  constraint game_name_check CHECK (char_length(btrim(name)) >= 1 AND char_length(btrim(name)) <= 500),
  constraint game_parent_game_check CHECK (parent_game > 0),
  constraint game_rating_count_check CHECK (rating_count >= 0),
  constraint game_release_year_check CHECK (release_year >= 1 AND release_year <= 9999),
  constraint game_slug_check CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text),
  constraint game_summary_check CHECK (char_length(summary) <= 20000),
  constraint game_view_count_check CHECK (view_count >= 0)
);
alter table public.game enable row level security;
create policy "games are public" on public.game for select to anon, authenticated using (true);
CREATE INDEX game_created_idx ON public.game USING btree (created_at);
CREATE INDEX game_genres_idx ON public.game USING gin (genres);
CREATE INDEX game_parent_idx ON public.game USING btree (parent_game) WHERE (parent_game IS NOT NULL);
CREATE INDEX game_release_idx ON public.game USING btree (release_date);
CREATE INDEX game_release_year_idx ON public.game USING btree (release_year);
CREATE INDEX game_search_name_trgm ON public.game USING gin (search_name extensions.gin_trgm_ops);
CREATE INDEX game_search_vector_idx ON public.game USING gin (search_vector);
CREATE TRIGGER game_blank_text BEFORE INSERT OR UPDATE OF name ON public.game FOR EACH ROW EXECUTE FUNCTION app.game_blank_text();
CREATE TRIGGER game_log_change AFTER INSERT OR DELETE OR UPDATE ON public.game FOR EACH ROW EXECUTE FUNCTION app.log_change('igdb_id');
CREATE TRIGGER game_search_fields BEFORE INSERT OR UPDATE ON public.game FOR EACH ROW EXECUTE FUNCTION app.game_search_fields();
grant select on table public.game to anon;
grant select on table public.game to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.game to service_role;
comment on table public.game is 'Catalogue of games (IGDB-shaped). igdb_id is the external id; game_id is it as text, as the spec names it.';
comment on column public.game.release_year is 'Year of release: release_date''s year when the day is known, else the year alone (a game known only to the year).';

-- public.platform --------------------------------------------------------------------------------
create table public.platform (
  id bigint generated by default as identity not null,
  name text not null,
  created_at timestamp with time zone default now() not null,
  constraint platform_pkey PRIMARY KEY (id),
  constraint platform_name_check CHECK (char_length(btrim(name)) >= 1 AND char_length(btrim(name)) <= 100)
);
alter table public.platform enable row level security;
create policy "platforms are public" on public.platform for select to anon, authenticated using (true);
CREATE UNIQUE INDEX platform_name_key ON public.platform USING btree (lower(name));
grant select on table public.platform to anon;
grant select on table public.platform to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.platform to service_role;
comment on table public.platform is 'Gaming platforms (PC, PS5, …) a game is on and a review is played on.';
-- The platforms every review form offers when a game has none known, so they exist.
insert into public.platform (name)
values ('PC'), ('PS5'), ('Xbox Series X/S'), ('Nintendo Switch'), ('Switch'), ('Retro');

-- public.user ------------------------------------------------------------------------------------
create table public."user" (
  id bigint generated by default as identity not null,
  provider_id text not null,
  provider text default 'email'::text not null,
  email text,
  name text,
  username text not null,
  display_name text,
  bio text,
  avatar_url text,
  location text,
  website text,
  platform text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  follower_count integer default 0 not null,
  following_count integer default 0 not null,
  constraint user_pkey PRIMARY KEY (id),
  constraint user_provider_id_key UNIQUE (provider_id),
  constraint user_avatar_url_check CHECK (char_length(avatar_url) <= 2000 AND avatar_url ~ '^https?://'::text),
  constraint user_bio_check CHECK (char_length(bio) <= 500),
  constraint user_display_name_check CHECK (char_length(display_name) <= 100),
  constraint user_follower_count_check CHECK (follower_count >= 0),
  constraint user_following_count_check CHECK (following_count >= 0),
  constraint user_location_check CHECK (char_length(location) <= 100),
  constraint user_name_check CHECK (char_length(name) <= 100),
  constraint user_platform_check CHECK (char_length(platform) <= 200),
  constraint user_username_check CHECK (username ~ '^[A-Za-z0-9_]{3,30}$'::text),
  constraint user_website_check CHECK (char_length(website) <= 200 AND website ~ '^https?://'::text)
);
alter table public."user" enable row level security;
create policy "members create their own row" on public."user" for insert to authenticated with check ((provider_id = (( SELECT auth.uid() AS uid))::text));
create policy "members delete their own row" on public."user" for delete to authenticated using ((provider_id = (( SELECT auth.uid() AS uid))::text));
create policy "members edit their own row" on public."user" for update to authenticated using ((provider_id = (( SELECT auth.uid() AS uid))::text)) with check ((provider_id = (( SELECT auth.uid() AS uid))::text));
create policy "profiles are public" on public."user" for select to anon, authenticated using (true);
CREATE INDEX user_created_idx ON public."user" USING btree (created_at);
CREATE INDEX user_search_trgm ON public."user" USING gin (lower(((((username || ' '::text) || COALESCE(name, ''::text)) || ' '::text) || COALESCE(bio, ''::text))) extensions.gin_trgm_ops);
CREATE UNIQUE INDEX user_username_key ON public."user" USING btree (lower(username));
CREATE TRIGGER user_blank_text BEFORE INSERT OR UPDATE OF name, display_name, bio, location, platform ON public."user" FOR EACH ROW EXECUTE FUNCTION app.user_blank_text();
CREATE TRIGGER user_log_change AFTER INSERT OR DELETE OR UPDATE ON public."user" FOR EACH ROW EXECUTE FUNCTION app.log_change();
grant delete on table public."user" to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public."user" to service_role;
grant select (id) on table public."user" to anon;
grant select (id) on table public."user" to authenticated;
grant select (provider_id) on table public."user" to anon;
grant insert (provider_id), select (provider_id) on table public."user" to authenticated;
grant select (provider) on table public."user" to anon;
grant insert (provider), select (provider) on table public."user" to authenticated;
grant select (name) on table public."user" to anon;
grant insert (name), select (name), update (name) on table public."user" to authenticated;
grant select (username) on table public."user" to anon;
grant insert (username), select (username), update (username) on table public."user" to authenticated;
grant select (display_name) on table public."user" to anon;
grant insert (display_name), select (display_name), update (display_name) on table public."user" to authenticated;
grant select (bio) on table public."user" to anon;
grant select (bio), update (bio) on table public."user" to authenticated;
grant select (avatar_url) on table public."user" to anon;
grant insert (avatar_url), select (avatar_url), update (avatar_url) on table public."user" to authenticated;
grant select (location) on table public."user" to anon;
grant select (location), update (location) on table public."user" to authenticated;
grant select (website) on table public."user" to anon;
grant select (website), update (website) on table public."user" to authenticated;
grant select (platform) on table public."user" to anon;
grant select (platform), update (platform) on table public."user" to authenticated;
grant select (created_at) on table public."user" to anon;
grant select (created_at) on table public."user" to authenticated;
grant select (updated_at) on table public."user" to anon;
grant select (updated_at), update (updated_at) on table public."user" to authenticated;
grant select (follower_count) on table public."user" to anon;
grant select (follower_count) on table public."user" to authenticated;
grant select (following_count) on table public."user" to anon;
grant select (following_count) on table public."user" to authenticated;
comment on table public."user" is 'Members. provider_id links to the auth account; email is readable only by its owner (through the API).';

-- public.rating ----------------------------------------------------------------------------------
create table public.rating (
  id bigint generated by default as identity not null,
  user_id bigint not null,
  game_id bigint not null,
  igdb_id bigint,
  rating numeric(3,1) not null,
  review text,
  post_date_time timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  is_recommended boolean,
  platform_id bigint,
  playtime_hours integer,
  slug text,
  like_count integer default 0 not null,
  comment_count integer default 0 not null,
  is_draft boolean default false not null,
  constraint rating_pkey PRIMARY KEY (id),
  constraint rating_one_per_game UNIQUE (user_id, game_id),
  constraint rating_comment_count_check CHECK (comment_count >= 0),
  constraint rating_half_steps CHECK (rating >= 1::numeric AND rating <= 10::numeric AND (rating * 2::numeric) = trunc(rating * 2::numeric)),
  constraint rating_like_count_check CHECK (like_count >= 0),
  constraint rating_playtime CHECK (playtime_hours >= 1 AND playtime_hours <= 99999),
  constraint rating_review_length CHECK (char_length(review) <= 10000),
  constraint rating_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint rating_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platform(id) ON DELETE SET NULL,
  constraint rating_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.rating enable row level security;
create policy "members delete their own reviews" on public.rating for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members edit their own reviews" on public.rating for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members write their own reviews" on public.rating for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "published reviews are public, drafts are their author's" on public.rating for select to anon, authenticated using (((NOT is_draft) OR (user_id = ( SELECT app.current_user_id() AS current_user_id))));
CREATE INDEX rating_game_idx ON public.rating USING btree (game_id, post_date_time DESC);
CREATE INDEX rating_igdb_idx ON public.rating USING btree (igdb_id);
CREATE INDEX rating_recent_text_idx ON public.rating USING btree (post_date_time DESC) WHERE ((review IS NOT NULL) AND (btrim(review) <> ''::text));
CREATE INDEX rating_user_draft_idx ON public.rating USING btree (user_id) WHERE is_draft;
CREATE INDEX rating_user_idx ON public.rating USING btree (user_id, post_date_time DESC);
CREATE TRIGGER rating_blank_text BEFORE INSERT OR UPDATE OF review ON public.rating FOR EACH ROW EXECUTE FUNCTION app.rating_blank_text();
CREATE TRIGGER rating_guard BEFORE INSERT OR UPDATE ON public.rating FOR EACH ROW EXECUTE FUNCTION app.rating_guard();
CREATE TRIGGER rating_log_change AFTER INSERT OR DELETE OR UPDATE ON public.rating FOR EACH ROW EXECUTE FUNCTION app.log_change('user_id', 'game_id');
grant select on table public.rating to anon;
grant delete, select on table public.rating to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.rating to service_role;
grant insert (user_id) on table public.rating to authenticated;
grant insert (game_id) on table public.rating to authenticated;
grant insert (igdb_id) on table public.rating to authenticated;
grant insert (rating), update (rating) on table public.rating to authenticated;
grant insert (review), update (review) on table public.rating to authenticated;
grant insert (post_date_time), update (post_date_time) on table public.rating to authenticated;
grant update (updated_at) on table public.rating to authenticated;
grant insert (is_recommended), update (is_recommended) on table public.rating to authenticated;
grant insert (platform_id), update (platform_id) on table public.rating to authenticated;
grant insert (playtime_hours), update (playtime_hours) on table public.rating to authenticated;
grant insert (slug) on table public.rating to authenticated;
grant insert (is_draft), update (is_draft) on table public.rating to authenticated;
comment on table public.rating is 'Reviews: a 1-10 rating in half steps with optional text, one per member per game.';
comment on column public.rating.is_draft is 'A private draft: visible only to its author, counted nowhere until published.';

-- public.comment ---------------------------------------------------------------------------------
create table public.comment (
  id bigint generated by default as identity not null,
  client_key uuid,
  user_id bigint not null,
  rating_id bigint not null,
  content text not null,
  parent_comment_id bigint,
  is_published boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  like_count integer default 0 not null,
  constraint comment_pkey PRIMARY KEY (id),
  constraint comment_client_key_key UNIQUE (client_key),
  constraint comment_content_length CHECK (char_length(btrim(content)) >= 1 AND char_length(btrim(content)) <= 500),
  constraint comment_like_count_check CHECK (like_count >= 0),
  constraint comment_parent_comment_id_fkey FOREIGN KEY (parent_comment_id) REFERENCES public.comment(id) ON DELETE CASCADE,
  constraint comment_rating_id_fkey FOREIGN KEY (rating_id) REFERENCES public.rating(id) ON DELETE CASCADE,
  constraint comment_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.comment enable row level security;
create policy "members comment as themselves" on public.comment for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members delete their own comments" on public.comment for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members edit their own comments" on public.comment for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "published comments are public" on public.comment for select to anon, authenticated using ((is_published OR (user_id = ( SELECT app.current_user_id() AS current_user_id))));
CREATE INDEX comment_parent_idx ON public.comment USING btree (parent_comment_id) WHERE (parent_comment_id IS NOT NULL);
CREATE INDEX comment_rating_idx ON public.comment USING btree (rating_id, created_at DESC);
CREATE INDEX comment_user_idx ON public.comment USING btree (user_id, created_at DESC);
CREATE TRIGGER comment_blank_text BEFORE INSERT OR UPDATE OF content ON public.comment FOR EACH ROW EXECUTE FUNCTION app.comment_blank_text();
CREATE TRIGGER comment_counts AFTER INSERT OR DELETE ON public.comment FOR EACH ROW EXECUTE FUNCTION app.comment_counts();
CREATE TRIGGER comment_guard BEFORE INSERT OR UPDATE ON public.comment FOR EACH ROW EXECUTE FUNCTION app.comment_guard();
CREATE TRIGGER comment_log_change AFTER INSERT OR DELETE OR UPDATE ON public.comment FOR EACH ROW EXECUTE FUNCTION app.log_change('client_key');
CREATE TRIGGER comment_not_on_draft BEFORE INSERT ON public.comment FOR EACH ROW EXECUTE FUNCTION app.refuse_draft_target();
grant select on table public.comment to anon;
grant delete, select on table public.comment to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.comment to service_role;
grant insert (client_key) on table public.comment to authenticated;
grant insert (user_id) on table public.comment to authenticated;
grant insert (rating_id) on table public.comment to authenticated;
grant insert (content), update (content) on table public.comment to authenticated;
grant insert (parent_comment_id) on table public.comment to authenticated;
grant insert (is_published) on table public.comment to authenticated;
grant insert (created_at) on table public.comment to authenticated;
grant update (updated_at) on table public.comment to authenticated;
comment on table public.comment is 'Comments on reviews; replies point at their top-level ancestor. client_key is the id a client gave it offline.';

-- public.content_like ----------------------------------------------------------------------------
create table public.content_like (
  id bigint generated by default as identity not null,
  user_id bigint not null,
  rating_id bigint,
  comment_id bigint,
  is_like boolean default true not null,
  created_at timestamp with time zone default now() not null,
  constraint content_like_pkey PRIMARY KEY (id),
  constraint content_like_one_target CHECK (num_nonnulls(rating_id, comment_id) = 1),
  constraint content_like_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comment(id) ON DELETE CASCADE,
  constraint content_like_rating_id_fkey FOREIGN KEY (rating_id) REFERENCES public.rating(id) ON DELETE CASCADE,
  constraint content_like_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.content_like enable row level security;
create policy "likes are public" on public.content_like for select to anon, authenticated using (true);
create policy "members like as themselves" on public.content_like for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members unlike as themselves" on public.content_like for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
CREATE INDEX content_like_comment_idx ON public.content_like USING btree (comment_id) WHERE (comment_id IS NOT NULL);
CREATE UNIQUE INDEX content_like_comment_key ON public.content_like USING btree (user_id, comment_id) WHERE (comment_id IS NOT NULL);
CREATE INDEX content_like_rating_idx ON public.content_like USING btree (rating_id) WHERE (rating_id IS NOT NULL);
CREATE UNIQUE INDEX content_like_review_key ON public.content_like USING btree (user_id, rating_id) WHERE (rating_id IS NOT NULL);
CREATE TRIGGER content_like_counts AFTER INSERT OR DELETE ON public.content_like FOR EACH ROW EXECUTE FUNCTION app.like_counts();
CREATE TRIGGER content_like_log_change AFTER INSERT OR DELETE ON public.content_like FOR EACH ROW EXECUTE FUNCTION app.log_change('user_id', 'rating_id', 'comment_id');
CREATE TRIGGER content_like_not_on_draft BEFORE INSERT ON public.content_like FOR EACH ROW EXECUTE FUNCTION app.refuse_draft_target();
grant select on table public.content_like to anon;
grant delete, select on table public.content_like to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.content_like to service_role;
grant insert (user_id) on table public.content_like to authenticated;
grant insert (rating_id) on table public.content_like to authenticated;
grant insert (comment_id) on table public.content_like to authenticated;
grant insert (is_like) on table public.content_like to authenticated;
comment on table public.content_like is 'Likes of a review (rating_id) or of a comment (comment_id), one per member and target.';

-- public.edit_clock ------------------------------------------------------------------------------
create table public.edit_clock (
  user_id bigint not null,
  entity text not null,
  row_id bigint not null,
  field text not null,
  hlc text collate "C" not null,
  constraint edit_clock_pkey PRIMARY KEY (user_id, entity, row_id, field),
  constraint edit_clock_entity_check CHECK (entity = ANY (ARRAY['rating'::text, 'user'::text, 'play_session'::text, 'comment'::text, 'shelf'::text, 'top5'::text])),
  constraint edit_clock_hlc_check CHECK (hlc ~ '^\d{15}-\d{6}-[0-9a-z-]{1,64}$'::text),
  constraint edit_clock_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.edit_clock enable row level security;
create policy "members forget their own edit clocks" on public.edit_clock for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members move their own edit clocks" on public.edit_clock for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members read their own edit clocks" on public.edit_clock for select to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members record their own edit clocks" on public.edit_clock for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
CREATE INDEX edit_clock_member_newest_idx ON public.edit_clock USING btree (user_id, hlc);
grant delete, insert, select, update on table public.edit_clock to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.edit_clock to service_role;
comment on table public.edit_clock is 'The clock (HLC) of the newest edit of each field of a member''s own rows; an older edit of the field is superseded.';

-- public.game_progress ---------------------------------------------------------------------------
create table public.game_progress (
  id bigint generated by default as identity not null,
  user_id bigint not null,
  game_id bigint not null,
  igdb_id bigint,
  started boolean default false not null,
  completed boolean default false not null,
  started_date timestamp with time zone,
  completed_date timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint game_progress_pkey PRIMARY KEY (id),
  constraint game_progress_one_per_game UNIQUE (user_id, game_id),
  constraint game_progress_completed_date CHECK (NOT completed OR completed_date IS NOT NULL),
  constraint game_progress_finished_implies_started CHECK (NOT completed OR started),
  constraint game_progress_started_date CHECK (NOT started OR started_date IS NOT NULL),
  constraint game_progress_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint game_progress_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.game_progress enable row level security;
create policy "members delete their own progress" on public.game_progress for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members track their own progress" on public.game_progress for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members update their own progress" on public.game_progress for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "progress is public" on public.game_progress for select to anon, authenticated using (true);
CREATE INDEX game_progress_user_idx ON public.game_progress USING btree (user_id, updated_at DESC);
CREATE TRIGGER game_progress_clears_lists AFTER INSERT OR UPDATE ON public.game_progress FOR EACH ROW EXECUTE FUNCTION app.progress_clears_lists();
CREATE TRIGGER game_progress_guard BEFORE INSERT OR UPDATE ON public.game_progress FOR EACH ROW EXECUTE FUNCTION app.progress_guard();
CREATE TRIGGER game_progress_log_delete AFTER DELETE ON public.game_progress REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.log_change_rows();
CREATE TRIGGER game_progress_log_insert AFTER INSERT ON public.game_progress REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.log_change_rows();
CREATE TRIGGER game_progress_log_update AFTER UPDATE ON public.game_progress REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.log_change_rows();
grant select on table public.game_progress to anon;
grant delete, select on table public.game_progress to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.game_progress to service_role;
grant insert (user_id) on table public.game_progress to authenticated;
grant insert (game_id) on table public.game_progress to authenticated;
grant insert (igdb_id) on table public.game_progress to authenticated;
grant insert (started), update (started) on table public.game_progress to authenticated;
grant insert (completed), update (completed) on table public.game_progress to authenticated;
grant insert (started_date), update (started_date) on table public.game_progress to authenticated;
grant insert (completed_date), update (completed_date) on table public.game_progress to authenticated;
grant update (updated_at) on table public.game_progress to authenticated;
comment on table public.game_progress is 'Started and finished marks of a member on a game. Finished implies started.';

-- public.platform_games --------------------------------------------------------------------------
create table public.platform_games (
  id bigint generated by default as identity not null,
  game_id bigint not null,
  platform_id bigint not null,
  constraint platform_games_pkey PRIMARY KEY (id),
  constraint platform_games_game_id_platform_id_key UNIQUE (game_id, platform_id),
  constraint platform_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint platform_games_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platform(id) ON DELETE CASCADE
);
alter table public.platform_games enable row level security;
create policy "platform links are public" on public.platform_games for select to anon, authenticated using (true);
CREATE INDEX platform_games_platform_idx ON public.platform_games USING btree (platform_id);
grant select on table public.platform_games to anon;
grant select on table public.platform_games to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.platform_games to service_role;
comment on table public.platform_games is 'Which platforms each game is on.';

-- public.play_session ----------------------------------------------------------------------------
create table public.play_session (
  id bigint generated by default as identity not null,
  client_key uuid not null,
  user_id bigint not null,
  game_id bigint not null,
  igdb_id bigint,
  played_on date not null,
  minutes smallint not null,
  platform_id bigint,
  note text,
  is_private boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint play_session_pkey PRIMARY KEY (id),
  constraint play_session_client_key UNIQUE (client_key),
  constraint play_session_minutes CHECK (minutes >= 1 AND minutes <= 1440),
  constraint play_session_note CHECK (char_length(note) >= 1 AND char_length(note) <= 280),
  constraint play_session_played_on CHECK (played_on >= '1970-01-01'::date),
  constraint play_session_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint play_session_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES public.platform(id) ON DELETE SET NULL,
  constraint play_session_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.play_session enable row level security;
create policy "members delete their own sessions" on public.play_session for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members edit their own sessions" on public.play_session for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members log their own sessions" on public.play_session for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "public sessions are public, private ones their member's" on public.play_session for select to anon, authenticated using (((NOT is_private) OR (user_id = ( SELECT app.current_user_id() AS current_user_id))));
CREATE INDEX play_session_game_idx ON public.play_session USING btree (game_id, user_id);
CREATE INDEX play_session_user_idx ON public.play_session USING btree (user_id, played_on DESC, id DESC);
CREATE TRIGGER play_session_guard BEFORE INSERT OR UPDATE ON public.play_session FOR EACH ROW EXECUTE FUNCTION app.play_session_guard();
CREATE TRIGGER play_session_log_delete AFTER DELETE ON public.play_session REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.log_change_rows();
CREATE TRIGGER play_session_log_insert AFTER INSERT ON public.play_session REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.log_change_rows();
CREATE TRIGGER play_session_log_update AFTER UPDATE ON public.play_session REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.log_change_rows();
grant select on table public.play_session to anon;
grant delete, select on table public.play_session to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.play_session to service_role;
grant insert (client_key) on table public.play_session to authenticated;
grant insert (user_id) on table public.play_session to authenticated;
grant insert (game_id) on table public.play_session to authenticated;
grant insert (played_on), update (played_on) on table public.play_session to authenticated;
grant insert (minutes), update (minutes) on table public.play_session to authenticated;
grant insert (platform_id), update (platform_id) on table public.play_session to authenticated;
grant insert (note), update (note) on table public.play_session to authenticated;
grant insert (is_private), update (is_private) on table public.play_session to authenticated;
comment on table public.play_session is 'Play journal: sessions a member played a game (day, minutes, platform, note); public unless marked private.';

-- public.sync_applied ----------------------------------------------------------------------------
create table public.sync_applied (
  mutation_id uuid not null,
  user_id bigint not null,
  client_id uuid not null,
  name text not null,
  status text not null,
  result jsonb not null,
  applied_at timestamp with time zone default now() not null,
  constraint sync_applied_pkey PRIMARY KEY (mutation_id),
  constraint sync_applied_status_check CHECK (status = ANY (ARRAY['ok'::text, 'rejected'::text])),
  constraint sync_applied_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.sync_applied enable row level security;
create policy "members record their own mutations" on public.sync_applied for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members see their own applied mutations" on public.sync_applied for select to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
CREATE INDEX sync_applied_user_idx ON public.sync_applied USING btree (user_id, applied_at DESC);
grant insert, select on table public.sync_applied to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_applied to service_role;
comment on table public.sync_applied is 'Ids of applied mutations with their results, written in the same transaction as their effects.';

-- public.sync_change -----------------------------------------------------------------------------
create table public.sync_change (
  id bigint generated always as identity not null,
  xid xid8 default pg_current_xact_id() not null,
  tbl text not null,
  row_id bigint not null,
  op text not null,
  key jsonb,
  user_id bigint,
  subject_user_id bigint,
  game_id bigint,
  rating_id bigint,
  changed_at timestamp with time zone default now() not null,
  private_to bigint,
  cols jsonb,
  vals json,
  constraint sync_change_pkey PRIMARY KEY (id),
  constraint sync_change_op_check CHECK (op = ANY (ARRAY['upsert'::text, 'delete'::text]))
);
alter table public.sync_change enable row level security;
create policy "change log is readable" on public.sync_change for select to anon, authenticated using (true);
create policy "private changes are their member's" on public.sync_change as restrictive for select to anon, authenticated using (((private_to IS NULL) OR (private_to = ( SELECT app.current_user_id() AS current_user_id))));
CREATE INDEX sync_change_game_idx ON public.sync_change USING btree (game_id, xid) WHERE (game_id IS NOT NULL);
CREATE INDEX sync_change_rating_idx ON public.sync_change USING btree (rating_id, xid) WHERE (rating_id IS NOT NULL);
CREATE INDEX sync_change_subject_idx ON public.sync_change USING btree (subject_user_id, xid) WHERE (subject_user_id IS NOT NULL);
CREATE INDEX sync_change_user_idx ON public.sync_change USING btree (user_id, xid);
CREATE INDEX sync_change_xid_idx ON public.sync_change USING btree (xid);
grant select on table public.sync_change to anon;
grant select on table public.sync_change to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_change to service_role;
comment on table public.sync_change is 'Append-only change log read by sync_pull: one row per write to a synced table, with the writing transaction id.';
comment on column public.sync_change.private_to is 'Set for entries only this member reads: a review that is and stays a draft, every play session.';
comment on column public.sync_change.cols is 'For an upsert of a table sent as it is: the row''s column names as this write left it (jsonb''s key order), the names of vals.';
comment on column public.sync_change.vals is 'For an upsert of a table sent as it is: the row''s values as this write left it, in the order of cols.';

-- public.sync_protocol ---------------------------------------------------------------------------
create table public.sync_protocol (
  id boolean default true not null,
  min_protocol integer default 1 not null,
  constraint sync_protocol_pkey PRIMARY KEY (id),
  constraint sync_protocol_id_check CHECK (id),
  constraint sync_protocol_min_protocol_check CHECK (min_protocol >= 1)
);
alter table public.sync_protocol enable row level security;
create policy "sync protocol is readable" on public.sync_protocol for select to anon, authenticated using (true);
grant select on table public.sync_protocol to anon;
grant select on table public.sync_protocol to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_protocol to service_role;
comment on table public.sync_protocol is 'One row: the oldest sync protocol (argument shapes) the server still reads; older calls and rows are answered client_too_old.';
insert into public.sync_protocol (id) values (true);

-- public.sync_retention --------------------------------------------------------------------------
create table public.sync_retention (
  id boolean default true not null,
  low_water xid8 default '0'::xid8 not null,
  pruned_at timestamp with time zone,
  pruned_rows bigint default 0 not null,
  constraint sync_retention_pkey PRIMARY KEY (id),
  constraint sync_retention_id_check CHECK (id),
  constraint sync_retention_pruned_rows_check CHECK (pruned_rows >= 0)
);
alter table public.sync_retention enable row level security;
create policy "low-water mark is readable" on public.sync_retention for select to anon, authenticated using (true);
grant select on table public.sync_retention to anon;
grant select on table public.sync_retention to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_retention to service_role;
comment on table public.sync_retention is 'One row: the change log''s low-water mark (no change of a transaction below it is kept) and the last prune.';
insert into public.sync_retention (id) values (true);

-- public.user_collection -------------------------------------------------------------------------
create table public.user_collection (
  id bigint generated by default as identity not null,
  user_id bigint not null,
  igdb_id bigint not null,
  game_id bigint not null,
  added_at timestamp with time zone default now() not null,
  constraint user_collection_pkey PRIMARY KEY (id),
  constraint user_collection_one_per_game UNIQUE (user_id, igdb_id),
  constraint user_collection_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint user_collection_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.user_collection enable row level security;
create policy "collections are public" on public.user_collection for select to anon, authenticated using (true);
create policy "members add to their own collection" on public.user_collection for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members remove from their own collection" on public.user_collection for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
CREATE INDEX user_collection_user_game_idx ON public.user_collection USING btree (user_id, game_id);
CREATE INDEX user_collection_user_idx ON public.user_collection USING btree (user_id, added_at DESC);
CREATE TRIGGER user_collection_guard BEFORE INSERT ON public.user_collection FOR EACH ROW EXECUTE FUNCTION app.list_guard();
CREATE TRIGGER user_collection_log_change AFTER INSERT OR DELETE OR UPDATE ON public.user_collection FOR EACH ROW EXECUTE FUNCTION app.log_change('user_id', 'igdb_id');
grant select on table public.user_collection to anon;
grant delete, select on table public.user_collection to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.user_collection to service_role;
grant insert (user_id) on table public.user_collection to authenticated;
grant insert (igdb_id) on table public.user_collection to authenticated;
grant insert (game_id) on table public.user_collection to authenticated;
grant insert (added_at) on table public.user_collection to authenticated;
comment on table public.user_collection is 'Games a member owns.';

-- public.user_follow -----------------------------------------------------------------------------
create table public.user_follow (
  id bigint generated by default as identity not null,
  follower_id bigint not null,
  following_id bigint not null,
  created_at timestamp with time zone default now() not null,
  constraint user_follow_pkey PRIMARY KEY (id),
  constraint user_follow_unique UNIQUE (follower_id, following_id),
  constraint user_follow_not_self CHECK (follower_id <> following_id),
  constraint user_follow_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES public."user"(id) ON DELETE CASCADE,
  constraint user_follow_following_id_fkey FOREIGN KEY (following_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.user_follow enable row level security;
create policy "follows are public" on public.user_follow for select to anon, authenticated using (true);
create policy "members follow as themselves" on public.user_follow for insert to authenticated with check ((follower_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members unfollow as themselves" on public.user_follow for delete to authenticated using ((follower_id = ( SELECT app.current_user_id() AS current_user_id)));
CREATE INDEX user_follow_following_idx ON public.user_follow USING btree (following_id);
CREATE TRIGGER user_follow_counts AFTER INSERT OR DELETE ON public.user_follow FOR EACH ROW EXECUTE FUNCTION app.follow_counts();
CREATE TRIGGER user_follow_log_change AFTER INSERT OR DELETE ON public.user_follow FOR EACH ROW EXECUTE FUNCTION app.log_change('follower_id', 'following_id');
grant select on table public.user_follow to anon;
grant delete, select on table public.user_follow to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.user_follow to service_role;
grant insert (follower_id) on table public.user_follow to authenticated;
grant insert (following_id) on table public.user_follow to authenticated;
comment on table public.user_follow is 'Who follows whom. One row per pair; nobody follows themselves.';

-- public.user_top_games --------------------------------------------------------------------------
create table public.user_top_games (
  id bigint generated by default as identity not null,
  user_id bigint not null,
  game_id bigint not null,
  "position" smallint not null,
  created_at timestamp with time zone default now() not null,
  constraint user_top_games_pkey PRIMARY KEY (id),
  constraint user_top_games_game_key UNIQUE (user_id, game_id),
  constraint user_top_games_position_key UNIQUE (user_id, "position"),
  constraint user_top_games_position CHECK ("position" >= 1 AND "position" <= 5),
  constraint user_top_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint user_top_games_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.user_top_games enable row level security;
create policy "members remove their own top games" on public.user_top_games for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members reorder their own top games" on public.user_top_games for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members set their own top games" on public.user_top_games for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "top games are public" on public.user_top_games for select to anon, authenticated using (true);
CREATE TRIGGER user_top_games_guard BEFORE INSERT OR UPDATE ON public.user_top_games FOR EACH ROW EXECUTE FUNCTION app.top_games_guard();
CREATE TRIGGER user_top_games_log_change AFTER INSERT OR DELETE OR UPDATE ON public.user_top_games FOR EACH ROW EXECUTE FUNCTION app.log_change('user_id', 'position');
grant select on table public.user_top_games to anon;
grant delete, select on table public.user_top_games to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.user_top_games to service_role;
grant insert (user_id) on table public.user_top_games to authenticated;
grant insert (game_id) on table public.user_top_games to authenticated;
grant insert ("position"), update ("position") on table public.user_top_games to authenticated;
comment on table public.user_top_games is 'A member''s Top 5: positions 1 to 5 of games they have rated.';

-- public.user_wishlist ---------------------------------------------------------------------------
create table public.user_wishlist (
  id bigint generated by default as identity not null,
  user_id bigint not null,
  igdb_id bigint not null,
  game_id bigint not null,
  priority smallint default 0 not null,
  notes text,
  added_at timestamp with time zone default now() not null,
  constraint user_wishlist_pkey PRIMARY KEY (id),
  constraint user_wishlist_one_per_game UNIQUE (user_id, igdb_id),
  constraint user_wishlist_notes_check CHECK (char_length(notes) <= 500),
  constraint user_wishlist_priority_check CHECK (priority >= 0 AND priority <= 10),
  constraint user_wishlist_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE,
  constraint user_wishlist_user_id_fkey FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE
);
alter table public.user_wishlist enable row level security;
create policy "members add to their own wishlist" on public.user_wishlist for insert to authenticated with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members edit their own wishlist" on public.user_wishlist for update to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id))) with check ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "members remove from their own wishlist" on public.user_wishlist for delete to authenticated using ((user_id = ( SELECT app.current_user_id() AS current_user_id)));
create policy "wishlists are public" on public.user_wishlist for select to anon, authenticated using (true);
CREATE INDEX user_wishlist_user_game_idx ON public.user_wishlist USING btree (user_id, game_id);
CREATE INDEX user_wishlist_user_idx ON public.user_wishlist USING btree (user_id, priority DESC, added_at DESC);
CREATE TRIGGER user_wishlist_guard BEFORE INSERT ON public.user_wishlist FOR EACH ROW EXECUTE FUNCTION app.list_guard();
CREATE TRIGGER user_wishlist_log_change AFTER INSERT OR DELETE OR UPDATE ON public.user_wishlist FOR EACH ROW EXECUTE FUNCTION app.log_change('user_id', 'igdb_id');
grant select on table public.user_wishlist to anon;
grant delete, select on table public.user_wishlist to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.user_wishlist to service_role;
grant insert (user_id) on table public.user_wishlist to authenticated;
grant insert (igdb_id) on table public.user_wishlist to authenticated;
grant insert (game_id) on table public.user_wishlist to authenticated;
grant insert (priority), update (priority) on table public.user_wishlist to authenticated;
grant insert (notes), update (notes) on table public.user_wishlist to authenticated;
grant insert (added_at) on table public.user_wishlist to authenticated;
comment on table public.user_wishlist is 'Want to Play: games a member wants to play, with a priority and notes.';

-- ================================================================================================
-- Functions over table rows
-- They take or return a row of a table above, so they come after it.
-- ================================================================================================

-- app.find_comment -------------------------------------------------------------------------------
-- Finds a comment by server id or by the key the client gave it.
CREATE OR REPLACE FUNCTION app.find_comment(a jsonb, p_id_field text, p_key_field text)
 RETURNS public.comment
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_row public.comment;
begin
  if coalesce(a ->> p_id_field, '') ~ '^\d+$' then
    select * into v_row from public.comment where id = (a ->> p_id_field)::bigint;
  elsif coalesce(a ->> p_key_field, '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into v_row from public.comment where client_key = (a ->> p_key_field)::uuid;
  else
    perform app.fail('invalid_comment', 'Invalid comment ID');
  end if;
  return v_row;
end
$function$;
grant execute on function app.find_comment(jsonb,text,text) to authenticated;
grant execute on function app.find_comment(jsonb,text,text) to service_role;

-- app.find_play_session --------------------------------------------------------------------------
-- The caller's session named by id or key; null when there is none the caller can see.
CREATE OR REPLACE FUNCTION app.find_play_session(a jsonb)
 RETURNS public.play_session
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_row public.play_session;
begin
  if coalesce(a ->> 'id', '') ~ '^\d+$' then
    select * into v_row from public.play_session where id = (a ->> 'id')::bigint;
  elsif coalesce(a ->> 'key', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into v_row from public.play_session where client_key = (a ->> 'key')::uuid;
  else
    perform app.fail('invalid_session', 'Invalid play session ID');
  end if;
  return v_row;
end
$function$;
grant execute on function app.find_play_session(jsonb) to authenticated;
grant execute on function app.find_play_session(jsonb) to service_role;

-- app.game_card ----------------------------------------------------------------------------------
-- A game as lists and tiles show it (also what a wishlist or collection entry displays).
CREATE OR REPLACE FUNCTION app.game_card(g public.game)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select jsonb_build_object('id', g.id, 'igdb_id', g.igdb_id, 'name', g.name, 'slug', g.slug, 'cover_url', g.cover_url,
    'release_date', g.release_date, 'release_year', g.release_year, 'genre', g.genre, 'category', g.category)
$function$;
grant execute on function app.game_card(public.game) to anon;
grant execute on function app.game_card(public.game) to authenticated;
grant execute on function app.game_card(public.game) to service_role;

-- app.game_json ----------------------------------------------------------------------------------
-- A whole game row as clients receive and mirror it (screen reads, sync_pull): everything but the
-- server's search columns.
CREATE OR REPLACE FUNCTION app.game_json(g public.game)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select to_jsonb(g) - 'search_name' - 'search_vector'
$function$;
grant execute on function app.game_json(public.game) to anon;
grant execute on function app.game_json(public.game) to authenticated;
grant execute on function app.game_json(public.game) to service_role;

-- app.resolve_game -------------------------------------------------------------------------------
-- Resolves the game a write is about: by internal game_id, else by igdb_id, adding the game from
-- the summary the client sent (a game found only in the external catalogue) when it is missing.
CREATE OR REPLACE FUNCTION app.resolve_game(a jsonb)
 RETURNS public.game
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_game public.game;
begin
  if coalesce(a ->> 'game_id', '') ~ '^\d+$' then
    select * into v_game from public.game where id = (a ->> 'game_id')::bigint;
  elsif coalesce(a ->> 'igdb_id', '') ~ '^\d+$' then
    select * into v_game from public.game where igdb_id = (a ->> 'igdb_id')::bigint;
    if v_game.id is null and jsonb_typeof(a -> 'game') = 'object' then
      v_game := app.upsert_game(a -> 'game' || jsonb_build_object('igdb_id', (a ->> 'igdb_id')::bigint));
    end if;
  else
    perform app.fail('invalid_game', 'Game data missing valid IGDB ID');
  end if;
  if v_game.id is null then
    perform app.fail('game_not_found', 'Game not found in database. Please select a game from the search results.');
  end if;
  return v_game;
end
$function$;
grant execute on function app.resolve_game(jsonb) to authenticated;
grant execute on function app.resolve_game(jsonb) to service_role;

-- app.upsert_game --------------------------------------------------------------------------------
-- Inserts or completes one game; returns its row. Existing catalogue facts are kept; only
-- missing ones are filled in, so a member's request can never rewrite the catalogue.
CREATE OR REPLACE FUNCTION app.upsert_game(p jsonb)
 RETURNS public.game
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  g jsonb := app.normalize_game(p);
  v_igdb bigint;
  v_row public.game;
  v_platform text;
begin
  if jsonb_typeof(g -> 'igdb_id') is distinct from 'number' or (g ->> 'igdb_id')::numeric <= 0
     or (g ->> 'igdb_id')::numeric <> trunc((g ->> 'igdb_id')::numeric) then
    perform app.fail('invalid_game', 'Game data missing valid IGDB ID');
  end if;
  if coalesce(g ->> 'name', '') = '' then
    perform app.fail('game_name_required', 'Game name is required');
  end if;
  v_igdb := (g ->> 'igdb_id')::bigint;
  insert into public.game as t (igdb_id, name, slug, summary, release_date, release_year, first_release_date, cover_url, genre,
    genres, platforms, developer, publisher, involved_companies, alternative_names, category, parent_game,
    franchise, collection, igdb_rating, rating_count, metacritic_score, popularity)
  values (v_igdb, g ->> 'name', app.game_slug(g ->> 'name', v_igdb), g ->> 'summary', (g ->> 'release_date')::date,
    (g ->> 'release_year')::smallint, (g ->> 'first_release_date')::bigint, g ->> 'cover_url', g ->> 'genre',
    array(select jsonb_array_elements_text(coalesce(g -> 'genres', '[]'))),
    array(select jsonb_array_elements_text(coalesce(g -> 'platforms', '[]'))),
    g ->> 'developer', g ->> 'publisher',
    array(select jsonb_array_elements_text(coalesce(g -> 'involved_companies', '[]'))),
    array(select jsonb_array_elements_text(coalesce(g -> 'alternative_names', '[]'))),
    (g ->> 'category')::smallint, (g ->> 'parent_game')::bigint, g ->> 'franchise', g ->> 'collection',
    (g ->> 'igdb_rating')::smallint, (g ->> 'rating_count')::integer, (g ->> 'metacritic_score')::smallint,
    coalesce(g -> 'popularity', '{}'))
  on conflict (igdb_id) do update set
    summary = coalesce(t.summary, excluded.summary),
    release_date = coalesce(t.release_date, excluded.release_date),
    release_year = coalesce(t.release_year, excluded.release_year),
    first_release_date = coalesce(t.first_release_date, excluded.first_release_date),
    cover_url = coalesce(t.cover_url, excluded.cover_url),
    genre = coalesce(t.genre, excluded.genre),
    genres = case when t.genres = '{}' then excluded.genres else t.genres end,
    platforms = case when t.platforms = '{}' then excluded.platforms else t.platforms end,
    developer = coalesce(t.developer, excluded.developer),
    publisher = coalesce(t.publisher, excluded.publisher),
    category = coalesce(t.category, excluded.category),
    parent_game = coalesce(t.parent_game, excluded.parent_game)
  where t.summary is null or t.release_date is null or t.release_year is null or t.cover_url is null or t.genre is null
     or t.genres = '{}' or t.platforms = '{}' or t.developer is null or t.publisher is null
     or t.category is null or t.parent_game is null
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.game where igdb_id = v_igdb;
  end if;
  foreach v_platform in array v_row.platforms loop
    insert into public.platform_games (game_id, platform_id)
      values (v_row.id, app.platform_id(v_platform)) on conflict do nothing;
  end loop;
  return v_row;
end
$function$;
grant execute on function app.upsert_game(jsonb) to authenticated;
grant execute on function app.upsert_game(jsonb) to service_role;

reset check_function_bodies;

-- ================================================================================================
-- Scheduled jobs
-- ================================================================================================

-- Hosted Supabase: pg_cron runs the prune nightly (03:17 UTC). Elsewhere (PGlite, a PostgreSQL
-- without pg_cron) this is a no-op and the local gateway's timer prunes instead
-- (supabase/local/retention.ts).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
      execute $sql$select cron.schedule('prune-sync-changes', '17 3 * * *', 'select app.prune_sync_changes()')$sql$;
    exception when others then
      -- Available but not loadable (not in shared_preload_libraries): leave pruning to a timer.
      raise notice 'pg_cron is not usable here (%); sync changes are not pruned on a schedule', sqlerrm;
    end;
  end if;
end
$$;
