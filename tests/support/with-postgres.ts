// `tsx tests/support/with-postgres.ts <command…>`: runs the command with TEST_DATABASE_URL pointing
// at Debian's PostgreSQL 15 (cluster "15 main", what production runs), so the db test project runs
// against a real server as well as PGlite. It installs the server when apt can, starts the cluster,
// sets the postgres role's password and forwards the command's exit code. Without a server it
// fails, or skips with exit 0 when ALLOW_NO_PG is set. Every child gets an argument array: no shell
// sees a value we build.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

const VERSION = '15';
const CLUSTER = 'main';
const SERVER_BIN = `/usr/lib/postgresql/${VERSION}/bin/postgres`;
// Debian's cluster tools (postgresql-common), by absolute path: PATH may not have /usr/bin.
const LSCLUSTERS = '/usr/bin/pg_lsclusters';
const CTLCLUSTER = '/usr/bin/pg_ctlcluster';
const CREATECLUSTER = '/usr/bin/pg_createcluster';
// A local, loopback-only test server (Debian listens on localhost): a fixed password keeps
// several runs at once from locking each other out.
const PASSWORD = process.env.TEST_PG_PASSWORD ?? 'checkpoint-test';

const log = (line: string) => console.log(`with-postgres: ${line}`);
const run = (cmd: string, args: string[], options: SpawnSyncOptions = {}) =>
  spawnSync(cmd, args, { encoding: 'utf8', ...options });

/** The cluster's port and status from pg_lsclusters, or undefined when it does not exist. */
function cluster(): { port: number; online: boolean } | undefined {
  const out = run(LSCLUSTERS, ['--no-header']);
  for (const line of String(out.stdout ?? '').split('\n')) {
    const [ver, name, port, status] = line.trim().split(/\s+/);
    if (ver === VERSION && name === CLUSTER)
      return { port: Number(port), online: status?.startsWith('online') ?? false };
  }
  return undefined;
}

/** Makes the cluster run and accept our password; returns its URL or why it cannot. */
async function provide(): Promise<{ url: string } | { reason: string }> {
  const root = process.getuid?.() === 0;
  if (!existsSync(CTLCLUSTER) || !existsSync(LSCLUSTERS) || !existsSync(SERVER_BIN)) {
    if (!existsSync('/usr/bin/apt-get'))
      return { reason: `PostgreSQL ${VERSION} is not installed and apt-get is not available` };
    if (!root) return { reason: `PostgreSQL ${VERSION} is not installed and installing it needs root` };
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    log(`installing postgresql-${VERSION}: apt-get update && apt-get install -y postgresql-${VERSION}`);
    run('apt-get', ['update'], { stdio: 'inherit', env });
    const install = run('apt-get', ['install', '-y', `postgresql-${VERSION}`], { stdio: 'inherit', env });
    if (install.status !== 0 || !existsSync(SERVER_BIN) || !existsSync(CTLCLUSTER))
      return { reason: `apt-get install postgresql-${VERSION} failed` };
  }
  if (!cluster()) {
    if (!root) return { reason: `cluster ${VERSION} ${CLUSTER} does not exist and creating it needs root` };
    log(`creating cluster: pg_createcluster ${VERSION} ${CLUSTER}`);
    run(CREATECLUSTER, [VERSION, CLUSTER], { stdio: 'inherit' });
  }
  const found = cluster();
  if (!found) return { reason: `cluster ${VERSION} ${CLUSTER} could not be created` };
  if (!found.online) {
    log(`starting cluster: pg_ctlcluster ${VERSION} ${CLUSTER} start`);
    const start = run(CTLCLUSTER, [VERSION, CLUSTER, 'start'], { stdio: 'inherit' });
    // Another run may have started it in the meantime; the status below is what counts.
    if (start.status !== 0 && !cluster()?.online) return { reason: `pg_ctlcluster ${VERSION} ${CLUSTER} start failed` };
  }
  if (root) {
    // The statement goes in on stdin, so the fixed command line is all the shell of su sees.
    const sql = `alter role postgres password '${PASSWORD.replaceAll("'", "''")}';`;
    const alter = run('su', ['postgres', '-c', `psql -X -q -v ON_ERROR_STOP=1 -p ${found.port}`], { input: sql });
    if (alter.status !== 0) return { reason: `could not set the postgres password: ${String(alter.stderr).trim()}` };
  }
  const url = `postgres://postgres:${encodeURIComponent(PASSWORD)}@127.0.0.1:${found.port}/postgres`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const rows = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    const major = Math.floor(Number(rows.rows[0]?.v) / 10_000);
    if (String(major) !== VERSION)
      return { reason: `the server on port ${found.port} is PostgreSQL ${major}, not ${VERSION}` };
  } catch (error) {
    return { reason: `cannot connect to 127.0.0.1:${found.port}: ${(error as Error).message}` };
  } finally {
    await client.end().catch(() => undefined);
  }
  return { url };
}

const command = process.argv.slice(2);
const [program, ...args] = command;
if (!program) {
  console.error('usage: tsx tests/support/with-postgres.ts <command…>');
  process.exit(2);
}
const provided = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL } : await provide();
if ('reason' in provided) {
  if (process.env.ALLOW_NO_PG) {
    log(`SKIPPED the PostgreSQL ${VERSION} server tests: ${provided.reason} (ALLOW_NO_PG is set)`);
    process.exit(0);
  }
  console.error(`with-postgres: no PostgreSQL ${VERSION}: ${provided.reason} (set ALLOW_NO_PG=1 to skip instead)`);
  process.exit(1);
}
log(`TEST_DATABASE_URL → ${provided.url.replace(/:[^:@/]*@/, ':***@')}`);
const result = spawnSync(program, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: provided.url } });
if (result.error) console.error(`with-postgres: ${program}: ${result.error.message}`);
process.exit(result.status ?? 1);
