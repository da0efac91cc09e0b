// The database behind the local gateway: PGlite (Postgres in WASM) stored in DATA_DIR by default,
// or a real Postgres server when DATABASE_URL is set. Both are wrapped in one small interface so
// the gateway, the migrations and the tests run unchanged on either.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Calls `listener` with each notice on `channel` (LISTEN), from before the statement that sent
   * it (its transaction's commit) returns; resolves once listening. Only where notices arrive so:
   * PGlite (one connection, notices read with each answer). A server's arrive on a connection of
   * their own at any later time.
   */
  readonly listen?: (channel: string, listener: (payload: string) => void) => Promise<void>;
  /** Runs fn inside BEGIN … COMMIT (ROLLBACK when it throws) on one connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * A new PGlite database is made as hosted Supabase makes its own: the bootstrap superuser is
 * `supabase_admin`, so the `postgres` role that bootstrap.sql creates and the migrations run as is
 * not a superuser. PGlite has one connection, whose session user is always the bootstrap user.
 */
export const PGLITE_OPTIONS = {
  extensions: PGLITE_EXTENSIONS,
  initDbStartParams: ['--username=supabase_admin'],
  username: 'supabase_admin',
} satisfies PGliteOptions;

export async function openPglite(dataDir?: string): Promise<Db> {
  // A data directory made before 2026-11-26 has `postgres` as its bootstrap superuser (and, once
  // bootstrap.sql ran on it, a supabase_admin that is not its session user): it opens as it was
  // made, as postgres, and its migrations keep running as that superuser.
  const legacy = () => PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  let lite: PGlite;
  try {
    lite = await PGlite.create({ dataDir, ...PGLITE_OPTIONS });
  } catch (error) {
    if (!dataDir || !/role "supabase_admin" does not exist/.test((error as Error).message)) throw error;
    return wrapPglite(await legacy());
  }
  const [row] = (await lite.query<{ user: string }>('select session_user as user')).rows;
  if (row?.user === PGLITE_OPTIONS.username) return wrapPglite(lite);
  await lite.close();
  return wrapPglite(await legacy());
}

export function wrapPglite(lite: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await lite.query<T>(sql, params)).rows;
    },
    async listen(channel: string, listener: (payload: string) => void) {
      await lite.listen(channel, listener);
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    // PGlite has one connection; its transaction() holds an exclusive lock, so concurrent
    // HTTP requests queue here instead of interleaving inside each other's transactions.
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction((tx) =>
        fn({
          async query<R extends Row>(sql: string, params?: unknown[]) {
            return (await tx.query<R>(sql, params)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    close: () => lite.close(),
  };
}

// node-postgres returns int8 as a string; PGlite returns a number. Ids here stay far below 2^53,
// so both adapters hand back numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // A client's error on an idle connection must not crash the process.
  pool.on('error', () => undefined);
  const client = (c: pg.PoolClient | pg.Pool): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await c.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...client(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await fn(client(conn));
        await conn.query('commit');
        return result;
      } catch (error) {
        await conn.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
