-- Text that looks empty (issue 19 §3). btrim() trims spaces only, so a comment of zero-width
-- characters (' \u200b\u200b ') was stored as an invisible comment. One rule, the twin of
-- src/core/blank-text.ts (tests/integration/blank-text.test.ts compares them character by character):
-- - blank: nothing but whitespace (NBSP included), zero-width characters, blank fillers and
--   direction marks (bidi controls, tag characters) alone;
-- - other text keeps every visible character as typed, trimmed of blank space at its edges only;
--   direction marks and tag characters beside visible text are kept (an RLM after Hebrew "!", the
--   tags ending a flag emoji), and joiners inside text (👨‍👩‍👧) are never at an edge.
-- Applied by BEFORE triggers on the tables, not in the app.m_* functions, so that every way in (a
-- mutation, a direct table write) keeps the rule, and the mutations keep their own definitions:
-- - comment.content: blank is refused with the spec's message (insert: 'Comment cannot be empty',
--   edit: 'Comment content cannot be empty'), else cleaned;
-- - rating.review, and the member's name, display_name, bio, location and platform: blank is null;
-- - game.name: blank is refused with 'Game name is required', else cleaned.
-- Triggers fire in name order: each *_blank_text runs before the table's other BEFORE triggers.

-- The character classes, written out once (PostgreSQL 15 regular expressions, UTF-8 database).
create or replace function app.is_blank(p_text text)
returns boolean
language sql
immutable
parallel safe
set search_path = pg_catalog
as $$
  select p_text ~ '^[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u115f-\u1160\u1680\u180e\u2000-\u200d\u2028-\u2029\u202f\u205f-\u2064\u2800\u3000\u3164\ufeff\uffa0\u061c\u200e-\u200f\u202a-\u202e\u2066-\u2069\U000e0001\U000e0020-\U000e007f]*$'
$$;
comment on function app.is_blank(text) is 'True when the text shows nothing (whitespace, zero-width characters, direction marks alone); twin of isBlank in src/core/blank-text.ts.';

create or replace function app.clean_text(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = pg_catalog, app
as $$
  select case when app.is_blank(p_text) then ''
    else regexp_replace(p_text,
      '^[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u115f-\u1160\u1680\u180e\u2000-\u200d\u2028-\u2029\u202f\u205f-\u2064\u2800\u3000\u3164\ufeff\uffa0]+|[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u115f-\u1160\u1680\u180e\u2000-\u200d\u2028-\u2029\u202f\u205f-\u2064\u2800\u3000\u3164\ufeff\uffa0]+$',
      '', 'g') end
$$;
comment on function app.clean_text(text) is 'Text as saved: '''' when blank, else trimmed of blank space at its edges, the rest as typed; twin of cleanText in src/core/blank-text.ts.';

grant execute on function app.is_blank(text), app.clean_text(text) to anon, authenticated, service_role;

create or replace function app.comment_blank_text()
returns trigger
language plpgsql
set search_path = pg_catalog, public
as $$
begin
  if app.is_blank(new.content) then
    if tg_op = 'INSERT' then
      perform app.fail('comment_empty', 'Comment cannot be empty');
    end if;
    perform app.fail('comment_empty', 'Comment content cannot be empty');
  end if;
  new.content := app.clean_text(new.content);
  return new;
end
$$;
create trigger comment_blank_text before insert or update of content on public.comment
  for each row execute function app.comment_blank_text();

create or replace function app.rating_blank_text()
returns trigger
language plpgsql
set search_path = pg_catalog, public
as $$
begin
  new.review := nullif(app.clean_text(new.review), '');
  return new;
end
$$;
create trigger rating_blank_text before insert or update of review on public.rating
  for each row execute function app.rating_blank_text();

create or replace function app.user_blank_text()
returns trigger
language plpgsql
set search_path = pg_catalog, public
as $$
begin
  new.name := nullif(app.clean_text(new.name), '');
  new.display_name := nullif(app.clean_text(new.display_name), '');
  new.bio := nullif(app.clean_text(new.bio), '');
  new.location := nullif(app.clean_text(new.location), '');
  new.platform := nullif(app.clean_text(new.platform), '');
  return new;
end
$$;
create trigger user_blank_text before insert or update of name, display_name, bio, location, platform on public."user"
  for each row execute function app.user_blank_text();

create or replace function app.game_blank_text()
returns trigger
language plpgsql
set search_path = pg_catalog, public
as $$
begin
  if app.is_blank(new.name) then
    perform app.fail('game_name_required', 'Game name is required');
  end if;
  new.name := app.clean_text(new.name);
  return new;
end
$$;
create trigger game_blank_text before insert or update of name on public.game
  for each row execute function app.game_blank_text();
