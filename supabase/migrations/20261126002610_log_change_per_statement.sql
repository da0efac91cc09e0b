-- The change log of game_progress and play_session written once per statement instead of once
-- per row (issue 18 §2: an import's writes through sync_push at 1,000 a second). Profiled on
-- PGlite with track_functions over the import bench's 9,166 writes, after their rows were written
-- set-based (…_push_progress_set.sql, …_push_reviews_sessions_set.sql): the row trigger
-- app.log_change, one PL/pgSQL call and one insert per row written, was the largest cost left
-- after sync_push's own. Progress marks and play sessions are most of those rows.
-- What is logged is unchanged: for each row written, one entry, with the same table, row id, op,
-- key, member, game and privacy as app.log_change gives it (game_progress: key user_id and
-- game_id, not private; play_session: key client_key, private to its member), in the order the
-- statement wrote the rows. A row's entries stay in the order of its writes (one statement writes
-- a row once); entries of a statement's rows now follow the entries the statement's row triggers
-- made (a progress mark's wishlist and collection deletes), as they already did for each row.

create or replace function app.log_change_rows()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
begin
  if tg_table_name = 'game_progress' then
    if tg_op = 'DELETE' then
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id)
      select 'game_progress', o.id, 'delete', jsonb_build_object('user_id', o.user_id, 'game_id', o.game_id),
             o.user_id, o.game_id
      from old_rows o;
    else
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id)
      select 'game_progress', n.id, 'upsert', jsonb_build_object('user_id', n.user_id, 'game_id', n.game_id),
             n.user_id, n.game_id
      from new_rows n;
    end if;
  elsif tg_table_name = 'play_session' then
    if tg_op = 'DELETE' then
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, private_to)
      select 'play_session', o.id, 'delete', jsonb_build_object('client_key', o.client_key), o.user_id, o.game_id,
             o.user_id
      from old_rows o;
    else
      insert into public.sync_change (tbl, row_id, op, key, user_id, game_id, private_to)
      select 'play_session', n.id, 'upsert', jsonb_build_object('client_key', n.client_key), n.user_id, n.game_id,
             n.user_id
      from new_rows n;
    end if;
  else
    raise exception 'app.log_change_rows: no change log for %', tg_table_name;
  end if;
  return null;
end
$$;

drop trigger game_progress_log_change on public.game_progress;
create trigger game_progress_log_insert after insert on public.game_progress
  referencing new table as new_rows for each statement execute function app.log_change_rows();
create trigger game_progress_log_update after update on public.game_progress
  referencing new table as new_rows for each statement execute function app.log_change_rows();
create trigger game_progress_log_delete after delete on public.game_progress
  referencing old table as old_rows for each statement execute function app.log_change_rows();

drop trigger play_session_log_change on public.play_session;
create trigger play_session_log_insert after insert on public.play_session
  referencing new table as new_rows for each statement execute function app.log_change_rows();
create trigger play_session_log_update after update on public.play_session
  referencing new table as new_rows for each statement execute function app.log_change_rows();
create trigger play_session_log_delete after delete on public.play_session
  referencing old table as old_rows for each statement execute function app.log_change_rows();
