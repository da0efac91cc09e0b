// Brings a database to the current schema: Supabase's bootstrap (roles, auth, extensions), then
// every file of supabase/migrations in name order, each once and in its own transaction, recorded
// in supabase_migrations.schema_migrations as the Supabase CLI does.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.join(HERE, '..', 'migrations');

export async function bootstrap(db: Db): Promise<void> {
  await db.exec(await readFile(path.join(HERE, 'bootstrap.sql'), 'utf8'));
}

/**
 * Hosted Supabase's `db push` applies migrations as `postgres`, which is not a superuser there. So
 * does this, where the database has such a `postgres` and the connection may become it (a new
 * PGlite database, a server built like hosted); elsewhere (an older data directory, a server whose
 * `postgres` is its superuser) as the connection's own user.
 */
async function migrationRole(db: Db): Promise<string | undefined> {
  const rows = await db.query<{ as_postgres: boolean }>(
    `select exists (select 1 from pg_roles where rolname = 'postgres' and not rolsuper)
            and pg_has_role(current_user, 'postgres', 'member') as as_postgres`,
  );
  return rows[0]?.as_postgres ? 'postgres' : undefined;
}

/** The baseline: one migration that makes the schema the migrations before it had made. */
export const BASELINE_VERSION = '20261208000000';
/** The versions the baseline replaced, in the order they were applied. */
export const SQUASHED_VERSIONS: readonly string[] = [
  '20261121000100',
  '20261121000200',
  '20261121000300',
  '20261121000400',
  '20261121000500',
  '20261121000600',
  '20261121000700',
  '20261121000800',
  '20261122000900',
  '20261122001000',
  '20261122001100',
  '20261122001200',
  '20261122001300',
  '20261124001400',
  '20261124001500',
  '20261124001600',
  '20261126001700',
  '20261126001800',
  '20261126001900',
  '20261126002000',
  '20261126002100',
  '20261126002300',
  '20261126002400',
  '20261126002500',
  '20261126002600',
  '20261126002610',
  '20261126002700',
  '20261126002800',
  '20261127002900',
  '20261127003000',
  '20261127003100',
  '20261202003200',
  '20261202003300',
  '20261206003400',
  '20261207003500',
  '20261207003600',
  '20261207003700',
  '20261207003900',
];

/**
 * A database that applied every migration the baseline replaced already has its schema: it records
 * the baseline as applied and forgets the old versions, as `supabase migration repair` does for a
 * hosted project. One that applied only some of them cannot be brought up from here.
 */
async function recordBaseline(db: Db, done: Set<string>): Promise<void> {
  const old = SQUASHED_VERSIONS.filter((version) => done.has(version));
  if (done.has(BASELINE_VERSION) || old.length === 0) return;
  if (old.length < SQUASHED_VERSIONS.length)
    throw new Error(
      `This database was migrated up to ${old.at(-1)}, before migration ${BASELINE_VERSION}_baseline replaced ` +
        `${SQUASHED_VERSIONS.at(-1)} and the ones before it: open it once with a Checkpoint from before that ` +
        `baseline (which applies the rest), then with this one.`,
    );
  await db.transaction(async (tx) => {
    await tx.query('delete from supabase_migrations.schema_migrations where version = any($1)', [old]);
    await tx.query("insert into supabase_migrations.schema_migrations (version, name) values ($1, 'baseline')", [
      BASELINE_VERSION,
    ]);
  });
  for (const version of old) done.delete(version);
  done.add(BASELINE_VERSION);
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await bootstrap(db);
  return applyMigrations(db, dir);
}

/** What `supabase db push` does: each file not applied yet, in name order, in a transaction of its own. */
export async function applyMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const role = await migrationRole(db);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
      (r) => r.version,
    ),
  );
  if (files.some((file) => file.startsWith(`${BASELINE_VERSION}_`))) await recordBaseline(db, done);
  const applied: string[] = [];
  for (const file of files) {
    const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      if (role) await tx.exec(`set local role ${role}`);
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ]);
    });
    applied.push(file);
  }
  return applied;
}
