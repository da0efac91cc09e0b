// The local database is built like a hosted Supabase project (so what passes here deploys there):
// PGlite's bootstrap superuser is supabase_admin, `postgres` is not a superuser and owns what the
// migrations make, and the API roles have hosted's memberships and timeouts. A data directory made
// the old way (postgres as the superuser) still opens, migrates and serves. PGlite only: a server
// reached through TEST_DATABASE_URL keeps its own superuser (test:supabase checks a hosted-like
// one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, openPglite, type Db } from '../../supabase/local/db.ts';
import { migrate } from '../../supabase/local/migrate.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-local-db-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const one = async <T extends Record<string, unknown>>(db: Db, sql: string) => (await db.query<T>(sql))[0] as T;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the local database (PGlite)', () => {
  it('is made like a hosted project: supabase_admin is the superuser, the migrations run as postgres', async () => {
    const dir = tempDir();
    const db = await openPglite(dir);
    try {
      const applied = await migrate(db);
      expect(applied).toEqual(['20261208000000_baseline.sql']);
      expect(await one(db, 'select session_user as s, current_user as c')).toEqual({
        s: 'supabase_admin',
        c: 'supabase_admin',
      });
      const roles = await db.query<{
        rolname: string;
        rolsuper: boolean;
        rolinherit: boolean;
        rolbypassrls: boolean;
        rolcanlogin: boolean;
      }>(
        `select rolname, rolsuper, rolinherit, rolbypassrls, rolcanlogin from pg_roles
          where rolname in ('supabase_admin', 'postgres', 'authenticator', 'anon', 'authenticated', 'service_role', 'supabase_auth_admin')
          order by rolname`,
      );
      expect(roles).toEqual([
        { rolname: 'anon', rolsuper: false, rolinherit: true, rolbypassrls: false, rolcanlogin: false },
        { rolname: 'authenticated', rolsuper: false, rolinherit: true, rolbypassrls: false, rolcanlogin: false },
        { rolname: 'authenticator', rolsuper: false, rolinherit: false, rolbypassrls: false, rolcanlogin: true },
        { rolname: 'postgres', rolsuper: false, rolinherit: true, rolbypassrls: true, rolcanlogin: true },
        { rolname: 'service_role', rolsuper: false, rolinherit: true, rolbypassrls: true, rolcanlogin: false },
        { rolname: 'supabase_admin', rolsuper: true, rolinherit: true, rolbypassrls: true, rolcanlogin: true },
        { rolname: 'supabase_auth_admin', rolsuper: false, rolinherit: false, rolbypassrls: false, rolcanlogin: true },
      ]);
      // What the migrations made belongs to postgres, the extensions included.
      expect(
        await one(db, `select pg_get_userbyid(relowner) as owner from pg_class where oid = 'public.game'::regclass`),
      ).toEqual({ owner: 'postgres' });
      expect(
        await one(
          db,
          `select pg_get_userbyid(proowner) as owner from pg_proc where oid = 'public.sync_push(uuid, jsonb, integer)'::regprocedure`,
        ),
      ).toEqual({ owner: 'postgres' });
      expect(
        await db.query(
          `select extname, extnamespace::regnamespace::text as schema from pg_extension where extname in ('pg_trgm', 'unaccent') order by 1`,
        ),
      ).toEqual([
        { extname: 'pg_trgm', schema: 'extensions' },
        { extname: 'unaccent', schema: 'extensions' },
      ]);
      expect(
        await db.query(
          `select r.rolname, s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
          where r.rolname in ('anon', 'authenticated', 'authenticator') order by 1`,
        ),
      ).toEqual([
        { rolname: 'anon', setconfig: ['statement_timeout=3s'] },
        { rolname: 'authenticated', setconfig: ['statement_timeout=8s'] },
        { rolname: 'authenticator', setconfig: ['statement_timeout=8s', 'lock_timeout=8s'] },
      ]);
      // authenticator has no rights of its own until it switches to an API role.
      expect(
        await db.query(`select pg_has_role('authenticator', r, 'member') as m, pg_has_role('authenticator', r, 'usage') as u
                               from unnest(array['anon', 'authenticated', 'service_role']) r`),
      ).toEqual([
        { m: true, u: false },
        { m: true, u: false },
        { m: true, u: false },
      ]);
      // A second start changes nothing (bootstrap.sql is idempotent) and applies no migration again.
      expect(await migrate(db)).toEqual([]);
      // The API defaults were set once, before the first migration: 0100's narrowing holds.
      expect(
        await one(db, `select has_table_privilege('anon', 'public.sync_change', 'insert') as anon_insert`),
      ).toEqual({ anon_insert: false });
    } finally {
      await db.close();
    }
  });

  it('opens a data directory made before, whose superuser is postgres, as it was made', async () => {
    const dir = tempDir();
    // The old way: PGlite's own superuser `postgres`, migrated as it.
    const old = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
    await old.exec(`create schema if not exists extensions;
      create extension if not exists pg_trgm with schema extensions; create extension if not exists unaccent with schema extensions;`);
    await old.close();
    for (let start = 1; start <= 2; start++) {
      const db = await openPglite(dir);
      try {
        expect(await one(db, 'select session_user as s, current_user as c')).toEqual({ s: 'postgres', c: 'postgres' });
        if (start === 1) expect(await migrate(db)).toEqual(['20261208000000_baseline.sql']);
        else expect(await migrate(db)).toEqual([]);
        expect(
          await one(db, `select pg_get_userbyid(relowner) as owner from pg_class where oid = 'public.game'::regclass`),
        ).toEqual({ owner: 'postgres' });
        expect(await one(db, `select count(*)::int as n from public.search_games_secure('zelda')`)).toEqual({ n: 0 });
      } finally {
        await db.close();
      }
    }
  });
});
