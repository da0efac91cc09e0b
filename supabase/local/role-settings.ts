// Hosted Supabase gives its API roles timeouts as role settings (anon 3 s, authenticated 8 s, and
// authenticator, PostgREST's login role, 8 s for statements and locks). A role setting applies at
// login, not at `set role`, so PostgREST applies the settings of the role it switches to in each
// request's transaction; the login role's own settings stay for what the API role does not set.

/** The settings PostgREST carries from a role into a request; others are left to the session. */
const CARRIED = ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout'];

/**
 * `authenticator`'s settings and then those of the role named by parameter `$n` (which win where
 * both set one), as rows of (name, value) in the order they are to be applied.
 */
export function roleSettingsRowsSql(n: number): string {
  return `select split_part(_c, '=', 1) as name, substr(_c, strpos(_c, '=') + 1) as value
        from pg_catalog.pg_db_role_setting _d
        join pg_catalog.pg_roles _r on _r.oid = _d.setrole
        cross join unnest(_d.setconfig) _c
       where _r.rolname in ('authenticator', $${n}::text)
         and _d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
         and split_part(_c, '=', 1) in (${CARRIED.map((name) => `'${name}'`).join(', ')})
       order by _r.rolname = $${n}::text, _d.setdatabase`;
}

/**
 * One SQL expression that sets, for this transaction only, the settings of roleSettingsRowsSql.
 * Its value is how many settings it applied.
 */
export function roleSettingsSql(n: number): string {
  return `(select count(set_config(_s.name, _s.value, true)) from (${roleSettingsRowsSql(n)}) _s)`;
}
