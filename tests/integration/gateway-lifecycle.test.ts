// The gateway as a process: data kept across restarts, one server per data directory (a stale
// lock is taken over), clean stops on SIGTERM, and the static app server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { DataDirLockedError, LOCK_FILE } from '../../supabase/local/lock.ts';

const MAIN = fileURLToPath(new URL('../../supabase/local/main.ts', import.meta.url));
const quiet = () => undefined;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'checkpoint-gateway-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Runs `npm start`'s entry (main.ts) without building, and resolves with it once it listens. */
function startMain(dataDir: string): {
  child: ChildProcess;
  output: () => string;
  ready: Promise<string>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO: 'off', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(text)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`main.ts exited (${code}) before listening:\n${text}`)));
  });
  ready.catch(() => undefined);
  return { child, output: () => text, ready, exited };
}

describe('npm start on a data directory', () => {
  it('keeps data across restarts and refuses a second server on the same directory', async () => {
    const dataDir = path.join(scratch, 'data-main');
    const first = startMain(dataDir);
    const url = await first.ready;
    const config = (await (await fetch(`${url}/_dev/config.json`)).json()) as { anonKey: string };
    const signUp = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.test', password: 'secret-pw1' }),
    });
    expect(signUp.status).toBe(200);
    expect(await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).toContain(String(first.child.pid));
    // A first start takes a while: it says what it is doing, step by step, before it is ready.
    const steps = ['creating the database…', 'loading the catalogue…', 'catalogue: ', 'database ready', 'running at'];
    const at = steps.map((step) => first.output().indexOf(step));
    expect(
      at.every((i, n) => i >= 0 && (n === 0 || i > (at[n - 1] ?? 0))),
      first.output(),
    ).toBe(true);

    const second = startMain(dataDir);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/already using the data directory/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expect(readFile(path.join(dataDir, LOCK_FILE), 'utf8')).rejects.toThrow();

    const said: string[] = [];
    const again = await startGateway({ dataDir, port: 0, seed: false, log: (line) => said.push(line) });
    expect(said[0]).toBe('opening the database…');
    try {
      const rows = await again.db.query<{ email: string }>('select email from auth.users');
      expect(rows.map((r) => r.email)).toEqual(['kept@example.test']);
      expect(again.anonKey).toBe(config.anonKey); // the secret in DATA_DIR survived too
    } finally {
      await again.close();
    }
  });

  it('refuses a second in-process start and takes over a stale lock', async () => {
    const dataDir = path.join(scratch, 'data-lock');
    const gateway = await startGateway({ dataDir, port: 0, seed: false, log: quiet });
    try {
      await expect(startGateway({ dataDir, port: 0, seed: false, log: quiet })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await gateway.close();
    }
    // A lock left by a process that no longer runs (a crash) does not block the next start.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    await writeFile(path.join(dataDir, LOCK_FILE), `${dead.pid}\n`);
    const next = await startGateway({ dataDir, port: 0, seed: false, log: quiet });
    await next.close();
  });
});

describe('the static app server', () => {
  let gateway: Gateway;
  let emptyGateway: Gateway;

  beforeAll(async () => {
    const dist = path.join(scratch, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
    await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'sw.js'), 'self.skipWaiting()');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
    await writeFile(path.join(scratch, 'secret.txt'), 'outside dist');
    gateway = await startGateway({ inMemory: true, port: 0, distDir: dist, seed: false, log: quiet });
    emptyGateway = await startGateway({ db: gateway.db, port: 0, distDir: path.join(scratch, 'no-dist'), log: quiet });
  });
  afterAll(async () => {
    await emptyGateway?.close();
    await gateway?.close();
  });

  it('serves files with their types and cache rules', async () => {
    const index = await fetch(`${gateway.url}/`);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${gateway.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${gateway.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${gateway.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for app routes, not for missing files', async () => {
    const route = await fetch(`${gateway.url}/review/12/34`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('app shell');
    expect((await fetch(`${gateway.url}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves a file outside dist', async () => {
    for (const rawPath of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const { status, body } = await rawGet(gateway.url, rawPath);
      expect(body).not.toContain('outside dist');
      expect([200, 400, 404]).toContain(status);
    }
  });

  it('says how to build when there is no dist', async () => {
    const res = await fetch(`${emptyGateway.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build');
  });
});

/** A GET whose path is sent exactly as written (fetch would normalise the dots away). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
