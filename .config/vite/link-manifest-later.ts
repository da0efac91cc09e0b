// Takes vite-plugin-pwa's manifest link out of index.html: the app links the manifest itself once
// its first screen has shown (src/app/manifest-link.ts says why: the manifest, and the icon the
// browser fetches for it, took two of the six connections the app's code was waiting for).
import type { Plugin } from 'vite';

export function linkManifestLater(): Plugin {
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
