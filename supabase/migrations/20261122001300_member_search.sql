-- The header's member search (search_users) keeps underscores, as the directory's get_users does
-- since 20261122001100: usernames are written with them (pixel_pilgrim), and app.sanitize_search
-- dropped '_' (a LIKE wildcard), so typing a member's exact username found nobody. The underscore
-- is now matched literally; signature and answer are unchanged.
create or replace function public.search_users(p_query text, p_limit integer default 8)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  with q as (select v, replace(v, '_', '\_') as pat from (select lower(app.sanitize_member_search(p_query)) as v) s)
  select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'username', x.username, 'name', x.name, 'bio', x.bio,
                                               'avatar_url', x.avatar_url) order by x.n), '[]'::jsonb)
  from (
    select u.*, row_number() over (order by
        (lower(u.username) = q.v) desc, (lower(u.username) like q.pat || '%') desc,
        (lower(coalesce(u.name, '')) like q.pat || '%') desc, u.follower_count desc, u.id) as n
    from (select id, username, name, bio, avatar_url, follower_count from public."user") u cross join q
    where char_length(q.v) >= 2
      and lower(u.username || ' ' || coalesce(u.name, '') || ' ' || coalesce(u.bio, '')) like '%' || q.pat || '%'
    order by n
    limit least(greatest(coalesce(p_limit, 8), 1), 50)
  ) x
$$;
