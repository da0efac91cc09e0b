-- The sync protocol (issue 19 §5). Every sync_push / sync_pull states the protocol it speaks
-- (p_protocol; absent: 1, the app before this migration), and each pushed mutation may state the
-- shape of its arguments (`v`: an outbox row an older build queued) and its edit clock (`hlc`).
--   1: today's argument shapes, no clocks: the server dates each edit on arrival and a Top 5
--      without `base` counts as made on the list the server holds.
--   2: every edit carries its hybrid logical clock (…_conflicts.sql); Top 5 carries `base`.
-- A shape the server still understands is upgraded; one below sync_protocol.min_protocol (raised
-- when a shape is retired) is answered `client_too_old`, in a way no client drops a write over:
--   sync_push applies and answers the mutations before the first it cannot read, then stops with
--   `client_too_old: {id, message}`: the rest stay queued on the device (an app older than this
--   migration finds no results for its next batch, which it treats as "no answer" and retries);
--   sync_pull answers only `{client_too_old: {message}}`, no page, so no cursor moves.
-- A protocol newer than this server's is answered 503 (PT503), which every client retries: the
-- server is being upgraded.

create table public.sync_protocol (
  id boolean primary key default true check (id),
  min_protocol integer not null default 1 check (min_protocol >= 1)
);
comment on table public.sync_protocol is 'One row: the oldest sync protocol (argument shapes) the server still reads; older calls and rows are answered client_too_old.';
insert into public.sync_protocol (id) values (true);
alter table public.sync_protocol enable row level security;
-- sync_push and sync_pull run as their caller and read it; nothing here is private.
create policy "sync protocol is readable" on public.sync_protocol for select to anon, authenticated using (true);
grant select on public.sync_protocol to anon, authenticated;
-- Raised by the operator (service role) when a shape is retired.
grant select, update on public.sync_protocol to service_role;

create or replace function app.sync_protocol_current()
returns integer
language sql
immutable
as $$ select 2 $$;

create or replace function app.client_too_old(p_id uuid)
returns jsonb
language sql
immutable
as $$ select jsonb_build_object('id', p_id, 'code', 'client_too_old', 'message', 'A new version is needed to sync your changes') $$;

-- A call's protocol, checked: too new for this server is 503 (retried); null or below 1 is 1.
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
  return greatest(coalesce(p_protocol, 1), 1);
end
$$;

-- A queued mutation's arguments in today's shape, or null when the server no longer reads its
-- shape. Every shape from 1 up is read today (protocol 1's differences — no clock, no Top 5
-- base — are handled where the mutation is applied); retiring one means raising min_protocol
-- and, where a shape can still be read, upgrading it here.
create or replace function app.upgrade_mutation(p_shape integer, p_name text, p_args jsonb)
returns jsonb
language plpgsql
stable
set search_path = pg_catalog, public
as $$
begin
  if p_shape < (select min_protocol from public.sync_protocol) or p_shape > app.sync_protocol_current() then
    return null;
  end if;
  return coalesce(p_args, '{}'::jsonb);
end
$$;

