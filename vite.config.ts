/// <reference types="vitest/config" />
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { defineConfig } from 'vite';
import type { HtmlTagDescriptor, LogLevel, Plugin, Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildTimeBackend } from './src/core/config.ts';
import { enabledOAuthProviders } from './src/core/oauth-providers.ts';
import { HOME_SHELL_HTML, HOME_SHELL_PLACEHOLDER } from './src/core/home-shell.ts';
import { SCREEN_FILES_ID } from './src/core/screen-files.ts';

/**
 * The home page's shell (src/core/home-shell.ts, in the words of src/core/home-hero.ts) in
 * index.html, in place of its placeholder; a test holds it equal to the React component's render.
 */
function homeShell(): Plugin {
  return {
    name: 'checkpoint:home-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(HOME_SHELL_PLACEHOLDER)) {
          throw new Error(`checkpoint:home-shell: index.html has no ${HOME_SHELL_PLACEHOLDER}`);
        }
        return html.replace(HOME_SHELL_PLACEHOLDER, HOME_SHELL_HTML);
      },
    },
  };
}

/**
 * The files a page needs for the chunks it visits: each chunk, the chunks it imports statically
 * (transitively), and their stylesheets, in the order first met.
 */
function chunkFiles(bundle: Rollup.OutputBundle) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (file: string): void => {
    const chunk = bundle[file];
    if (!chunk || chunk.type !== 'chunk' || scripts.has(file)) return;
    scripts.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  return { scripts, styles, visit };
}

/**
 * The app's entry (src/app/main.tsx) is imported by src/app/boot.ts after the shell's first paint.
 * So that its code downloads while the shell paints, not after, index.html gets a module preload
 * for it and for every chunk it imports statically, and links its stylesheets (render-blocking, as
 * the shell needs them for its first paint), and for the libraries boot.ts imports before it. The
 * preloads ask for a low priority: the stylesheets, which the first paint waits for, go first.
 */
function preloadAppEntry(entry = '/src/app/main.tsx'): Plugin {
  return {
    name: 'checkpoint:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const main = Object.values(bundle).find(
          (out) => out.type === 'chunk' && out.moduleIds.some((id) => id.endsWith(entry)),
        );
        if (!main || main.type !== 'chunk') throw new Error(`checkpoint:preload-app: no chunk for ${entry}`);
        const { scripts, styles, visit } = chunkFiles(bundle);
        visit(main.fileName);
        // The libraries boot.ts evaluates one task each (its LIBRARIES), and then the app's entry,
        // are dynamic imports of the page's first script, each answered by a small chunk that
        // re-exports the chunk holding its code. Not preloaded, each was asked for once the one
        // before had been evaluated: four round trips in a row before the app could start.
        const first = Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
        for (const file of first?.type === 'chunk' ? first.dynamicImports : []) {
          const chunk = bundle[file];
          const facade = chunk?.type === 'chunk' ? (chunk.facadeModuleId ?? '') : '';
          if (LIBRARY_CHUNKS.some((library) => library.test.test(facade)) || facade.endsWith(entry)) visit(file);
        }
        // Vite links what the page's first script imports statically itself.
        const listed = (file: string) => html.includes(`/${file}"`);
        const tags: HtmlTagDescriptor[] = [
          ...[...styles]
            .filter((href) => !listed(href))
            .map((href): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}` },
              injectTo: 'head',
            })),
          ...[...scripts]
            .filter((href) => !listed(href))
            .map((href): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${href}` },
              injectTo: 'head',
            })),
        ];
        return tags;
      },
    },
  };
}

/**
 * The modules a screen's code imports (src/app/screens.ts, SCREEN_CODE), by route path: its own and
 * those of what its entry goes through (its first read's code, the covers'), found by following every
 * name the entry uses to where it is declared, in screens.ts or in a module it imports.
 */
