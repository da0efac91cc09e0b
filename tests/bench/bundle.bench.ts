// Issue 7 §2: the JavaScript the home page needs, gzipped, from the built app: the entry script
// index.html loads, its modulepreloads, and every chunk they import statically (transitively). Each
// lazy route (src/app/screens.ts) then costs its own chunk plus the static imports it adds to that set.
// No bundler metadata: the built files are read as the browser would read them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

/** The home page's budget: at most 180 KB of JavaScript, gzipped. */
export const HOME_JS_BUDGET_BYTES = 180 * 1024;

export interface BundleFigures {
  /** Files of the home set (paths under dist, e.g. /assets/index-abc.js). */
  readonly homeFiles: readonly string[];
  readonly homeGzipBytes: number;
  /** Per lazy route, named by its screen's chunk (e.g. game-page): files and bytes beyond the home set. */
  readonly routes: ReadonlyArray<{ name: string; path: string; files: readonly string[]; gzipBytes: number }>;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Static imports of a built ES module chunk: `import…from"./x.js"` and `import"./x.js"` (not import()). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)) found.add(match[1] ?? '');
  found.delete('');
  return [...found];
}

/** The lazy routes (src/app/screens.ts, which routes.tsx builds them from): route path and the page module's file name (without extension). */
export async function lazyRoutes(screensFile = path.join(REPO_ROOT, 'src/app/screens.ts')): Promise<Array<{ path: string; module: string }>> {
  const source = await readFile(screensFile, 'utf8');
  const routes: Array<{ path: string; module: string }> = [];
  for (const match of source.matchAll(/^\s*'([^']+)':[^\n]*?import\('([^']+)'\)/gm)) {
    routes.push({ path: match[1] ?? '', module: path.basename(match[2] ?? '').replace(/\.[tj]sx?$/, '') });
  }
  if (routes.length === 0) throw new Error(`no lazy routes found in ${screensFile}`);
  return routes;
}

export async function measureBundle(distDir: string): Promise<BundleFigures> {
  const gzipCache = new Map<string, number>();
  const codeCache = new Map<string, string>();
  const read = async (file: string) => {
    let code = codeCache.get(file);
    if (code === undefined) {
      code = await readFile(path.join(distDir, file), 'utf8');
      codeCache.set(file, code);
    }
    return code;
  };
  const gzipped = async (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(await read(file), { level: constants.Z_BEST_COMPRESSION }).byteLength;
      gzipCache.set(file, size);
    }
    return size;
  };
  /** The files and their static imports, transitively. */
  const closure = async (roots: readonly string[]): Promise<string[]> => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of staticImports(await read(file))) queue.push(path.posix.join(path.posix.dirname(file), spec));
    }
    return [...seen];
  };
  const sum = async (files: readonly string[]) => {
    let total = 0;
    for (const file of files) total += await gzipped(file);
    return total;
  };

  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const entries = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ].filter((src) => src.endsWith('.js'));
  if (entries.length === 0) throw new Error(`no entry script in ${distDir}/index.html`);
  const homeFiles = await closure(entries);
  const home = new Set(homeFiles);

  const assets = (await readdir(path.join(distDir, 'assets'))).filter((f) => f.endsWith('.js'));
  const routes: Array<{ name: string; path: string; files: string[]; gzipBytes: number }> = [];
  const named = new Set<string>();
  for (const route of await lazyRoutes()) {
    if (named.has(route.module)) continue;
    const chunk = assets.find((file) => new RegExp(`^${route.module}-[\\w-]{8}\\.js$`).test(file));
    if (!chunk) throw new Error(`no chunk for the lazy route /${route.path} (${route.module}) in ${distDir}/assets`);
    named.add(route.module);
    const files = (await closure([`/assets/${chunk}`])).filter((file) => !home.has(file));
    routes.push({ name: route.module, path: `/${route.path}`, files, gzipBytes: await sum(files) });
  }
  return { homeFiles, homeGzipBytes: await sum(homeFiles), routes };
}

/** `npm run bench`: the home set and each route, in KB (1,024 bytes) gzipped. */
export async function benchBundle(distDir: string, report: (name: string, value: number, unit: string) => void): Promise<BundleFigures> {
  const figures = await measureBundle(distDir);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  report('bundle.home.js_gzip', kb(figures.homeGzipBytes), 'KB');
  report('bundle.home.files', figures.homeFiles.length, 'files');
  for (const route of figures.routes) report(`bundle.route.${route.name}.js_gzip`, kb(route.gzipBytes), 'KB');
  return figures;
}
