-- What a member's export needs to say what their comments and likes were on when their device does
-- not hold it: each review named by its author and its game, and each liked comment's review. One
-- call for the whole export, read as the caller (security invoker), so another member's draft or
-- unpublished comment stays out as it does everywhere else.

create or replace function public.get_export_refs(p_review_ids bigint[], p_comment_ids bigint[] default '{}')
returns jsonb
language plpgsql
stable
security invoker
set search_path = pg_catalog, public
as $$
declare
  v_reviews bigint[] := coalesce(p_review_ids, '{}');
  v_comments bigint[] := coalesce(p_comment_ids, '{}');
begin
  -- A bounded read: the client asks in batches (src/data/export-remote.ts).
  if cardinality(v_reviews) > 1000 or cardinality(v_comments) > 1000 then
    perform app.fail('too_many_ids', 'Ask for at most 1,000 reviews and 1,000 comments at a time');
  end if;
  return (
    with liked as (
      select c.id, c.rating_id
      from public.comment c
      where c.id in (select unnest(v_comments))
    ),
    wanted as (
      select unnest(v_reviews) as id
      union
      select rating_id from liked
    )
    select jsonb_build_object(
      'reviews', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', r.id,
          'user_id', r.user_id,
          'username', u.username,
          'game', jsonb_build_object('id', g.id, 'igdb_id', g.igdb_id, 'name', g.name, 'slug', g.slug,
            'release_date', g.release_date, 'release_year', g.release_year)
        ) order by r.id)
        from public.rating r
        join public.game g on g.id = r.game_id
        join public."user" u on u.id = r.user_id
        where r.id in (select id from wanted)
      ), '[]'::jsonb),
      'comments', coalesce((
        select jsonb_agg(jsonb_build_object('id', l.id, 'rating_id', l.rating_id) order by l.id) from liked l
      ), '[]'::jsonb)
    )
  );
end
$$;
comment on function public.get_export_refs(bigint[], bigint[]) is
  'For an export: the reviews named (author and game) and the liked comments (their review) the caller may see; at most 1,000 ids of each.';
grant execute on function public.get_export_refs(bigint[], bigint[]) to anon, authenticated;