-- sync_push as in …_sync.sql (exactly once, in order, savepoint per mutation, advisory lock per
-- id), with the protocol and edit clocks. A stored result (a repeated id) is returned whatever the
-- shape: it was read when it was applied. Results may carry `superseded`; the reply carries the
-- member's newest edit `clock`, and `client_too_old` when it stopped early.
drop function public.sync_push(uuid, jsonb);
create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb, p_protocol integer default 1)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_user bigint := app.require_user();
  v_protocol integer := app.call_protocol(p_protocol);
  m jsonb;
  v_id uuid;
  v_name text;
  v_shape integer;
  v_args jsonb;
  v_hlc text;
  v_applied jsonb;
  v_result jsonb;
  v_status text;
  v_stored public.sync_applied;
  v_results jsonb := '[]'::jsonb;
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
  if v_protocol < (select min_protocol from public.sync_protocol) then
    return jsonb_build_object('results', '[]'::jsonb, 'user_id', v_user, 'clock', app.member_clock(v_user),
      'client_too_old', app.client_too_old(null));
  end if;
  for m in select * from jsonb_array_elements(p_mutations) loop
    v_name := m ->> 'name';
    if coalesce(m ->> 'id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      v_results := v_results || jsonb_build_object('id', m -> 'id', 'status', 'rejected', 'code', 'invalid_args',
        'message', 'Mutation id must be a UUID');
      continue;
    end if;
    v_id := (m ->> 'id')::uuid;
    perform pg_advisory_xact_lock(hashtextextended(v_id::text, 0));
    -- Another member's use of the id is invisible under RLS, so it is asked for by definer.
    if app.mutation_owner(v_id) <> v_user then
      v_results := v_results || jsonb_build_object('id', v_id, 'status', 'rejected', 'code', 'id_conflict',
        'message', 'Mutation id already used');
      continue;
    end if;
    select * into v_stored from public.sync_applied where mutation_id = v_id;
    if v_stored.mutation_id is not null then
      v_results := v_results || v_stored.result;
      continue;
    end if;
    v_shape := case when coalesce(m ->> 'v', '') ~ '^\d{1,6}$' then least((m ->> 'v')::integer, v_protocol) else v_protocol end;
    v_args := app.upgrade_mutation(v_shape, v_name, case when m ? 'args' then m -> 'args' else '{}'::jsonb end);
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
    v_status := v_result ->> 'status';
    insert into public.sync_applied (mutation_id, user_id, client_id, name, status, result)
    values (v_id, v_user, p_client_id, coalesce(v_name, ''), v_status, v_result);
    v_results := v_results || v_result;
  end loop;
  return jsonb_build_object('results', v_results, 'user_id', v_user, 'clock', app.member_clock(v_user))
    || case when v_too_old is not null then jsonb_build_object('client_too_old', v_too_old) else '{}' end;
end
$$;
comment on function public.sync_push(uuid, jsonb, integer) is 'Applies queued mutations exactly once, in order, the newest edit of each field winning; returns one result per mutation applied, the member''s edit clock, and client_too_old when it met a shape it no longer reads.';
grant execute on function public.sync_push(uuid, jsonb, integer) to anon, authenticated;

-- sync_pull: …_play_journal.sql's, moved aside unchanged, behind one that states the protocol and
-- adds the member's edit clock to each page.
alter function public.sync_pull(text, jsonb, integer, boolean) set schema app;
alter function app.sync_pull(text, jsonb, integer, boolean) rename to pull_changes;
comment on function app.pull_changes(text, jsonb, integer, boolean) is 'sync_pull''s page of changes (protocol 1''s answer); public.sync_pull adds the protocol and the edit clock.';

create or replace function public.sync_pull(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
  p_own boolean default true, p_protocol integer default 1)
returns jsonb
language plpgsql
stable
set search_path = pg_catalog, public
as $$
declare
  v_protocol integer := app.call_protocol(p_protocol);
  v_page jsonb;
  v_me bigint;
begin
  if v_protocol < (select min_protocol from public.sync_protocol) then
    return jsonb_build_object('client_too_old', app.client_too_old(null));
  end if;
  v_page := app.pull_changes(p_cursor, p_scope, p_limit, p_own);
  v_me := case when coalesce(p_own, true) then app.current_user_id() end;
  if v_protocol >= 2 and v_me is not null then
    v_page := v_page || jsonb_build_object('clock', app.member_clock(v_me));
  end if;
  return v_page;
end
$$;
comment on function public.sync_pull(text, jsonb, integer, boolean, integer) is 'Changes since a cursor (or a snapshot) of the caller''s rows (unless p_own is false) and the public rows in scope, with the games and members they refer to, and (protocol 2) the member''s edit clock.';
grant execute on function public.sync_pull(text, jsonb, integer, boolean, integer) to anon, authenticated;

grant execute on function app.sync_protocol_current(), app.client_too_old(uuid), app.call_protocol(integer)
to anon, authenticated, service_role;
grant execute on function app.upgrade_mutation(integer, text, jsonb) to authenticated, service_role;
