/// <reference types="vitest/config" />
// The build, the dev server and the test projects. Each plugin of our own lives in .config/vite/,
// one file each, opening with what it does and why; this file only lists them in order. The app is
// in src/, the service worker's source in sw/ (built by vite-plugin-pwa, .config/vite/pwa.ts).
import { defineConfig } from 'vite';
import { appOnlyModules, collectAppModules } from './.config/vite/app-modules.ts';
import { checkBuildSettings } from './.config/vite/check-settings.ts';
import { homeShell } from './.config/vite/home-shell.ts';
import { LIBRARY_CHUNKS } from './.config/vite/library-chunks.ts';
import { linkManifestLater } from './.config/vite/link-manifest-later.ts';
import { preloadAppEntry } from './.config/vite/preload-app.ts';
import { serviceWorkerAndManifest } from './.config/vite/pwa.ts';
import { listScreenFiles } from './.config/vite/screen-files.ts';
import { testsOfTheGateway } from './.config/vite/tests-of-the-gateway.ts';
import { isLibraryUseClientNotice } from './.config/vite/use-client-notice.ts';

/** Shared chunks smaller than this (source bytes, before minifying) are inlined into their importers. */
const INLINE_CHUNKS_BELOW_BYTES = 12 * 1024;

/**
 * The mode tests/bench/baseline.ts builds the Lighthouse baseline page in: the same build settings
 * as the app's, without the plugins that belong to the app (its entry's preloads, its chunk group,
 * the service worker and the manifest), so the baseline differs from the app only in its code.
 */
const BASELINE_MODE = 'baseline';

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
          serviceWorkerAndManifest(),
          linkManifestLater(),
        ],
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Split along every route's sharing, the app came to some 70 files of 1–3 KB, and a first
      // visit waited on ~35 requests before its screen showed: over HTTP/1.1 (six connections) each
      // costs a round trip, more than its bytes. So the app's own modules form one chunk (the
      // 'main' group, .config/vite/app-modules.ts: 4 files for the home page instead of 9), and small
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
