// A test gateway (PGlite behind the Supabase-compatible HTTP API) in a Node process of its own,
// for a bench that measures a client against it (sync-engine.bench.ts). In real life the server is
// another machine: with PGlite in the client's own thread, each sync_pull held the client's event
// loop while the server built its page, so the client could not store one page while the next was
// built. The client still talks to it over HTTP exactly as it does to the in-process gateway; only
// where the server's CPU time is spent changes. The parent reaches the database (seeding, checks)
// through `query`, sent over the IPC channel.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PasswordHashing } from '../../supabase/local/auth/passwords.ts';
import type { Db, Row } from '../../supabase/local/db.ts';
import { gatewayHelpers, startTestGateway, type GatewayHelpers } from '../support/gateway.ts';

type Request =
  | { readonly id: number; readonly sql: string; readonly params: unknown[] }
  | { readonly id: number; readonly cpu: true }
  | { readonly close: true };
type Answer = { readonly id: number; readonly rows?: unknown[]; readonly error?: string; readonly cpuMs?: number };
type Reply = { readonly ready: true; readonly url: string; readonly anonKey: string } | Answer;

export interface GatewayProcess extends GatewayHelpers {
  readonly url: string;
  readonly anonKey: string;
  readonly db: Pick<Db, 'query'>;
  /**
   * The CPU time the server's process has used so far (user and system, all its threads), in ms:
   * what a figure's server side cost, whatever else the machine was doing meanwhile.
   */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts a test gateway in a child process; resolves once it listens. Over a fresh PGlite, or over
 * a fresh database on the PostgreSQL server at `databaseUrl` (tests/support/test-db.ts); bcrypt
 * where `passwordHashing` says (the load bench compares both).
 */
export async function startGatewayProcess({
  databaseUrl,
  passwordHashing = 'workers',
}: { databaseUrl?: string; passwordHashing?: PasswordHashing } = {}): Promise<GatewayProcess> {
  const env = { ...process.env };
  if (databaseUrl) env['TEST_DATABASE_URL'] = databaseUrl;
  else delete env['TEST_DATABASE_URL'];
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['--serve', `--password-hashing=${passwordHashing}`],
    {
      execArgv: ['--import', 'tsx', '--experimental-websocket'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env,
    },
  );
  const waiting = new Map<number, { resolve: (reply: Answer) => void; reject: (error: Error) => void }>();
  let next = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway process exited (${code ?? 'signal'})`)));
    child.on('message', (message: Reply) => {
      if ('ready' in message) return resolve(message);
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message);
    });
  });
  const { url, anonKey } = await ready;
  const send = (request: Request) => child.send(request);
  const ask = (request: (id: number) => Request) =>
    new Promise<Answer>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      send(request(id));
    });
  return {
    url,
    anonKey,
    ...gatewayHelpers({ url, anonKey }),
    db: {
      async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
        const reply = await ask((id) => ({ id, sql, params }));
        return (reply.rows ?? []) as T[];
      },
    },
    async cpuMs() {
      const reply = await ask((id) => ({ id, cpu: true }));
      return reply.cpuMs ?? 0;
    },
    async close() {
      send({ close: true });
      await exited;
    },
  };
}

async function serve(): Promise<void> {
  const gw = await startTestGateway({
    passwordHashing: process.argv.includes('--password-hashing=inline') ? 'inline' : 'workers',
  });
  process.on('message', (request: Request) => {
    if ('close' in request) {
      void gw.close().then(() => process.exit(0));
      return;
    }
    if ('cpu' in request) {
      const { user, system } = process.cpuUsage();
      process.send?.({ id: request.id, cpuMs: (user + system) / 1000 } satisfies Reply);
      return;
    }
    gw.db.query(request.sql, request.params).then(
      (rows) => process.send?.({ id: request.id, rows } satisfies Reply),
      (error: unknown) => process.send?.({ id: request.id, error: String(error) } satisfies Reply),
    );
  });
  process.send?.({ ready: true, url: gw.url, anonKey: gw.anonKey } satisfies Reply);
}

if (process.argv.includes('--serve')) await serve();
