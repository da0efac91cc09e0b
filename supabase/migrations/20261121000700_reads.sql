-- Screen reads: each function answers one screen (game page, profile, review page, home, user
-- directory, activity feed) with one jsonb document, so a screen costs one round trip and the
-- client writes what it gets into IndexedDB (read-through). All are security invoker: the tables'
-- RLS and column grants apply to the caller. Members may not read "user".email, so member shapes
-- are built from named public columns (app.user_json, app.author_json), never from a whole row.

-- ---------------------------------------------------------------------------------------------
-- Shapes shared by the reads.

-- A review's or comment's author as cards show it.
create or replace function app.author_json(p_id bigint)
returns jsonb
language sql
stable
set search_path = pg_catalog, public
as $$
  select jsonb_build_object('id', u.id, 'username', u.username, 'name', u.name, 'avatar_url', u.avatar_url)
  from public."user" u where u.id = p_id
$$;

-- A game as lists and tiles show it (also what a wishlist or collection entry displays).
create or replace function app.game_card(g public.game)
returns jsonb
language sql
stable
set search_path = pg_catalog, public
as $$
  select jsonb_build_object('id', g.id, 'igdb_id', g.igdb_id, 'name', g.name, 'slug', g.slug, 'cover_url', g.cover_url,
    'release_date', g.release_date, 'genre', g.genre, 'category', g.category)
$$;

-- The caller's own email, as {email}, when p_id is the caller's member row; otherwise null.
-- Definer rights because nobody may select the email column; the check keeps it to its owner.
create or replace function app.email_if_self(p_id bigint)
returns jsonb
language sql
stable
security definer
set search_path = pg_catalog, public
as $$
  select jsonb_build_object('email', u.email)
  from public."user" u where u.id = p_id and u.provider_id = (select auth.uid())::text
$$;

