// What `supabase db push` does to a hosted project's database, for tests/support/with-supabase.ts:
// connected as the postgres role, it makes the CLI's history table, then applies each
// `<version>_<name>.sql` in name order, one transaction per file, and records it. Modelled on
// supabase/cli pkg/migration/{history,apply,file}.go (read 2026-11-26). One difference: the CLI
// splits a file into statements and stores them in `statements`; here the file goes in whole (one
// simple-protocol query, so an error's position counts from the top of the file) and is stored as
// a one-element array.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

export type PushFailure = { file: string; report: string };

/** The migration files of a folder in the order the CLI applies them, with version and name. */
export function migrationFiles(dir: string): { file: string; version: string; name: string }[] {
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const match = MIGRATION_FILE.exec(file);
      return match?.[1] && match[2] !== undefined ? [{ file, version: match[1], name: match[2] }] : [];
    });
}

/** Line, column and the line itself with a caret under the 1-based character `position`. */
function pointAt(text: string, position: number): string {
  const before = text.slice(0, position - 1);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n') - 1;
  const source = text.split('\n')[line - 1] ?? '';
  return `line ${line}, column ${column}:\n  ${source}\n  ${' '.repeat(Math.max(column - 1, 0))}^`;
}

/** The Postgres error as a reader needs it: message, code, detail, hint, where in the file. */
function describe(error: unknown, sql: string): string {
  if (!(error instanceof pg.DatabaseError)) return String(error);
  const lines = [`ERROR: ${error.message} (SQLSTATE ${error.code ?? '?'})`];
  if (error.detail) lines.push(`DETAIL: ${error.detail}`);
  if (error.hint) lines.push(`HINT: ${error.hint}`);
  if (error.position) lines.push(`at ${pointAt(sql, Number(error.position))}`);
  if (error.internalQuery && error.internalPosition) {
    lines.push(
      `in the statement the server ran:\n  ${pointAt(error.internalQuery, Number(error.internalPosition)).replace(/\n/g, '\n  ')}`,
    );
  }
  if (error.where) lines.push(`CONTEXT: ${error.where}`);
  return lines.join('\n');
}

/** A connection to `url`, closed after `work`. */
async function connected<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Applies the folder's migrations to the database at `url`; the first failure stops the push. The
 * CLI pushes in one session, but a project's migrations reach it over many pushes: each file here
 * gets a session of its own, so a migration that works only because an earlier file loaded a
 * module or set something in the same session (0800 once did, with pg_trgm's setting) fails here.
 */
export async function pushMigrations(
  url: string,
  dir: string,
  log: (line: string) => void,
): Promise<PushFailure | undefined> {
  // The CLI's history table, made by whoever pushes (so owned by postgres on hosted).
  const applied = await connected(url, async (client) => {
    await client.query(`set lock_timeout = '4s';
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
      alter table supabase_migrations.schema_migrations add column if not exists statements text[];
      alter table supabase_migrations.schema_migrations add column if not exists name text;`);
    return new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (row) => row.version,
      ),
    );
  });
  for (const { file, version, name } of migrationFiles(dir)) {
    if (applied.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    log(`applying ${file}`);
    const failure = await connected(url, async (client) => {
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
        await client.query('commit');
        return undefined;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        return { file: join(dir, file), report: describe(error, sql) };
      }
    });
    if (failure) return failure;
  }
  return undefined;
}
