-- Sync against bad input: one bad write no longer costs the batch, a clock from the far future
-- never wins, and a pull's odd arguments are refused by name (never a raw SQLSTATE or a 500).
--
-- - Text Postgres cannot store. jsonb (and text) refuse the escape \u0000 and a surrogate escape
--   that is not half of a pair ("\ud800", a broken emoji): one such string made the conversion of
--   sync_push's whole p_mutations fail, and every good write of the batch with it. sync_push now
--   takes p_mutations as json, whose input only checks the syntax and keeps them; the batch becomes
--   jsonb in one go as before, and only when that fails is each mutation converted on its own: a
--   bad one is answered {id, status: 'rejected', code: 'invalid_text', message} (the device's
--   words, src/core/storable-text.ts), not applied and not recorded, and the others are applied as
--   one batch and answered in the batch's order. json_to_record (how PostgREST and our gateway
--   read a call's arguments) de-escapes every string of its input, so the gateway binds a `json`
--   argument on its own (supabase/local/rpc-call.ts); behind PostgREST such a call still fails as a
--   whole, and the device's own check (it never queues such text) is the guard there.
--   sync_push(uuid, jsonb, integer) stays, with unnamed parameters (PostgREST and the gateway choose
--   by names, so the API has one candidate), for SQL callers: jsonb holds no such text.
-- - Clocks from the far future. A mutation whose clock is more than a day ahead of the server
--   (a device whose clock is wrong, a forged 999999999999999-…) is dated on arrival, as a clock
--   without the right shape already was, so it cannot hold a field against every later edit.
--   Clocks held already past that are brought back to now. (Only sync_push takes a client's clock;
--   the member clock sync_push and sync_pull answer is the newest held, so it is bounded too.)
-- - sync_pull: each scope list holds at most 1,000 ids (the device keeps the newest 1,000 of each;
--   a larger list is scope_too_large, not a long scan) and only integer ids (others invalid_args);
--   a cursor that is no transaction id, or one past the newest transaction, is invalid_cursor (the
--   device takes a snapshot); a protocol of 0 or below is client_too_old, as any protocol below
--   sync_protocol.min_protocol (a null protocol still means 1, a client before protocols).
-- Cost, `npm run bench -- import` (import.sync_push.cpu_bound, mutations per CPU-second, three
-- alternated rounds on a shared machine): before 925, 1,339, 2,184; after (jsonb, as the bench
-- calls it) 1,690, 1,305, 1,869; after through json as the gateway calls it 1,530, 1,219, 1,932:
-- within the noise. Timed alone on PGlite for a batch of 500 reviews: the clock scan about 1.1 ms,
-- reading the batch as json then jsonb about 0.5 ms more than as jsonb, against about 275 ms to
-- apply it.

-- The newest clock (its 15 digits of milliseconds) a client may date an edit with: a day from now.
create function app.hlc_horizon()
returns text
language sql
stable
as $$
  select lpad((floor(extract(epoch from now()) * 1000)::bigint + 86400000)::text, 15, '0')
$$;
comment on function app.hlc_horizon() is 'The milliseconds (15 digits) of the newest edit clock sync_push takes from a client: a day ahead of the server. A later clock is dated on arrival.';

update public.edit_clock
   set hlc = lpad(floor(extract(epoch from now()) * 1000)::bigint::text, 15, '0') || substr(hlc, 16)
 where left(hlc, 15) > app.hlc_horizon();

-- As in …_sync_protocol.sql, but 0 and below are no longer read as 1: they are below every
-- min_protocol (at least 1), so the call is answered client_too_old.
create or replace function app.call_protocol(p_protocol integer)
returns integer
language plpgsql
stable
as $$
begin
  if p_protocol > app.sync_protocol_current() then
    raise exception using message = format('This server speaks sync protocol %s at most; try again later', app.sync_protocol_current()),
      errcode = 'PT503', hint = 'unsupported_protocol';
  end if;
  return coalesce(p_protocol, 1);
end
$$;

-- As in …_sync.sql, with at most 1,000 ids and an id too large for bigint refused by name.
create or replace function app.id_list(p jsonb, p_field text)
returns bigint[]
language plpgsql
immutable
as $$
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
$$;

-- sync_push's work on a jsonb batch: clocks more than a day ahead dropped (app.sync_push_apply
-- dates a mutation without one on arrival), the batch applied, its repeated change entries dropped
-- (as sync_push did since …_pull_leaner.sql).
create function app.sync_push_batch(p_client_id uuid, p_mutations jsonb, p_protocol integer)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
comment on function app.sync_push_batch(uuid, jsonb, integer) is 'sync_push on a jsonb batch: clocks more than a day ahead dated on arrival, the mutations applied, the batch''s repeated change entries dropped.';

-- The id a mutation that cannot become jsonb carries, read from its JSON text with every escape
-- jsonb refuses made U+FFFD; null when it has none it can be read from.
create function app.mutation_id_of(p_mutation json)
returns text
language plpgsql
immutable
as $$
begin
  -- The replacement keeps the text valid JSON: a match that starts at an escaped backslash (\\u0000
  -- in the text) becomes that backslash and the letters ufffd.
  return regexp_replace(p_mutation::text, '\\u(0000|[dD][89a-fA-F][0-9a-fA-F]{2})', '\\ufffd', 'g')::json ->> 'id';
exception when data_exception then
  -- Not an object, or not JSON after all: answered without an id.
  return null;
end
$$;

drop function public.sync_push(uuid, jsonb, integer);

create function public.sync_push(p_client_id uuid, p_mutations json, p_protocol integer default 1)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
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
$$;
comment on function public.sync_push(uuid, json, integer) is 'Applies queued mutations exactly once, in order, the newest edit of each field winning (a clock more than a day ahead is dated on arrival); returns one result per mutation answered (a mutation with text Postgres cannot store is rejected as invalid_text, alone), the member''s edit clock, and client_too_old when it met a shape it no longer reads. The change log keeps one entry per row and scope per batch.';

-- For SQL callers (tests, the demo, benchmarks): a jsonb batch holds no text jsonb refuses. Its
-- parameters are unnamed so that PostgREST and the gateway, which choose a function by its
-- arguments' names, never see two candidates.
create function public.sync_push(uuid, jsonb, integer default 1)
returns jsonb
language sql
set search_path = pg_catalog, public
as $$ select app.sync_push_batch($1, $2, $3) $$;
comment on function public.sync_push(uuid, jsonb, integer) is 'sync_push for a jsonb batch (SQL callers); the API''s sync_push takes json.';

-- As in …_pull_rows_by_table.sql, with the cursor checked before any page: one that is no
-- transaction id, or past the newest transaction, is invalid_cursor (it was never a page's end).
create or replace function public.sync_pull(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
  p_own boolean default true, p_protocol integer default 1)
returns json
language plpgsql
stable
set search_path = pg_catalog, public
as $$
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
$$;

revoke execute on function app.hlc_horizon(), app.sync_push_batch(uuid, jsonb, integer), app.mutation_id_of(json),
  public.sync_push(uuid, json, integer), public.sync_push(uuid, jsonb, integer) from public;
grant execute on function app.hlc_horizon(), app.sync_push_batch(uuid, jsonb, integer), app.mutation_id_of(json)
  to anon, authenticated;
grant execute on function public.sync_push(uuid, json, integer), public.sync_push(uuid, jsonb, integer) to anon, authenticated;