function screenModules(screensFile: string): Map<string, Set<string>> {
  const parsed = new Map<string, ts.SourceFile>();
  const source = (file: string) => {
    let sf = parsed.get(file);
    if (!sf) {
      sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      parsed.set(file, sf);
    }
    return sf;
  };
  /** A top-level name of `file`: its declaration there, or where a relative import brings it from. */
  const declaration = (file: string, name: string): { file: string; node: ts.Node } | null => {
    for (const statement of source(file).statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { file, node: d.initializer };
        }
      } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
        return { file, node: statement };
      } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const from = statement.moduleSpecifier.text;
        const bindings = statement.importClause?.namedBindings;
        if (!from.startsWith('.') || statement.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) {
          continue;
        }
        const binding = bindings.elements.find((e) => e.name.text === name && !e.isTypeOnly);
        if (binding)
          return declaration(path.resolve(path.dirname(file), from), (binding.propertyName ?? binding.name).text);
      }
    }
    return null;
  };
  const modulesOf = (file: string, node: ts.Node, found: Set<string>, seen: Set<ts.Node>) => {
    if (seen.has(node)) return;
    seen.add(node);
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = n.arguments;
        if (specifier && ts.isStringLiteral(specifier)) found.add(path.resolve(path.dirname(file), specifier.text));
      } else if (ts.isIdentifier(n)) {
        const declared = declaration(file, n.text);
        if (declared) modulesOf(declared.file, declared.node, found, seen);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  };
  const table = declaration(screensFile, 'SCREEN_CODE');
  const object = table && ts.isSatisfiesExpression(table.node) ? table.node.expression : (table?.node ?? null);
  if (!object || !ts.isObjectLiteralExpression(object)) {
    throw new Error(`checkpoint:screen-files: no SCREEN_CODE object in ${screensFile}`);
  }
  const screens = new Map<string, Set<string>>();
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const route = ts.isStringLiteral(property.name) || ts.isIdentifier(property.name) ? property.name.text : null;
    if (route === null) continue;
    const found = new Set<string>();
    modulesOf(screensFile, property.initializer, found, new Set());
    if (found.size === 0) throw new Error(`checkpoint:screen-files: no import() for the screen '${route}'`);
    screens.set(route, found);
  }
  return screens;
}

/**
 * A first visit to a game page, a profile or browse downloads that screen's code beside the app's,
 * not once boot.ts has evaluated React, the router and Dexie and asked for it: index.html lists the
 * files of every screen's code (the chunk, what it imports, its stylesheets) by route path, and
 * boot.ts preloads those of the screen the address opens on (src/app/screen-files.ts). On a
 * phone four times slower than a laptop those libraries take most of a second to evaluate, and the
 * screen's download came after them (Lighthouse's Largest Contentful Paint).
 */
function listScreenFiles(screensFile = 'src/app/screens.ts'): Plugin {
  return {
    name: 'checkpoint:screen-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === 'chunk');
        // The chunk an import() of `module` is answered by: the one it is the facade of, else the one holding it.
        const chunkOf = (module: string) =>
          chunks.find((chunk) => chunk.facadeModuleId === module) ??
          chunks.find((chunk) => chunk.moduleIds.includes(module));
        const listed = (file: string) => html.includes(`/${file}"`);
        const files: Record<string, string[]> = {};
        for (const [route, modules] of screenModules(path.resolve(screensFile))) {
          const { scripts, styles, visit } = chunkFiles(bundle);
          for (const module of modules) {
            const chunk = chunkOf(module);
            if (!chunk) throw new Error(`checkpoint:screen-files: no chunk for ${module} (the screen '${route}')`);
            visit(chunk.fileName);
          }
          files[route] = [...styles, ...scripts].filter((file) => !listed(file)).map((file) => `/${file}`);
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: SCREEN_FILES_ID },
            children: JSON.stringify(files),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The modules the app's entry (main.tsx) imports statically, less those the page's first script
 * (boot.ts) imports itself, found once the build has parsed every module. The app loads them on
 * every visit before any screen, so they go into the entry's own chunk. Otherwise every module a
 * lazy screen shares with the app is split into a chunk of its own (React, the router, Dexie, the
 * live queries...) and a first visit asks for each: over HTTP/1.1's six connections, each costs a
 * round trip in which its share of the bandwidth goes unused. boot.ts's own imports stay out, so
 * it runs (and asks for the first screen's code) without waiting for the app's download.
 */
const appOnlyModules = new Set<string>();
function collectAppModules(app = '/src/app/main.tsx', boot = '/src/app/boot.ts'): Plugin {
  return {
    name: 'checkpoint:app-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticGraph = (entry: string): Set<string> => {
        const start = ids.find((id) => id.endsWith(entry));
        if (!start) throw new Error(`checkpoint:app-modules: no module ${entry}`);
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        visit(start);
        return seen;
      };
      const bootGraph = staticGraph(boot);
      appOnlyModules.clear();
      for (const id of staticGraph(app)) if (!bootGraph.has(id)) appOnlyModules.add(id);
    },
  };
}

/**
 * Takes vite-plugin-pwa's manifest link out of index.html: the app links the manifest itself once
 * its first screen has shown (src/app/manifest-link.ts says why).
 */
function linkManifestLater(): Plugin {
  const link = /\s*<link rel="manifest" href="\/manifest\.webmanifest"[^>]*>/;
  return {
    name: 'checkpoint:link-manifest-later',
    enforce: 'post', // after vite-plugin-pwa's own (enforce: 'post') has added it
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!link.test(html)) throw new Error('checkpoint:link-manifest-later: no manifest link to take out');
        return html.replace(link, '');
      },
    },
  };
}

