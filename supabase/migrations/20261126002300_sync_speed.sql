-- The sync functions' speed (issue 18 §2: an import's writes through sync_push at 1,000 a second;
-- issue 20 §3: the engine's pull within 2x of a plain bulkPut). Profiled on PGlite with
-- track_functions (pg_stat_xact_user_functions) over an import's 9,166 writes and a pull of
-- 10,000 comments. What each write and each pulled row paid for, fixed without changing what any
-- function answers, writes or refuses:
-- - app.current_user_id(), asked by every policy of a member's own rows (three to six times per
--   write: an insert's check, an upsert's update policy, a trigger's deletes), looked the member up
--   each time. sync_push knows the member: it leaves it in a transaction-local setting, keyed by
--   the caller's auth id, that current_user_id() reads first, and clears it before it returns. The
--   key is checked against auth.uid() at every call, so a setting left by anyone else for another
--   identity is ignored (and whoever can set settings can set request.jwt.claims anyway).
-- - progress.set found its game inside an exception block (a subtransaction per write) to reword
--   resolve_game's refusal; a game the plain lookup finds cannot be refused, so the block is only
--   entered when it does not.
-- - Starting a game deleted it from the wishlist and the collection: two deletes under their
--   policies per mark, almost always of nothing. The public read of the same rows goes first.
-- - log_change turned a new review row into JSON twice.
-- - sync_pull built each row by dynamic SQL (EXECUTE format(...)): planned again for every row,
--   10,000 plans for 10,000 comments. Each table now has its own static query, planned once.

create or replace function app.current_user_id()
returns bigint
language plpgsql
stable
security definer
set search_path = pg_catalog, public
as $$
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
$$;

-- Remembers (p_on) or forgets the caller's member id for current_user_id(), until the end of the
-- transaction at most. What it remembers is current_user_id()'s own answer, looked up here: no
-- caller can make it remember anyone else.
create or replace function app.remember_member(p_on boolean)
returns void
language plpgsql
volatile
security definer
set search_path = pg_catalog, public
as $$
declare
  v_sub text := (select auth.uid())::text;
  v_user bigint;
begin
  if p_on and v_sub is not null then
    select id into v_user from public."user" where provider_id = v_sub;
  end if;
  perform set_config('app.sync_member', coalesce(v_sub || ' ' || v_user, ''), true);
end
$$;
grant execute on function app.remember_member(boolean) to authenticated, service_role;

-- As in …_lists.sql; the exception block (a subtransaction) only for a game the lookup misses.
create or replace function app.m_progress_set(p_user bigint, a jsonb)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;

-- As in …_lists.sql; each delete only when the (public) read finds something to delete.
create or replace function app.progress_clears_lists()
returns trigger
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;

-- As in …_review_drafts.sql; the row written is turned into JSON once.
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
  insert into public.sync_change (tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id, private_to)
  values (tg_table_name, (r ->> 'id')::bigint, case when tg_op = 'DELETE' then 'delete' else 'upsert' end,
          k, v_user, v_subject, v_game, v_rating, v_private);
  return null;
end
$$;

-- As in …_play_journal.sql, with a static query per table (its plan kept for the session) instead
-- of one built and planned for every row.
create or replace function app.row_json(p_table text, p_id bigint)
returns jsonb
language plpgsql
stable
set search_path = pg_catalog, public
as $$
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
$$;

-- As in …_import_speed.sql, with the caller's member id remembered while its writes are applied.
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
  -- Every policy a write meets asks who the caller is: the answer is known (…_sync_speed.sql).
  perform app.remember_member(true);
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
  perform app.remember_member(false);
  return jsonb_build_object('results', to_jsonb(v_results), 'user_id', v_user, 'clock', app.member_clock(v_user))
    || case when v_too_old is not null then jsonb_build_object('client_too_old', v_too_old) else '{}' end;
end
$$;
comment on function public.sync_push(uuid, jsonb, integer) is 'Applies queued mutations exactly once, in order, the newest edit of each field winning; returns one result per mutation applied, the member''s edit clock, and client_too_old when it met a shape it no longer reads.';
