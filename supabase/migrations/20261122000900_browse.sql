-- Browsing the catalogue: browse_games (the browse page: filters, sorts, pages with an exact
-- total), game_rating_stats (members' average ratings beside search suggestions) and
-- catalogue_page (the browser downloads the catalogue in id order for offline search). All are
-- security invoker, so the tables' RLS applies to the caller. Members' ratings are table rating
-- (1 to 10 in half steps); their average is always shown, filtered and sorted rounded to one
-- decimal, as avg_user_rating, beside user_rating_count.

-- One popularity figure from the game's popularity object (IGDB PopScore shares, as the seed and
-- the shared catalogue carry them): the sum of the IGDB visit, want-to-play, playing and played
-- shares. Null when the game has none of them (a game a member added from the external search).
create or replace function app.game_popularity(p_popularity jsonb)
returns numeric
language sql
immutable
set search_path = pg_catalog
as $$
  select sum((e.value #>> '{}')::numeric)
  from jsonb_each(case when jsonb_typeof(p_popularity) = 'object' then p_popularity else '{}'::jsonb end) e
  where e.key in ('igdb_visits', 'igdb_want_to_play', 'igdb_playing', 'igdb_played')
    and jsonb_typeof(e.value) = 'number'
$$;
grant execute on function app.game_popularity(jsonb) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Browse page.

-- Filters (each optional, all must hold):
--  p_query      sanitised (app.sanitize_search), lower-cased, accents folded; blank means no text
--               filter. A game matches when every word is a prefix of a word of its name or an
--               alternative name, sequel numbers either way (game.search_vector, parts A and B,
--               as search_games_secure builds the query), or, from 3 characters, when its name
--               contains the text (game.search_name). No typo tolerance: the total is exact.
--  p_platforms  platform ids (platform_games): on any of them. Empty means no filter.
--  p_genres     genre names, case-insensitive, whole names: any of them among game.genres or
--               game.genre. Empty means no filter.
--  p_year       the year of release_date.
--  p_min_rating avg_user_rating >= the value (so only games members have rated).
-- Sorts: name (accent-folded, lower-case, byte order), release_date, avg_rating (alias rating),
-- rating_count (members' ratings, user_rating_count), popularity (app.game_popularity) and
-- relevance (search_games_secure's scoring of name and alternative names; name without a query).
-- p_order asc | desc, anything else the sort's default (name asc, the others desc). Nulls last
-- either way; ties by id ascending.
create or replace function public.browse_games(
  p_query text default null, p_platforms bigint[] default null, p_genres text[] default null,
  p_year integer default null, p_min_rating numeric default null, p_sort text default 'name',
  p_order text default null, p_limit integer default 20, p_offset integer default 0)
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
declare
  v_q text := btrim(regexp_replace(lower(unaccent('extensions.unaccent'::regdictionary, app.sanitize_search(p_query))),
                                   '\s+', ' ', 'g'));
  v_flat text;
  v_spellings text[];
  v_tsq tsquery;
  v_platforms bigint[] := array(select distinct x from unnest(p_platforms) x where x is not null);
  v_genres text[] := array(select distinct lower(btrim(x)) from unnest(p_genres) x where btrim(x) <> '');
  v_sort text := coalesce(nullif(lower(btrim(p_sort)), ''), 'name');
  v_order text := lower(btrim(coalesce(p_order, '')));
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_key text;
  v_where text[] := '{}';
  v_result jsonb;
begin
  if v_sort = 'rating' then
    v_sort := 'avg_rating';
  end if;
  if v_sort not in ('name', 'release_date', 'avg_rating', 'rating_count', 'popularity', 'relevance') then
    perform app.fail('invalid_sort',
      'Invalid sort option: use name, release_date, avg_rating, rating_count, popularity or relevance', '22023');
  end if;
  if p_year is not null and p_year not between 1 and 9999 then
    perform app.fail('invalid_year', 'Invalid year: use a year from 1 to 9999', '22023');
  end if;
  if v_sort = 'relevance' and v_q = '' then
    v_sort := 'name';
  end if;
  if v_order not in ('asc', 'desc') then
    v_order := case when v_sort = 'name' then 'asc' else 'desc' end;
  end if;

  if v_q <> '' then
    v_flat := app.search_flat(v_q);
    v_spellings := array[v_flat] || array(
      select string_agg(coalesce(app.search_numeral(w.word), w.word), ' ' order by w.n)
      from unnest(string_to_array(v_flat, ' ')) with ordinality as w(word, n)
      having bool_or(app.search_numeral(w.word) is not null));
    v_tsq := app.search_tsquery(string_to_array(v_flat, ' '), 'AB');
    -- Both arms are indexed (tsvector and trigram GIN), so the planner can OR the two bitmaps.
    -- Below 3 characters a LIKE pattern has no trigram and would read the whole index.
    v_where := v_where || case when char_length(v_q) >= 3
      then $w$(g.search_vector @@ $2 or g.search_name like '%' || $1 || '%')$w$
      else 'g.search_vector @@ $2' end;
  end if;
  if cardinality(v_platforms) > 0 then
    v_where := v_where || 'exists (select 1 from public.platform_games pg where pg.game_id = g.id and pg.platform_id = any ($4))'::text;
  end if;
  if cardinality(v_genres) > 0 then
    v_where := v_where || 'exists (select 1 from unnest(array_append(g.genres, g.genre)) x where lower(x) = any ($5))'::text;
  end if;
  if p_year is not null then
    v_where := v_where || 'g.release_date >= make_date($6, 1, 1) and g.release_date < make_date($6 + 1, 1, 1)'::text;
  end if;
  if p_min_rating is not null then
    v_where := v_where || 's.avg_user_rating >= $7'::text;
  end if;

  v_key := case v_sort
    when 'name' then 'g.search_name collate "C"'
    when 'release_date' then 'g.release_date'
    when 'avg_rating' then 's.avg_user_rating'
    when 'rating_count' then 'coalesce(s.user_rating_count, 0)'
    when 'popularity' then 'app.game_popularity(g.popularity)'
    -- search_games_secure's stage 2: the best tier of the name or an alternative name (100
    -- less) for the query as typed or respelled, then similarity, full-text rank, kind of game
    -- and the external rating.
    else $k$(
      greatest(
        (select max(app.search_tier(app.search_flat(g.search_name), q)) from unnest($3) q),
        (select max(app.search_tier(app.search_flat(lower(unaccent('extensions.unaccent'::regdictionary, alt))), q) - 100)
         from unnest(g.alternative_names) alt cross join unnest($3) q),
        0)
      + 15 * word_similarity($1, g.search_name)
      + 10 * similarity($1, g.search_name)
      + 8 * least(coalesce(ts_rank(g.search_vector, $2), 0), 1)
      + case when g.category is null or g.category = 0 then 10 when g.category in (8, 9, 10) then 7
             when g.category in (2, 4) then 5 when g.category in (3, 11) then 2 else 0 end
      + 2 * coalesce(g.igdb_rating, 0) / 100.0
      + 2 * least(ln(1 + coalesce(g.rating_count, 0)) / ln(10001), 1))$k$
  end;

  -- Only the stable parts of the text are built here (the sort key and direction from the lists
  -- above, the filters that are in use); every value is a parameter. Members' ratings are
  -- aggregated over the matches only when a filter or the sort needs them, and otherwise only
  -- for the page.
  execute format($sql$
    with m as materialized (
      select g.id, %1$s as k
      from public.game g
      %2$s
      %3$s
    ),
    p as (
      select m.id, m.k from m order by m.k %4$s nulls last, m.id limit $8 offset $9
    )
    select jsonb_build_object(
      'total', (select count(*) from m),
      'games', coalesce((
        select jsonb_agg(app.game_json(g) || jsonb_build_object(
            'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
          order by p.k %4$s nulls last, p.id)
        from p
        join public.game g on g.id = p.id
        cross join lateral (
          select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
          from public.rating r where r.game_id = g.id) st), '[]'::jsonb))
  $sql$,
    v_key,
    case when p_min_rating is not null or v_sort in ('avg_rating', 'rating_count') then
      'left join (select r.game_id, round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
                  from public.rating r group by r.game_id) s on s.game_id = g.id'
    else '' end,
    case when cardinality(v_where) > 0 then 'where ' || array_to_string(v_where, E'\n        and ') else '' end,
    v_order)
  into v_result
  using v_q, v_tsq, v_spellings, v_platforms, v_genres, p_year, p_min_rating, v_limit, v_offset;
  return v_result;
end
$$;
comment on function public.browse_games(text, bigint[], text[], integer, numeric, text, text, integer, integer) is
  'Browse page: games filtered by text (name or alternative names), platform ids, genre names, release year and minimum members'' average rating; sorted by name | release_date | avg_rating (rating) | rating_count | popularity | relevance, asc | desc, nulls last, ties by id; 1 to 100 per page (default 20) from an offset. {total, games: [game with avg_user_rating, user_rating_count]}.';

-- ---------------------------------------------------------------------------------------------
-- Members' ratings beside search suggestions.

create or replace function public.game_rating_stats(p_igdb_ids bigint[])
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public
as $$
begin
  if cardinality(p_igdb_ids) > 200 then
    perform app.fail('too_many_games', 'Too many games: ask for at most 200 at a time', '22023');
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
        'igdb_id', g.igdb_id, 'game_id', g.id,
        'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
      order by w.n), '[]'::jsonb)
    from (
      select x.igdb_id, min(x.n) as n from unnest(p_igdb_ids) with ordinality as x(igdb_id, n)
      where x.igdb_id is not null group by x.igdb_id
    ) w
    join public.game g on g.igdb_id = w.igdb_id
    cross join lateral (
      select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
      from public.rating r where r.game_id = g.id) st);