-- The spec's search-text sanitiser (shared with 20261121000800_search.sql): strips the characters
-- ' " \ ; ( ) % _ and the sequences -- /* */, trims, caps at 100 characters. What it leaves is
-- safe inside a LIKE pattern, since % _ and \ are gone.
create or replace function app.sanitize_search(p_text text)
returns text
language sql
immutable
set search_path = pg_catalog
as $$
  select btrim(left(btrim(
    replace(replace(replace(translate(coalesce(p_text, ''), '''"\;()%_', ''), '--', ''), '/*', ''), '*/', ''),
    E' \t\r\n'), 100), E' \t\r\n')
$$;

grant execute on function app.author_json(bigint), app.game_card(public.game),
  app.email_if_self(bigint), app.sanitize_search(text)
to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Game page (/game/{identifier}).

create or replace function public.get_game_page(p_identifier text, p_review_limit integer default 5)
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
declare
  v_ident text := lower(btrim(coalesce(p_identifier, '')));
  v_limit integer := least(greatest(coalesce(p_review_limit, 5), 0), 50);
  v_me bigint := app.current_user_id();
  v_game public.game;
begin
  if v_ident !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_ident) > 200 then
    perform app.fail('invalid_identifier', 'Invalid or missing game identifier');
  end if;
  -- Digits only is an id (spec 000 §2): internal id, then external id; a slug made only of
  -- digits (a game called "1942") is still found as a last resort.
  if v_ident ~ '^\d{1,18}$' then
    select * into v_game from public.game g where g.id = v_ident::bigint;
    if v_game.id is null then
      select * into v_game from public.game g where g.igdb_id = v_ident::bigint;
    end if;
  end if;
  if v_game.id is null then
    select * into v_game from public.game g where g.slug = v_ident;
  end if;
  if v_game.id is null then
    return null;
  end if;

  return jsonb_build_object(
    'game', app.game_json(v_game),
    'platforms', (
      select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by lower(p.name) collate "C", p.id), '[]'::jsonb)
      from public.platform_games pg join public.platform p on p.id = pg.platform_id
      where pg.game_id = v_game.id),
    'ratings', (
      with rs as (select r.rating from public.rating r where r.game_id = v_game.id)
      select jsonb_build_object(
        'count', (select count(*) from rs),
        'average', (select round(avg(rs.rating), 1) from rs),
        -- Bucket i holds the ratings from i up to (not including) i + 1; 10 holds the tens.
        'histogram', (select jsonb_agg((select count(*) from rs where floor(rs.rating) = b) order by b)
                      from generate_series(1, 10) b))),
    'reviews', (
      select coalesce(jsonb_agg(x.doc order by x.post_date_time desc, x.id desc), '[]'::jsonb)
      from (
        select r.id, r.post_date_time, to_jsonb(r) || jsonb_build_object('author', app.author_json(r.user_id)) as doc
        from public.rating r
        where r.game_id = v_game.id and r.review is not null and btrim(r.review) <> ''
        order by r.post_date_time desc, r.id desc
        limit v_limit
      ) x),
    'review_count', (
      select count(*) from public.rating r
      where r.game_id = v_game.id and r.review is not null and btrim(r.review) <> ''),
    'related', jsonb_build_object(
      'parent', (
        select app.game_card(p) || jsonb_build_object('summary', p.summary)
        from public.game p where v_game.parent_game is not null and p.igdb_id = v_game.parent_game),
      'dlcs', (
        select coalesce(jsonb_agg(app.game_card(d) order by d.release_date nulls last, d.id), '[]'::jsonb)
        from (
          select * from public.game d
          where d.parent_game = v_game.igdb_id and d.category between 1 and 4
          order by d.release_date nulls last, d.id
          limit 20
        ) d)),
    'me', case when auth.uid() is null then null else jsonb_build_object(
      'review', (select to_jsonb(r) from public.rating r where r.user_id = v_me and r.game_id = v_game.id),
      'progress', (
        select jsonb_build_object('started', p.started, 'completed', p.completed,
          'started_date', p.started_date, 'completed_date', p.completed_date)
        from public.game_progress p where p.user_id = v_me and p.game_id = v_game.id),
      'in_wishlist', exists (select 1 from public.user_wishlist w where w.user_id = v_me and w.game_id = v_game.id),
      'in_collection', exists (select 1 from public.user_collection c where c.user_id = v_me and c.game_id = v_game.id),
      'rated', exists (select 1 from public.rating r where r.user_id = v_me and r.game_id = v_game.id)) end
  );
end
$$;
comment on function public.get_game_page(text, integer) is
  'Game page: the game (by id, external id or slug), its platforms, rating summary, newest written reviews, related games and the caller''s own status. Null when no such game.';

-- ---------------------------------------------------------------------------------------------
-- Profile (/user/{id}).

create or replace function public.get_profile(p_user_id bigint)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  with me as (select app.current_user_id() as id)
  select jsonb_build_object(
    'user', app.user_json(t.id) || coalesce(app.email_if_self(t.id), '{}'::jsonb),
    'is_self', coalesce(t.id = me.id, false),
    'is_following', exists (select 1 from public.user_follow f where f.follower_id = me.id and f.following_id = t.id),
    'stats', jsonb_build_object(
      'games', (select count(*) from public.game_progress p where p.user_id = t.id and p.started),
      'reviews', (select count(*) from public.rating r where r.user_id = t.id),
      'lists', (select count(*) from public.user_wishlist w where w.user_id = t.id)
             + (select count(*) from public.user_collection c where c.user_id = t.id),
      'following', (select count(*) from public.user_follow f where f.follower_id = t.id),
      'followers', (select count(*) from public.user_follow f where f.following_id = t.id)),
    'top5', (
      select coalesce(jsonb_agg(jsonb_build_object('position', tg.position, 'game', app.game_card(g), 'rating', r.rating)
                                order by tg.position), '[]'::jsonb)
      from public.user_top_games tg
      join public.game g on g.id = tg.game_id
      left join public.rating r on r.user_id = tg.user_id and r.game_id = tg.game_id
      where tg.user_id = t.id),
    'top10', (
      select coalesce(jsonb_agg(jsonb_build_object('rating_id', x.id, 'game', app.game_card(g), 'rating', x.rating,
                                                   'post_date_time', x.post_date_time)
                                order by x.rating desc, x.post_date_time desc, x.id desc), '[]'::jsonb)
      from (
        select r.id, r.game_id, r.rating, r.post_date_time from public.rating r
        where r.user_id = t.id
        order by r.rating desc, r.post_date_time desc, r.id desc
        limit 10
      ) x join public.game g on g.id = x.game_id),
    'wishlist', (
      select coalesce(jsonb_agg(to_jsonb(w) || jsonb_build_object('game', app.game_card(g))
                                order by w.priority desc, w.added_at desc, w.id desc), '[]'::jsonb)
      from public.user_wishlist w join public.game g on g.id = w.game_id where w.user_id = t.id),
    'collection', (
      select coalesce(jsonb_agg(to_jsonb(c) || jsonb_build_object('game', app.game_card(g))
                                order by c.added_at desc, c.id desc), '[]'::jsonb)
      from public.user_collection c join public.game g on g.id = c.game_id where c.user_id = t.id),
    'started', (
      select coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('game', app.game_card(g))
                                order by p.started_date desc, p.id desc), '[]'::jsonb)
      from public.game_progress p join public.game g on g.id = p.game_id
      where p.user_id = t.id and p.started and not p.completed),
    'finished', (
      select coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('game', app.game_card(g))
                                order by p.completed_date desc, p.id desc), '[]'::jsonb)
      from public.game_progress p join public.game g on g.id = p.game_id
      where p.user_id = t.id and p.completed)
  )
  from public."user" t cross join me
  where t.id = p_user_id
$$;
comment on function public.get_profile(bigint) is
  'Profile page: the member (email only for themselves), follow state, stats, Top 5, Top 10, wishlist, collection, started and finished games. Null when no such member.';

-- ---------------------------------------------------------------------------------------------
-- Review page (/review/{userId}/{gameId}).

create or replace function public.get_review(p_user_id bigint, p_game_id bigint)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  with me as (select app.current_user_id() as id),
  found as (
    -- The route's game id is the external id when the game has one, else the internal id.
    select r.id from public.rating r join public.game g on g.id = r.game_id
    where r.user_id = p_user_id and (g.igdb_id = p_game_id or g.id = p_game_id)
    order by (g.igdb_id = p_game_id) desc
    limit 1
  ),
  comments as (
    select c.*, coalesce(top.created_at, c.created_at) as thread_at, coalesce(c.parent_comment_id, c.id) as thread_id
    from public.comment c
    left join public.comment top on top.id = c.parent_comment_id and top.is_published
    where c.rating_id = (select id from found) and c.is_published
  )
  select jsonb_build_object(
    'review', to_jsonb(r),
    'author', app.user_json(r.user_id),
    'game', app.game_json(g),
    'platform', (select jsonb_build_object('id', p.id, 'name', p.name) from public.platform p where p.id = r.platform_id),
    'liked_by_me', exists (select 1 from public.content_like l where l.user_id = me.id and l.rating_id = r.id),
    -- Flat, in display order: threads newest first, each top-level comment followed by its
    -- replies oldest first (replies always point at their top-level comment).
    'comments', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', c.id, 'client_key', c.client_key, 'rating_id', c.rating_id, 'content', c.content,
          'parent_comment_id', c.parent_comment_id, 'created_at', c.created_at, 'updated_at', c.updated_at,
          'like_count', c.like_count,
          'liked_by_me', exists (select 1 from public.content_like l where l.user_id = me.id and l.comment_id = c.id),
          'author', app.author_json(c.user_id))
        order by c.thread_at desc, c.thread_id desc, c.parent_comment_id is not null, c.created_at, c.id), '[]'::jsonb)
      from comments c),
    'comment_count', (select count(*) from comments)
  )
  from public.rating r
  join public.game g on g.id = r.game_id
  cross join me
  where r.id = (select id from found)
$$;
comment on function public.get_review(bigint, bigint) is
  'Review page: one member''s review of a game (external id first, then internal id) with author, game, platform, like state and all published comments in display order. Null when none.';

-- ---------------------------------------------------------------------------------------------
-- Home page and review lists.

create or replace function public.get_recent_reviews(p_limit integer default 10)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  select coalesce(jsonb_agg(x.doc order by x.post_date_time desc, x.id desc), '[]'::jsonb)
  from (
    select r.id, r.post_date_time,
      to_jsonb(r) || jsonb_build_object('author', app.author_json(r.user_id), 'game', app.game_card(g)) as doc
    from public.rating r join public.game g on g.id = r.game_id
    where r.review is not null and btrim(r.review) <> ''
    order by r.post_date_time desc, r.id desc
    limit least(greatest(coalesce(p_limit, 10), 1), 50)
  ) x
$$;
comment on function public.get_recent_reviews(integer) is
  'Home page: the newest reviews that have text (1 to 50, default 10), each with author and game.';

create or replace function public.get_user_reviews(p_user_id bigint, p_sort text default 'recent', p_limit integer default 50,
  p_offset integer default 0)
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
declare
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'recent');
begin
  if v_sort not in ('recent', 'oldest', 'highest', 'lowest') then
    perform app.fail('invalid_sort', 'Invalid sort option');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.rating r where r.user_id = p_user_id),
    'reviews', (
      select coalesce(jsonb_agg(x.doc order by x.n), '[]'::jsonb)
      from (
        select to_jsonb(r) || jsonb_build_object('game', app.game_card(g)) as doc,
          row_number() over (order by
            case when v_sort = 'highest' then r.rating end desc nulls last,
            case when v_sort = 'lowest' then r.rating end asc nulls last,
            case when v_sort = 'oldest' then r.post_date_time end asc nulls last,
            r.post_date_time desc, r.id desc) as n
        from public.rating r join public.game g on g.id = r.game_id
        where r.user_id = p_user_id
        order by n
        limit least(greatest(coalesce(p_limit, 50), 1), 100)
        offset greatest(coalesce(p_offset, 0), 0)
      ) x));
end
$$;
comment on function public.get_user_reviews(bigint, text, integer, integer) is
  'A member''s reviews with their games, sorted recent | oldest | highest | lowest, paged; with the total.';

-- ---------------------------------------------------------------------------------------------
-- Users: the directory (/users) and the header's user search.

create or replace function public.get_users(p_query text default null, p_sort text default 'relevant',
  p_limit integer default 50, p_offset integer default 0)
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
declare
  v_q text := lower(app.sanitize_search(p_query));
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'relevant');
  v_me bigint := app.current_user_id();
begin
  if v_sort not in ('relevant', 'followers', 'reviews', 'recent') then
    perform app.fail('invalid_sort', 'Invalid sort option');
  end if;
  return (
    with reviewers as (
      select r.user_id, count(*) as review_count, round(avg(r.rating), 1) as avg_rating
      from public.rating r group by r.user_id
    ),
    matched as (
      select u.id, u.username, u.name, u.display_name, u.bio, u.avatar_url, u.created_at, u.follower_count,
        u.following_count, coalesce(rv.review_count, 0) as review_count, rv.avg_rating,
        -- Match quality: the username itself, then its start, then the name, then anywhere.
        case when v_q = '' then 0
             when lower(u.username) = v_q then 5
             when lower(u.username) like v_q || '%' then 4
             when lower(coalesce(u.name, '')) like v_q || '%' then 3
             when lower(u.username) like '%' || v_q || '%' then 2
             when lower(coalesce(u.name, '')) like '%' || v_q || '%' then 1
             else 0 end as match_rank
      from public."user" u
      left join reviewers rv on rv.user_id = u.id
      where (v_me is null or u.id <> v_me)
        -- The same expression as the index user_search_trgm, so the match can use it.
        and (v_q = '' or lower(u.username || ' ' || coalesce(u.name, '') || ' ' || coalesce(u.bio, '')) like '%' || v_q || '%')
    ),
    page as (
      select m.*, row_number() over (order by
          case when v_sort = 'relevant' then m.match_rank end desc nulls last,
          case when v_sort in ('relevant', 'followers') then m.follower_count end desc nulls last,
          case when v_sort in ('relevant', 'reviews') then m.review_count end desc nulls last,
          case when v_sort = 'reviews' then m.follower_count end desc nulls last,
          m.created_at desc, m.id desc) as n
      from matched m
      order by n
      limit least(greatest(coalesce(p_limit, 50), 1), 100)
      offset greatest(coalesce(p_offset, 0), 0)
    )
    select jsonb_build_object(
      'users', (
        select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'username', p.username, 'name', p.name,
            'display_name', p.display_name, 'bio', p.bio, 'avatar_url', p.avatar_url, 'created_at', p.created_at,
            'follower_count', p.follower_count, 'following_count', p.following_count, 'review_count', p.review_count,
            'avg_rating', p.avg_rating,
            'is_following', exists (select 1 from public.user_follow f where f.follower_id = v_me and f.following_id = p.id))
          order by p.n), '[]'::jsonb)
        from page p),
      'total', (select count(*) from matched),
      'stats', jsonb_build_object(
        'total_users', (select count(*) from public."user"),
        'active_reviewers', (select count(*) from reviewers),
        'total_reviews', (select coalesce(sum(review_count), 0) from reviewers),
        'you_follow', (select count(*) from public.user_follow f where f.follower_id = v_me)),
      -- The leaderboard is the whole community's (the caller included), shown only without a query.
      'top_reviewers', case when v_q <> '' then '[]'::jsonb else (
        select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'username', t.username, 'name', t.name,
            'display_name', t.display_name, 'avatar_url', t.avatar_url, 'follower_count', t.follower_count,
            'review_count', t.review_count, 'avg_rating', t.avg_rating)
          order by t.review_count desc, t.follower_count desc, t.id), '[]'::jsonb)
        from (
          select u.id, u.username, u.name, u.display_name, u.avatar_url, u.follower_count, rv.review_count, rv.avg_rating
          from reviewers rv join public."user" u on u.id = rv.user_id
          order by rv.review_count desc, u.follower_count desc, u.id
          limit 3
        ) t) end)
  );
end
$$;
comment on function public.get_users(text, text, integer, integer) is
  'User directory: members other than the caller matching the query (username, name, bio; case-insensitive), sorted relevant | followers | reviews | recent, with community stats and the top 3 reviewers.';

create or replace function public.search_users(p_query text, p_limit integer default 8)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  with q as (select lower(app.sanitize_search(p_query)) as v)
  select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'username', x.username, 'name', x.name, 'bio', x.bio,
                                               'avatar_url', x.avatar_url) order by x.n), '[]'::jsonb)
  from (
    select u.*, row_number() over (order by
        (lower(u.username) = q.v) desc, (lower(u.username) like q.v || '%') desc,
        (lower(coalesce(u.name, '')) like q.v || '%') desc, u.follower_count desc, u.id) as n
    from (select id, username, name, bio, avatar_url, follower_count from public."user") u cross join q
    where char_length(q.v) >= 2
      and lower(u.username || ' ' || coalesce(u.name, '') || ' ' || coalesce(u.bio, '')) like '%' || q.v || '%'
    order by n
    limit least(greatest(coalesce(p_limit, 8), 1), 50)
  ) x
$$;
comment on function public.search_users(text, integer) is
  'Header user search (2 or more characters): members whose username, name or bio contains the text, best match first.';

-- ---------------------------------------------------------------------------------------------
-- Activity feed (profile Activity tab, spec 002): the 20 newest items of each kind, merged,
-- newest first, cut to p_limit (25). Items close in time are one burst (each within 2 seconds of
-- the one before it); inside a burst the kind decides, higher priority first: wishlist 1,
-- collection 2, started 3, completed 4, rating 5, review 6, comment 7, review_like 8. So saving a
-- review that also marks the game finished shows the review above the finish.

create or replace function public.get_user_activity(p_user_id bigint, p_limit integer default 25)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  with items as (
    (select 'review' as type, r.id, r.post_date_time as date, r.game_id, r.rating, r.review,
            null::bigint as rating_id, null::bigint as reviewed_user_id, null::text as comment
     from public.rating r
     where r.user_id = p_user_id and r.review is not null and btrim(r.review) <> ''
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'rating', r.id, r.post_date_time, r.game_id, r.rating, null, null, null, null
     from public.rating r
     where r.user_id = p_user_id and (r.review is null or btrim(r.review) = '')
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'wishlist', w.id, w.added_at, w.game_id, null, null, null, null, null
     from public.user_wishlist w where w.user_id = p_user_id
     order by w.added_at desc, w.id desc limit 20)
    union all
    (select 'collection', c.id, c.added_at, c.game_id, null, null, null, null, null
     from public.user_collection c where c.user_id = p_user_id
     order by c.added_at desc, c.id desc limit 20)
    union all
    (select 'started', p.id, p.started_date, p.game_id, null, null, null, null, null
     from public.game_progress p where p.user_id = p_user_id and p.started
     order by p.started_date desc, p.id desc limit 20)
    union all
    (select 'completed', p.id, p.completed_date, p.game_id, null, null, null, null, null
     from public.game_progress p where p.user_id = p_user_id and p.completed
     order by p.completed_date desc, p.id desc limit 20)
    union all
    (select 'comment', c.id, c.created_at, r.game_id, null, null, c.rating_id, r.user_id, c.content
     from public.comment c join public.rating r on r.id = c.rating_id
     where c.user_id = p_user_id and c.is_published
     order by c.created_at desc, c.id desc limit 20)
    union all
    (select 'review_like', l.id, l.created_at, r.game_id, r.rating, null, l.rating_id, r.user_id, null
     from public.content_like l join public.rating r on r.id = l.rating_id
     where l.user_id = p_user_id and l.is_like
     order by l.created_at desc, l.id desc limit 20)
  ),
  ranked as (
    select i.*,
      case i.type when 'wishlist' then 1 when 'collection' then 2 when 'started' then 3 when 'completed' then 4
                  when 'rating' then 5 when 'review' then 6 when 'comment' then 7 else 8 end as priority,
      coalesce(lag(i.date) over (order by i.date desc, i.id desc) - i.date >= interval '2 seconds', true) as starts_burst
    from items i
  ),
  bursts as (
    select r.*, count(*) filter (where r.starts_burst) over (order by r.date desc, r.id desc rows unbounded preceding) as burst
    from ranked r
  ),
  page as (
    select b.* from bursts b
    order by b.burst, b.priority desc, b.date desc, b.id desc
    limit least(greatest(coalesce(p_limit, 25), 1), 100)
  )
  select coalesce(jsonb_agg(
      jsonb_build_object('type', p.type, 'id', p.id, 'date', p.date, 'game', app.game_card(g))
      || case when p.rating is not null then jsonb_build_object('rating', p.rating) else '{}'::jsonb end
      || case when p.review is not null then jsonb_build_object('review', p.review) else '{}'::jsonb end
      || case when p.comment is not null then jsonb_build_object('comment', p.comment) else '{}'::jsonb end
      || case when p.rating_id is not null then jsonb_build_object('rating_id', p.rating_id) else '{}'::jsonb end
      || case when p.reviewed_user_id is not null
              then jsonb_build_object('reviewed_author', app.author_json(p.reviewed_user_id)) else '{}'::jsonb end
      order by p.burst, p.priority desc, p.date desc, p.id desc), '[]'::jsonb)
  from page p join public.game g on g.id = p.game_id
$$;
comment on function public.get_user_activity(bigint, integer) is
  'Activity feed: a member''s reviews, ratings, list and progress changes, comments and review likes, newest first, bursts within 2 seconds ordered by kind.';

-- ---------------------------------------------------------------------------------------------
create or replace function public.get_platforms()
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by lower(p.name) collate "C", p.id), '[]'::jsonb)
  from public.platform p
$$;
-- Ordered by name case-insensitively, byte-wise, so every server (whatever its locale) agrees.
comment on function public.get_platforms() is 'All platforms as [{id, name}], ordered by name.';

grant execute on function
  public.get_game_page(text, integer), public.get_profile(bigint), public.get_review(bigint, bigint),
  public.get_recent_reviews(integer), public.get_user_reviews(bigint, text, integer, integer),
  public.get_users(text, text, integer, integer), public.search_users(text, integer),
  public.get_user_activity(bigint, integer), public.get_platforms()
to anon, authenticated;
