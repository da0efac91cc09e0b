-- Sync: sync_push applies a client's queued mutations exactly once; sync_pull returns what changed
-- since a cursor. src/sync/SPEC.md [S3]–[S7] are the rules these implement.

create table public.sync_applied (
  mutation_id uuid primary key,
  user_id bigint not null references public."user" (id) on delete cascade,
  client_id uuid not null,
  name text not null,
  status text not null check (status in ('ok', 'rejected')),
  result jsonb not null,
  applied_at timestamptz not null default now()
);
comment on table public.sync_applied is 'Ids of applied mutations with their results, written in the same transaction as their effects.';
create index sync_applied_user_idx on public.sync_applied (user_id, applied_at desc);
alter table public.sync_applied enable row level security;
create policy "members see their own applied mutations" on public.sync_applied for select to authenticated
  using (user_id = (select app.current_user_id()));
create policy "members record their own mutations" on public.sync_applied for insert to authenticated
  with check (user_id = (select app.current_user_id()));
grant select, insert on public.sync_applied to authenticated;

-- Who used a mutation id (null when unused), whoever asks: RLS hides other members' rows.
create or replace function app.mutation_owner(p_id uuid)
returns bigint
language sql
stable
security definer
set search_path = pg_catalog, public
as $$
  select user_id from public.sync_applied where mutation_id = p_id
$$;
grant execute on function app.mutation_owner(uuid) to anon, authenticated, service_role;

-- The registry's server half: mutation name → the function that applies it for p_user.
create or replace function app.apply_mutation(p_user bigint, p_name text, p_args jsonb)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
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
    else app.unknown_mutation(p_name)
  end;
end
$$;

create or replace function app.unknown_mutation(p_name text)
returns jsonb
language plpgsql
as $$
begin
  perform app.fail('unknown_mutation', format('Unknown mutation: %s', p_name));
  return null;
end
$$;

-- The spec's message for a constraint that caught what a function's own checks did not.
create or replace function app.constraint_message(p_constraint text, p_default text)
returns jsonb
language sql
immutable
as $$
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
$$;

-- sync_push(p_client_id, p_mutations): p_mutations is [{id: uuid, name, args}], applied in order.
-- Each mutation runs in its own savepoint: a rejected one (validation, permission, conflict) is
-- recorded with the spec's message and the rest go on; a transient failure (deadlock, lost
-- connection, …) aborts the whole batch so the client retries it. A mutation id seen before
-- returns its stored result and changes nothing. An advisory lock per id makes two pushers of the
-- same mutation wait for each other instead of both applying it.
create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_user bigint := app.require_user();
  m jsonb;
  v_id uuid;
  v_name text;
  v_result jsonb;
  v_status text;
  v_stored public.sync_applied;
  v_results jsonb := '[]'::jsonb;
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
    begin
      v_result := jsonb_build_object('id', v_id, 'status', 'ok',
        'result', app.apply_mutation(v_user, v_name, coalesce(m -> 'args', '{}'::jsonb)));
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
  return jsonb_build_object('results', v_results, 'user_id', v_user);
end
$$;
comment on function public.sync_push(uuid, jsonb) is 'Applies queued mutations exactly once, in order; returns one result per mutation.';
-- Visitors are answered 'User not authenticated' (401) by the function itself.
grant execute on function public.sync_push(uuid, jsonb) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- A row as the client mirrors it (null when the caller may not see it or it is gone).
create or replace function app.row_json(p_table text, p_id bigint)
returns jsonb
language plpgsql
stable
set search_path = pg_catalog, public
as $$
declare
  r jsonb;
begin
  if p_table = 'user' then
    r := app.user_json(p_id);
  elsif p_table = 'game' then
    select app.game_json(g) into r from public.game g where g.id = p_id;
  elsif p_table in ('rating', 'comment', 'content_like', 'user_follow', 'game_progress',
                    'user_wishlist', 'user_collection', 'user_top_games') then
    execute format('select to_jsonb(t) from public.%I t where t.id = $1', p_table) into r using p_id;
  end if;
  return r;
end
$$;

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
  return array(select jsonb_array_elements_text(p -> p_field)::bigint);
exception when invalid_text_representation then
  perform app.fail('invalid_args', format('Scope %s must be a list of ids', p_field));
  return null;
end
$$;

-- sync_pull(p_cursor, p_scope, p_limit): what changed since the cursor among the caller's own rows
-- and the public rows in scope ({game_ids, user_ids, rating_ids, author_ids} the client has cached;
-- for author_ids only the member rows themselves).
-- With no cursor it answers a snapshot of those rows instead.
--
-- The cursor is 'v1:<xid>', a transaction-id watermark W: every transaction with an id below W
-- had finished when the cursor was made. A pull returns the logged changes of transactions with
-- id >= W and then sets W to the xmin of its own snapshot (the oldest transaction still running),
-- so a transaction that commits after a later one is still picked up: it is never skipped,
-- merely sometimes sent twice, which applying by id makes harmless. Pages end at a transaction
-- boundary, so no transaction is split across pages.
create or replace function public.sync_pull(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
  p_own boolean default true)
