-- Private review drafts (issue 14, beyond the spec). A review (table rating) may be saved as a
-- draft and published later. The whole row is private while it is a draft, score included: the
-- select policy shows a draft to its author only, so every security-invoker read (sync_pull's
-- row_json, get_review, get_user_reviews, …) leaves it out for everyone else, and a review that
-- goes back to being a draft reaches other devices as a delete. The author's own aggregates leave
-- drafts out explicitly (the read functions below), so a draft never moves an average or count.
--
-- Decisions:
-- - Saving: review.create / review.update take `draft: true|false` (no new mutation names, so
--   app.apply_mutation is unchanged). Publishing is review.update with `draft: false`.
-- - Publishing dates the review at the publish time (the given post_date_time if within the last
--   30 days and not in the future, as for a new review, else now()), not at the draft's creation.
-- - Back to draft: allowed only while the review has no likes and no comments (which belong to
--   other members and would otherwise be hidden along with it); refused with a clear message.
-- - A draft cannot be liked or commented on (triggers, so direct table writes are refused too).
-- - The change log's entries of a draft are its author's alone (sync_change.private_to, below; the
--   play journal's entries use the same column).

alter table public.rating add column is_draft boolean not null default false;
comment on column public.rating.is_draft is 'A private draft: visible only to its author, counted nowhere until published.';
create index rating_user_draft_idx on public.rating (user_id) where is_draft;

drop policy "reviews are public" on public.rating;
create policy "published reviews are public, drafts are their author's" on public.rating for select to anon, authenticated
  using (not is_draft or user_id = (select app.current_user_id()));
grant insert (is_draft) on public.rating to authenticated;
grant update (is_draft, post_date_time) on public.rating to authenticated;

-- rating_guard, extended: a member's write moves post_date_time only when it publishes a draft
-- (the service and the database owner may still correct dates); going back to draft is refused
-- once the review has likes or comments.
create or replace function app.rating_guard()
returns trigger
language plpgsql
set search_path = pg_catalog, public
as $$
begin
  select g.igdb_id, g.slug into new.igdb_id, new.slug from public.game g where g.id = new.game_id;
  if tg_op = 'INSERT' then
    if new.post_date_time > now() or new.post_date_time < now() - interval '30 days' then
      new.post_date_time := now();
    end if;
    new.updated_at := new.post_date_time;
    return new;
  end if;
  if new.is_draft and not old.is_draft and (old.like_count > 0 or old.comment_count > 0) then
    perform app.fail('review_has_replies', 'A review with likes or comments cannot go back to being a draft');
  end if;
  if old.is_draft and not new.is_draft then
    -- Published now: the review is dated when it was published (an offline publish keeps its time).
    if new.post_date_time is not distinct from old.post_date_time
       or new.post_date_time > now() or new.post_date_time < now() - interval '30 days' then
      new.post_date_time := now();
    end if;
    new.updated_at := new.post_date_time;
    return new;
  end if;
  if current_user in ('anon', 'authenticated') then
    new.post_date_time := old.post_date_time;
  end if;
  if (new.rating, new.review, new.is_recommended, new.platform_id, new.playtime_hours, new.is_draft)
     is distinct from (old.rating, old.review, old.is_recommended, old.platform_id, old.playtime_hours, old.is_draft) then
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- Likes and comments need a published review. Security definer: the check must see the draft
-- even when the writer cannot; another member guessing its id is told what a missing review
-- answers, so not even its existence shows.
create or replace function app.refuse_draft_target()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
declare
  v_author bigint;
begin
  select r.user_id into v_author from public.rating r where r.id = new.rating_id and r.is_draft;
  if v_author is not null then
    if v_author is distinct from app.current_user_id() then
      perform app.fail('review_not_found', 'Review not found');
    elsif tg_table_name = 'comment' then
      perform app.fail('review_is_draft', 'This review is a draft: it can be commented on once it is published');
    else
      perform app.fail('review_is_draft', 'This review is a draft: it can be liked once it is published');
    end if;
  end if;
  return new;
end
$$;
create trigger content_like_not_on_draft before insert on public.content_like
  for each row execute function app.refuse_draft_target();
create trigger comment_not_on_draft before insert on public.comment
  for each row execute function app.refuse_draft_target();

-- ---------------------------------------------------------------------------------------------
-- Mutations: review.create and review.update take `draft`; review.update with `draft: false`
-- publishes (with `post_date_time`: when the member published, for a publish made offline).

create or replace function app.check_draft_arg(a jsonb)
returns void
language plpgsql
immutable
as $$
begin
  if a ? 'draft' and jsonb_typeof(a -> 'draft') <> 'boolean' then
    perform app.fail('invalid_draft', 'Draft must be true or false');
  end if;
end
$$;
grant execute on function app.check_draft_arg(jsonb) to authenticated, service_role;

-- Mutation review.create: {igdb_id | game_id, game?, rating, review?, is_recommended?, platform_id | platform, playtime_hours?, post_date_time?, draft?}
create or replace function app.m_review_create(p_user bigint, a jsonb)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_game public.game := app.resolve_game(a);
  v_row public.rating;
begin
  if not a ? 'rating' then
    perform app.fail('invalid_rating', 'Rating must be a number from 1 to 10');
  end if;
  perform app.check_review_fields(a);
  perform app.check_draft_arg(a);
  if exists (select 1 from public.rating where user_id = p_user and game_id = v_game.id) then
    perform app.fail('already_reviewed', 'You have already reviewed this game');
  end if;
  insert into public.rating (user_id, game_id, rating, review, post_date_time, is_recommended, platform_id, playtime_hours, is_draft)
  values (p_user, v_game.id, (a ->> 'rating')::numeric, nullif(btrim(a ->> 'review'), ''),
          coalesce((a ->> 'post_date_time')::timestamptz, now()), (a ->> 'is_recommended')::boolean,
          app.review_platform(a), (a ->> 'playtime_hours')::integer, coalesce((a ->> 'draft')::boolean, false))
  returning * into v_row;
  return to_jsonb(v_row);
end
$$;

-- Mutation review.update: the fields given, of the caller's review of the game; `draft` saves it
-- as a draft or publishes it, `post_date_time` is the publish time (used only when publishing).
create or replace function app.m_review_update(p_user bigint, a jsonb)
returns jsonb
language plpgsql
set search_path = pg_catalog, public
as $$
declare
  v_row public.rating;
  v_game_id bigint;
begin
  perform app.check_review_fields(a);
  perform app.check_draft_arg(a);
  if coalesce(a ->> 'rating_id', '') ~ '^\d+$' then
    select * into v_row from public.rating where id = (a ->> 'rating_id')::bigint and user_id = p_user;
  else
    select g.id into v_game_id from public.game g
    where (coalesce(a ->> 'game_id', '') ~ '^\d+$' and g.id = (a ->> 'game_id')::bigint)
       or (coalesce(a ->> 'igdb_id', '') ~ '^\d+$' and g.igdb_id = (a ->> 'igdb_id')::bigint)
    limit 1;
    select * into v_row from public.rating where game_id = v_game_id and user_id = p_user;
  end if;
  if v_row.id is null then
    perform app.fail('review_forbidden', 'Review not found or you do not have permission to edit it', '42501');
  end if;
  update public.rating set
    rating = case when a ? 'rating' then (a ->> 'rating')::numeric else rating end,
    review = case when a ? 'review' then nullif(btrim(a ->> 'review'), '') else review end,
    is_recommended = case when a ? 'is_recommended' then (a ->> 'is_recommended')::boolean else is_recommended end,
    platform_id = case when a ? 'platform_id' or a ? 'platform' then app.review_platform(a) else platform_id end,
    playtime_hours = case when a ? 'playtime_hours' then (a ->> 'playtime_hours')::integer else playtime_hours end,
    is_draft = case when a ? 'draft' then (a ->> 'draft')::boolean else is_draft end,
    post_date_time = case when is_draft and a ->> 'draft' = 'false' and a ? 'post_date_time'
                          then (a ->> 'post_date_time')::timestamptz else post_date_time end
  where id = v_row.id
  returning * into v_row;
  return to_jsonb(v_row);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Reads. Other members never see a draft (RLS); these leave the author's own drafts out of every
-- count, average, list and feed too. Only the `me` part of get_game_page, get_review and
-- get_user_reviews (the author's own list) still show them, with is_draft in the row.

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
      with rs as (select r.rating from public.rating r where r.game_id = v_game.id and not r.is_draft)
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
        where r.game_id = v_game.id and not r.is_draft and r.review is not null and btrim(r.review) <> ''
        order by r.post_date_time desc, r.id desc
        limit v_limit
      ) x),
    'review_count', (
      select count(*) from public.rating r
      where r.game_id = v_game.id and not r.is_draft and r.review is not null and btrim(r.review) <> ''),
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
      'reviews', (select count(*) from public.rating r where r.user_id = t.id and not r.is_draft),
      'lists', (select count(*) from public.user_wishlist w where w.user_id = t.id)
             + (select count(*) from public.user_collection c where c.user_id = t.id),
      'following', (select count(*) from public.user_follow f where f.follower_id = t.id),
      'followers', (select count(*) from public.user_follow f where f.following_id = t.id)),
    'top5', (
      select coalesce(jsonb_agg(jsonb_build_object('position', tg.position, 'game', app.game_card(g), 'rating', r.rating)
                                order by tg.position), '[]'::jsonb)
      from public.user_top_games tg
      join public.game g on g.id = tg.game_id
      left join public.rating r on r.user_id = tg.user_id and r.game_id = tg.game_id and not r.is_draft
      where tg.user_id = t.id),
    'top10', (
      select coalesce(jsonb_agg(jsonb_build_object('rating_id', x.id, 'game', app.game_card(g), 'rating', x.rating,
                                                   'post_date_time', x.post_date_time)
                                order by x.rating desc, x.post_date_time desc, x.id desc), '[]'::jsonb)
      from (
        select r.id, r.game_id, r.rating, r.post_date_time from public.rating r
        where r.user_id = t.id and not r.is_draft
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
    where not r.is_draft and r.review is not null and btrim(r.review) <> ''
    order by r.post_date_time desc, r.id desc
    limit least(greatest(coalesce(p_limit, 10), 1), 50)
  ) x
$$;

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
     where r.user_id = p_user_id and not r.is_draft and r.review is not null and btrim(r.review) <> ''
       and (k.date is null or (r.post_date_time, 6, r.id) < (k.date, k.priority, k.id))
     order by r.post_date_time desc, r.id desc limit 20)
    union all
    (select 'rating', 5, r.id, r.post_date_time, r.game_id, r.rating, null, null, null, null
     from public.rating r, cursor_key k
     where r.user_id = p_user_id and not r.is_draft and (r.review is null or btrim(r.review) = '')
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
      from public.rating r where not r.is_draft group by r.user_id
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
      from public.rating r where r.game_id = g.id and not r.is_draft) st);
