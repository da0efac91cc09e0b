-- sync_pull's answer built as json text, not jsonb (issue 20 §3: the engine's pull within 2x of a
-- plain bulkPut). Timed on PGlite, one page of 10,000 changes (5,000 comments and their review),
-- seven alternated runs each, best of each (load 5-7): the page query took 172 ms, of which 86 ms
-- built the rows and 85 ms was jsonb_agg folding every row's jsonb into one jsonb document (each
-- row taken apart and built again), a document that is then printed as text for the gateway anyway.
-- json_agg of row_to_json appends text: the same page now takes 120 ms.
-- - app.pull_changes returns json; each table's changed rows are read in one join per table
--   (row_to_json, under the same RLS as before), which also gives the games and members they
--   refer to from their columns instead of from the built json;
-- - the games and members added to a page are no longer sent twice when their own change is in it;
-- - public.sync_pull returns json too (the same document: clients read the same keys), with the
--   edit clock put in by app.pull_answer rather than merged into a jsonb afterwards.
-- The snapshot (first pull) keeps its queries (less a CASE arm for games, which its rows never are)
-- and aggregates as json too. Nothing else changes:
-- the same rows, deletes, cursor, has_more, refusals and policies; JIT stays off (…_pull_without_jit).

drop function public.sync_pull(text, jsonb, integer, boolean, integer);
drop function app.pull_changes(text, jsonb, integer, boolean);

create function app.pull_answer(p_cursor text, p_has_more boolean, p_snapshot boolean, p_changes json,
  p_user_id bigint, p_clock jsonb)
returns json
language sql
immutable
set search_path = pg_catalog
as $$
  select case when p_clock is null
    then json_build_object('cursor', p_cursor, 'has_more', p_has_more, 'snapshot', p_snapshot, 'changes', p_changes,
                           'user_id', p_user_id)
    else json_build_object('cursor', p_cursor, 'has_more', p_has_more, 'snapshot', p_snapshot, 'changes', p_changes,
                           'user_id', p_user_id, 'clock', p_clock)
  end
$$;
comment on function app.pull_answer(text, boolean, boolean, json, bigint, jsonb) is 'A sync_pull answer: the page''s cursor, has_more, snapshot flag, changes and member, and (when not null) the member''s edit clock.';

create function app.pull_changes(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
  p_own boolean default true, p_clock jsonb default null)
