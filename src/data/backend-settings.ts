// The local gateway's public settings (/_dev/config.json: its address and anon key), fetched once
// per context. Its own module, free of imports (but a type), so boot.ts, the page's first script,
// can ask for them before the app's code has even downloaded: the first screen's read then finds
// them in, and no round trip for them sits between the app's code and the screen's data.
import type { DirectSettings } from './direct-rpc.ts';

/**
 * A build without a hosted project is served by the gateway itself, so its backend is the page's
 * (or the worker's) own origin, whatever address it was opened at: localhost, 127.0.0.1, a LAN
 * address, a reverse proxy's https name. The address /_dev/config.json names (the gateway's
 * PUBLIC_URL) is only one of those, and the page's CSP (connect-src 'self') refuses the others.
 * Outside a browser (tests in Node) there is no own origin and the named address stands.
 */
export function onOwnOrigin<T extends { readonly supabaseUrl: string }>(settings: T): T {
  const own = typeof location === 'undefined' ? undefined : location.origin;
  return own && own !== 'null' ? { ...settings, supabaseUrl: own } : settings;
}

/** A build for a hosted project has its backend's address and anon key built in. */
export const hostedBuild = (): boolean =>
  Boolean(import.meta.env['VITE_SUPABASE_URL'] && import.meta.env['VITE_SUPABASE_ANON_KEY']);

let settingsFetch: Promise<unknown> | undefined;

/** The gateway's /_dev/config.json, fetched once per context (again after a failure), unchecked. */
export function fetchSettings(): Promise<unknown> {
  if (!settingsFetch) {
    const fetched = fetch('/_dev/config.json').then(async (response) => {
      if (!response.ok) throw new Error(`Backend settings unavailable (${response.status})`);
      return response.json() as Promise<unknown>;
    });
    fetched.catch(() => {
      if (settingsFetch === fetched) settingsFetch = undefined;
    });
    settingsFetch = fetched;
  }
  return settingsFetch;
}

/** Starts fetching the backend's settings now (the page, as it starts); a failure is the first real use's to report. */
export function prefetchBackendSettings(): void {
  if (!hostedBuild()) fetchSettings().catch(() => undefined);
}

/** The backend's address and anon key for a direct read, without zod (it checks them when supabase-js is made). */
export async function directSettings(): Promise<DirectSettings | null> {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (hostedBuild()) {
    const [url, key] = [text(import.meta.env['VITE_SUPABASE_URL']), text(import.meta.env['VITE_SUPABASE_ANON_KEY'])];
    return url && key ? { supabaseUrl: url, anonKey: key } : null;
  }
  const settings = await fetchSettings().catch(() => null);
  if (typeof settings !== 'object' || settings === null) return null;
  const { supabaseUrl, anonKey } = settings as Record<string, unknown>;
  const [url, key] = [text(supabaseUrl), text(anonKey)];
  return url && key ? onOwnOrigin({ supabaseUrl: url, anonKey: key }) : null;
}
