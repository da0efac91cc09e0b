// The supabase-js client. With VITE_SUPABASE_URL/ANON_KEY set at build time it talks to that
// hosted project; otherwise to the local gateway that serves this app, on the page's own origin,
// with the anon key from /_dev/config.json (backend-settings.ts). The session is kept in IndexedDB (auth-storage.ts)
// so the page and the service worker, each with its own client, share one session and one refresh
// lock. supabase-js is pinned to 2.109.0, the last release for Node 20: see
// docs/decisions/0005-supabase-js-pinned-for-node-20.md.
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';
import type { BackendConfig } from '../core/config.ts';
import { createAuthStorage } from './auth-storage.ts';
import { CheckpointDb } from '../store/db.ts';
import { directSettings, fetchSettings, hostedBuild, onOwnOrigin } from './backend-settings.ts';
import { takeFirstRead } from './first-read.ts';
import { directRpc, directToken, trackRead, type RpcAnswer } from './direct-rpc.ts';
import { watchStorageErrors } from './storage-persist.ts';

/** The key of the session in the `auth` table (and the name of the refresh lock: `lock:<key>`). */
export const AUTH_STORAGE_KEY = 'checkpoint.auth';

/** The Background Sync tag the page registers after a local write and the worker answers. */
export const OUTBOX_SYNC_TAG = 'checkpoint-outbox';

type Context = 'page' | 'worker';

/** Where the last backend settings fetched are kept (the `auth` table: the worker reads it too). */
const CONFIG_KEY = 'checkpoint.backend-config';

/**
 * The local gateway's public settings. They are kept on the device, so an app started offline
 * (after one online visit) still knows its backend and the member's stored session.
 */
async function backendConfig(db: CheckpointDb): Promise<BackendConfig> {
  // Asked for while zod (which checks them) downloads, not after: one round trip less before the
  // first screen's data. A build for a hosted project has its settings built in.
  const fetched = hostedBuild() ? null : fetchSettings();
  fetched?.catch(() => undefined); // read below; a failure here is not an unhandled rejection
  // zod checks the settings; it loads with supabase-js, not with the entry.
  const { BackendConfigSchema, buildTimeBackend } = await import('../core/config.ts');
  const fixed = buildTimeBackend(import.meta.env);
  if (fixed) return fixed;
  try {
    if (!fetched) throw new Error('Backend settings missing');
    const config = BackendConfigSchema.parse(await fetched);
    await db.auth.put({ key: CONFIG_KEY, value: JSON.stringify(config) }).catch(() => undefined);
    return onOwnOrigin(config);
  } catch (error) {
    const kept = await db.auth.get(CONFIG_KEY).catch(() => undefined);
    const parsed = kept ? BackendConfigSchema.safeParse(JSON.parse(kept.value)) : undefined;
    if (parsed?.success) return onOwnOrigin(parsed.data);
    throw error;
  }
}

function authOptions(db: CheckpointDb, context: Context): NonNullable<SupabaseClientOptions<'public'>['auth']> {
  return {
    storage: createAuthStorage(db),
    storageKey: AUTH_STORAGE_KEY,
    flowType: 'implicit',
    persistSession: true,
    // No `lock` (deprecated since auth-js 2.107, it warns on start): refreshes are serialised
    // across tabs and the worker by the client's fetch instead (auth-refresh.ts).
    // The page reads the session from a sign-in link's URL and keeps the token fresh while it is
    // open. The worker lives for one event: there is no URL to read and no timer worth keeping;
    // getSession() still refreshes an expiring token on demand, under the same lock.
    detectSessionInUrl: context === 'page',
    autoRefreshToken: context === 'page',
  };
}

async function createBackend(db: CheckpointDb, context: Context): Promise<SupabaseClient> {
  // supabase-js loads on first use, after the shell's first paint, not with the entry
  // (docs/decisions/0006-first-visit-javascript-budget.md): the screens render from IndexedDB
  // meanwhile.
  const [{ supabaseUrl, anonKey }, { createClient }, { serialisedRefreshFetch }] = await Promise.all([
    backendConfig(db),
    import('@supabase/supabase-js'),
    import('./auth-refresh.ts'),
  ]);
  const refreshSafeFetch = serialisedRefreshFetch({
    db,
    lockName: `lock:${AUTH_STORAGE_KEY}`,
    locks: globalThis.navigator?.locks,
    fetch: (input, init) => fetch(input, init),
  });
  return createClient(supabaseUrl, anonKey, { auth: authOptions(db, context), global: { fetch: refreshSafeFetch } });
}

let pageDb: CheckpointDb | undefined;
let pageClient: Promise<SupabaseClient> | undefined;
/** The page's client is made (not only asked for): reads go through it from then on. */
let pageClientMade = false;
let clientGate: Promise<unknown> = Promise.resolve();

/**
 * The page's client is made only once `ready` settles (the first screen shown, main.tsx) or a read
 * needs it at once (readRpc); calls to backend() before then wait for it. Without a call, it is
 * made on first use.
 */
export function deferBackendUntil(ready: Promise<unknown>): void {
  clientGate = Promise.race([ready, neededNow]);
}

let openGateNow: () => void = () => undefined;
/** Opens the gate early: a read that cannot go without the client must not wait for the screen it is part of. */
const neededNow = new Promise<void>((resolve) => {
  openGateNow = resolve;
});

