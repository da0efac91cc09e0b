// Token refresh, one at a time for the whole origin: every tab and the service worker send the
// refresh_token grant through this fetch, under one Web Lock, and the answer to the last refresh is
// kept in the `auth` table of IndexedDB (beside the session, same sensitivity) for a minute.
//
// Why: since auth-js 2.107 the `lock` option is deprecated (it prints a warning on start) and a
// client without it coordinates refreshes "locklessly", leaving a cross-tab race to hosted
// GoTrue's parent-of-active rule, which hands the second refresher the token the first one got.
// The local gateway, like GoTrue without a reuse interval, treats a refresh token presented twice
// as theft and revokes the session; and the service worker pushes the outbox with the same
// session. So the supported hook — `global.fetch` — does here what that server rule does: the
// second context, once the lock is free, gets the first one's rotated tokens instead of spending
// the old refresh token again (src/sync/SPEC.md [S14]). auth-js's own commit guard then
// keeps whichever copy reached storage first.
//
// While the server cannot be reached, a refresh is tried again every second (at once when the
// browser says it is online) for up to REFRESH_HOLD_MS, inside one request as auth-js sees it.
// auth-js's own retries back off exponentially (200 ms … 12.8 s) within 30 s, so a server back
// after an outage was first used up to 13 s later, with the sync waiting on the token meanwhile.
import type { CheckpointDb } from '../store/db.ts';
import { LAST_REFRESH_KEY } from './auth-storage.ts';

export { LAST_REFRESH_KEY };

/** How long the answer to a refresh is handed to a context presenting the same refresh token. */
export const REFRESH_REPLAY_MS = 60_000;
/** How long a refresh token's refresh is tried again while the server cannot be reached. */
export const REFRESH_HOLD_MS = 25_000;
/** How often it is tried meanwhile. */
export const REFRESH_RETRY_MS = 1_000;
/** The answers of a proxy or host whose server is down: tried again like no answer at all. */
const SERVER_DOWN = new Set([502, 503, 504]);

interface LastRefresh {
  readonly from: string;
  readonly at: number;
  readonly body: string;
}

export interface SerialisedRefreshDeps {
  readonly db: CheckpointDb;
  /** The lock every context of the origin takes (`lock:<storage key>`, the name auth-js used). */
  readonly lockName: string;
  /** Web Locks; absent in Node, where one context has nothing to coordinate with. */
  readonly locks: LockManager | undefined;
  readonly fetch: typeof fetch;
  readonly now?: () => number;
  /** Calls `wake` when the link may be back (the browser's `online`); returns the unsubscribe. */
  readonly onOnline?: (wake: () => void) => () => void;
}

function browserOnline(wake: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener('online', wake);
  return () => globalThis.removeEventListener('online', wake);
}

/** Waits `ms`, or less when the browser comes online. */
function pause(ms: number, onOnline: (wake: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    const stop = onOnline(done);
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** The refresh token a request spends, when it is auth's refresh_token grant. */
function spentRefreshToken(input: RequestInfo | URL, init: RequestInit | undefined): string | undefined {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
  if (url === undefined || !/\/auth\/v1\/token\?(?:.*&)?grant_type=refresh_token(?:&|$)/.test(url)) return undefined;
  if (typeof init?.body !== 'string') return undefined;
  try {
    const body: unknown = JSON.parse(init.body);
    const token = typeof body === 'object' && body !== null && 'refresh_token' in body ? body.refresh_token : undefined;
    return typeof token === 'string' && token !== '' ? token : undefined;
  } catch {
    return undefined;
  }
}

async function lastRefresh(db: CheckpointDb): Promise<LastRefresh | undefined> {
  const row = await db.auth.get(LAST_REFRESH_KEY);
  if (row === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(row.value);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const fields = new Map<string, unknown>(Object.entries(parsed));
    const [from, at, body] = [fields.get('from'), fields.get('at'), fields.get('body')];
    return typeof from === 'string' && typeof at === 'number' && typeof body === 'string'
      ? { from, at, body }
      : undefined;
  } catch {
    return undefined; // a damaged row is as good as none: the refresh goes to the network
  }
}

/** A fetch for supabase-js (`global.fetch`) that serialises token refreshes across the origin. */
export function serialisedRefreshFetch(deps: SerialisedRefreshDeps): typeof fetch {
  const { db, lockName, locks } = deps;
  const now = deps.now ?? Date.now;
  const onOnline = deps.onOnline ?? browserOnline;
  /** The refresh token whose refresh last found the server unreachable, and since when. */
  let outage: { token: string; since: number } | undefined;

  /** One refresh as auth-js sees it: tried again while the server cannot be reached. */
  async function send(spent: string, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    for (;;) {
      let answer: Response | undefined;
      let failure: unknown;
      try {
        answer = await deps.fetch(input, init);
        if (!SERVER_DOWN.has(answer.status)) {
          outage = undefined;
          return answer;
        }
      } catch (error) {
        failure = error;
      }
      if (outage?.token !== spent) outage = { token: spent, since: now() };
      const left = outage.since + REFRESH_HOLD_MS - now();
      if (left <= 0 || init?.signal?.aborted) {
        if (answer) return answer;
        throw failure;
      }
      await pause(Math.min(REFRESH_RETRY_MS, left), onOnline);
    }
  }

  return async (input, init) => {
    const spent = spentRefreshToken(input, init);
    if (spent === undefined) return deps.fetch(input, init);
    if (locks === undefined) return send(spent, input, init);
    const options: LockOptions = init?.signal ? { signal: init.signal } : {};
    return locks.request(lockName, options, async () => {
      const last = await lastRefresh(db);
      if (last !== undefined && last.from === spent && now() - last.at < REFRESH_REPLAY_MS) {
        return new Response(last.body, { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const response = await send(spent, input, init);
      if (response.ok) {
        const body = await response.clone().text();
        await db.auth.put({
          key: LAST_REFRESH_KEY,
          value: JSON.stringify({ from: spent, at: now(), body } satisfies LastRefresh),
        });
      }
      return response;
    });
  };
}
