// The service worker and the web app manifest, by vite-plugin-pwa: the worker is built from
// sw/sw.ts (injectManifest) and precaches every built file, so the whole app works offline; the
// manifest makes the app installable. The page registers the worker itself and links the manifest
// late (link-manifest-later.ts).
import type { LogLevel, Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The app build's log level, which the service worker's build (vite-plugin-pwa) follows. */
let swBuildLogLevel: LogLevel | undefined;

export function serviceWorkerAndManifest(): Plugin[] {
  return VitePWA({
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
  });
}
