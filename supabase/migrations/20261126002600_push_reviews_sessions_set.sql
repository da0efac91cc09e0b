-- sync_push applies a batch's reviews (review.create) and play sessions (journal.add) in a few
-- set-based statements as well, as it already applies its plain progress marks
-- (…_push_progress_set.sql): with the marks, they are three quarters of an import's writes
-- (issue 18 §2: an import's writes through sync_push at 1,000 a second). Profiled on PGlite with
-- track_functions over the import bench's 9,166 writes: after the marks were set-based, the writes
-- still applied one by one cost most of a push, each through push_one's savepoint, apply_clocked,
-- apply_mutation, m_review_create / m_journal_add (the latter with a savepoint of its own) and, for
-- a review, six edit-clock inserts. What a push answers, writes and refuses is unchanged:
-- - Which writes are held behind the gathered marks is as before. When they are applied, the held
--   reviews whose game was found go first, together (app.push_review_set), then the held play
--   sessions whose game was found, together (app.push_session_set), then the other held writes,
--   one by one in the batch's order, as before. A review writes only its rating row (its triggers
--   read the game) and its edit clocks; a play session only its row (its triggers read the game
--   and its platforms); a shelf write only the member's shelves, progress and shelf clocks: none of
--   them reads or writes what another kind does, so each row ends as one by one would leave it.
--   Each kind's rows are inserted in the batch's order, one insert each, so each draws from its
--   table's sequence the id the one-by-one path would have drawn for it. The change log's entries
--   of different rows of one push may be interleaved differently (one transaction: a pull reads
--   them together), as with the marks.
-- - A set applies what m_review_create / m_journal_add would, with the same checks (the same
--   functions, called for each write) and the same insert, and the edit clocks apply_clocked gives
--   a new review. It applies nothing and answers null, so that its writes are applied one by one
--   as before (refusals answered exactly as before), when any of them would not simply be written:
--   a review without a rating, two reviews of one game, a game the member has already reviewed;
--   a play session key that is not a UUID, used twice, or already used; or when any check or
--   statement of the set is refused (then everything the set did is undone).
-- - Held shelf writes that add a game (wishlist.set and collection.set with `in` true or absent,
--   named by igdb_id alone, as apply_clocked dates them) go together too (app.push_shelf_set),
--   after the sessions and before the other held writes, when no other held shelf write is about
--   their game and none of their games comes twice, has a shelf clock, is on a shelf or is
--   started already: then neither refusal (game_started,
--   in_collection) nor an older edit (superseded) nor an update of a row there can happen, and
--   each is one new row and one new clock, as m_wishlist_set / m_collection_set and
--   apply_clocked would write them. Otherwise (or when a statement is refused) they are applied
--   one by one, as before.
-- - A review or play session whose game_id has more digits than a game id can have (where
--   push_game_of and resolve_game could disagree) is applied one by one.
-- - With app.push_set_based = 'off' every write is applied one by one, as before.

-- Whether resolve_game finds a write's game where push_game_of found it (see the top of this file).
create or replace function app.push_plain_game_arg(a jsonb)
returns boolean
language sql
immutable
set search_path = pg_catalog, public
as $$
  select coalesce(a ->> 'game_id', '') !~ '^\d{19,}$'
$$;
grant execute on function app.push_plain_game_arg(jsonb) to authenticated, service_role;

-- Reviews (review.create) of found games (p_games), in the batch's order, with their clocks: each
-- one's result (m_review_create's answer), or null when they are not all simply written (see the
-- top of this file; then nothing of them is left and the caller applies them one by one).
create or replace function app.push_review_set(p_user bigint, p_args jsonb[], p_games bigint[], p_hlcs text[])
returns jsonb[]
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
grant execute on function app.push_review_set(bigint, jsonb[], bigint[], text[]) to authenticated, service_role;

-- Play sessions (journal.add) of found games (p_games), in the batch's order: each one's result
-- (m_journal_add's answer), or null when they are not all simply written (see the top of this
-- file; then nothing of them is left and the caller applies them one by one).
create or replace function app.push_session_set(p_user bigint, p_args jsonb[], p_games bigint[])
returns jsonb[]
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
grant execute on function app.push_session_set(bigint, jsonb[], bigint[]) to authenticated, service_role;

-- Shelf writes that add a game (see the top of this file): wishlist.set and collection.set of
-- found games (p_games), in the batch's order, with their clocks: each one's result, or null when
-- they are not all simply written (then nothing of them is left and the caller applies them one by
-- one).
create or replace function app.push_shelf_set(p_user bigint, p_names text[], p_args jsonb[], p_games bigint[],
                                              p_hlcs text[])
returns jsonb[]
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
grant execute on function app.push_shelf_set(bigint, text[], jsonb[], bigint[], text[]) to authenticated, service_role;

-- As in …_push_progress_set.sql, the reviews and play sessions held behind the gathered marks
-- applied together (see the top of this file).
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
$$;
comment on function public.sync_push(uuid, jsonb, integer) is 'Applies queued mutations exactly once, in order, the newest edit of each field winning; returns one result per mutation applied, the member''s edit clock, and client_too_old when it met a shape it no longer reads.';