returns json
language plpgsql
stable
set search_path = pg_catalog, public
set jit = off
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
  v_changes json;
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
      or sc.user_id = any(v_users) or sc.subject_user_id = any(v_users)
      or sc.game_id = any(v_games) or sc.rating_id = any(v_ratings)
      or (sc.tbl = 'user' and sc.row_id = any(v_authors)))
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
      or sc.user_id = any(v_users) or sc.subject_user_id = any(v_users)
      or sc.game_id = any(v_games) or sc.rating_id = any(v_ratings)
      or (sc.tbl = 'user' and sc.row_id = any(v_authors)))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me));
  end if;

  with c as (
    select sc.tbl, sc.row_id, sc.op, sc.key, sc.id from public.sync_change sc
    where sc.xid >= v_from and (v_last is null or sc.xid <= v_last) and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id = any(v_users) or sc.subject_user_id = any(v_users)
      or sc.game_id = any(v_games) or sc.rating_id = any(v_ratings)
      or (sc.tbl = 'user' and sc.row_id = any(v_authors)))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me))
  ), latest as materialized (
    select distinct on (tbl, row_id) tbl, row_id, op, key from c order by tbl, row_id, id desc
  ), up as materialized (
    select tbl, row_id from latest where op = 'upsert'
  ), found(tbl, row_id, row, game_id, ref_user, ref_user2) as materialized (
    -- Each table's rows read in one join each (RLS decides what the caller sees, as before), with
    -- the game and members they refer to taken from their columns.
    select 'rating', t.id, row_to_json(t), t.game_id, t.user_id, null::bigint from public.rating t
      where t.id in (select u.row_id from up u where u.tbl = 'rating')
    union all
    select 'comment', t.id, row_to_json(t), null::bigint, t.user_id, null::bigint from public.comment t
      where t.id in (select u.row_id from up u where u.tbl = 'comment')
    union all
    select 'content_like', t.id, row_to_json(t), null::bigint, t.user_id, null::bigint from public.content_like t
      where t.id in (select u.row_id from up u where u.tbl = 'content_like')
    union all
    select 'user_follow', t.id, row_to_json(t), null::bigint, t.follower_id, t.following_id from public.user_follow t
      where t.id in (select u.row_id from up u where u.tbl = 'user_follow')
    union all
    select 'game_progress', t.id, row_to_json(t), t.game_id, t.user_id, null::bigint from public.game_progress t
      where t.id in (select u.row_id from up u where u.tbl = 'game_progress')
    union all
    select 'user_wishlist', t.id, row_to_json(t), t.game_id, t.user_id, null::bigint from public.user_wishlist t
      where t.id in (select u.row_id from up u where u.tbl = 'user_wishlist')
    union all
    select 'user_collection', t.id, row_to_json(t), t.game_id, t.user_id, null::bigint from public.user_collection t
      where t.id in (select u.row_id from up u where u.tbl = 'user_collection')
    union all
    select 'user_top_games', t.id, row_to_json(t), t.game_id, t.user_id, null::bigint from public.user_top_games t
      where t.id in (select u.row_id from up u where u.tbl = 'user_top_games')
    union all
    select 'play_session', t.id, row_to_json(t), t.game_id, t.user_id, null::bigint from public.play_session t
      where t.id in (select u.row_id from up u where u.tbl = 'play_session')
    union all
    select 'user', u.row_id, app.user_json(u.row_id)::json, null, null, null from up u where u.tbl = 'user'
    union all
    select 'game', g.id, app.game_json(g)::json, null, null, null from public.game g
      where g.id in (select u.row_id from up u where u.tbl = 'game')
  ), seen as materialized (
    select f.tbl, f.row_id, f.row, f.game_id, f.ref_user, f.ref_user2 from found f where f.row is not null
  ), out(tbl, row_id, key, row) as (
    select s.tbl, s.row_id, null::jsonb, s.row from seen s
    union all
    -- A row deleted, or one the caller may no longer see: a delete, with the key the client needs.
    select l.tbl, l.row_id, l.key, null::json from latest l
      where not exists (select from seen s where s.tbl = l.tbl and s.row_id = l.row_id)
    union all
    -- The games of what is sent (not sent again when a game's own change is in the page).
    select 'game', g.id, null, app.game_json(g)::json from public.game g
      where g.id in (select s.game_id from seen s)
        and not exists (select from seen s where s.tbl = 'game' and s.row_id = g.id)
    union all
    -- The authors of what is sent, so no comment or review shows up without its member.
    select 'user', u.id, null, app.user_json(u.id)::json from public."user" u
      where u.id in (select s.ref_user from seen s where s.tbl <> 'user' union select s.ref_user2 from seen s)
        and not exists (select from seen s where s.tbl = 'user' and s.row_id = u.id)
  )
  select coalesce(json_agg(
           case when row is null then json_build_object('table', tbl, 'op', 'delete', 'id', row_id, 'key', key)
                else json_build_object('table', tbl, 'op', 'upsert', 'id', row_id, 'row', row) end
           order by case tbl when 'game' then 0 when 'user' then 1 when 'rating' then 2 else 3 end, row_id), '[]'::json)
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
  return app.pull_answer('v1:' || v_cursor::text, v_has_more, false, v_changes, v_me, p_clock);
end
$$;

comment on function app.pull_changes(text, jsonb, integer, boolean, jsonb) is 'sync_pull''s page of changes; p_clock (when not null) is put in the answer as its clock.';

create function public.sync_pull(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
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
  v_me := case when coalesce(p_own, true) then app.current_user_id() end;
  -- Protocol 2 answers carry the member's edit clock (null when they have none yet). A stable
  -- function's queries share one snapshot: the clock is read as of the same moment as the page.
  -- (Asked in a branch of its own: a visitor may not call app.member_clock at all.)
  if v_protocol >= 2 and v_me is not null then
    v_clock := coalesce(to_jsonb(app.member_clock(v_me)), 'null'::jsonb);
  end if;
  return app.pull_changes(p_cursor, p_scope, p_limit, p_own, v_clock);
end
$$;
comment on function public.sync_pull(text, jsonb, integer, boolean, integer) is 'Changes since a cursor (or a snapshot) of the caller''s rows (unless p_own is false) and the public rows in scope, with the games and members they refer to, and (protocol 2) the member''s edit clock.';

grant execute on function app.pull_answer(text, boolean, boolean, json, bigint, jsonb) to anon, authenticated;
grant execute on function app.pull_changes(text, jsonb, integer, boolean, jsonb) to anon, authenticated;
grant execute on function public.sync_pull(text, jsonb, integer, boolean, integer) to anon, authenticated;
