// `tsx tests/support/with-postgres.ts <command…>`: runs the command with TEST_DATABASE_URL pointing
// at Debian's PostgreSQL 15 (cluster "15 main", what production runs), so the db test project runs
// against a real server as well as PGlite. It installs the server when apt can, starts the cluster,
// sets the postgres role's password and forwards the command's exit code. Without a server it
// fails, or skips with exit 0 when ALLOW_NO_PG is set. Every child gets an argument array: no shell
// sees a value we build.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  checkPostgres15,
  LSCLUSTERS,
  PG_CLUSTER as CLUSTER,
  PG_PASSWORD as PASSWORD,
  PG_VERSION as VERSION,
  pgCluster as cluster,
  pgUrl,
} from './postgres15.ts';

const SERVER_BIN = `/usr/lib/postgresql/${VERSION}/bin/postgres`;
const CTLCLUSTER = '/usr/bin/pg_ctlcluster';
const CREATECLUSTER = '/usr/bin/pg_createcluster';

const log = (line: string) => console.log(`with-postgres: ${line}`);
const run = (cmd: string, args: string[], options: SpawnSyncOptions = {}) =>
  spawnSync(cmd, args, { encoding: 'utf8', ...options });

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
  const url = pgUrl(found.port);
  const checked = await checkPostgres15(url);
  if (checked !== true) return { reason: `127.0.0.1:${found.port}: ${checked}` };
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
