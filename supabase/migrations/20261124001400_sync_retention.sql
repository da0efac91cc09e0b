-- Sync retention: the change log is pruned to a window (default 30 days) and keeps a low-water
-- mark, the lowest transaction id whose changes are all still logged. A cursor below it may have
-- missed pruned changes, so sync_pull refuses it with 'cursor_too_old' and the client takes a new
-- snapshot of its scope (src/sync/pull.ts). src/sync/SPEC.md [S10].

create table public.sync_retention (
  id boolean primary key default true check (id),
  low_water xid8 not null default '0'::xid8,
  pruned_at timestamptz,
  pruned_rows bigint not null default 0 check (pruned_rows >= 0)
);
comment on table public.sync_retention is 'One row: the change log''s low-water mark (no change of a transaction below it is kept) and the last prune.';
insert into public.sync_retention (id) values (true);
alter table public.sync_retention enable row level security;
-- sync_pull runs as its caller and compares the cursor with the mark; nothing here is private.
create policy "low-water mark is readable" on public.sync_retention for select to anon, authenticated using (true);
grant select on public.sync_retention to anon, authenticated, service_role;

-- Deletes the changes logged longer ago than p_keep and raises the mark to the first transaction
-- it keeps, in one transaction: every change of a transaction at or above the mark is still
-- there, so a cursor at or above it misses nothing. It prunes whole transactions, oldest first,
-- up to the oldest one with a change inside the window (a transaction's clock is its start, its id
-- comes with its first write, so the two orders can differ a little: an old change behind a
-- younger one waits for the next run). That first kept change is found along the xid index,
-- reading little more than the rows about to go. Returns how many rows it deleted.
create or replace function app.prune_sync_changes(p_keep interval default interval '30 days')
returns bigint
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
declare
  v_cut xid8;
  v_rows bigint;
begin
  if p_keep is null or p_keep < interval '0' then
    perform app.fail('invalid_args', 'Retention must not be negative');
  end if;
  -- One pruner at a time (a cron job and a gateway timer may overlap).
  perform pg_advisory_xact_lock(hashtextextended('app.prune_sync_changes', 0));
  select sc.xid into v_cut from public.sync_change sc where sc.changed_at >= now() - p_keep order by sc.xid limit 1;
  if v_cut is null then
    -- Everything is older than the window: the mark goes just above the newest transaction.
    select (max(sc.xid)::text::numeric + 1)::text::xid8 into v_cut from public.sync_change sc;
  end if;
  if v_cut is null then
    return 0;
  end if;
  delete from public.sync_change where xid < v_cut;
  get diagnostics v_rows = row_count;
  if v_rows = 0 then
    return 0;
  end if;
  update public.sync_retention
  set low_water = greatest(low_water, v_cut), pruned_at = now(), pruned_rows = pruned_rows + v_rows
  where id;
  return v_rows;
end
$$;
comment on function app.prune_sync_changes(interval) is 'Prunes the sync change log to a window and raises its low-water mark (service role and scheduler only).';
revoke all on function app.prune_sync_changes(interval) from public, anon, authenticated;
grant execute on function app.prune_sync_changes(interval) to service_role;

-- Hosted Supabase: pg_cron runs the prune nightly (03:17 UTC). Elsewhere (PGlite, a PostgreSQL
-- without pg_cron) this is a no-op and the local gateway's timer prunes instead
-- (supabase/local/retention.ts).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
      execute $sql$select cron.schedule('prune-sync-changes', '17 3 * * *', 'select app.prune_sync_changes()')$sql$;
    exception when others then
      -- Available but not loadable (not in shared_preload_libraries): leave pruning to a timer.
      raise notice 'pg_cron is not usable here (%); sync changes are not pruned on a schedule', sqlerrm;
    end;
  end if;
end
$$;

-- Same as in …0600_sync, except that a cursor below the low-water mark is refused with
-- 'cursor_too_old' (a 400 whose hint the client switches on) instead of answering a page that
-- could be missing pruned changes.
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
  -- Changes below the low-water mark were pruned: this cursor's page could silently lack some.
  if v_from < (select r.low_water from public.sync_retention r where r.id) then
    perform app.fail('cursor_too_old', 'Sync cursor is older than the change log; take a new snapshot');
  end if;

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
comment on function public.sync_pull(text, jsonb, integer, boolean) is 'Changes since a cursor (or a snapshot) of the caller''s rows (unless p_own is false) and the public rows in scope, with the games and members they refer to; a cursor below the change log''s low-water mark is refused with cursor_too_old.';
grant execute on function public.sync_pull(text, jsonb, integer, boolean) to anon, authenticated;
