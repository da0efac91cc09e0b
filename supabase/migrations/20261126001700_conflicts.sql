-- Conflicts (issue 19 §1): the newest edit wins, field by field, by when it was made — not by
-- which device synced last. Every edit carries a hybrid logical clock (src/core/hlc.ts: 15-digit
-- ms, 6-digit counter, device id; compared as text in collation "C"). For each field of a
-- member's own rows that an edit can set (review, profile, play session, comment text, a game's
-- shelf, each Top 5 entry) the clock of the edit that set it is kept in edit_clock. An edit older
-- than the clock held for a field leaves that field alone and says so in its result
-- (`superseded`), so the device that made it can show the member what was kept out.
-- Rules (also in src/sync/CONTEXT.md):
-- - review.update: rating, review, is_recommended, platform (platform_id | platform), playtime_hours,
--   draft, each on its own; profile.update: each profile field; journal.update: played_on, minutes,
--   platform_id, note, is_private; comment.edit: content.
-- - wishlist.set, collection.set, collection.move: where a game sits (its shelf) is one field per
--   game; an older shelf edit is left out whole.
-- - top5.replace {games, base?}: merged by edit time. What changed from `base` (the list the edit
--   was made on; absent: the list the server holds) is each game's slot or absence, one field per
--   game; games the edit did not touch keep their place. Ties at a position go to the newer edit;
--   past five, the last drop out (reported when they were the edit's own).
-- - review.create dates every field of the new review. Deletes, likes, follows, comments added,
--   journal entries added and progress marks (which only go on) are not clocked: a delete wins
--   over edits of what it deletes, as before.

create table public.edit_clock (
  user_id bigint not null references public."user" (id) on delete cascade,
  entity text not null check (entity in ('rating', 'user', 'play_session', 'comment', 'shelf', 'top5')),
  row_id bigint not null,
  field text not null,
  hlc text collate "C" not null check (hlc ~ '^\d{15}-\d{6}-[0-9a-z-]{1,64}$'),
  primary key (user_id, entity, row_id, field)
);
comment on table public.edit_clock is 'The clock (HLC) of the newest edit of each field of a member''s own rows; an older edit of the field is superseded.';
alter table public.edit_clock enable row level security;
create policy "members read their own edit clocks" on public.edit_clock for select to authenticated
  using (user_id = (select app.current_user_id()));
create policy "members record their own edit clocks" on public.edit_clock for insert to authenticated
  with check (user_id = (select app.current_user_id()));
create policy "members move their own edit clocks" on public.edit_clock for update to authenticated
  using (user_id = (select app.current_user_id())) with check (user_id = (select app.current_user_id()));
create policy "members forget their own edit clocks" on public.edit_clock for delete to authenticated
  using (user_id = (select app.current_user_id()));
grant select, insert, update, delete on public.edit_clock to authenticated;
grant select on public.edit_clock to service_role;

-- The clock of an edit the client did not date (protocol 1): when it reached the server.
create or replace function app.server_hlc(p_client uuid)
returns text
language sql
stable
as $$
  select lpad(floor(extract(epoch from now()) * 1000)::bigint::text, 15, '0') || '-000000-' || lower(p_client::text)
$$;

-- True when the edit dated p_hlc is the newest of the field (its clock is then recorded);
-- false when a newer edit holds it.
create or replace function app.clock_take(p_user bigint, p_entity text, p_row bigint, p_field text, p_hlc text)
returns boolean
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_held text;
begin
  select hlc into v_held from public.edit_clock
  where user_id = p_user and entity = p_entity and row_id = p_row and field = p_field
  for update;
  if v_held is not null and v_held collate "C" > p_hlc collate "C" then
    return false;
  end if;
  insert into public.edit_clock (user_id, entity, row_id, field, hlc) values (p_user, p_entity, p_row, p_field, p_hlc)
  on conflict (user_id, entity, row_id, field) do update set hlc = excluded.hlc;
  return true;
end
$$;

-- The member's newest edit clock: every device merges it, so its next edit is newer still.
create or replace function app.member_clock(p_user bigint)
returns text
language sql
stable
set search_path = pg_catalog, public
as $$
  select max(hlc collate "C") from public.edit_clock where user_id = p_user
$$;

-- The caller's review an update names (by rating_id, or by game), or null; never raises.
create or replace function app.own_rating_id(p_user bigint, a jsonb)
returns bigint
language sql
stable
set search_path = pg_catalog, public
as $$
  select r.id from public.rating r join public.game g on g.id = r.game_id
  where r.user_id = p_user
    and case when coalesce(a ->> 'rating_id', '') ~ '^\d+$' then r.id = (a ->> 'rating_id')::bigint
             else (coalesce(a ->> 'game_id', '') ~ '^\d+$' and g.id = (a ->> 'game_id')::bigint)
               or (coalesce(a ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (a ->> 'igdb_id')::bigint) end
  limit 1
$$;

-- A list of games ({igdb_id | game_id}) as game ids, in order; unknown games are left out.
create or replace function app.top5_ids(p_games jsonb)
returns bigint[]
language sql
stable
set search_path = pg_catalog, public
as $$
  select coalesce(array_agg(g.id order by x.n), '{}')
  from jsonb_array_elements(case when jsonb_typeof(p_games) = 'array' then p_games else '[]' end) with ordinality x (item, n)
  join public.game g on (coalesce(x.item ->> 'game_id', '') ~ '^\d+$' and g.id = (x.item ->> 'game_id')::bigint)
                     or (coalesce(x.item ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (x.item ->> 'igdb_id')::bigint)
$$;

-- top5.replace, merged by edit time (rules above). Checks and messages stay app.m_top5_replace's:
-- it writes the merged list.
create or replace function app.apply_top5(p_user bigint, a jsonb, p_hlc text)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_current bigint[] := array(select game_id from public.user_top_games where user_id = p_user order by position);
  v_new bigint[];
  v_base bigint[];
  v_game public.game;
  v_item jsonb;
  g bigint;
  v_lost bigint[] := '{}';
  v_won jsonb := '{}';
  v_merged bigint[];
begin
  if jsonb_typeof(a -> 'games') is distinct from 'array' or jsonb_array_length(a -> 'games') > 5 then
    return jsonb_build_object('result', app.m_top5_replace(p_user, a));
  end if;
  -- Resolved as app.m_top5_replace resolves them (same refusals), duplicates refused the same way.
  v_new := '{}';
  for v_item in select * from jsonb_array_elements(a -> 'games') loop
    v_game := app.resolve_game(v_item);
    if v_game.id = any (v_new) then
      perform app.fail('top5_duplicate', 'A game can be in your Top 5 only once');
    end if;
    v_new := v_new || v_game.id;
  end loop;
  v_base := case when jsonb_typeof(a -> 'base') = 'array' then app.top5_ids(a -> 'base') else v_current end;
  -- Each game whose slot (or absence) the edit changed from its base: the edit's if it is newer.
  for g in select distinct x from unnest(v_new || v_base) x loop
    if array_position(v_new, g) is distinct from array_position(v_base, g) then
      if app.clock_take(p_user, 'top5', g, 'slot', p_hlc) then
        v_won := v_won || jsonb_build_object(g::text, array_position(v_new, g));
      else
        v_lost := v_lost || g;
      end if;
    end if;
  end loop;
  -- Games the edit left alone keep their place; placed ones go where the edit put them; at the
  -- same position the newer clock goes first.
  select coalesce(array_agg(e.game order by e.pos, e.clock collate "C" desc), '{}') into v_merged
  from (
    select c.game, c.pos::bigint as pos, coalesce(k.hlc, '') as clock
    from unnest(v_current) with ordinality c (game, pos)
    left join public.edit_clock k on k.user_id = p_user and k.entity = 'top5' and k.row_id = c.game and k.field = 'slot'
    where not v_won ? c.game::text
    union all
    select w.key::bigint, w.value::text::bigint, p_hlc
    from jsonb_each(v_won) w where jsonb_typeof(w.value) = 'number'
  ) e;
  v_lost := v_lost || array(select x from unnest(v_merged[6:]) x where x = any (v_new));
  v_merged := v_merged[1:5];
  return jsonb_build_object('result', app.m_top5_replace(p_user, jsonb_build_object('games',
           coalesce((select jsonb_agg(jsonb_build_object('game_id', x) order by n) from unnest(v_merged) with ordinality u (x, n)), '[]'))))
    || case when cardinality(v_lost) > 0 then jsonb_build_object('superseded', jsonb_build_array('games')) else '{}' end;
end
$$;

-- A mutation applied with its clock: {result, superseded?}. The fields a newer edit holds are
-- taken out of the arguments before app.apply_mutation sees them; a clocked mutation left with
-- nothing to do still succeeds (the member sees the newer value and is told).
create or replace function app.apply_clocked(p_user bigint, p_name text, p_args jsonb, p_hlc text)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_entity text;
  v_row bigint;
  v_fields text[];
  f text;
  v_args jsonb := p_args;
  v_lost text[] := '{}';
  v_result jsonb;
begin
  if jsonb_typeof(p_args) is distinct from 'object' then
    return jsonb_build_object('result', app.apply_mutation(p_user, p_name, p_args));
  end if;
  if p_name = 'top5.replace' then
    return app.apply_top5(p_user, p_args, p_hlc);
  elsif p_name = 'review.update' then
    v_entity := 'rating';
    v_row := app.own_rating_id(p_user, p_args);
    v_fields := array['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft'];
  elsif p_name = 'profile.update' then
    v_entity := 'user';
    v_row := p_user;
    v_fields := array['username', 'name', 'display_name', 'bio', 'avatar_url', 'location', 'website', 'platform'];
  elsif p_name = 'journal.update' then
    v_entity := 'play_session';
    select s.id into v_row from app.find_play_session(p_args) s where s.user_id = p_user;
    v_fields := array['played_on', 'minutes', 'platform_id', 'note', 'is_private'];
  elsif p_name = 'comment.edit' then
    v_entity := 'comment';
    select c.id into v_row from app.find_comment(p_args, 'id', 'key') c where c.user_id = p_user;
    v_fields := array['content'];
  elsif p_name in ('wishlist.set', 'collection.set', 'collection.move') then
    v_entity := 'shelf';
    select g.id into v_row from public.game g
    where coalesce(p_args ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (p_args ->> 'igdb_id')::bigint;
    v_fields := array['shelf'];
  end if;

  if v_row is not null and v_entity = 'shelf' then
    if not app.clock_take(p_user, v_entity, v_row, 'shelf', p_hlc) then
      -- The game's place was set by a newer edit: this one is left out whole.
      return jsonb_build_object('result', jsonb_build_object('igdb_id', (p_args ->> 'igdb_id')::bigint), 'superseded', jsonb_build_array('shelf'));
    end if;
  elsif v_row is not null then
    foreach f in array v_fields loop
      continue when not (v_args ? f or (f = 'platform' and v_args ? 'platform_id'));
      if not app.clock_take(p_user, v_entity, v_row, f, p_hlc) then
        v_lost := v_lost || f;
        v_args := v_args - f;
        if f = 'platform' then
          v_args := v_args - 'platform_id';
        end if;
      end if;
    end loop;
  end if;

  v_result := app.apply_mutation(p_user, p_name, v_args);
  if p_name = 'review.create' then
    -- A new review's fields are dated by its creation, so an edit dated before it (a device whose
    -- clock is behind and that had not seen it) cannot quietly replace them.
    foreach f in array array['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft'] loop
      perform app.clock_take(p_user, 'rating', (v_result ->> 'id')::bigint, f, p_hlc);
    end loop;
  end if;
  if p_name in ('review.delete', 'journal.delete', 'comment.delete') then
    -- What was deleted keeps no clocks (a later review of the game starts afresh).
    delete from public.edit_clock k where k.user_id = p_user and k.entity in ('rating', 'play_session', 'comment')
      and not exists (select 1 from public.rating r where k.entity = 'rating' and r.id = k.row_id)
      and not exists (select 1 from public.play_session s where k.entity = 'play_session' and s.id = k.row_id)
      and not exists (select 1 from public.comment c where k.entity = 'comment' and c.id = k.row_id);
  end if;
  return jsonb_build_object('result', v_result)
    || case when cardinality(v_lost) > 0 then jsonb_build_object('superseded', to_jsonb(v_lost)) else '{}' end;
end
$$;

grant execute on function
  app.server_hlc(uuid), app.clock_take(bigint, text, bigint, text, text), app.member_clock(bigint),
  app.own_rating_id(bigint, jsonb), app.top5_ids(jsonb), app.apply_top5(bigint, jsonb, text),
  app.apply_clocked(bigint, text, jsonb, text)
to authenticated, service_role;
