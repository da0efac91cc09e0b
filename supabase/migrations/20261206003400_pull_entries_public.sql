-- A change-log entry (…_pull_entries.sql) only for a row that everyone may see as written.
--
-- A page of changes sends a row's newest entry among its changes when the row's table, under RLS,
-- shows the row to the caller now. An entry written while the row was private to its author went
-- out too, once the row was public again: a review taken back to draft with new words (a write
-- whose change is not private, as the review was public before it), its draft edited, then
-- published again, sent the draft's words to a member whose page ended between the draft and the
-- publish (review-drafts.test.ts). A draft review and an unpublished comment now log no entry: a
-- page builds such a row as it is now, as it did before entries. A private play session still
-- has one: its changes go to its own member only.

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
  v_entry json;
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
      -- A draft before and after this write (a new draft, an edited draft, a deleted draft); r is
      -- the new row, or the old one of a delete.
      if (tg_op in ('INSERT', 'DELETE') and (r ->> 'is_draft')::boolean)
         or (tg_op = 'UPDATE' and (r ->> 'is_draft')::boolean and (to_jsonb(old) ->> 'is_draft')::boolean) then
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
  -- The change as sync_pull sends it, for a table whose rows go as they are (a member's and a
  -- game's are built by app.user_json and app.game_json when read). From r, the row's JSON already
  -- made: row_to_json(new) here made an import's sync_push about 15 % slower per CPU-second
  -- (`npm run bench -- import`: 1,268–1,382 writes per CPU-second against 1,551; from r 1,590).
  -- (jsonb's text: the same values, keys in its own order.) None for a row that is not everyone's
  -- as written (a draft review, an unpublished comment): a page sends an entry when the row is
  -- visible now, and that row may have been published since; it is then built as it is now.
  if tg_op <> 'DELETE' and tg_table_name not in ('user', 'game')
     and not (tg_table_name = 'rating' and (r ->> 'is_draft')::boolean)
     and not (tg_table_name = 'comment' and not (r ->> 'is_published')::boolean) then
    v_entry := json_build_object('table', tg_table_name, 'op', 'upsert', 'id', (r ->> 'id')::bigint, 'row', r);
  end if;
  insert into public.sync_change (tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id, private_to, entry)
  values (tg_table_name, (r ->> 'id')::bigint, case when tg_op = 'DELETE' then 'delete' else 'upsert' end,
          k, v_user, v_subject, v_game, v_rating, v_private, v_entry);
  return null;
end
$$;

-- Entries already logged for rows that were private as written.
update public.sync_change
   set entry = null
 where entry is not null
   and ((tbl = 'rating' and (entry -> 'row' ->> 'is_draft')::boolean)
        or (tbl = 'comment' and not (entry -> 'row' ->> 'is_published')::boolean));