end
$$;

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
        from public.rating r where r.game_id = x.id and not r.is_draft) st
      where x.n <= least(greatest(coalesce(p_limit, 1000), 1), 5000)), '[]'::jsonb),
    'next', (
      select x.id from numbered x
      where x.n = least(greatest(coalesce(p_limit, 1000), 1), 5000)
        and exists (select 1 from numbered y where y.n > x.n)))
$$;

-- ---------------------------------------------------------------------------------------------
-- The change log is readable by everyone (it names rows whose own policies decide the rest), but
-- some entries would still tell of something private: a draft's, that a member is writing a review
-- of a game; a play session's, when and what a member played (private sessions included). Such
-- entries are marked private to their member, one mechanism for both (it replaces the play
-- journal's own policy of …1500). A review's entries are private while it is and stays a draft;
-- the entry that publishes it, and the one that takes a published review back to draft (other
-- devices must drop their copy: it arrives as a delete), stay public. Restrictive: it narrows
-- "change log is readable".
alter table public.sync_change add column private_to bigint;
comment on column public.sync_change.private_to is 'Set for entries only this member reads: a review that is and stays a draft, every play session.';
create policy "private changes are their member's" on public.sync_change as restrictive for select to anon, authenticated
  using (private_to is null or private_to = (select app.current_user_id()));

create or replace function app.log_change()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
declare
  r jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  k jsonb := '{}'::jsonb;
  col text;
  v_user bigint;
  v_subject bigint;
  v_game bigint;
  v_rating bigint;
  v_private bigint;
begin
  if tg_nargs > 0 then  -- tg_argv is null, not empty, for a trigger without arguments
    foreach col in array tg_argv loop
      k := k || jsonb_build_object(col, r -> col);
    end loop;
  end if;
  case tg_table_name
    when 'user' then v_user := (r ->> 'id')::bigint;
    when 'user_follow' then
      v_user := (r ->> 'follower_id')::bigint;
      v_subject := (r ->> 'following_id')::bigint;
    when 'game' then v_game := (r ->> 'id')::bigint;
    when 'rating' then
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_rating := (r ->> 'id')::bigint;
      -- A draft before and after this write (a new draft, an edited draft, a deleted draft).
      if (tg_op = 'INSERT' and (to_jsonb(new) ->> 'is_draft')::boolean)
         or (tg_op = 'UPDATE' and (to_jsonb(new) ->> 'is_draft')::boolean and (to_jsonb(old) ->> 'is_draft')::boolean)
         or (tg_op = 'DELETE' and (to_jsonb(old) ->> 'is_draft')::boolean) then
        v_private := v_user;
      end if;
    when 'play_session' then
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_private := v_user;
    when 'content_like' then
      v_user := (r ->> 'user_id')::bigint;
      v_rating := coalesce((r ->> 'rating_id')::bigint,
        (select c.rating_id from public.comment c where c.id = (r ->> 'comment_id')::bigint));
    else
      v_user := (r ->> 'user_id')::bigint;
      v_game := (r ->> 'game_id')::bigint;
      v_rating := (r ->> 'rating_id')::bigint;
  end case;
  insert into public.sync_change (tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id, private_to)
  values (tg_table_name, (r ->> 'id')::bigint, case when tg_op = 'DELETE' then 'delete' else 'upsert' end,
          k, v_user, v_subject, v_game, v_rating, v_private);
  return null;
end
$$;

-- The play journal's entries written before this migration, then its table-specific policy goes.
update public.sync_change set private_to = user_id where tbl = 'play_session';
drop policy "play journal changes are their member's" on public.sync_change;
