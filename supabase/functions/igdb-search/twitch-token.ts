// The Twitch client-credentials token for IGDB, cached per module until shortly before it expires.
export interface IgdbCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly tokenUrl: string;
  readonly apiUrl: string;
}

interface CachedToken {
  readonly key: string;
  readonly token: string;
  readonly expiresAt: number;
}

const REFRESH_MARGIN_MS = 60_000;
let cached: CachedToken | undefined;
let pending: { readonly key: string; readonly token: Promise<string> } | undefined;

const UPSTREAM_TIMEOUT_MS = 10_000;

/** A failed upstream call; reported to our caller as a 502 with `IGDB API error: {status}`. */
export class UpstreamError extends Error {
  constructor(readonly upstreamStatus: number | string) {
    super(`IGDB API error: ${upstreamStatus}`);
  }
}

/** fetch with a time-out; a network failure or time-out becomes an UpstreamError. */
export async function upstreamFetch(url: string | URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (error) {
    throw new UpstreamError(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
}

export function forgetToken(): void {
  cached = undefined;
  pending = undefined;
}

/** The cached token, or one fetched now (concurrent callers share a single token request). */
export function getToken(creds: IgdbCredentials): Promise<string> {
  const key = `${creds.tokenUrl}\n${creds.clientId}`;
  if (cached && cached.key === key && Date.now() < cached.expiresAt) return Promise.resolve(cached.token);
  if (pending?.key === key) return pending.token;
  const token = fetchToken(creds, key).finally(() => {
    if (pending?.token === token) pending = undefined;
  });
  pending = { key, token };
  return token;
}

async function fetchToken(creds: IgdbCredentials, key: string): Promise<string> {
  const url = new URL(creds.tokenUrl);
  url.searchParams.set('client_id', creds.clientId);
  url.searchParams.set('client_secret', creds.clientSecret);
  url.searchParams.set('grant_type', 'client_credentials');
  const res = await upstreamFetch(url, { method: 'POST' });
  if (!res.ok) throw new UpstreamError(res.status);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new UpstreamError(502);
  const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 0) * 1000;
  // Refresh a minute early (or at half the lifetime for very short-lived tokens).
  const margin = Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
  cached = { key, token: body.access_token, expiresAt: Date.now() + lifetimeMs - margin };
  return cached.token;
}
