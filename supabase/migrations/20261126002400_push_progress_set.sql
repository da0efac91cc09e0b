-- sync_push applies a batch's progress marks (progress.set, half of an import's writes) in a few
-- set-based statements instead of one function chain each (issue 18 §2: an import's writes
-- through sync_push at 1,000 a second). What a push answers, writes and refuses is unchanged:
-- - Every check that does not depend on applying (the id, who used it, a stored result, a repeat
--   in the batch, the shape, the clock) is done first for the whole batch, in order, as before; a
--   shape the server no longer reads still stops the batch there.
-- - A progress mark whose game is found, whose flags are JSON booleans (or absent or null) and
--   whose date is absent, null or a text that reads as a time (what every device sends) cannot be
--   refused by m_progress_set: such "plain" marks are gathered and
--   applied together by app.push_progress_set, with m_progress_set's own insert … on conflict, in
--   runs in which no game comes twice, each run one insert of its rows in the batch's order (so
--   each row draws from the sequence the id the one-by-one path would have drawn for it).
-- - The other writes an import makes (review.create, journal.add, wishlist.set, collection.set,
--   collection.move) touch one game each and nothing of the member's other games: the marks
--   gathered are applied before them as long as none of them is about a game of a mark gathered
--   after them. Anything else (another kind, a mark that is not plain, a game not found) first
--   applies everything gathered, in that order, then itself, one by one as before (a savepoint
--   each, app.push_one).
-- - Each game's rows, results and change-log entries come in the same order as one by one; the
--   change log's entries of different rows of one push may be interleaved differently (one
--   transaction: a pull reads them together).
-- - With app.push_set_based = 'off' (a transaction setting) every write is applied one by one,
--   as before: tests/integration/sync-push-fast.test.ts compares both paths with it.
-- - Should the set-based statement be refused after all, its effects are undone and its marks are
--   applied one by one, as before (the ids the refused statement drew are then not used).

-- One mutation applied as sync_push always applied it: under a savepoint, a refusal answered.
create or replace function app.push_one(p_user bigint, p_id uuid, p_name text, p_args jsonb, p_hlc text)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
grant execute on function app.push_one(bigint, uuid, text, jsonb, text) to authenticated, service_role;

-- The game a write is about, as m_progress_set and resolve_game look it up (game_id first, then
-- igdb_id), when it exists; null otherwise.
create or replace function app.push_game_of(a jsonb)
returns bigint
language plpgsql
stable
set search_path = pg_catalog, public
as $$
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
$$;
grant execute on function app.push_game_of(jsonb) to authenticated, service_role;

-- Whether m_progress_set reads this date without refusing it (a cast that fails is a refusal).
create or replace function app.push_reads_as_time(p_text text)
returns boolean
language plpgsql
stable
set search_path = pg_catalog, public
as $$
declare
  v timestamptz;
begin
  v := p_text::timestamptz;
  return true;
exception when data_exception then
  return false;
end
$$;
grant execute on function app.push_reads_as_time(text) to authenticated, service_role;

-- Plain progress marks (see the top of this file), in the batch's order, with their games: each
-- mark's result (m_progress_set's answer), or null when a set-based statement was refused (then
-- nothing of them is left and the caller applies the marks one by one). The marks go in runs in
-- which no game comes twice, each run one insert of its rows in order: every row draws its id
-- from the sequence when it is inserted, as each one-by-one insert draws one, so the ids are the
-- same.
create or replace function app.push_progress_set(p_user bigint, p_args jsonb[], p_games bigint[])
returns jsonb[]
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
grant execute on function app.push_progress_set(bigint, jsonb[], bigint[]) to authenticated, service_role;

-- As in …_sync_speed.sql: the same checks, answers and records, the plain progress marks applied
-- together (see the top of this file).
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
  -- Every policy a write meets asks who the caller is: the answer is known (…_sync_speed.sql).
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
    foreach j in array d_at loop
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
$$;
comment on function public.sync_push(uuid, jsonb, integer) is 'Applies queued mutations exactly once, in order, the newest edit of each field winning; returns one result per mutation applied, the member''s edit clock, and client_too_old when it met a shape it no longer reads.';
