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

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await bootstrap(db);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of files) {
    const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, rest.join('_')]);
    });
    applied.push(file);
  }
  return applied;
}
