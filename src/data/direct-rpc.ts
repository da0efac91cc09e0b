// Reads for the first screen of a visit without supabase-js. A screen's data (a game, a profile,
// a browse page) is one PostgREST RPC; asking for it over plain fetch, with the anon key and the
// access token the device already holds, lets it leave while supabase-js (53 KB) has not even
// downloaded. supabase-js is made once the first screen has shown (main.tsx), and from then on
// every call goes through it. The answer has supabase-js's shape ({ data, error, status }), so a
// caller checks it the same way whichever path it took.
//
// This path only ever reads, and only with a token that is not about to expire: refreshing one is
// auth-js's job (under the origin-wide auth lock), so a session near its end, an answer of 401
// (a revoked token) or settings the device does not have yet make it step aside (null), and the
// caller asks supabase-js instead.
import type { CheckpointDb } from '../store/db.ts';

export interface RpcError {
  readonly message: string;
  readonly code?: string | undefined;
  readonly hint?: string | undefined;
  readonly details?: string | undefined;
}

/** What the read paths use of supabase-js's RPC answer. Status 0: no answer (offline, aborted). */
export interface RpcAnswer {
  readonly data: unknown;
  readonly error: RpcError | null;
  readonly status: number;
}

export interface DirectSettings {
  readonly supabaseUrl: string;
  readonly anonKey: string;
}

/** auth-js refreshes a token this close to its end (EXPIRY_MARGIN_MS); this path leaves it to it. */
const EXPIRY_MARGIN_MS = 90_000;

/** The access token to send: the member's while it is good, the anon key without a session, null to step aside. */
export async function directToken(
  db: CheckpointDb,
  storageKey: string,
  anonKey: string,
  now = Date.now(),
): Promise<string | null> {
  const stored = await db.auth.get(storageKey);
  if (!stored) return anonKey;
  let session: unknown;
  try {
    session = JSON.parse(stored.value);
  } catch {
    return null;
  }
  if (typeof session !== 'object' || session === null) return null;
  const { access_token: token, expires_at: expiresAt } = session as { access_token?: unknown; expires_at?: unknown };
  if (typeof token !== 'string' || typeof expiresAt !== 'number') return null;
  return expiresAt * 1000 - now > EXPIRY_MARGIN_MS ? token : null;
}

function errorOf(body: unknown, status: number): RpcError {
  if (typeof body === 'object' && body !== null && typeof (body as RpcError).message === 'string') {
    const { message, code, hint, details } = body as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return { message: message as string, code: text(code), hint: text(hint), details: text(details) };
  }
  return { message: `Request failed (${status})` };
}

let inFlight = 0;
const idleWaiters = new Set<() => void>();

/**
 * Counts `work` as a read on its way until it settles (main.tsx makes supabase-js only once the
 * first screen's reads are in; a read's code downloading counts as much as its request).
 */
export function trackRead<T>(work: Promise<T>): Promise<T> {
  inFlight += 1;
  const done = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    for (const resolve of [...idleWaiters]) resolve();
    idleWaiters.clear();
  };
  work.then(done, done);
  return work;
}

/** Resolves when no tracked read is on its way (at once when none is). */
export function readsIdle(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.add(resolve));
}

/** Whether a tracked read is on its way now. */
export function readsBusy(): boolean {
  return inFlight > 0;
}

/**
 * POST /rest/v1/rpc/{fn} as supabase-js would send it. Null: this path steps aside (see above).
 * A network failure or an abort is answered with status 0, as supabase-js does.
 */
export async function directRpc(
  settings: DirectSettings,
  token: string,
  fn: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<RpcAnswer | null> {
  let response: Response;
  try {
    response = await fetch(`${settings.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${encodeURIComponent(fn)}`, {
      method: 'POST',
      headers: {
        apikey: settings.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(args),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    return { data: null, error: { message: `${error.name}: ${error.message}` }, status: 0 };
  }
  if (response.status === 401) return null;
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      return {
        data: null,
        error: { message: `${fn} answered with something other than JSON` },
        status: response.status,
      };
    }
  }
  return response.ok
    ? { data: body, error: null, status: response.status }
    : { data: null, error: errorOf(body, response.status), status: response.status };
}
