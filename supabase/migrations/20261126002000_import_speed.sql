-- An import's writes through sync_push at 1,000 a second or more (issue 18 §2): what made the
-- writes an import queues (progress marks, lists, reviews, journal sessions) slow, each fixed
-- without changing what any write does or who may make it:
-- - app.current_user_id(), which every policy of a member's own rows asks once per statement
--   (some six times per write), was a SQL function: a security definer SQL function is never
--   inlined and its query was planned again at every call. As PL/pgSQL its plan is kept for the
--   session. Same query, same answer.
-- - Starting or finishing a game takes it off the wishlist and the collection
--   (progress_clears_lists), and collection.set / collection.move / wishlist.set look for the game
--   there, all by (user_id, game_id): neither table had that index, so each write read the
--   member's whole wishlist and collection. Indexes on (user_id, game_id).
-- - A new review dates each of its six fields (app.apply_clocked, …_conflicts.sql): six
--   app.clock_take calls, twelve statements. One statement now, with clock_take's rule: a field
--   whose clock is newer keeps it.
-- - Every push answers with the member's newest edit clock (app.member_clock): the max over all of
--   the member's clocks, read row by row. An index on (user_id, hlc) answers it at once.

create or replace function app.current_user_id()
returns bigint
language plpgsql
stable
security definer
set search_path = pg_catalog, public
as $$
begin
  return (select id from public."user" where provider_id = (select auth.uid())::text);
end
$$;

create index user_wishlist_user_game_idx on public.user_wishlist (user_id, game_id);
create index user_collection_user_game_idx on public.user_collection (user_id, game_id);

create index edit_clock_member_newest_idx on public.edit_clock (user_id, hlc);

-- The column's collation is already "C": max(hlc) is the same, and it can read the index above.
create or replace function app.member_clock(p_user bigint)
returns text
language sql
stable
set search_path = pg_catalog, public
as $$
  select max(hlc) from public.edit_clock where user_id = p_user
$$;

-- As in …_conflicts.sql, but a new review's six field clocks are set in one statement.
create or replace function app.apply_clocked(p_user bigint, p_name text, p_args jsonb, p_hlc text)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;

-- sync_push as in …_sync_protocol.sql — exactly once, in order, a savepoint per mutation, each id
-- under an advisory lock until the end of the transaction — with the work that does not depend on
-- one mutation done once per call: every id of the batch is locked first (in the batch's order),
-- the ids already used are looked up in one query (and this member's stored results in another),
-- and what is applied is recorded in one insert at the end, in the same transaction. A row already
-- in today's shape (`v` absent or the server's current protocol) needs no upgrade.

-- Who used each of these mutation ids, whoever asks (app.mutation_owner for a whole batch).
create or replace function app.mutation_owners(p_ids uuid[])
returns table (mutation_id uuid, user_id bigint)
language sql
stable
security definer
set search_path = pg_catalog, public
as $$
  select a.mutation_id, a.user_id from public.sync_applied a where a.mutation_id = any (p_ids)
$$;
grant execute on function app.mutation_owners(uuid[]) to authenticated, service_role;

create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb, p_protocol integer default 1)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_user bigint := app.require_user();
  v_protocol integer := app.call_protocol(p_protocol);
  v_current integer := app.sync_protocol_current();
  v_min integer;
  m jsonb;
  v_id uuid;
  v_key text;
  v_ids uuid[];
  v_owner jsonb;
  v_stored jsonb;
  v_at integer;
  v_name text;
  v_shape integer;
  v_args jsonb;
  v_hlc text;
  v_applied jsonb;
  v_result jsonb;
  v_results jsonb[] := '{}';
  v_new_ids uuid[] := '{}';
  v_new_names text[] := '{}';
  v_new_results jsonb[] := '{}';
  v_too_old jsonb;
  v_message text;
  v_hint text;
  v_constraint text;
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
  for m in select * from jsonb_array_elements(p_mutations) loop
    v_name := m ->> 'name';
    if coalesce(m ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      v_results := array_append(v_results, jsonb_build_object('id', m -> 'id', 'status', 'rejected', 'code', 'invalid_args',
        'message', 'Mutation id must be a UUID'));
      continue;
    end if;
    v_id := (m ->> 'id')::uuid;
    v_key := v_id::text;
    if (v_owner ->> v_key)::bigint <> v_user then
      v_results := array_append(v_results, jsonb_build_object('id', v_id, 'status', 'rejected', 'code', 'id_conflict',
        'message', 'Mutation id already used'));
      continue;
    end if;
    -- Applied before (by an earlier push, or earlier in this batch): its stored result.
    if v_stored ? v_key then
      v_results := array_append(v_results, v_stored -> v_key);
      continue;
    end if;
    v_at := array_position(v_new_ids, v_id);
    if v_at is not null then
      v_results := array_append(v_results, v_new_results[v_at]);
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
    -- Shape 1 has no clocks, and a malformed clock is dated as if it had none: on arrival.
    v_hlc := case when v_shape >= 2 and coalesce(m ->> 'hlc', '') ~ '^\d{15}-\d{6}-[0-9a-z-]{1,64}$'
                  then m ->> 'hlc' else app.server_hlc(p_client_id) end;
    begin
      v_applied := app.apply_clocked(v_user, v_name, v_args, v_hlc);
      v_result := jsonb_build_object('id', v_id, 'status', 'ok', 'result', v_applied -> 'result')
        || case when v_applied ? 'superseded' then jsonb_build_object('superseded', v_applied -> 'superseded') else '{}' end;
    exception
      when raise_exception or insufficient_privilege or integrity_constraint_violation or data_exception
           or program_limit_exceeded then
        get stacked diagnostics v_message = message_text, v_hint = pg_exception_hint, v_constraint = constraint_name;
        v_result := jsonb_build_object('id', v_id, 'status', 'rejected') ||
          case when coalesce(v_constraint, '') <> '' then app.constraint_message(v_constraint, v_message)
               when coalesce(v_hint, '') <> '' then jsonb_build_object('code', v_hint, 'message', v_message)
               else jsonb_build_object('code', 'invalid', 'message', v_message) end;
    end;
    v_new_ids := array_append(v_new_ids, v_id);
    v_new_names := array_append(v_new_names, coalesce(v_name, ''));
    v_new_results := array_append(v_new_results, v_result);
    v_results := array_append(v_results, v_result);
  end loop;
  -- Recorded with their effects, in this transaction.
  insert into public.sync_applied (mutation_id, user_id, client_id, name, status, result)
  select r.id, v_user, p_client_id, r.name, r.result ->> 'status', r.result
  from unnest(v_new_ids, v_new_names, v_new_results) r (id, name, result);
  return jsonb_build_object('results', to_jsonb(v_results), 'user_id', v_user, 'clock', app.member_clock(v_user))
    || case when v_too_old is not null then jsonb_build_object('client_too_old', v_too_old) else '{}' end;
end
$$;
