// Debian's PostgreSQL 15 test server (cluster "15 main", what production runs), as both the db
// test runner (with-postgres.ts) and the bench (bench/run.ts) find and check it: one place for its
// cluster, its test password and its URL.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

export const PG_VERSION = '15';
export const PG_CLUSTER = 'main';
// A local, loopback-only test server (Debian listens on localhost): a fixed password keeps
// several runs at once from locking each other out.
export const PG_PASSWORD = process.env.TEST_PG_PASSWORD ?? 'checkpoint-test';
// Debian's cluster tools (postgresql-common), by absolute path: PATH may not have /usr/bin.
export const LSCLUSTERS = '/usr/bin/pg_lsclusters';

/** The cluster's port and status from pg_lsclusters, or undefined when it does not exist. */
export function pgCluster(): { port: number; online: boolean } | undefined {
  const out = spawnSync(LSCLUSTERS, ['--no-header'], { encoding: 'utf8' });
  for (const line of String(out.stdout ?? '').split('\n')) {
    const [ver, name, port, status] = line.trim().split(/\s+/);
    if (ver === PG_VERSION && name === PG_CLUSTER)
      return { port: Number(port), online: status?.startsWith('online') ?? false };
  }
  return undefined;
}

/** The URL of the local cluster on `port`, as the postgres role with the test password. */
export const pgUrl = (port: number): string =>
  `postgres://postgres:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${port}/postgres`;

/** true when `url` is a PostgreSQL 15 server that answers, else why not. */
export async function checkPostgres15(url: string, timeoutMs = 10_000): Promise<true | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    const rows = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    const major = Math.floor(Number(rows.rows[0]?.v) / 10_000);
    return String(major) === PG_VERSION ? true : `the server is PostgreSQL ${major}, not ${PG_VERSION}`;
  } catch (error) {
    return `cannot connect: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
