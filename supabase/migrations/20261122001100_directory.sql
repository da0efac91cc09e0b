-- The user directory (/users 'Discover Users', spec 002 §2; spec 001 "/users?q=") searches
-- usernames, and usernames are written with underscores (retro_ranger). app.sanitize_search drops
-- '_' because it is a LIKE wildcard, so searching a member's exact username found nobody. Here the
-- directory keeps the underscore and matches it literally (escaped in the pattern); everything
-- else about get_users is unchanged: same signature, answer, sorts and use of user_search_trgm.

-- app.sanitize_search without removing '_' (quotes, backslash, semicolon, parentheses, '%' and
-- comment markers still go; trimmed; at most 100 characters).
create or replace function app.sanitize_member_search(p_text text)
returns text
language sql
immutable
set search_path = pg_catalog
as $$
  select btrim(left(btrim(
    replace(replace(replace(translate(coalesce(p_text, ''), '''"\;()%', ''), '--', ''), '/*', ''), '*/', ''),
    E' \t\r\n'), 100), E' \t\r\n')
$$;
comment on function app.sanitize_member_search(text) is
  'Member search text: app.sanitize_search, but underscores (used in usernames) are kept for a literal match.';
grant execute on function app.sanitize_member_search(text) to anon, authenticated, service_role;

create or replace function public.get_users(p_query text default null, p_sort text default 'relevant',
  p_limit integer default 50, p_offset integer default 0)
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
declare
  v_q text := lower(app.sanitize_member_search(p_query));
  -- v_q as a LIKE pattern that matches itself literally ('%' and '\' are already gone).
  v_pat text := replace(v_q, '_', '\_');
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
             when lower(u.username) like v_pat || '%' then 4
             when lower(coalesce(u.name, '')) like v_pat || '%' then 3
             when lower(u.username) like '%' || v_pat || '%' then 2
             when lower(coalesce(u.name, '')) like '%' || v_pat || '%' then 1
             else 0 end as match_rank
      from public."user" u
      left join reviewers rv on rv.user_id = u.id
      where (v_me is null or u.id <> v_me)
        -- The same expression as the index user_search_trgm, so the match can use it.
        and (v_q = '' or lower(u.username || ' ' || coalesce(u.name, '') || ' ' || coalesce(u.bio, '')) like '%' || v_pat || '%')
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
  'User directory: members other than the caller matching the query literally (username, name, bio; case-insensitive; underscores kept), sorted relevant | followers | reviews | recent, with community stats and the top 3 reviewers.';
