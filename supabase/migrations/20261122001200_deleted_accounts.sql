-- A deleted account stays deleted. delete_account removes the member row and the auth account, but
-- the caller's access token stays valid until it expires (JWTs are stateless), and app.ensure_user
-- used to create a fresh member row for it on the next write or get_or_create_user — a rejected
-- sync_push from a deleted account left a new "user" row behind (found by the fuzz test).
-- Now a member row is only created for an auth account that exists.

create or replace function app.ensure_user(p_auth_id text, p_email text, p_name text, p_provider text)
returns bigint
language plpgsql
security definer
set search_path = pg_catalog, public
as $$
declare
  v_id bigint;
begin
  select id into v_id from public."user" where provider_id = p_auth_id;
  if v_id is not null then
    return v_id;
  end if;
  if not exists (select 1 from auth.users u where u.id::text = p_auth_id) then
    perform app.fail('not_authenticated', 'User not authenticated', '42501');
  end if;
  begin
    insert into public."user" (provider_id, provider, email, name, username)
    values (p_auth_id, coalesce(nullif(p_provider, ''), 'email'), p_email, left(nullif(btrim(p_name), ''), 100),
            app.free_username(coalesce(nullif(btrim(p_name), ''), split_part(coalesce(p_email, ''), '@', 1))))
    returning id into v_id;
  exception when unique_violation then
    select id into v_id from public."user" where provider_id = p_auth_id;
  end;
  if v_id is null then
    perform app.fail('user_create_failed', 'Failed to create user record');
  end if;
  return v_id;
end
$$;