/** Settles when the page may make its client (deferBackendUntil): code that only talks to it waits too. */
export function backendAllowed(): Promise<unknown> {
  return clientGate;
}

let wakeNow: () => void = () => undefined;
/** A member may be present: see memberPresent. */
const woken = new Promise<void>((resolve) => {
  wakeNow = resolve;
});

/**
 * Settles when the page needs its client (and the sync engine) for someone who may be a member: a
 * session kept on the device or brought in by the address, once the first screen has shown
 * (watchForMember); the visitor's first action (a press, a key); another tab's sign-in; any call of
 * backend(). A signed-out visitor who only looks never downloads supabase-js or the engine
 * (docs/decisions/0006-first-visit-javascript-budget.md): the first screen's reads go over plain
 * fetch (readRpc).
 */
export function memberPresent(): Promise<void> {
  return woken;
}

/** A sign-in link's answer in the address (implicit flow: the fragment; PKCE: `code`), or its error. */
const SESSION_IN_URL = /[#&?](access_token|refresh_token|error_description|code|token_hash)=/;

/**
 * Whether the page may hold a member's session: one stored on the device, or one in the address.
 * A read that fails says "may": a member must never be shown signed out because the device could
 * not be read for a moment (supabase-js then reads the session itself).
 */
export async function sessionMayExist(db: CheckpointDb, href: string): Promise<boolean> {
  if (SESSION_IN_URL.test(href)) return true;
  try {
    const stored = await db.auth.get(AUTH_STORAGE_KEY);
    return stored !== undefined && stored.value !== 'null';
  } catch {
    return true;
  }
}

/**
 * Wakes memberPresent for a page whose visitor may be a member (sessionMayExist, checked once
 * `firstScreen` settles), acts, or signs in in another tab (auth-js tells the tabs over a
 * BroadcastChannel named after the storage key).
 */
export function watchForMember(firstScreen: Promise<unknown>, db: CheckpointDb, href: string): void {
  void firstScreen
    .then(() => sessionMayExist(db, href))
    .then(
      (may) => {
        if (may) wakeNow();
      },
      () => wakeNow(),
    );
  const acted = () => {
    wakeNow();
    for (const type of ACTIONS) globalThis.removeEventListener(type, acted, true);
  };
  for (const type of ACTIONS) globalThis.addEventListener(type, acted, { capture: true, passive: true });
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(AUTH_STORAGE_KEY);
    channel.onmessage = () => {
      channel.close();
      wakeNow();
    };
  }
}

/** What counts as the visitor acting (scrolling and hovering do not). */
const ACTIONS = ['pointerdown', 'keydown'] as const;

/** The page's Checkpoint database, created once, its quota errors reported (storage-persist.ts). */
export function localDb(): CheckpointDb {
  if (!pageDb) {
    pageDb = new CheckpointDb();
    // Before the first query opens it: Dexie builds its middleware stack when it opens.
    watchStorageErrors(pageDb);
  }
  return pageDb;
}

/** The page's client (one per page: auth-js warns about two over one storage key). */
export function backend(): Promise<SupabaseClient> {
  // Whoever asks for the client needs it: the engine and the auth store's listener follow.
  wakeNow();
  if (!pageClient) {
    const created = clientGate.then(() => createBackend(localDb(), 'page'));
    created.then(
      () => {
        pageClientMade = true;
      },
      () => undefined,
    );
    // A failed settings fetch (offline first start) must not stick: the next call tries again.
    created.catch(() => {
      if (pageClient === created) pageClient = undefined;
    });
    pageClient = created;
  }
  return pageClient;
}

/**
 * A call of an RPC that only reads, answered as supabase-js answers it. Until the page's client is
 * made (the first screen of a visit, main.tsx) it goes over plain fetch (direct-rpc.ts) when it
 * can; after that, or when the direct path steps aside, through supabase-js.
 */
export async function readRpc(fn: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<RpcAnswer> {
  // A first visit's first screen may have sent this very read already (boot.ts, first-read.ts).
  // Without an answer (offline, it stepped aside) it is asked for again below.
  const early = takeFirstRead({ fn, args });
  if (early) {
    const answer = await trackRead(early);
    if (answer && answer.status !== 0) return answer;
  }
  if (!pageClientMade) {
    const answer = await trackRead(
      (async () => {
        const settings = await directSettings();
        const token = settings && (await directToken(localDb(), AUTH_STORAGE_KEY, settings.anonKey).catch(() => null));
        return settings && token ? directRpc(settings, token, fn, args, signal) : null;
      })(),
    );
    if (answer) return answer;
    // The first screen's reads hold the client back (main.tsx); this one needs it.
    openGateNow();
  }
  const supabase = await backend();
  const call = supabase.rpc(fn, args);
  const { data, error, status } = await (signal ? call.abortSignal(signal) : call);
  return { data: data as unknown, error, status };
}

/** The service worker's own client over the same session storage; build one per sync run. */
export function createWorkerBackend(db: CheckpointDb): Promise<SupabaseClient> {
  return createBackend(db, 'worker');
}

/**
 * Makes sure the stored access token is usable before a push: getSession() refreshes it when it
 * expires within auth-js's margin (90 s), under the shared lock. Resolves to whether a member is
 * signed in; a failed refresh rejects, so the caller keeps the outbox and retries later.
 */
export async function refreshSessionIfNeeded(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.auth.getSession();
  if (error) throw error;
  return data.session !== null;
}
