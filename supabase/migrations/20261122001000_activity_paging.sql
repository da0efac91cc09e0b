-- Activity feed paging: get_user_activity gains a cursor so 'Load More Activity' reaches further
-- back. Items are keyed (date, kind priority, id); a page is the newest items strictly before the
-- cursor, and the next cursor is the oldest key on the page, so no item is skipped or repeated.
-- Each source still gives at most 20 rows (spec 002 §9); the page stops at the newest 20th row of
-- a full source, because that source's 21st row (not fetched) may be newer than what lies beyond,
-- so the page never shows an older item ahead of one it has not fetched. Within a page, items
-- within 2 seconds of each other are ordered by kind (review_like 8 … wishlist 1), as before.

drop function if exists public.get_user_activity(bigint, integer);

create or replace function public.get_user_activity(
  p_user_id bigint,
  p_limit integer default 25,
  p_before timestamptz default null,
  p_before_type text default null,
  p_before_id bigint default null
)
returns jsonb
language sql
stable
security invoker
set search_path = pg_catalog, public, extensions
as $$
  with cursor_key as (
    -- Without a kind, the cursor is the moment itself: everything at p_before is left out.
    select p_before as date,
      case p_before_type when 'wishlist' then 1 when 'collection' then 2 when 'started' then 3 when 'completed' then 4
                         when 'rating' then 5 when 'review' then 6 when 'comment' then 7 when 'review_like' then 8 else 0 end as priority,
      case when p_before_type is null then 0 else coalesce(p_before_id, 0) end as id
  ),
  items as (
    (select 'review' as type, 6 as priority, r.id, r.post_date_time as date, r.game_id, r.rating, r.review,
            null::bigint as rating_id, null::bigint as reviewed_user_id, null::text as comment
     from public.rating r, cursor_key k
     where r.user_id = p_user_id and r.review is not null and btrim(r.review) <> ''
       and (k.date is null or (r.post_date_time, 6, r.id) < (k.date, k.priority, k.id))
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'rating', 5, r.id, r.post_date_time, r.game_id, r.rating, null, null, null, null
     from public.rating r, cursor_key k
     where r.user_id = p_user_id and (r.review is null or btrim(r.review) = '')
       and (k.date is null or (r.post_date_time, 5, r.id) < (k.date, k.priority, k.id))
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'wishlist', 1, w.id, w.added_at, w.game_id, null, null, null, null, null
     from public.user_wishlist w, cursor_key k
     where w.user_id = p_user_id
       and (k.date is null or (w.added_at, 1, w.id) < (k.date, k.priority, k.id))
     order by w.added_at desc, w.id desc limit 20)
    union all
    (select 'collection', 2, c.id, c.added_at, c.game_id, null, null, null, null, null
     from public.user_collection c, cursor_key k
     where c.user_id = p_user_id
       and (k.date is null or (c.added_at, 2, c.id) < (k.date, k.priority, k.id))
     order by c.added_at desc, c.id desc limit 20)
    union all
    (select 'started', 3, p.id, p.started_date, p.game_id, null, null, null, null, null
     from public.game_progress p, cursor_key k
     where p.user_id = p_user_id and p.started
       and (k.date is null or (p.started_date, 3, p.id) < (k.date, k.priority, k.id))
     order by p.started_date desc, p.id desc limit 20)
    union all
    (select 'completed', 4, p.id, p.completed_date, p.game_id, null, null, null, null, null
     from public.game_progress p, cursor_key k
     where p.user_id = p_user_id and p.completed
       and (k.date is null or (p.completed_date, 4, p.id) < (k.date, k.priority, k.id))
     order by p.completed_date desc, p.id desc limit 20)
    union all
    (select 'comment', 7, c.id, c.created_at, r.game_id, null, null, c.rating_id, r.user_id, c.content
     from public.comment c join public.rating r on r.id = c.rating_id, cursor_key k
     where c.user_id = p_user_id and c.is_published
       and (k.date is null or (c.created_at, 7, c.id) < (k.date, k.priority, k.id))
     order by c.created_at desc, c.id desc limit 20)
    union all
    (select 'review_like', 8, l.id, l.created_at, r.game_id, r.rating, null, l.rating_id, r.user_id, null
     from public.content_like l join public.rating r on r.id = l.rating_id, cursor_key k
     where l.user_id = p_user_id and l.is_like
       and (k.date is null or (l.created_at, 8, l.id) < (k.date, k.priority, k.id))
     order by l.created_at desc, l.id desc limit 20)
  ),
  numbered as (
    select i.*, row_number() over (partition by i.type order by i.date desc, i.id desc) as n from items i
  ),
  -- The newest 20th row of a source that gave 20 rows: the page goes no further back than it.
  bound as (
    select b.date, b.priority, b.id from numbered b where b.n = 20
    order by b.date desc, b.priority desc, b.id desc limit 1
  ),
  page as (
    select i.* from numbered i
    where not exists (select 1 from bound b where (i.date, i.priority, i.id) < (b.date, b.priority, b.id))
    order by i.date desc, i.priority desc, i.id desc
    limit least(greatest(coalesce(p_limit, 25), 1), 100)
  ),
  ranked as (
    select p.*,
      coalesce(lag(p.date) over (order by p.date desc, p.priority desc, p.id desc) - p.date >= interval '2 seconds', true) as starts_burst
    from page p
  ),
  bursts as (
    select r.*, count(*) filter (where r.starts_burst) over (order by r.date desc, r.priority desc, r.id desc rows unbounded preceding) as burst
    from ranked r
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
  from bursts p join public.game g on g.id = p.game_id
$$;
comment on function public.get_user_activity(bigint, integer, timestamptz, text, bigint) is
  'Activity feed: a member''s reviews, ratings, list and progress changes, comments and review likes, newest first, bursts within 2 seconds ordered by kind; pass the oldest item''s date, type and id to page further back.';

grant execute on function public.get_user_activity(bigint, integer, timestamptz, text, bigint) to anon, authenticated;
