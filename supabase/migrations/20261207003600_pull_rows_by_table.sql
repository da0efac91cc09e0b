-- Protocol 3: a page of changes sends the rows that go as their writes left them grouped by table
-- and columns, each row as a list of values (issue 20 §3: the engine's pull within 2x of a plain
-- bulkPut).
--
-- Since …_pull_entries.sql each such row went as its log entry, a whole change object with every
-- column's name: 345 bytes a comment, 1.55 MB for a page of 4,503 changes. The names were most of
-- it. A group names its columns once ({table, columns, values: [[…], …]}): the same page is 0.68
-- MB. In probes (not in the repo) its comments alone, grouped, gzip to 132 KB (the old page to 151
-- KB), and Node's fetch receives, unpacks and parses them in 5.8 ms of CPU against 13.7 for the
-- old page; the page's aggregate over its entries takes 4.1 ms against 5.7 on PGlite.
--
-- - The change log keeps an entry as its row's column names (cols, jsonb's key order) and values
--   in the same order (vals), each one jsonpath over the row's jsonb, instead of the change object;
--   the entries already logged are converted. (A function reading both from one jsonb_each took an
--   import's sync_push from about 2,480 to 2,130 writes per CPU-second, `npm run bench -- import`;
--   the two jsonpaths cost about 3 µs a row more than the change object did.)
-- - sync_pull and app.pull_changes take the client's protocol. At 3 (app.sync_protocol_current)
--   the entries go in the answer's `rows`; every other change goes in `changes` as before. A client
--   before protocol 3 reads only `changes`: its pages build every row as it is now, under RLS, as
--   pages did before entries (the same rows, looked up).
-- - A mutation's shape 3 is read as shape 2: nothing in sync_push changed.

alter table public.sync_change add column cols jsonb, add column vals json;
comment on column public.sync_change.cols is 'For an upsert of a table sent as it is: the row''s column names as this write left it (jsonb''s key order), the names of vals.';
comment on column public.sync_change.vals is 'For an upsert of a table sent as it is: the row''s values as this write left it, in the order of cols.';

update public.sync_change
   set cols = jsonb_path_query_array(entry::jsonb -> 'row', '$.keyvalue().key'),
       vals = jsonb_path_query_array(entry::jsonb -> 'row', '$.*')::json
 where entry is not null;

create or replace function app.sync_protocol_current()
returns integer
language sql
immutable
as $$ select 3 $$;

drop function public.sync_pull(text, jsonb, integer, boolean, integer);
drop function app.pull_changes(text, jsonb, integer, boolean, jsonb);
drop function app.pull_answer(text, boolean, boolean, json, bigint, jsonb);

create function app.pull_answer(p_cursor text, p_has_more boolean, p_snapshot boolean, p_changes json,
  p_user_id bigint, p_clock jsonb, p_rows json default null)
returns json
language sql
immutable
set search_path = pg_catalog
as $$
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
$$;
comment on function app.pull_answer(text, boolean, boolean, json, bigint, jsonb, json) is 'A sync_pull answer: the page''s cursor, has_more, snapshot flag, changes and member, (when not null) the member''s edit clock, and (protocol 3, when not null) the rows sent as logged, by table and columns.';

-- As in …_pull_entries_public.sql, with the entry as its columns and values.
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
$$;


-- As in …_pull_entries.sql, with the entry as its columns and values.
create or replace function app.log_change_rows()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
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
$$;

-- As in …_pull_entries_as_sent.sql, with the entries grouped (protocol 3).
create or replace function app.pull_changes(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
  p_own boolean default true, p_clock jsonb default null, p_protocol integer default 2)
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
    -- comments, entries logged before …_pull_entries.sql): built below as they are now. Few in a
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
$$;

comment on function app.pull_changes(text, jsonb, integer, boolean, jsonb, integer) is 'sync_pull''s page of changes; p_clock (when not null) is put in the answer as its clock; at p_protocol 3 the rows sent as logged go in its rows, by table and columns.';

-- As in …_pull_as_json.sql, passing the protocol on.
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
  return app.pull_changes(p_cursor, p_scope, p_limit, p_own, v_clock, v_protocol);
end
$$;
comment on function public.sync_pull(text, jsonb, integer, boolean, integer) is 'Changes since a cursor (or a snapshot) of the caller''s rows (unless p_own is false) and the public rows in scope, with the games and members they refer to, (protocol 2) the member''s edit clock, and (protocol 3) the rows sent as logged grouped by table and columns.';

alter table public.sync_change drop column entry;

grant execute on function app.pull_answer(text, boolean, boolean, json, bigint, jsonb, json) to anon, authenticated;
grant execute on function app.pull_changes(text, jsonb, integer, boolean, jsonb, integer) to anon, authenticated;
grant execute on function public.sync_pull(text, jsonb, integer, boolean, integer) to anon, authenticated;
