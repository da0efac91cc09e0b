-- The sync pull's page builder as deployed before it answered json (a migration of 2026-11-26 that
-- the baseline has since replaced), kept for tests/integration/sync-pull-json.test.ts, which walks
-- it beside today's app.pull_changes and compares their pages.
create or replace function app.pull_changes_2700(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
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
           when 'game' then (select app.game_json(t) from public.game t where t.id = r.id)
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
                                            where m.tbl <> 'game' and m.row ? 'game_id' and m.tbl <> 'comment')
      union
      -- The authors of what is sent, so no comment or review shows up without its member.
      select 'user', u.id, app.user_json(u.id) from public."user" u
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
    select sc.* from public.sync_change sc
    where sc.xid >= v_from and (v_last is null or sc.xid <= v_last) and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id = any(v_users) or sc.subject_user_id = any(v_users)
      or sc.game_id = any(v_games) or sc.rating_id = any(v_ratings)
      or (sc.tbl = 'user' and sc.row_id = any(v_authors)))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me))
  ), latest as (
    select distinct on (tbl, row_id) tbl, row_id, op, key, game_id from c order by tbl, row_id, id desc
  ), materialised as (
    select l.tbl, l.row_id, l.key, case when l.op = 'upsert' then
         case l.tbl
           when 'user' then app.user_json(l.row_id)
           when 'game' then (select app.game_json(t) from public.game t where t.id = l.row_id)
           when 'rating' then (select to_jsonb(t) from public.rating t where t.id = l.row_id)
           when 'comment' then (select to_jsonb(t) from public.comment t where t.id = l.row_id)
           when 'content_like' then (select to_jsonb(t) from public.content_like t where t.id = l.row_id)
           when 'user_follow' then (select to_jsonb(t) from public.user_follow t where t.id = l.row_id)
           when 'game_progress' then (select to_jsonb(t) from public.game_progress t where t.id = l.row_id)
           when 'user_wishlist' then (select to_jsonb(t) from public.user_wishlist t where t.id = l.row_id)
           when 'user_collection' then (select to_jsonb(t) from public.user_collection t where t.id = l.row_id)
           when 'user_top_games' then (select to_jsonb(t) from public.user_top_games t where t.id = l.row_id)
           when 'play_session' then (select to_jsonb(t) from public.play_session t where t.id = l.row_id)
         end
       end as row, l.game_id
    from latest l
  ), out as (
    select tbl, row_id, key, row from materialised
    union
    select 'game', g.id, null, app.game_json(g) from public.game g
    where g.id in (select m.game_id from materialised m where m.row is not null and m.tbl in
                   ('rating', 'game_progress', 'user_wishlist', 'user_collection', 'user_top_games', 'play_session'))
    union
    select 'user', u.id, null, app.user_json(u.id) from public."user" u
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
