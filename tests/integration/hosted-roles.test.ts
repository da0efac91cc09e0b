// The hosted-Supabase database that tests/support/with-supabase.ts builds: the roles
// have hosted's attributes and settings, postgres is not a superuser, API requests come in through
// authenticator, and a role's settings reach a request only when applied per transaction, as
// PostgREST does. Runs only under `npm run test:supabase` (TEST_SUPABASE=1); reads the postgres
// database the harness pushed the migrations to and changes nothing (each transaction rolls back).
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const hosted = process.env.TEST_SUPABASE === '1';
const clients: pg.Client[] = [];
afterAll(() => Promise.all(clients.map((client) => client.end())));

async function connect(url: string | undefined): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    return await work();
  } finally {
    await client.query('rollback');
  }
}

const setting = async (client: pg.Client, name: string): Promise<string> =>
  (await client.query<{ v: string }>('select current_setting($1) as v', [name])).rows[0]?.v ?? '';

describe.skipIf(!hosted)('hosted Supabase roles (with-supabase.ts)', () => {
  it('gives each role hosted attributes, memberships and settings', async () => {
    const admin = await connect(process.env.TEST_DATABASE_URL);
    const { rows } = await admin.query<{ role: string; attributes: string; member_of: string; settings: string }>(`
      select r.rolname as role,
        concat_ws(' ', case when r.rolsuper then 'superuser' end, case when r.rolcreaterole then 'createrole' end,
          case when r.rolcreatedb then 'createdb' end, case when r.rolcanlogin then 'login' end,
          case when not r.rolinherit then 'noinherit' end, case when r.rolreplication then 'replication' end,
          case when r.rolbypassrls then 'bypassrls' end) as attributes,
        coalesce((select string_agg(g.rolname, ',' order by g.rolname) from pg_auth_members m
          join pg_roles g on g.oid = m.roleid where m.member = r.oid), '') as member_of,
        coalesce((select array_to_string(s.setconfig, ',') from pg_db_role_setting s
          where s.setrole = r.oid and s.setdatabase = 0), '') as settings
      from pg_roles r where r.rolname !~ '^pg_' order by r.rolname`);
    expect(Object.fromEntries(rows.map((r) => [r.role, [r.attributes, r.member_of, r.settings]]))).toEqual({
      anon: ['', '', 'statement_timeout=3s'],
      authenticated: ['', '', 'statement_timeout=8s'],
      authenticator: ['login noinherit', 'anon,authenticated,service_role', 'statement_timeout=8s,lock_timeout=8s'],
      dashboard_user: ['createrole createdb replication', '', ''],
      pgbouncer: ['login', '', ''],
      postgres: [
        'createrole createdb login replication bypassrls',
        'anon,authenticated,pg_monitor,pg_read_all_data,pg_signal_backend,service_role,supabase_auth_admin,supabase_storage_admin',
        'search_path="\\$user", public, extensions',
      ],
      service_role: ['bypassrls', '', ''],
      supabase_admin: [
        'superuser createrole createdb login replication bypassrls',
        '',
        'search_path="$user", public, auth, extensions',
      ],
      supabase_auth_admin: [
        'createrole login noinherit',
        '',
        'search_path=auth,idle_in_transaction_session_timeout=60000',
      ],
      supabase_read_only_user: ['login bypassrls', 'pg_read_all_data', ''],
      supabase_replication_admin: ['login replication', '', ''],
      supabase_storage_admin: ['createrole login noinherit', 'authenticator', 'search_path=storage'],
    });
  });

  it('lets postgres create trusted extensions but not untrusted ones, and only read cron.job', async () => {
    const postgres = await connect(process.env.TEST_SUPABASE_POSTGRES_URL);
    expect(await setting(postgres, 'is_superuser')).toBe('off');
    await rolledBack(postgres, () => postgres.query('create extension citext with schema extensions'));
    await expect(rolledBack(postgres, () => postgres.query('create extension file_fdw'))).rejects.toThrow(
      /permission denied to create extension/,
    );
    const jobs = await postgres.query<{ jobname: string }>('select jobname from cron.job');
    expect(jobs.rows.map((r) => r.jobname)).toEqual(['prune-sync-changes']);
    await expect(
      rolledBack(postgres, () => postgres.query("update cron.job set schedule = '* * * * *'")),
    ).rejects.toThrow(/permission denied/);
  });

  it('records every pushed migration as supabase db push does', async () => {
    const postgres = await connect(process.env.TEST_SUPABASE_POSTGRES_URL);
    const { rows } = await postgres.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    const files = readdirSync('supabase/migrations')
      .filter((f) => /^\d+_.*\.sql$/.test(f))
      .sort();
    expect(rows.map((r) => `${r.version}_${r.name}.sql`)).toEqual(files);
  });

  it('gives authenticator nothing of its own: it must switch role, and auth.uid() reads the claims', async () => {
    const authenticator = await connect(process.env.TEST_SUPABASE_AUTHENTICATOR_URL);
    await expect(
      rolledBack(authenticator, () => authenticator.query('select 1 from public.game limit 1')),
    ).rejects.toThrow(/permission denied/);
    const sub = '5b0c1d52-6a53-4f0e-9d7a-0b3c2f1e4d5a';
    const uid = await rolledBack(authenticator, async () => {
      await authenticator.query('set local role authenticated');
      await authenticator.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub, role: 'authenticated' }),
      ]);
      await authenticator.query('select 1 from public.game limit 1');
      return (await authenticator.query<{ uid: string }>('select auth.uid() as uid')).rows[0]?.uid;
    });
    expect(uid).toBe(sub);
  });

  it("applies anon's statement_timeout only when set per transaction, as PostgREST does", async () => {
    const authenticator = await connect(process.env.TEST_SUPABASE_AUTHENTICATOR_URL);
    // At login authenticator's own settings apply; `set role` does not bring the role's.
    expect([await setting(authenticator, 'statement_timeout'), await setting(authenticator, 'lock_timeout')]).toEqual([
      '8s',
      '8s',
    ]);
    await rolledBack(authenticator, async () => {
      await authenticator.query('set local role anon');
      expect(await setting(authenticator, 'statement_timeout')).toBe('8s');
    });
    // PostgREST reads the impersonated role's settings from pg_db_role_setting and sets them local.
    const started = Date.now();
    await expect(
      rolledBack(authenticator, async () => {
        await authenticator.query('set local role anon');
        await authenticator.query(`select set_config(split_part(c, '=', 1), split_part(c, '=', 2), true)
        from pg_db_role_setting s, unnest(s.setconfig) c where s.setrole = 'anon'::regrole and s.setdatabase = 0`);
        expect(await setting(authenticator, 'statement_timeout')).toBe('3s');
        await authenticator.query('select pg_sleep(3.5)');
      }),
    ).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(3_400);
    expect(await setting(authenticator, 'statement_timeout')).toBe('8s');
  });
});
