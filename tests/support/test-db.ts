// A fresh, fully migrated database for a test file. PGlite in memory by default; with
// TEST_DATABASE_URL (set by tests/support/with-postgres.ts) a new database on that server, so the
// same tests run against real PostgreSQL 15 as well. With TEST_SUPABASE=1 (set by
// tests/support/with-supabase.ts) the server is built like hosted Supabase: each database is a copy
// of one the migrations were pushed to as `postgres`, and callers come in through `authenticator`.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import {
  PGLITE_OPTIONS,
  openPostgres,
  wrapPglite,
  type Db,
  type Queryable,
  type Row,
} from '../../supabase/local/db.ts';
import { migrate } from '../../supabase/local/migrate.ts';
import { roleSettingsSql } from '../../supabase/local/role-settings.ts';

let template: Promise<File | Blob> | undefined;

/** Migrating takes seconds; the first PGlite is migrated once and later ones start from its dump. */
async function pgliteFromTemplate(): Promise<Db> {
  template ??= (async () => {
    const lite = await PGlite.create(PGLITE_OPTIONS);
    await migrate(wrapPglite(lite));
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    return dump;
  })();
  const lite = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await template });
  return wrapPglite(lite);
}

export interface TestDb extends Db {
  /** The database name on a server (undefined for PGlite). */
  readonly url?: string;
  /** Where API callers connect, when it is not the test's own connection: hosted's `authenticator`. */
  readonly api?: Db;
}

const hosted = () => process.env.TEST_SUPABASE === '1';

/** `url` with its database swapped for `name`. */
function onDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** `serverUrl`: the server to make it on (TEST_DATABASE_URL by default); empty for PGlite. */
export async function createTestDb(serverUrl = process.env.TEST_DATABASE_URL): Promise<TestDb> {
  if (!serverUrl) return pgliteFromTemplate();
  const name = `cp_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const template = process.env.TEST_SUPABASE_TEMPLATE;
  const authenticatorUrl = process.env.TEST_SUPABASE_AUTHENTICATOR_URL;
  if (hosted() && (!template || !authenticatorUrl))
    throw new Error('TEST_SUPABASE needs TEST_SUPABASE_TEMPLATE and TEST_SUPABASE_AUTHENTICATOR_URL');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the pushed template keeps hosted's ownership: postgres owns the database.
  await admin.query(
    hosted() ? `create database ${name} template ${template} owner postgres` : `create database ${name}`,
  );
  await admin.end();
  const url = onDatabase(serverUrl, name);
  const db = openPostgres(url);
  if (!hosted()) await migrate(db);
  const api = hosted() && authenticatorUrl ? openPostgres(onDatabase(authenticatorUrl, name)) : undefined;
  return {
    ...db,
    url,
    api,
    async close() {
      await api?.close();
      await db.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export interface Actor {
  /** auth.users id (the JWT sub), or null for a visitor. */
  readonly authId: string | null;
  readonly role: 'anon' | 'authenticated' | 'service_role';
  readonly email?: string;
}

export const VISITOR: Actor = { authId: null, role: 'anon' };

/**
 * Runs statements as PostgREST would for this caller: in a transaction, under the caller's role,
 * with request.jwt.claims set. The transaction rolls back when fn throws.
 */
export function asActor<T>(db: Db, actor: Actor, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const claims = JSON.stringify({
    sub: actor.authId ?? undefined,
    role: actor.role,
    email: actor.email,
    user_metadata: {},
  });
  return ((db as TestDb).api ?? db).transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('role', $2, true), ${roleSettingsSql(2)}`,
      [claims, actor.role],
    );
    return fn(tx);
  });
}

/** Calls one function as the actor and returns its single JSON result. */
export async function call<T = unknown>(db: Db, actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  return asActor(db, actor, async (q) => {
    const rows = await q.query<Row>(`select to_jsonb(${sql}) as r`, params);
    return rows[0]?.r as T;
  });
}

/** Creates a confirmed auth account (as the gateway's signup + verify would) and returns its actor. */
export async function createAccount(db: Db, username: string): Promise<Actor> {
  const email = `${username.toLowerCase()}@example.test`;
  const rows = await db.query<{ id: string }>(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values (gen_random_uuid(), $1, now(), jsonb_build_object('username', $2::text), '{"provider":"email","providers":["email"]}') returning id`,
    [email, username],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('account not created');
  return { authId: id, role: 'authenticated', email };
}

/**
 * SQL that grants a test's throwaway functions (public, named `<prefix>…`) to the API roles, as a
 * migration grants each of its own: since 0100 the database grants new functions to no one.
 */
export function grantTestFunctions(prefix: string): string {
  return `do $grant$
    declare f regprocedure;
    begin
      for f in select p.oid::regprocedure from pg_proc p
                where p.pronamespace = 'public'::regnamespace and starts_with(p.proname, '${prefix.replaceAll("'", "''")}') loop
        execute format('grant execute on function %s to anon, authenticated, service_role', f);
      end loop;
    end
  $grant$;`;
}