/**
 * Build-time settings are checked when the build starts, so a bad value stops it with a message
 * naming the setting rather than shipping an app that fails in every member's browser.
 */
function checkBuildSettings(): Plugin {
  return {
    name: 'checkpoint:check-settings',
    configResolved(config) {
      buildTimeBackend(config.env);
      enabledOAuthProviders(config.env['VITE_OAUTH_PROVIDERS']);
    },
  };
}

/** The integration test files that start the local gateway (tests/support/gateway.ts). */
function testsOfTheGateway(dir = 'tests/integration'): string[] {
  return readdirSync(dir)
    .filter(
      (file) =>
        file.endsWith('.test.ts') &&
        /from '\.\.\/support\/gateway\.ts'/.test(readFileSync(path.join(dir, file), 'utf8')),
    )
    .map((file) => `${dir}/${file}`);
}

/**
 * The libraries src/app/boot.ts evaluates one task each before the app's code (its LIBRARIES say
 * why): each needs a chunk of its own, else the first import evaluates the app's whole chunk.
 */
const LIBRARY_CHUNKS = [
  { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// },
  { name: 'router', test: /node_modules\/react-router(-dom)?\// },
  { name: 'dexie', test: /node_modules\/dexie\// },
];

/**
 * Libraries written for React Server Components (react-router) open their files with "use client".
 * A browser bundle has no use for the directive, and rolldown says so for each such file, a screen
 * of warnings on every build that asks nothing of us. Those notices, and only those (a library's
 * "use client"), are left out; every other warning is shown.
 */
export function isLibraryUseClientNotice(level: string, log: { code?: string; id?: string; message: string }): boolean {
  return (
    level === 'warn' &&
    log.code === 'MODULE_LEVEL_DIRECTIVE' &&
    /[\\/]node_modules[\\/]/.test(log.id ?? '') &&
    log.message.includes('"use client"')
  );
}

/** The app build's log level, which the service worker's build (vite-plugin-pwa) follows. */
let swBuildLogLevel: LogLevel | undefined;

/** Shared chunks smaller than this (source bytes, before minifying) are inlined into their importers. */
const INLINE_CHUNKS_BELOW_BYTES = 12 * 1024;

/**
 * The mode tests/bench/baseline.ts builds the Lighthouse baseline page in (our pages are measured
 * beside it, run for run, not against an absolute score): the same build settings as the app's,
 * without the plugins that belong to the app (its entry's preloads, its chunk group, the service
 * worker and the manifest).
 */
const BASELINE_MODE = 'baseline';

// The service worker source lives in sw/ (injectManifest), the app in src/.
export default defineConfig(({ mode }) => ({
  plugins:
    mode === BASELINE_MODE
      ? []
      : [
          checkBuildSettings(),
          collectAppModules(),
          homeShell(),
          preloadAppEntry(),
          listScreenFiles(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            // The page registers the worker itself (src/app/service-worker.ts, workbox-window) and asks
            // before an update takes over.
            registerType: 'prompt',
            injectRegister: false,
            manifest: {
              id: '/',
              name: 'Checkpoint',
              short_name: 'Checkpoint',
              description: 'Rate, review, and discover games through the power of social gaming. Works offline.',
              lang: 'en',
              theme_color: '#0f1115',
              background_color: '#0f1115',
              display: 'standalone',
              start_url: '/',
              scope: '/',
              categories: ['games', 'social', 'entertainment'],
              // PNGs rendered from icon.svg in headless Chromium (the maskable one without the rounded corners,
              // its mark already inside the safe zone); the SVG for browsers that take it.
              icons: [
                { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
                { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
                { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
                { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
              ],
              shortcuts: [
                {
                  name: 'Search games',
                  short_name: 'Search',
                  url: '/search',
                  description: 'Browse and search the catalogue',
                  icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
                },
                {
                  name: 'My profile',
                  short_name: 'Profile',
                  url: '/user',
                  description: 'Your Top 5, lists and activity',
                  icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
                },
              ],
              screenshots: [
                {
                  src: '/screenshots/home-wide.png',
                  sizes: '1280x800',
                  type: 'image/png',
                  form_factor: 'wide',
                  label: 'Checkpoint home: recent reviews from the community',
                },
                {
                  src: '/screenshots/home-narrow.png',
                  sizes: '390x1649',
                  type: 'image/png',
                  form_factor: 'narrow',
                  label: 'Checkpoint home on a phone',
                },
              ],
            },
            injectManifest: {
              // A classic (not module) worker: Firefox and older Safari cannot run module service workers.
              rollupFormat: 'iife',
              globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
              // Install screenshots are for the browser's install dialog, not for offline use.
              globIgnores: ['screenshots/**'],
            },
            // The service worker's own build logs as the app's does: `npm start` builds with logLevel
            // 'warn' (supabase/local/start.ts), and its file list would otherwise still show.
            integration: {
              configureOptions(resolved) {
                swBuildLogLevel = resolved.logLevel;
              },
              configureCustomSWViteBuild(options) {
                options.logLevel = swBuildLogLevel;
              },
            },
            // The glob above already lists the icons.
            includeManifestIcons: false,
            devOptions: { enabled: false },
          }),
          linkManifestLater(),
        ],
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Split along every route's sharing, the app came to some 70 files of 1–3 KB, and a first
      // visit waited on ~35 requests before its screen showed: over HTTP/1.1 (six connections) each
      // costs a round trip, more than its bytes. So the app's own modules form one chunk (the
      // 'main' group, collectAppModules above: 4 files for the home page instead of 9), and small
      // chunks the screens share are copied into the chunks that import them (below 12 KB of
      // source a copy costs less than the request it saves). Lighthouse on the game page, 5-run
      // medians: 84–86 → 89–90 (inlining) → 94–95 (the group, with first-read.ts). Both need the
      // entry signatures free and strict execution order (rolldown turns it on), so modules still
      // run in their source order; the group leaves out what boot.ts imports, not recursively.
      preserveEntrySignatures: false,
      onLog(level, log, handler) {
        if (!isLibraryUseClientNotice(level, log)) handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            ...LIBRARY_CHUNKS.map(({ name, test }) => ({ name, test, priority: 20 })),
            { name: 'main', test: (id) => appOnlyModules.has(id), priority: 10, includeDependenciesRecursively: false },
          ],
          experimentalInlineCommonChunks: { maxSize: INLINE_CHUNKS_BELOW_BYTES },
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // Tests over fake-indexeddb (the outbox, the engine) take a few seconds on a busy 2-core
          // machine; vitest's 5 s default timed them out under load with nothing wrong.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          // On a database built like hosted Supabase (npm run test:supabase) only the tests of the
          // database itself run: hosted serves its API with PostgREST and GoTrue, not our gateway.
          exclude: process.env.TEST_SUPABASE === '1' ? testsOfTheGateway() : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // expect.poll waits for the browser (an event, a sync, a render): vitest's default of 1 s
          // is less than a busy 2-core CI machine sometimes needs; a poll that passes returns at once.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
