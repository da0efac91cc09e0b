// A fresh, fully migrated database for a test file. PGlite in memory by default; with
// TEST_DATABASE_URL (set by tests/support/with-postgres.ts) a new database on that server, so the
// same tests run against real PostgreSQL 15 as well.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, openPostgres, wrapPglite, type Db, type Queryable, type Row } from '../../supabase/local/db.ts';
import { migrate } from '../../supabase/local/migrate.ts';

let template: Promise<File | Blob> | undefined;

/** Migrating takes seconds; the first PGlite is migrated once and later ones start from its dump. */
async function pgliteFromTemplate(): Promise<Db> {
  template ??= (async () => {
    const lite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrate(wrapPglite(lite));
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    return dump;
  })();
  const lite = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: await template });
  return wrapPglite(lite);
}

export interface TestDb extends Db {
  /** The database name on a server (undefined for PGlite). */
  readonly url?: string;
}

export async function createTestDb(): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return pgliteFromTemplate();
  const name = `cp_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  await migrate(db);
  return {
    ...db,
    url: url.toString(),
    async close() {
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
  const claims = JSON.stringify({ sub: actor.authId ?? undefined, role: actor.role, email: actor.email, user_metadata: {} });
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await tx.exec(`set local role ${actor.role}`);
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
    `insert into auth.users (email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values ($1, now(), jsonb_build_object('username', $2::text), '{"provider":"email","providers":["email"]}') returning id`,
    [email, username],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('account not created');
  return { authId: id, role: 'authenticated', email };
}
