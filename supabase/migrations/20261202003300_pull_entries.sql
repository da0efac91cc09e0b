-- Each change-log entry of an upsert carries the change as sync_pull sends it (issue 20 §3: the
-- engine's pull within 2x of a plain bulkPut).
--
-- A page of changes built every row's JSON when it was read: row_to_json of each row and the change
-- object around it were 40 % of a page's database time on PGlite (a page of 4,503 changes: 69 ms,
-- 40 ms with both left out). The change log's triggers already turn each row written into JSON;
-- they now also keep the change object (`entry`), and a page takes it from the row's newest entry.
-- What the caller may see is still decided as before, by the row's own table under RLS: an entry
-- whose row is gone, or hidden from the caller, goes as a delete. Every write to a synced table
-- logs an entry (app.drop_repeated_changes keeps a transaction's newest), so a row's newest entry
-- in a page is the row as that page's changes leave it; a later write is a later entry, in a later
-- page. A member's row and a game's are still built when read (app.user_json, app.game_json), as
-- are entries logged before this migration (no `entry`). An entry's timestamps are in the writer's
-- time zone as a row read is in the reader's: UTC on the gateway and on hosted Supabase. An entry
-- is written by the trigger with every column of the row, as row_to_json read them as the caller
-- before: every column of these tables is readable by anon and authenticated (a column kept from
-- them would have to be left out of the entry too).
-- A page now sends a row as its own changes leave it, not as it is at the moment of reading: a row
-- written again after the page comes again, newer, in a later page (sync/SPEC.md [S7]); once the
-- pull is done the device holds the rows as they are, as before.

alter table public.sync_change add column entry json;
comment on column public.sync_change.entry is 'For an upsert of a table sent as it is: the change as sync_pull sends it ({table, op, id, row}), the row as this write left it.';

-- As in …_sync_speed.sql, with the entry.
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
  v_entry json;
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
  -- (jsonb's text: the same values, keys in its own order.)
  if tg_op <> 'DELETE' and tg_table_name not in ('user', 'game') then
    v_entry := json_build_object('table', tg_table_name, 'op', 'upsert', 'id', (r ->> 'id')::bigint, 'row', r);
  end if;
  insert into public.sync_change (tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id, private_to, entry)
  values (tg_table_name, (r ->> 'id')::bigint, case when tg_op = 'DELETE' then 'delete' else 'upsert' end,
          k, v_user, v_subject, v_game, v_rating, v_private, v_entry);
  return null;
end
$$;

-- As in …_log_change_per_statement.sql, with the entry.
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
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, entry)
      select 'game_progress', n.id, 'upsert', jsonb_build_object('user_id', n.user_id, 'game_id', n.game_id),
             n.user_id, n.game_id, json_build_object('table', 'game_progress', 'op', 'upsert', 'id', n.id, 'row', row_to_json(n))
      from new_rows n;
    end if;
  elsif tg_table_name = 'play_session' then
    if tg_op = 'DELETE' then
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, private_to)
      select 'play_session', o.id, 'delete', jsonb_build_object('client_key', o.client_key), o.user_id, o.game_id,
             o.user_id
      from old_rows o;
    else
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, private_to, entry)
      select 'play_session', n.id, 'upsert', jsonb_build_object('client_key', n.client_key), n.user_id, n.game_id,
             n.user_id, json_build_object('table', 'play_session', 'op', 'upsert', 'id', n.id, 'row', row_to_json(n))
      from new_rows n;
    end if;
  else
    raise exception 'app.log_change_rows: no change log for %', tg_table_name;
  end if;
  return null;
end
$$;

