// `tsx tests/support/with-supabase.ts [--migrations <dir>] [command…]`: runs the command against a
// throwaway PostgreSQL 15 cluster built the way hosted Supabase builds a project's database
// (tests/support/hosted/*.sql: postgres is not a superuser, the API roles, auth, extensions,
// pg_cron), after pushing the migrations as `supabase db push` does (tests/support/supabase-push.ts).
// The cluster lives in a temp dir and is stopped and removed however the run ends. Without a
// command it only builds and pushes. Every child gets an argument array: no shell sees a value.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationFiles, pushMigrations } from './supabase-push.ts';
import { freePort } from './free-port.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const CRON_LIBRARY = '/usr/lib/postgresql/15/lib/pg_cron.so';
const PACKAGES = ['postgresql-15', 'postgresql-15-cron'];
const HERE = dirname(fileURLToPath(import.meta.url));
const HOSTED_SQL = join(HERE, 'hosted');
const MIGRATIONS = join(HERE, '..', '..', 'supabase', 'migrations');
const TEMPLATE = 'hosted_template';
const CRON_JOB = 'prune-sync-changes';
// Roles that log in on hosted; each gets this run's password.
const LOGIN_ROLES = [
  'postgres',
  'authenticator',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'supabase_replication_admin',
  'supabase_read_only_user',
  'pgbouncer',
];

const log = (line: string) => console.log(`with-supabase: ${line}`);
const fail = (line: string): never => {
  throw new Error(line);
};

function parseArgs(argv: string[]): { migrations: string; command: string[] } {
  let migrations = MIGRATIONS;
  const rest = [...argv];
  if (rest[0] === '--migrations') {
    const dir = rest[1];
    if (!dir) {
      console.error('usage: tsx tests/support/with-supabase.ts [--migrations <dir>] [command…]');
      process.exit(2);
    }
    migrations = resolve(dir);
    rest.splice(0, 2);
  }
  return { migrations, command: rest };
}

