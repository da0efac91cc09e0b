// The web app manifest is linked once the first screen has shown (main.tsx), not from index.html
// (.config/vite/link-manifest-later.ts takes vite-plugin-pwa's link out). Linked in the page's head, the browser asks for
// it, and for the icon it would install with, at once: two requests that took two of HTTP/1.1's six
// connections while the app's code waited for one. Nothing needs them sooner: the browser offers
// installation (beforeinstallprompt) and iOS reads the manifest (Add to Home Screen) later anyway.

/** Where vite-plugin-pwa writes the manifest (its default file name). */
const MANIFEST_HREF = '/manifest.webmanifest';

/** Adds the manifest's link to the page's head, once. */
export function linkManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  doc.head.append(link);
}
