// The catalogue function under real Deno, as Supabase Edge runs it: `deno check` of its
// entry, then the entry itself started with Deno (the module calls Deno.serve), with no IGDB
// secrets, for one search that must come from the bundled fallback and one bad request that must
// get our 400. All of it runs on a copy of supabase/functions/ alone (all the CLI's bundler sees),
// with an empty DENO_DIR; the module graph (`deno info`) must hold only local files and Node
// built-ins, the seed catalogue among them, and the server gets no --allow-read (nothing may be read
// from disk at run time): a fallback catalogue outside the module graph fails here.
// Usage: npm run test:functions
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FUNCTION = 'igdb-search';
/** The settings the function reads (supabase/functions/_shared/env.ts); none is set here. */
const ENV_READ = ['IGDB_CLIENT_ID', 'IGDB_CLIENT_SECRET', 'IGDB_TOKEN_URL', 'IGDB_API_URL', 'CATALOGUE_FILE'];
const START_TIMEOUT_MS = 60_000;

interface Answer {
  readonly success?: unknown;
  readonly games?: unknown;
  readonly error?: unknown;
}

/** The deno executable of the `deno` npm package (its own installer finds it for this platform). */
function denoExecutable(): string {
  const install = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };
  return install.runInstall();
}

function fail(message: string): never {
  throw new Error(message);
}

/** Starts the entry and resolves with its base URL once Deno.serve reports where it listens. */
function serve(deno: string, cwd: string, env: NodeJS.ProcessEnv): { child: ChildProcess; url: Promise<string> } {
  const args = [
    'run',
    '--cached-only',
    '--no-lock',
    '--no-prompt',
    '--allow-net=127.0.0.1',
    `--allow-env=${ENV_READ.join(',')}`,
    'index.ts',
  ];
  const child = spawn(deno, args, {
    cwd,
    env: { ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`deno run did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`deno run exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, url };
}

interface ModuleGraph {
  readonly modules: ReadonlyArray<{ readonly specifier: string; readonly mediaType?: string }>;
  readonly npmPackages?: Readonly<Record<string, unknown>>;
}

/** The entry's module graph: local files and node: built-ins only, with the seed as a JSON module. */
function checkModuleGraph(deno: string, cwd: string, env: NodeJS.ProcessEnv): void {
  const info = spawnSync(deno, ['info', '--json', '--no-lock', 'index.ts'], { cwd, env, encoding: 'utf8' });
  if (info.status !== 0) fail(`deno info failed:\n${info.stdout}${info.stderr}`);
  const graph = JSON.parse(info.stdout) as ModuleGraph;
  const remote = graph.modules
    .map((m) => m.specifier)
    .filter((s) => !s.startsWith('file://') && !s.startsWith('node:'));
  const packages = Object.keys(graph.npmPackages ?? {});
  if (remote.length > 0 || packages.length > 0)
    fail(`the function imports from outside: ${[...remote, ...packages].join(', ')}`);
  const seed = graph.modules.find((m) => m.specifier.endsWith(`/${FUNCTION}/seed-catalogue.json`));
  if (seed?.mediaType !== 'Json') fail('the seed catalogue is not a JSON module of the function');
  console.log(`module graph: ${graph.modules.length} modules, all local, seed-catalogue.json included`);
}

async function post(url: string, body: unknown): Promise<{ status: number; answer: Answer }> {
  const res = await fetch(`${url}/functions/v1/${FUNCTION}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, answer: (await res.json()) as Answer };
}

async function checkAnswers(url: string): Promise<void> {
  const search = await post(url, { searchTerm: 'zelda', limit: 5 });
  const games = Array.isArray(search.answer.games) ? (search.answer.games as Array<Record<string, unknown>>) : [];
  const names = games.map((g) => String(g.name));
  if (search.status !== 200 || search.answer.success !== true)
    fail(`search "zelda": ${search.status} ${JSON.stringify(search.answer)}`);
  if (names.length !== 5 || !names.every((n) => n.toLowerCase().includes('zelda')))
    fail(`search "zelda" found ${JSON.stringify(names)}`);
  console.log(`search "zelda": 200, ${names.join(' | ')}`);

  const bad = await post(url, { searchTerm: 42 });
  const expected = {
    success: false,
    games: [],
    error: 'Invalid request: searchTerm: must be a string of at most 200 characters',
  };
  if (bad.status !== 400 || JSON.stringify(bad.answer) !== JSON.stringify(expected))
    fail(`bad request: ${bad.status} ${JSON.stringify(bad.answer)}`);
  console.log(`bad request: 400, ${String(bad.answer.error)}`);
}

async function main(): Promise<void> {
  const deno = denoExecutable();
  const work = mkdtempSync(path.join(tmpdir(), 'checkpoint-deno-'));
  const functions = path.join(work, 'functions');
  const cwd = path.join(functions, FUNCTION);
  // A fresh environment: no IGDB secrets, Deno's cache in the temporary directory, no package.json
  // discovery (as the CLI bundles), no update check (no network).
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: work,
    DENO_DIR: path.join(work, 'deno-dir'),
    DENO_NO_PACKAGE_JSON: '1',
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
  let child: ChildProcess | undefined;
  try {
    cpSync(path.join(ROOT, 'supabase', 'functions'), functions, { recursive: true });
    checkModuleGraph(deno, cwd, env);
    const check = spawnSync(deno, ['check', '--cached-only', '--no-lock', 'index.ts'], { cwd, env, encoding: 'utf8' });
    if (check.status !== 0) fail(`deno check failed:\n${check.stdout}${check.stderr}`);
    console.log(`deno check supabase/functions/${FUNCTION}/index.ts: ok`);
    const server = serve(deno, cwd, env);
    child = server.child;
    await checkAnswers(await server.url);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => console.log('catalogue function under Deno: ok'),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
