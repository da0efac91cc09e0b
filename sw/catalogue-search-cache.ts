/// <reference lib="webworker" />
// Catalogue search answers (the igdb-search function) for offline and slow networks. The function
// is called with POST, which the Cache API cannot store, so this handler keys each answer by a
// hash of the URL and the request body: the same question gets the same key. Network first with
// a 3 s timeout, as Workbox's NetworkFirst would do; after the timeout, or offline, the last
// answer to the same question is used, if there is one and it is under a week old.
import { CacheExpiration } from 'workbox-expiration';
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions } from 'workbox-core/types.js';

declare const self: ServiceWorkerGlobalScope;

export const CATALOGUE_CACHE = 'checkpoint-catalogue-search';
const NETWORK_TIMEOUT_MS = 3_000;
const expiration = new CacheExpiration(CATALOGUE_CACHE, { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 });

/** `/functions/v1/igdb-search` (Supabase, here or hosted) and the spec's Netlify alias. */
export function isCatalogueSearch({ url }: Pick<RouteMatchCallbackOptions, 'url'>): boolean {
  return url.pathname.endsWith('/functions/v1/igdb-search') || url.pathname === '/.netlify/functions/igdb-search';
}

/** A GET-able stand-in URL for one question: this origin, a path no server answers. */
async function cacheKeyFor(request: Request): Promise<string> {
  const body = await request.clone().arrayBuffer();
  const url = new TextEncoder().encode(`${request.url}\n`);
  const bytes = new Uint8Array(url.byteLength + body.byteLength);
  bytes.set(url);
  bytes.set(new Uint8Array(body), url.byteLength);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  return new URL(`/__sw-cache/catalogue-search/${hex}`, self.location.origin).href;
}

async function cached(key: string): Promise<Response | undefined> {
  if (await expiration.isURLExpired(key)) return undefined;
  return (await caches.open(CATALOGUE_CACHE)).match(key);
}

async function store(key: string, response: Response): Promise<void> {
  await (await caches.open(CATALOGUE_CACHE)).put(key, response);
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

export async function catalogueSearchHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const key = await cacheKeyFor(request);
  const network = fetch(request).then((response) => {
    // Keep only good answers; the cache is written even when the page got the cached one first.
    // A write the quota refuses only costs the offline fallback, so it is dropped on purpose.
    if (response.ok) event.waitUntil(store(key, response.clone()).catch(() => undefined));
    return response;
  });
  network.catch(() => undefined); // A failure is handled below; this only keeps it from going unhandled.

  const first = await Promise.race([network, timeout(NETWORK_TIMEOUT_MS)]).catch(() => 'failed' as const);
  if (first instanceof Response && first.ok) return first;
  const fallback = await cached(key);
  if (fallback) return fallback;
  // Slow and nothing cached: wait for the network after all. Failed: fail as fetch would.
  if (first === 'timeout') return network;
  return first instanceof Response ? first : Response.error();
}