/** Installs Debian's PostgreSQL 15 and pg_cron when missing (needs root and apt-get). */
function ensureInstalled(root: boolean): void {
  if (existsSync(join(BIN, 'initdb')) && existsSync(CRON_LIBRARY)) return;
  if (!root || !existsSync('/usr/bin/apt-get'))
    fail(`${PACKAGES.join(' and ')} are not installed, and installing them needs root and apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`installing: apt-get update && apt-get install -y ${PACKAGES.join(' ')}`);
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', ...PACKAGES], { stdio: 'inherit', env });
  if (install.status !== 0 || !existsSync(join(BIN, 'initdb')) || !existsSync(CRON_LIBRARY))
    fail(`apt-get install ${PACKAGES.join(' ')} failed`);
}

/** A port nobody listens on right now (the server binds it a moment later). */

/** The OS user the server runs as: `postgres` when we are root (initdb refuses root), else us. */
function serverUser(root: boolean): SpawnSyncOptions {
  if (!root) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) fail('there is no OS user postgres to run the server as');
  return { uid, gid };
}

type Cluster = { dir: string; port: number; password: string; url: (role: string, database?: string) => string };

/** initdb with supabase_admin as bootstrap superuser, hosted's settings, password auth on TCP only. */
async function createCluster(root: boolean): Promise<{ cluster: Cluster; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'checkpoint-supabase-'));
  const as = serverUser(root);
  const run = (program: string, args: string[]) =>
    spawnSync(join(BIN, program), args, { ...as, encoding: 'utf8', cwd: dir, env: { ...process.env, HOME: dir } });
  let started = false;
  let removed = false;
  const stop = () => {
    if (removed) return;
    removed = true;
    if (started) {
      const stopped = run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      if (stopped.status !== 0) console.error(`with-supabase: pg_ctl stop: ${stopped.stderr}`);
    }
    rmSync(dir, { recursive: true, force: true });
    log(`stopped the cluster and removed ${dir}`);
  };
  try {
    if (as.uid !== undefined && as.gid !== undefined) chownSync(dir, as.uid, as.gid);
    const password = randomBytes(18).toString('base64url');
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (as.uid !== undefined && as.gid !== undefined) chownSync(passwordFile, as.uid, as.gid);
    const data = join(dir, 'data');
    log(`initdb ${data} (bootstrap superuser supabase_admin)`);
    const init = run('initdb', [
      '-D',
      data,
      '--username=supabase_admin',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-instructions',
    ]);
    if (init.status !== 0) fail(`initdb failed:\n${init.stdout}${init.stderr}`);
    const port = await freePort();
    // Hosted's settings that change behaviour (pg: ansible/files/postgresql_config/postgresql.conf.j2),
    // enough connections for the test suite's pools, and no durability: the cluster is thrown away.
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        '# with-supabase.ts',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        "unix_socket_directories = ''",
        'max_connections = 300',
        "shared_preload_libraries = 'pg_stat_statements, pg_cron'",
        "cron.database_name = 'postgres'",
        "password_encryption = 'scram-sha-256'",
        'row_security = on',
        "timezone = 'UTC'",
        "log_timezone = 'UTC'",
        'extra_float_digits = 0',
        "default_text_search_config = 'pg_catalog.english'",
        'wal_level = logical',
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    writeFileSync(join(data, 'pg_hba.conf'), 'host all all 127.0.0.1/32 scram-sha-256\n');
    const start = run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    if (start.status !== 0)
      fail(
        `pg_ctl start failed:\n${start.stderr}\n${existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''}`,
      );
    started = true;
    log(`PostgreSQL 15 on 127.0.0.1:${port}`);
    const url = (role: string, database = 'postgres') =>
      `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    return { cluster: { dir, port, password, url }, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

async function asAdmin<T>(cluster: Cluster, database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster.url('supabase_admin', database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function applyFile(client: pg.Client, file: string): Promise<void> {
  try {
    await client.query(readFileSync(join(HOSTED_SQL, file), 'utf8'));
  } catch (error) {
    fail(`${file}: ${(error as Error).message}`);
  }
}

/** Hosted's roles once, then its databases: postgres (with pg_cron) and the tests' template. */
async function buildHosted(cluster: Cluster): Promise<void> {
  await asAdmin(cluster, 'postgres', async (client) => {
    log('roles (00-roles.sql)');
    await applyFile(client, '00-roles.sql');
    for (const role of LOGIN_ROLES) {
      await client.query(
        `alter role ${client.escapeIdentifier(role)} password ${client.escapeLiteral(cluster.password)}`,
      );
    }
    log('database postgres (10-database.sql, 20-auth.sql, 30-cron.sql)');
    for (const file of ['10-database.sql', '20-auth.sql', '30-cron.sql']) await applyFile(client, file);
    await client.query(`create database ${TEMPLATE}`);
  });
  await asAdmin(cluster, TEMPLATE, async (client) => {
    log(`database ${TEMPLATE} (10-database.sql, 20-auth.sql)`);
    for (const file of ['10-database.sql', '20-auth.sql']) await applyFile(client, file);
  });
}

async function push(cluster: Cluster, migrations: string): Promise<boolean> {
  for (const database of ['postgres', TEMPLATE]) {
    log(`supabase db push (as postgres) to ${database}: ${migrations}`);
    const failure = await pushMigrations(cluster.url('postgres', database), migrations, (line) => log(`  ${line}`));
    if (failure) {
      console.error(`with-supabase: the push to ${database} FAILED at ${failure.file}\n${failure.report}`);
      return false;
    }
  }
  // The baseline schedules the job where pg_cron exists and only logs a notice where it cannot,
  // so a silent miss is caught here (skipped for a folder without that migration, e.g. a part).
  const schedules = migrationFiles(migrations).some(({ file }) =>
    readFileSync(join(migrations, file), 'utf8').includes(CRON_JOB),
  );
  if (!schedules) {
    log(`no migration names the cron job '${CRON_JOB}': not checked`);
    return true;
  }
  const jobs = await asAdmin(cluster, 'postgres', (client) =>
    client.query<{ schedule: string; command: string; username: string }>(
      'select schedule, command, username from cron.job where jobname = $1',
      [CRON_JOB],
    ),
  );
  const job = jobs.rows[0];
  if (!job) {
    console.error(
      `with-supabase: cron.job has no job '${CRON_JOB}' after the push (the baseline schedules it where pg_cron exists)`,
    );
    return false;
  }
  log(`cron.job '${CRON_JOB}': '${job.schedule}' ${job.command} (as ${job.username})`);
  return true;
}

/**
 * The next deploying step (docs/deploying.md): `npm run catalogue:load -- <url>` as postgres fills the pushed
 * database's catalogue with the bundled games (import_catalogue, then vacuum analyze as its owner).
 */
function loadCatalogue(cluster: Cluster): boolean {
  const script = join(HERE, '..', '..', 'supabase', 'local', 'load-catalogue.ts');
  log('npm run catalogue:load -- <postgres url> (as postgres)');
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, cluster.url('postgres')], { encoding: 'utf8' });
  const said = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split(/\r|\n/).filter(Boolean).at(-1) ?? '';
  log(`  ${said}`);
  if (run.status !== 0 || !/the catalogue holds [1-9]\d*$/.test(said)) {
    console.error(`with-supabase: catalogue:load failed (exit ${run.status}): ${run.stderr}`);
    return false;
  }
  return true;
}

async function markTemplate(cluster: Cluster): Promise<void> {
  // Marked a template so that a role with CREATEDB (not only a superuser) may clone it.
  await asAdmin(cluster, 'postgres', (client) => client.query(`alter database ${TEMPLATE} with is_template true`));
}

/** Runs the command with the cluster's URLs; resolves with its exit code. Signals are forwarded. */
function runCommand(cluster: Cluster, [program, ...args]: string[]): Promise<number> {
  const env = {
    ...process.env,
    TEST_DATABASE_URL: cluster.url('supabase_admin'),
    TEST_SUPABASE: '1',
    TEST_SUPABASE_TEMPLATE: TEMPLATE,
    TEST_SUPABASE_POSTGRES_URL: cluster.url('postgres'),
    TEST_SUPABASE_AUTHENTICATOR_URL: cluster.url('authenticator'),
  };
  log(`running: ${[program, ...args].join(' ')}`);
  return new Promise((done) => {
    const child = spawn(program ?? '', args, { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`with-supabase: ${program}: ${error.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
}

async function main(): Promise<number> {
  const { migrations, command } = parseArgs(process.argv.slice(2));
  const root = process.getuid?.() === 0;
  ensureInstalled(root);
  const { cluster, stop } = await createCluster(root);
  // A signal before the command runs: stop the cluster, then leave.
  const abort = (signal: NodeJS.Signals) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  try {
    await buildHosted(cluster);
    if (!(await push(cluster, migrations))) return 1;
    if (migrations === MIGRATIONS && !loadCatalogue(cluster)) return 1;
    await markTemplate(cluster);
    if (command.length === 0) {
      log('pushed; no command to run');
      return 0;
    }
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
    return await runCommand(cluster, command);
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`with-supabase: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
