// The OAuth providers the server has enabled, read from its public auth settings
// (`GET /auth/v1/settings`) and kept in localStorage, so an offline start shows the same sign-in
// buttons. A button for a provider that is not enabled would end on GoTrue's "provider is not
// enabled" error. The build's VITE_OAUTH_PROVIDERS stays the upper bound.
import { OAUTH_PROVIDERS, providersEnabledIn, type OAuthProvider } from '../../core/oauth-providers.ts';
import { directSettings } from '../backend-settings.ts';

const STORAGE_KEY = 'checkpoint.oauth-providers';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked by the browser: no cache, the buttons wait for the server
  }
}

/** The providers the server last said it had enabled, of `offered`; undefined when never asked. */
export function cachedOAuthProviders(offered: readonly OAuthProvider[]): readonly OAuthProvider[] | undefined {
  const stored = storage()?.getItem(STORAGE_KEY);
  if (!stored) return undefined;
  try {
    const names: unknown = JSON.parse(stored);
    return Array.isArray(names) ? offered.filter((provider) => names.includes(provider)) : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server, keeps its answer, and returns the enabled ones of `offered`; undefined when it cannot be asked. */
export async function fetchOAuthProviders(
  offered: readonly OAuthProvider[],
  fetcher: typeof fetch = fetch,
): Promise<readonly OAuthProvider[] | undefined> {
  const backend = await directSettings();
  if (!backend) return undefined;
  try {
    const response = await fetcher(`${backend.supabaseUrl}/auth/v1/settings`, {
      headers: { apikey: backend.anonKey },
    });
    if (!response.ok) return undefined;
    const settings: unknown = await response.json();
    const all = providersEnabledIn(settings, OAUTH_PROVIDERS);
    if (!all) return undefined;
    storage()?.setItem(STORAGE_KEY, JSON.stringify(all));
    return offered.filter((provider) => all.includes(provider));
  } catch {
    return undefined; // offline: the cached answer (or none) stands
  }
}
