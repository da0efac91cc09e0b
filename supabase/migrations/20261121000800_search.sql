-- Catalogue search on the server: search_games_secure (the header box and the browse page ask it
-- after ranking the local cache) and search_games_by_genre, both named as the spec names them.
-- Candidates come only from indexes: the weighted tsvector game.search_vector (A name,
-- B alternative names, C companies, franchise and genres, D summary) and the trigram index on
-- game.search_name (substrings, and near misses for typos). A query costs what it matches, not
-- the size of the catalogue.

-- Sequel numbers: 2 to 20 as a Roman numeral and back ('7' gives 'vii', 'ii' gives '2'); null
-- for any other word. 1 and 'i' are left alone: 'i' is a word far more often than a numeral.
create or replace function app.search_numeral(p_word text)
returns text
language sql
immutable
set search_path = pg_catalog
as $$
  select case when p_word ~ '^\d{1,2}$' and p_word::integer between 2 and 20 then r.numerals[p_word::integer]
              when array_position(r.numerals, p_word) >= 2 then array_position(r.numerals, p_word)::text end
  from (select '{i,ii,iii,iv,v,vi,vii,viii,ix,x,xi,xii,xiii,xiv,xv,xvi,xvii,xviii,xix,xx}'::text[] as numerals) r
$$;

-- The words of a query as a tsquery. Every word must match, as a prefix, either as written
-- (names, companies and genres are indexed with the 'simple' configuration) or as its English
-- stem (summaries are indexed with 'english'): 'duty' finds "Call of Duty" and 'stories' finds a
-- summary's 'story'. A sequel number also matches its other spelling ('2' finds "Assassin's
-- Creed II"). A stop word before the last word must match whole: as a prefix 'the' or 'of'
-- would expand to thousands of words and cost more than the rest of the search. p_weights
-- ('A', 'AB', …) limits the match to those parts of game.search_vector. Words are [a-z0-9]+
-- here, so they are safe inside tsquery syntax.
create or replace function app.search_tsquery(p_words text[], p_weights text default '')
returns tsquery
language sql
stable
set search_path = pg_catalog
as $$
  with words as (
    select w.word, w.n, w.n = cardinality(p_words[1:10]) as is_last,
      coalesce(ts_lexize('english_stem', w.word), '{}') as stems, app.search_numeral(w.word) as numeral
    from unnest(p_words[1:10]) with ordinality as w(word, n)
    where w.word ~ '^[a-z0-9]+$'
  ),
  suffix as (
    select ':*' || p_weights as prefix, case when p_weights = '' then '' else ':' || p_weights end as whole
  )
  select to_tsquery('simple', string_agg('(' || concat_ws(' | ',
      w.word || case when w.stems = '{}' and not w.is_last then x.whole else x.prefix end,
      case when w.stems[1] <> w.word then w.stems[1] || x.prefix end,
      w.numeral || x.whole) || ')', ' & ' order by w.n))
  from words w cross join suffix x
  where p_weights ~ '^[ABCD]{0,4}$'
$$;

-- A text flattened for comparing titles: apostrophes dropped ("assassin's" gives "assassins"),
-- every other run of characters but a-z and 0-9 one space. Callers lower-case and fold accents.
create or replace function app.search_flat(p_text text)
returns text
language sql
immutable
set search_path = pg_catalog
as $$
  select btrim(regexp_replace(regexp_replace(coalesce(p_text, ''), '[''’]', '', 'g'), '[^a-z0-9]+', ' ', 'g'))
$$;

-- A title's tier for one spelling of the query (both flattened by app.search_flat): exact 1000,
-- exact after a leading article ("The …") 950, prefix (also after the article) 800, contains
-- from the start of a word 600 ('zelda' in "The Legend of Zelda"), contains inside a word 400
-- ('gta' in "Ragtag"), else 0. An alternative name scores 100 less (900, 850, 700, 500, 300).
create or replace function app.search_tier(p_flat_name text, p_flat_query text)
returns integer
language sql
immutable
set search_path = pg_catalog
as $$
  select case when p_flat_name = p_flat_query then 1000
              when n.bare = p_flat_query then 950
              when p_flat_name like p_flat_query || '%' or n.bare like p_flat_query || '%' then 800
              when ' ' || p_flat_name like '% ' || p_flat_query || '%' then 600
              when p_flat_name like '%' || p_flat_query || '%' then 400
              else 0 end
  from (select regexp_replace(p_flat_name, '^(the|a|an) ', '') as bare) n
$$;

grant execute on function app.search_numeral(text), app.search_tsquery(text[], text), app.search_flat(text),
  app.search_tier(text, text)
to anon, authenticated, service_role;

-- search_games_secure ranks in two stages:
--  1. The pool. Candidates come from the full-text prefix query on search_vector and, from 3
--     characters, a substring of search_name. Each gets a cheap score from plain comparisons on
--     search_name (the tiers of app.search_tier, without flattening punctuation) and the best
--     2 × limit (at least 100) are kept. Only when no name contains the query, or all of its
--     words, does trigram word similarity on search_name add near misses, so typos ('zelad',
--     'halo reahc') still find their games; it is the costliest scan (common trigrams have long
--     posting lists), so it runs only when needed.
--  2. The pool is ranked in full: the best tier of the name or an alternative name, for the
--     query as typed or with its sequel numbers respelled ('final fantasy 7' is also 'final
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

create or replace function public.search_games_secure(search_query text, limit_count integer default 50)
returns table (
  id bigint, igdb_id bigint, game_id text, name text, slug text, summary text, description text, release_date date,
  first_release_date bigint, cover_url text, genre text, genres text[], platforms text[], developer text,
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
      g.first_release_date, g.cover_url, g.genre, g.genres, g.platforms, g.developer, g.publisher,
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

create or replace function public.search_games_by_genre(genre_name text, limit_count integer default 1000)
returns table (
  id bigint, igdb_id bigint, game_id text, name text, slug text, summary text, description text, release_date date,
  first_release_date bigint, cover_url text, genre text, genres text[], platforms text[], developer text,
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
      g.first_release_date, g.cover_url, g.genre, g.genres, g.platforms, g.developer, g.publisher,
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
