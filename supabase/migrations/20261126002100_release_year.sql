-- The release year (issue 20 §1 "TBA for famous games"). release_date is a date, so a game known
-- only to the year (Ocarina of Time, 1998, in the seed and in IGDB) had none and showed "TBA".
-- game.release_year is the year of release: the day's year when the day is known, else the year
-- alone. Everything that carries release_date carries it too: normalize_game reads it (a number,
-- a '1998' release_date, or IGDB's release_dates [{y}]), upsert_game fills it in like the other
-- facts, game_json (to_jsonb) and so get_game_page and the sync pull have it, and so do
-- game_card (lists, Top 5, activity), search_games_secure, search_games_by_genre, browse_games
-- (whose year filter now reads it, so a year-only game is found under its year) and
-- catalogue_page.

alter table public.game add column release_year smallint check (release_year between 1 and 9999);
comment on column public.game.release_year is
  'Year of release: release_date''s year when the day is known, else the year alone (a game known only to the year).';
create index game_release_year_idx on public.game (release_year);

-- Backfill. The years of the dates already known are not news to any device (each derives the
-- year from the date), so they are written without logging a change for every game of the
-- catalogue or touching updated_at and the search fields.
alter table public.game disable trigger game_log_change;
alter table public.game disable trigger game_search_fields;
update public.game set release_year = extract(year from release_date)::smallint
where release_date is not null and release_year is null and extract(year from release_date) between 1 and 9999;
update public.game set release_year = extract(year from to_timestamp(first_release_date) at time zone 'UTC')::smallint
where release_date is null and release_year is null and first_release_date is not null
  and first_release_date between -62135596800 and 253402300799;
alter table public.game enable trigger game_search_fields;
alter table public.game enable trigger game_log_change;

-- The bundled seed's classics known only to the year, as a database loaded before this migration
-- has them (no date, no year). This is news, so it is logged and devices showing them pull it.
-- (A catalogue loaded from a file is completed by loading it again: upsert_game fills the year.)
update public.game g set release_year = v.y
from (values
  (1000000084, 2009), -- The Sims 3
  (1000000095, 1998), -- The Legend of Zelda: Ocarina of Time
  (1000000101, 2006), -- The Legend of Zelda: Twilight Princess
  (1000000128, 1986), -- The Legend of Zelda
  (1000000232, 1991), -- The Legend of Zelda: A Link to the Past
  (1000000233, 2002), -- The Legend of Zelda: The Wind Waker
  (1000000251, 2006), -- The Elder Scrolls IV: Oblivion
  (1000000319, 1992), -- The Legend of Zelda: Link's Awakening
  (1000000399, 2000), -- The Legend of Zelda: Majora's Mask
  (1000000508, 2002), -- The Elder Scrolls III: Morrowind
  (1000000542, 2000), -- The Sims
  (1000000682, 2015), -- The Legend of Zelda: Majora's Mask 3D
  (1000001402, 2004), -- The Sims 2
  (1000002214, 2016), -- The Legend of Zelda: Twilight Princess HD
  (1000012467, 2007)  -- The Witcher
) as v(igdb_id, y)
where g.igdb_id = v.igdb_id and g.release_date is null and g.release_year is null;

-- Accepts IGDB-shaped JSON (names or {name} objects, unix-second dates, protocol-less cover
-- URLs) and the app's own game shape (release_date, cover_url), and returns a clean row.
-- A JSON null is not an SQL null: coalesce over `->` needs nullif(…, 'null') to fall back.
create or replace function app.normalize_game(p jsonb)
returns jsonb
language plpgsql
immutable
set search_path = pg_catalog
as $$
declare
  -- Lists are capped (50 names of at most 200 characters) so no client-sent summary can exceed
  -- an index row or a tsvector.
  names_of text := $q$ select coalesce(jsonb_agg(n) filter (where n is not null and char_length(n) <= 200), '[]'::jsonb)
                      from (select coalesce(e ->> 'name', e #>> '{}') as n
                            from jsonb_array_elements(case when jsonb_typeof($1) = 'array' then $1 else '[]'::jsonb end) e
                            limit 50) names $q$;
  v_cover text := coalesce(p ->> 'cover_url', p #>> '{cover,url}');
  v_seconds bigint;
  v_date date;
  v_year integer;
  v_genres jsonb;
  v_platforms jsonb;
  v_alt jsonb;
  v_companies jsonb;
begin
  execute names_of into v_genres using p -> 'genres';
  execute names_of into v_platforms using p -> 'platforms';
  execute names_of into v_alt using p -> 'alternative_names';
  execute names_of into v_companies using p -> 'involved_companies';
  if jsonb_typeof(p -> 'first_release_date') = 'number' then
    v_seconds := (p ->> 'first_release_date')::numeric::bigint;
    v_date := (to_timestamp(v_seconds) at time zone 'UTC')::date;
  end if;
  if p ->> 'release_date' ~ '^\d{4}-\d{2}-\d{2}' then
    v_date := left(p ->> 'release_date', 10)::date;
  elsif jsonb_typeof(p -> 'release_date') = 'number' then
    v_date := (to_timestamp((p ->> 'release_date')::numeric) at time zone 'UTC')::date;
  end if;
  -- The year: the day's when the day is known, else the year alone ('release_year': 1998, a
  -- 'release_date' of '1998', or IGDB's release_dates [{y: 1998}], the earliest).
  if v_date is not null then
    v_year := extract(year from v_date)::integer;
  elsif jsonb_typeof(p -> 'release_year') = 'number' and (p ->> 'release_year')::numeric between 1 and 9999 then
    v_year := trunc((p ->> 'release_year')::numeric)::integer;
  elsif p ->> 'release_date' ~ '^\d{4}$' then
    v_year := (p ->> 'release_date')::integer;
  elsif jsonb_typeof(p -> 'release_dates') = 'array' then
    select trunc(min((d ->> 'y')::numeric))::integer into v_year
    from jsonb_array_elements(p -> 'release_dates') d
    where jsonb_typeof(d) = 'object' and jsonb_typeof(d -> 'y') = 'number' and (d ->> 'y')::numeric between 1 and 9999;
  end if;
  if v_year not between 1 and 9999 then
    v_year := null;  -- a date before the common era has no year the column keeps
  end if;
  if v_cover is not null then
    v_cover := replace(v_cover, 't_thumb', 't_cover_big');
    if v_cover like '//%' then v_cover := 'https:' || v_cover; end if;
    if v_cover like 'http://%' then v_cover := 'https://' || substr(v_cover, 8); end if;
    if v_cover !~ '^https://' then v_cover := null; end if;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'igdb_id', coalesce(nullif(p -> 'igdb_id', 'null'::jsonb), p -> 'id'),
    'name', btrim(p ->> 'name'),
    'summary', nullif(btrim(p ->> 'summary'), ''),
    'release_date', v_date,
    'release_year', v_year,
    'first_release_date', coalesce(v_seconds, case when v_date is not null then extract(epoch from v_date)::bigint end),
    'cover_url', v_cover,
    'genre', coalesce(nullif(p ->> 'genre', ''), v_genres ->> 0),
    'genres', v_genres,
    'platforms', v_platforms,
    'developer', nullif(p ->> 'developer', ''),
    'publisher', nullif(p ->> 'publisher', ''),
    'involved_companies', v_companies,
    'alternative_names', v_alt,
    'category', coalesce(nullif(p -> 'category', 'null'::jsonb), p -> 'category_guess'),
    'parent_game', case when jsonb_typeof(p -> 'parent_game') = 'object' then p #> '{parent_game,id}' else p -> 'parent_game' end,
    'franchise', coalesce(p ->> 'franchise', p #>> '{franchise,name}'),
    'collection', coalesce(p #>> '{collection,name}', case when jsonb_typeof(p -> 'collection') = 'string' then p ->> 'collection' end),
    'igdb_rating', case when jsonb_typeof(coalesce(nullif(p -> 'total_rating', 'null'::jsonb), p -> 'rating')) = 'number'
                        then round(least(100, greatest(0, coalesce(p ->> 'total_rating', p ->> 'rating')::numeric))) end,
    'rating_count', coalesce(nullif(p -> 'total_rating_count', 'null'::jsonb), p -> 'rating_count'),
    'metacritic_score', p -> 'metacritic_score',
    'popularity', p -> 'popularity'
  ));
end
$$;

-- Inserts or completes one game; returns its row. Existing catalogue facts are kept; only
-- missing ones are filled in, so a member's request can never rewrite the catalogue.
create or replace function app.upsert_game(p jsonb)
returns public.game
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
declare
  g jsonb := app.normalize_game(p);
  v_igdb bigint;
  v_row public.game;
  v_platform text;
begin
  if jsonb_typeof(g -> 'igdb_id') is distinct from 'number' or (g ->> 'igdb_id')::numeric <= 0
     or (g ->> 'igdb_id')::numeric <> trunc((g ->> 'igdb_id')::numeric) then
    perform app.fail('invalid_game', 'Game data missing valid IGDB ID');
  end if;
  if coalesce(g ->> 'name', '') = '' then
    perform app.fail('game_name_required', 'Game name is required');
  end if;
  v_igdb := (g ->> 'igdb_id')::bigint;
  insert into public.game as t (igdb_id, name, slug, summary, release_date, release_year, first_release_date, cover_url, genre,
    genres, platforms, developer, publisher, involved_companies, alternative_names, category, parent_game,
    franchise, collection, igdb_rating, rating_count, metacritic_score, popularity)
  values (v_igdb, g ->> 'name', app.game_slug(g ->> 'name', v_igdb), g ->> 'summary', (g ->> 'release_date')::date,
    (g ->> 'release_year')::smallint, (g ->> 'first_release_date')::bigint, g ->> 'cover_url', g ->> 'genre',
    array(select jsonb_array_elements_text(coalesce(g -> 'genres', '[]'))),
    array(select jsonb_array_elements_text(coalesce(g -> 'platforms', '[]'))),
    g ->> 'developer', g ->> 'publisher',
    array(select jsonb_array_elements_text(coalesce(g -> 'involved_companies', '[]'))),
    array(select jsonb_array_elements_text(coalesce(g -> 'alternative_names', '[]'))),
    (g ->> 'category')::smallint, (g ->> 'parent_game')::bigint, g ->> 'franchise', g ->> 'collection',
    (g ->> 'igdb_rating')::smallint, (g ->> 'rating_count')::integer, (g ->> 'metacritic_score')::smallint,
    coalesce(g -> 'popularity', '{}'))
  on conflict (igdb_id) do update set
    summary = coalesce(t.summary, excluded.summary),
    release_date = coalesce(t.release_date, excluded.release_date),
    release_year = coalesce(t.release_year, excluded.release_year),
    first_release_date = coalesce(t.first_release_date, excluded.first_release_date),
    cover_url = coalesce(t.cover_url, excluded.cover_url),
    genre = coalesce(t.genre, excluded.genre),
    genres = case when t.genres = '{}' then excluded.genres else t.genres end,
    platforms = case when t.platforms = '{}' then excluded.platforms else t.platforms end,
    developer = coalesce(t.developer, excluded.developer),
    publisher = coalesce(t.publisher, excluded.publisher),
    category = coalesce(t.category, excluded.category),
    parent_game = coalesce(t.parent_game, excluded.parent_game)
  where t.summary is null or t.release_date is null or t.release_year is null or t.cover_url is null or t.genre is null
     or t.genres = '{}' or t.platforms = '{}' or t.developer is null or t.publisher is null
     or t.category is null or t.parent_game is null
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.game where igdb_id = v_igdb;
  end if;
  foreach v_platform in array v_row.platforms loop
    insert into public.platform_games (game_id, platform_id)
      values (v_row.id, app.platform_id(v_platform)) on conflict do nothing;
  end loop;
  return v_row;
end
$$;



-- A game as lists and tiles show it (also what a wishlist or collection entry displays).
create or replace function app.game_card(g public.game)
returns jsonb
language sql
stable
set search_path = pg_catalog, public
as $$
  select jsonb_build_object('id', g.id, 'igdb_id', g.igdb_id, 'name', g.name, 'slug', g.slug, 'cover_url', g.cover_url,
    'release_date', g.release_date, 'release_year', g.release_year, 'genre', g.genre, 'category', g.category)
$$;

--     fantasy vii'). The tier decides first; everything after it adds up to less than 50, the
--     smallest gap between tiers: word similarity to the name (0-15), similarity (0-10, favours
--     names about as long as the query), full-text rank (0-8), the kind of game (0-10: main
--     games, then remakes and remasters, expansions, bundles and ports, then DLC, mods and
--     episodes, so equal text puts the main game first) and a little for the external rating
--     and rating count (0-4). Tier 0 is a match on companies, franchise, genres or summary only,
--     or a near miss.
-- The function below sets pg_trgm.word_similarity_threshold. PostgreSQL lets only a superuser name
-- a setting of a module that this session has not loaded yet, and `db push` on hosted Supabase runs
-- as `postgres`, which is not one: calling any pg_trgm function loads the module, so the setting is
-- known whatever this session did before.
select extensions.similarity('', '');

drop function public.search_games_secure(text, integer);
create function public.search_games_secure(search_query text, limit_count integer default 50)
returns table (
  id bigint, igdb_id bigint, game_id text, name text, slug text, summary text, description text, release_date date,
  release_year smallint, first_release_date bigint, cover_url text, genre text, genres text[], platforms text[], developer text,
  publisher text, involved_companies text[], alternative_names text[], category smallint, parent_game bigint,
  franchise text, collection text, igdb_rating smallint, rating_count integer, metacritic_score smallint,
  popularity jsonb, screenshots text[], videos text[], is_verified boolean, view_count integer,
  created_at timestamptz, updated_at timestamptz, search_rank real)
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
-- 0.5 lets a swapped pair of letters through in a longer word ('zelad' finds "Zelda") and little
-- else; a short word with a swap ('mairo') is beyond trigrams.
set pg_trgm.word_similarity_threshold = 0.5
as $$
#variable_conflict use_column
declare
  v_q text;           -- lower case, accents folded, single spaces: compared with game.search_name
  v_flat text;        -- v_q through app.search_flat: compared with names flattened alike
  v_spellings text[]; -- v_flat, and v_flat with its sequel numbers respelled when it has any
  v_tsq tsquery;
  v_limit integer := least(greatest(coalesce(limit_count, 50), 1), 200);
  v_pool integer;
  v_ids bigint[];
  v_named boolean;    -- whether some candidate's name contains the query, or all of its words
  -- Stage 1's tier of search_name for one spelling (%1$s); '%%' is LIKE's '%' through format().
  c_tier constant text := $t$case when g.search_name = %1$s then 1000
       when g.search_name in ('the ' || %1$s, 'a ' || %1$s, 'an ' || %1$s) then 950
       when g.search_name like %1$s || '%%' or g.search_name like 'the ' || %1$s || '%%' then 800
       when ' ' || g.search_name like '%% ' || %1$s || '%%' then 600
       when g.search_name like '%%' || %1$s || '%%' then 400
       when g.alternative_names <> '{}' and lower(array_to_string(g.alternative_names, ' ')) like '%%' || %1$s || '%%' then 500
       else 0 end$t$;
begin
  v_q := btrim(regexp_replace(lower(unaccent('extensions.unaccent'::regdictionary, app.sanitize_search(search_query))),
                              '\s+', ' ', 'g'));
  v_flat := app.search_flat(v_q);
  if v_flat = '' then
    return;
  end if;
  v_spellings := array[v_flat] || array(
    select string_agg(coalesce(app.search_numeral(w.word), w.word), ' ' order by w.n)
    from unnest(string_to_array(v_flat, ' ')) with ordinality as w(word, n)
    having bool_or(app.search_numeral(w.word) is not null));
  v_tsq := app.search_tsquery(string_to_array(v_flat, ' '));
  v_pool := greatest(2 * v_limit, 100);

  -- Stage 1. Dynamic so that each query is planned with its own values, so the respelled query
  -- costs nothing when there is none, and so the substring condition is left out below 3
  -- characters, where a LIKE pattern has no trigram and would read the whole index.
  execute format($sql$
    select coalesce(array_agg(c.id order by c.pre desc, c.id), '{}'), coalesce(bool_or(c.named), false)
    from (
      select g.id, n.tier >= 600 or g.search_vector @@ $3 as named,
        n.tier
        + case when g.category is null or g.category = 0 then 10 when g.category in (8, 9, 10) then 7
               when g.category in (2, 4) then 5 when g.category in (3, 11) then 2 else 0 end
        + 2 * coalesce(g.igdb_rating, 0) / 100.0 + least(coalesce(g.rating_count, 0), 2000) / 1000.0
        - least(char_length(g.search_name), 100) / 10.0 as pre
      from public.game g
      cross join lateral (select %s as tier) n
      where g.search_vector @@ $2 %s
      order by pre desc, g.id
      limit $4
    ) c
  $sql$,
    case when cardinality(v_spellings) > 1 then 'greatest(' || format(c_tier, '$1') || ', ' || format(c_tier, '$5') || ')'
         else format(c_tier, '$1') end,
    case when char_length(v_q) >= 3 then $or$or g.search_name like '%' || $1 || '%'$or$ else '' end)
  into v_ids, v_named
  using v_q, v_tsq, app.search_tsquery(string_to_array(v_flat, ' '), 'A'), v_pool, v_spellings[2];

  if not v_named then
    v_ids := v_ids || array(
      select g.id from public.game g
      where g.search_name %> v_q and g.id <> all (v_ids)
      order by word_similarity(v_q, g.search_name) desc, g.id
      limit v_pool);
  end if;

  -- Stage 2.
  return query
    select g.id, g.igdb_id, g.game_id, g.name, g.slug, g.summary, g.description, g.release_date,
      g.release_year, g.first_release_date, g.cover_url, g.genre, g.genres, g.platforms, g.developer, g.publisher,
      g.involved_companies, g.alternative_names, g.category, g.parent_game, g.franchise, g.collection,
      g.igdb_rating, g.rating_count, g.metacritic_score, g.popularity, g.screenshots, g.videos, g.is_verified,
      g.view_count, g.created_at, g.updated_at,
      (t.tier
        + 15 * word_similarity(v_q, g.search_name)
        + 10 * similarity(v_q, g.search_name)
        + 8 * least(ts_rank(g.search_vector, v_tsq), 1)
        + case when g.category is null or g.category = 0 then 10 when g.category in (8, 9, 10) then 7
               when g.category in (2, 4) then 5 when g.category in (3, 11) then 2 else 0 end
        + 2 * coalesce(g.igdb_rating, 0) / 100.0
        + 2 * least(ln(1 + coalesce(g.rating_count, 0)) / ln(10001), 1))::real as rank
    from public.game g
    cross join lateral (
      select greatest(
        (select max(app.search_tier(app.search_flat(g.search_name), q)) from unnest(v_spellings) q),
        (select max(app.search_tier(app.search_flat(lower(unaccent('extensions.unaccent'::regdictionary, alt))), q) - 100)
         from unnest(g.alternative_names) alt cross join unnest(v_spellings) q),
        0) as tier) t
    where g.id = any (v_ids)
    order by rank desc, g.rating_count desc nulls last, g.id
    limit v_limit;
end
$$;
comment on function public.search_games_secure(text, integer) is
  'Catalogue search: sanitised text matched on name (typo-tolerant), alternative names, companies, franchise, genres and summary; best first (search_rank), 1 to 200 rows (default 50). Blank text gives no rows.';

drop function public.search_games_by_genre(text, integer);
create function public.search_games_by_genre(genre_name text, limit_count integer default 1000)
returns table (
  id bigint, igdb_id bigint, game_id text, name text, slug text, summary text, description text, release_date date,
  release_year smallint, first_release_date bigint, cover_url text, genre text, genres text[], platforms text[], developer text,
  publisher text, involved_companies text[], alternative_names text[], category smallint, parent_game bigint,
  franchise text, collection text, igdb_rating smallint, rating_count integer, metacritic_score smallint,
  popularity jsonb, screenshots text[], videos text[], is_verified boolean, view_count integer,
  created_at timestamptz, updated_at timestamptz)
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
#variable_conflict use_column
declare
  v_genre text := lower(btrim(coalesce(genre_name, '')));
  -- The text inside a LIKE pattern, its own % _ and \ escaped ("Role-playing (RPG)" is a genre,
  -- so this is not the search sanitiser, which would strip the brackets).
  v_pattern text := '%' || replace(replace(replace(v_genre, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_words text[] := string_to_array(app.search_flat(unaccent('extensions.unaccent'::regdictionary, v_genre)), ' ');
  v_tsq tsquery;
  v_limit integer := least(greatest(coalesce(limit_count, 1000), 1), 1000);
  c_query constant text := $sql$
    select g.id, g.igdb_id, g.game_id, g.name, g.slug, g.summary, g.description, g.release_date,
      g.release_year, g.first_release_date, g.cover_url, g.genre, g.genres, g.platforms, g.developer, g.publisher,
      g.involved_companies, g.alternative_names, g.category, g.parent_game, g.franchise, g.collection,
      g.igdb_rating, g.rating_count, g.metacritic_score, g.popularity, g.screenshots, g.videos, g.is_verified,
      g.view_count, g.created_at, g.updated_at
    from public.game g
    where %s exists (select 1 from unnest(array_append(g.genres, g.genre)) x where lower(x) like $2)
    order by g.igdb_rating desc nulls last, g.rating_count desc nulls last, g.name, g.id
    limit $3
  $sql$;
begin
  if v_genre = '' or v_words = '{}' then
    return;
  end if;
  v_tsq := app.search_tsquery(v_words, 'C');
  -- Genres are part C of search_vector, so its index narrows the scan to games with those words
  -- among their companies, franchise and genres, and the genre list itself then decides. The
  -- text parser keeps "slash/beat" (from "Hack and slash/Beat 'em up") as one word, so when the
  -- index finds nothing the whole catalogue is read instead.
  return query execute format(c_query, 'g.search_vector @@ $1 and') using v_tsq, v_pattern, v_limit;
  if not found then
    return query execute format(c_query, '') using v_tsq, v_pattern, v_limit;
  end if;
end
$$;
comment on function public.search_games_by_genre(text, integer) is
  'Games whose genres contain the text (case-insensitive), best rated first, at most 1000.';

grant execute on function public.search_games_secure(text, integer), public.search_games_by_genre(text, integer)
to anon, authenticated;

-- browse_games as …1600 defines it; the year filter reads release_year.
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
    v_where := v_where || 'g.release_year = $6'::text;
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
          from public.rating r where r.game_id = g.id and not r.is_draft) st), '[]'::jsonb))
  $sql$,
    v_key,
    case when p_min_rating is not null or v_sort in ('avg_rating', 'rating_count') then
      'left join (select r.game_id, round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
                  from public.rating r where not r.is_draft group by r.game_id) s on s.game_id = g.id'
    else '' end,
    case when cardinality(v_where) > 0 then 'where ' || array_to_string(v_where, E'\n        and ') else '' end,
    v_order)
  into v_result
  using v_q, v_tsq, v_spellings, v_platforms, v_genres, p_year, p_min_rating, v_limit, v_offset;
  return v_result;
end
$$;

-- catalogue_page as …1600 defines it, with release_year.
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
          'first_release_date', x.first_release_date, 'release_date', x.release_date,
          'release_year', x.release_year, 'category', x.category,
          'parent_game', x.parent_game, 'genres', x.genres, 'platforms', x.platforms, 'developer', x.developer,
          'publisher', x.publisher, 'alternative_names', x.alternative_names, 'igdb_rating', x.igdb_rating,
          'rating_count', x.rating_count, 'popularity', x.popularity,
          'avg_user_rating', st.avg_user_rating, 'user_rating_count', st.user_rating_count)
        order by x.id)
      from numbered x
      cross join lateral (
        select round(avg(r.rating), 1) as avg_user_rating, count(*)::integer as user_rating_count
        from public.rating r where r.game_id = x.id and not r.is_draft) st
      where x.n <= least(greatest(coalesce(p_limit, 1000), 1), 5000)), '[]'::jsonb),
    'next', (
      select x.id from numbered x
      where x.n = least(greatest(coalesce(p_limit, 1000), 1), 5000)
        and exists (select 1 from numbered y where y.n > x.n)))
$$;