returns jsonb
language plpgsql
stable
set search_path = pg_catalog, public
as $$
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
  v_changes jsonb;
  v_has_more boolean := false;
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
    ), materialised as (
      select tbl, id, app.row_json(tbl, id) as row from rows
    ), with_games as (
      select tbl, id, row from materialised where row is not null
      union
      select 'game', g.id, app.row_json('game', g.id) from public.game g
      where g.id = any(v_games) or g.id in (select (m.row ->> 'game_id')::bigint from materialised m
                                            where m.tbl <> 'game' and m.row ? 'game_id' and m.tbl <> 'comment')
      union
      -- The authors of what is sent, so no comment or review shows up without its member.
      select 'user', u.id, app.row_json('user', u.id) from public."user" u
      where u.id in (select (m.row ->> k)::bigint from materialised m, unnest(array['user_id', 'follower_id', 'following_id']) k
                     where m.row ? k and m.tbl <> 'user')
    )
    select coalesce(jsonb_agg(jsonb_build_object('table', tbl, 'op', 'upsert', 'id', id, 'row', row)
                              order by case tbl when 'game' then 0 when 'user' then 1 when 'rating' then 2 else 3 end, id), '[]')
      into v_changes from with_games;
    return jsonb_build_object('cursor', 'v1:' || v_xmin::text, 'has_more', false, 'snapshot', true,
      'changes', v_changes, 'user_id', v_me);
  end if;

  if p_cursor !~ '^v1:\d+$' then
    perform app.fail('invalid_cursor', 'Invalid sync cursor');
  end if;
  v_from := substr(p_cursor, 4)::xid8;

  -- The last transaction that fits in the page (at least one, whatever its size), and the next.
  with c as (
    select sc.xid from public.sync_change sc
    where sc.xid >= v_from and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id = any(v_users) or sc.subject_user_id = any(v_users)
      or sc.game_id = any(v_games) or sc.rating_id = any(v_ratings)
      or (sc.tbl = 'user' and sc.row_id = any(v_authors)))
  ), per_xid as (
    select xid, sum(count(*)) over (order by xid) as running, row_number() over (order by xid) as n
    from c group by xid
  )
  select max(xid) filter (where running <= v_limit or n = 1), min(xid) filter (where running > v_limit and n > 1)
    into v_last, v_next from per_xid;

  with c as (
    select sc.* from public.sync_change sc
    where sc.xid >= v_from and (v_last is null or sc.xid <= v_last) and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id = any(v_users) or sc.subject_user_id = any(v_users)
      or sc.game_id = any(v_games) or sc.rating_id = any(v_ratings)
      or (sc.tbl = 'user' and sc.row_id = any(v_authors)))
  ), latest as (
    select distinct on (tbl, row_id) tbl, row_id, op, key, game_id from c order by tbl, row_id, id desc
  ), materialised as (
    select l.tbl, l.row_id, l.key, case when l.op = 'upsert' then app.row_json(l.tbl, l.row_id) end as row, l.game_id
    from latest l
  ), out as (
    select tbl, row_id, key, row from materialised
    union
    select 'game', g.id, null, app.row_json('game', g.id) from public.game g
    where g.id in (select m.game_id from materialised m where m.row is not null and m.tbl in
                   ('rating', 'game_progress', 'user_wishlist', 'user_collection', 'user_top_games'))
    union
    select 'user', u.id, null, app.row_json('user', u.id) from public."user" u
    where u.id in (select (m.row ->> k)::bigint from materialised m, unnest(array['user_id', 'follower_id', 'following_id']) k
                   where m.row is not null and m.row ? k and m.tbl <> 'user')
  )
  select coalesce(jsonb_agg(
           case when row is null then jsonb_build_object('table', tbl, 'op', 'delete', 'id', row_id, 'key', key)
                else jsonb_build_object('table', tbl, 'op', 'upsert', 'id', row_id, 'row', row) end
           order by case tbl when 'game' then 0 when 'user' then 1 when 'rating' then 2 else 3 end, row_id), '[]')
    into v_changes from out;

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
  return jsonb_build_object('cursor', 'v1:' || v_cursor::text, 'has_more', v_has_more, 'snapshot', false,
    'changes', v_changes, 'user_id', v_me);
end
$$;
comment on function public.sync_pull(text, jsonb, integer, boolean) is 'Changes since a cursor (or a snapshot) of the caller''s rows (unless p_own is false) and the public rows in scope, with the games and members they refer to.';
grant execute on function public.sync_pull(text, jsonb, integer, boolean) to anon, authenticated;

-- Helpers the API's invoker functions call on behalf of members.
grant execute on function
  app.current_user_id(), app.apply_mutation(bigint, text, jsonb), app.unknown_mutation(text),
  app.constraint_message(text, text), app.row_json(text, bigint), app.id_list(jsonb, text),
  app.resolve_game(jsonb), app.check_review_fields(jsonb), app.review_platform(jsonb), app.find_comment(jsonb, text, text),
  app.is_started(bigint, bigint), app.user_json(bigint), app.slugify(text),
  app.m_game_ensure(bigint, jsonb), app.m_review_create(bigint, jsonb), app.m_review_update(bigint, jsonb),
  app.m_review_delete(bigint, jsonb), app.m_review_like_set(bigint, jsonb), app.m_comment_add(bigint, jsonb),
  app.m_comment_edit(bigint, jsonb), app.m_comment_delete(bigint, jsonb), app.m_comment_like_set(bigint, jsonb),
  app.m_follow_set(bigint, jsonb), app.m_progress_set(bigint, jsonb), app.m_wishlist_set(bigint, jsonb),
  app.m_collection_set(bigint, jsonb), app.m_collection_move(bigint, jsonb), app.m_top5_replace(bigint, jsonb),
  app.m_profile_update(bigint, jsonb)
to authenticated, service_role;
grant execute on function app.current_user_id(), app.row_json(text, bigint), app.id_list(jsonb, text), app.user_json(bigint)
to anon;
-- Triggers run their functions whoever writes; these need no grant to anyone, but the API's
-- security-definer helpers below are reached only through the functions above.
grant execute on function app.upsert_game(jsonb), app.normalize_game(jsonb), app.game_slug(text, bigint), app.platform_id(text)
to authenticated, service_role;
