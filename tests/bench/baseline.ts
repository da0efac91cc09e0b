// Builds the Lighthouse baseline page (baseline/index.html) with the app's own vite.config.ts, in its
// 'baseline' mode (the same build settings, without the app's plugins), into a directory of its own:
// it is never in dist/, so it never ships to members nor enters the service worker's precache.
// lighthouse.bench.ts serves it with a second gateway (the same static serving as the app's).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Builds the baseline page; resolves to the directory to serve (its index.html at the top). */
export async function buildBaseline(outDir?: string): Promise<string> {
  const dir = outDir ?? (await mkdtemp(path.join(tmpdir(), 'cp-baseline-')));
  await build({
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    mode: 'baseline',
    root: path.join(REPO_ROOT, 'tests/bench/baseline'),
    publicDir: false,
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return dir;
}