end
$$;
comment on function public.game_rating_stats(bigint[]) is
  'Members'' average rating (one decimal, null when unrated) and rating count for up to 200 games by external id, in the order asked; game_id is the internal id. Ids with no game are left out.';

-- ---------------------------------------------------------------------------------------------
-- The catalogue for offline search, a page at a time.

create or replace function public.catalogue_page(p_after bigint default 0, p_limit integer default 1000)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public
as $$
  with page as (
    -- One row more than the page says whether another page follows.
    select g.* from public.game g
    where g.id > coalesce(p_after, 0)
    order by g.id
    limit least(greatest(coalesce(p_limit, 1000), 1), 5000) + 1
  ),
  numbered as (
    select page.*, row_number() over (order by page.id) as n from page
  )
  select jsonb_build_object(
    'games', coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', x.id, 'igdb_id', x.igdb_id, 'name', x.name, 'slug', x.slug, 'cover_url', x.cover_url,
          'first_release_date', x.first_release_date, 'release_date', x.release_date, 'category', x.category,
          'parent_game', x.parent_game, 'genres', x.genres, 'platforms', x.platforms, 'developer', x.developer,
          'publisher', x.publisher, 'alternative_names', x.alternative_names, 'igdb_rating', x.igdb_rating,
          'rating_count', x.rating_count, 'popularity', x.popularity,
          'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
        order by x.id)
      from numbered x
      cross join lateral (
        select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
        from public.rating r where r.game_id = x.id) st
      where x.n <= least(greatest(coalesce(p_limit, 1000), 1), 5000)), '[]'::jsonb),
    'next', (
      select x.id from numbered x
      where x.n = least(greatest(coalesce(p_limit, 1000), 1), 5000)
        and exists (select 1 from numbered y where y.n > x.n)))
$$;
comment on function public.catalogue_page(bigint, integer) is
  'The catalogue for offline search in id order: up to p_limit (1 to 5000, default 1000) compact games with id > p_after, each with members'' average rating and count; next is the last id when more follow, else null.';

grant execute on function
  public.browse_games(text, bigint[], text[], integer, numeric, text, text, integer, integer),
  public.game_rating_stats(bigint[]),
  public.catalogue_page(bigint, integer)
to anon, authenticated;
