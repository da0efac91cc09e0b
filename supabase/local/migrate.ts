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