-- As in …_pull_refs_once.sql, each change taken from its entry when it has one.
create or replace function app.pull_changes(p_cursor text default null, p_scope jsonb default '{}'::jsonb, p_limit integer default 1000,
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
    select sc.tbl, sc.row_id, sc.op, sc.key, sc.id, sc.entry from public.sync_change sc
    where sc.xid >= v_from and (v_last is null or sc.xid <= v_last) and (
      (v_me is not null and (sc.user_id = v_me or sc.subject_user_id = v_me))
      or sc.user_id in (select unnest(v_users)) or sc.subject_user_id in (select unnest(v_users))
      or sc.game_id in (select unnest(v_games)) or sc.rating_id in (select unnest(v_ratings))
      or (sc.tbl = 'user' and sc.row_id in (select unnest(v_authors))))
      and (sc.tbl <> 'play_session' or (v_me is not null and sc.user_id = v_me))
  ), latest as materialized (
    -- The newest change of each row. Ids first: most pairs of changes differ there, and a bigint
    -- compares faster than the table's name (the row set is the same either way).
    select distinct on (row_id, tbl) tbl, row_id, op, key, entry from c order by row_id, tbl, id desc
  ), found(tbl, row_id, key, change, game_id, ref_user, ref_user2) as materialized (
    -- Each changed row with what the caller may see of it, one join per table from the page's
    -- newest changes (RLS decides, as before): a row deleted, or one the caller may no longer see,
    -- comes out of its left join as null, and goes as a delete with the key the client needs.
    -- (Before, the rows found were matched against the changes again to find those.)
    select 'rating', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'rating', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           t.game_id, t.user_id, null::bigint
      from latest l left join public.rating t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'rating'
    union all
    select 'comment', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'comment', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           null::bigint, t.user_id, null::bigint
      from latest l left join public.comment t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'comment'
    union all
    select 'content_like', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'content_like', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           null::bigint, t.user_id, null::bigint
      from latest l left join public.content_like t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'content_like'
    union all
    select 'user_follow', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'user_follow', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           null::bigint, t.follower_id, t.following_id
      from latest l left join public.user_follow t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_follow'
    union all
    select 'game_progress', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'game_progress', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           t.game_id, t.user_id, null::bigint
      from latest l left join public.game_progress t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'game_progress'
    union all
    select 'user_wishlist', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'user_wishlist', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           t.game_id, t.user_id, null::bigint
      from latest l left join public.user_wishlist t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_wishlist'
    union all
    select 'user_collection', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'user_collection', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           t.game_id, t.user_id, null::bigint
      from latest l left join public.user_collection t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_collection'
    union all
    select 'user_top_games', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'user_top_games', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           t.game_id, t.user_id, null::bigint
      from latest l left join public.user_top_games t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'user_top_games'
    union all
    select 'play_session', l.row_id, l.key,
           case when t.id is not null then coalesce(l.entry, json_build_object('table', 'play_session', 'op', 'upsert', 'id', l.row_id, 'row', row_to_json(t))) end,
           t.game_id, t.user_id, null::bigint
      from latest l left join public.play_session t on l.op = 'upsert' and t.id = l.row_id where l.tbl = 'play_session'
    union all
    select 'user', l.row_id, l.key,
           case when l.op = 'upsert' then json_build_object('table', 'user', 'op', 'upsert', 'id', l.row_id, 'row', app.user_json(l.row_id)::json) end,
           null, null, null
      from latest l where l.tbl = 'user'
    union all
    select 'game', l.row_id, l.key,
           case when g.id is not null then json_build_object('table', 'game', 'op', 'upsert', 'id', l.row_id, 'row', app.game_json(g)::json) end,
           null, null, null
      from latest l left join public.game g on l.op = 'upsert' and g.id = l.row_id where l.tbl = 'game'
  ), out(tbl, row_id, key, change) as (
    select f.tbl, f.row_id, f.key, f.change from found f
    union all
    -- The games of what is sent (not sent again when a game's own change is in the page): each
    -- game id once, then one look-up each, so the catalogue's size does not matter.
    select 'game', g.id, null, json_build_object('table', 'game', 'op', 'upsert', 'id', g.id, 'row', app.game_json(g)::json)
      from (select distinct f.game_id from found f where f.game_id is not null) x(id)
      join public.game g on g.id = x.id
      where g.id not in (select f.row_id from found f where f.tbl = 'game' and f.change is not null)
    union all
    -- The members of what is sent, so no comment or review shows up without its author; both
    -- members of a follow. (A member row's own columns name no one: its ref_user is null.)
    select 'user', u.id, null, json_build_object('table', 'user', 'op', 'upsert', 'id', u.id, 'row', app.user_json(u.id)::json)
      from (select f.ref_user from found f where f.ref_user is not null
            union
            select f.ref_user2 from found f where f.ref_user2 is not null) x(id)
      join public."user" u on u.id = x.id
      where u.id not in (select f.row_id from found f where f.tbl = 'user' and f.change is not null)
  )
  -- Games, members, reviews, then the rest, each by id: as one bigint key, which sorts faster than
  -- two (ids are identity values, far below 10^15).
  select coalesce(json_agg(
           coalesce(change, json_build_object('table', tbl, 'op', 'delete', 'id', row_id, 'key', key))
           order by case tbl when 'game' then 0 when 'user' then 1 when 'rating' then 2 else 3 end * 1000000000000000::bigint
                    + row_id), '[]'::json)
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
