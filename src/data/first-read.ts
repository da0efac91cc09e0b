// The first visit's first read, sent by boot.ts before the app's code has downloaded. On a visit
// that opens on a game page or a profile (a link someone shared, a search result) the device has
// nothing yet: the page waits for the app's code (React, the router, Dexie: most of its bytes),
// then for the server's answer. Sent from the page's first script, the answer comes back while the
// code is still downloading, and the screen's own read (readRpc) takes it instead of asking again.
//
// Only when the device has no database at all: then it holds no session, so the answer is the one
// an anonymous reader gets, which is what the app would have asked for. With a database the app's
// read path decides (the member's token, an expiring session), and nothing is sent early.
import { DEVICE_DB_NAME, SYNC_PROTOCOL } from '../core/constants.ts';
import type { SyncScope } from '../sync/remote.ts';
import { directSettings, hostedBuild } from './backend-settings.ts';
import { directRpc, type DirectSettings, type RpcAnswer } from './direct-rpc.ts';

export interface RpcRead {
  readonly fn: string;
  readonly args: Record<string, unknown>;
}

/** The game page's read (games-remote.ts asks for exactly this). */
export const gamePageRead = (identifier: string): RpcRead => ({
  fn: 'get_game_page',
  args: { p_identifier: identifier, p_review_limit: 5 },
});

/** Rows a read-through may bring at once (a screen's worth; the server caps a call at 5000). */
const READ_THROUGH_LIMIT = 5000;

/** A read-through's snapshot of a scope (remote.ts's scopeSnapshot asks for exactly this): a profile's is `{ user_ids: [id] }`. */
export const scopeSnapshotRead = (scope: Partial<SyncScope>): RpcRead => ({
  fn: 'sync_pull',
  args: { p_cursor: null, p_scope: scope, p_limit: READ_THROUGH_LIMIT, p_own: false, p_protocol: SYNC_PROTOCOL },
});

/**
 * The settings the local gateway wrote into the page it served (index.html's meta tag, from keyTag
 * in supabase/local/static.ts), for a first visit's first read, which then leaves without waiting
 * for /_dev/config.json. Null in a hosted build, outside a browser and when the page has none. The
 * page may be a copy the service worker kept from an earlier start of the gateway: a key gone stale
 * is answered with 401, and the read steps aside (direct-rpc.ts).
 */
function pageSettings(): DirectSettings | null {
  // Typed without the DOM library: the service worker's build reaches this module too.
  const { document: page, location: address } = globalThis as {
    document?: { querySelector(selector: string): { readonly content?: string } | null };
    location?: { readonly origin: string };
  };
  if (hostedBuild() || !page || !address) return null;
  const key = page.querySelector('meta[name="checkpoint:anon-key"]')?.content;
  return key ? { supabaseUrl: address.origin, anonKey: key } : null;
}

let early: { readonly key: string; readonly answer: Promise<RpcAnswer | null> } | null = null;

const keyOf = (read: RpcRead) => `${read.fn}:${JSON.stringify(read.args)}`;

/** Sends `read` now if the device has no database yet (a first visit); the app's read takes the answer. */
export function sendFirstRead(read: RpcRead): void {
  // indexedDB.databases() tells without creating one (opening would create it).
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const answer = (async () => {
    const databases = await indexedDB.databases();
    if (databases.some((db) => db.name === DEVICE_DB_NAME)) return null;
    // The key in the page itself (the local gateway's), else the built-in or fetched settings.
    const backend = pageSettings() ?? (await directSettings());
    return backend ? directRpc(backend, backend.anonKey, read.fn, read.args) : null;
  })().catch(() => null);
  early = { key: keyOf(read), answer };
}

/**
 * The answer of the early read, if it was this very read (once: a second ask goes to the server).
 * Null when none was sent, it was another, or it stepped aside (a database was there, no settings).
 */
export function takeFirstRead(read: RpcRead): Promise<RpcAnswer | null> | null {
  if (!early || early.key !== keyOf(read)) return null;
  const { answer } = early;
  early = null;
  return answer;
}
