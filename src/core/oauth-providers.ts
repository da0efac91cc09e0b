// Which OAuth sign-in buttons a build shows. A hosted project offers only the providers enabled in
// its Authentication settings (supabase/config.toml enables GitHub, Google and Discord): a button
// for one that is not enabled would end on Supabase's "provider is not enabled" error page.
// VITE_OAUTH_PROVIDERS (at build time) names them, comma-separated, or `none`; unset means all.

export const OAUTH_PROVIDERS = ['github', 'google', 'discord'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

const isProvider = (name: string): name is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(name);

/** The providers a VITE_OAUTH_PROVIDERS value names, in the product's order; throws, naming a bad value. */
export function enabledOAuthProviders(value: unknown): readonly OAuthProvider[] {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return OAUTH_PROVIDERS;
  if (typeof value !== 'string') throw new Error('Bad setting: VITE_OAUTH_PROVIDERS must be text');
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names.length === 1 && names[0] === 'none') return [];
  const unknown = names.filter((name) => !isProvider(name));
  if (unknown.length > 0) {
    throw new Error(
      `Bad setting: VITE_OAUTH_PROVIDERS names ${unknown.map((name) => `"${name}"`).join(', ')}; use any of ${OAUTH_PROVIDERS.join(', ')}, or none`,
    );
  }
  return OAUTH_PROVIDERS.filter((provider) => names.includes(provider));
}

/**
 * Of `offered` (the build's upper bound), the providers GoTrue's public settings
 * (`GET /auth/v1/settings`, `{external: {github: true, …}}`) say are enabled; the local gateway and
 * hosted Supabase both answer it. Undefined when `settings` is not such an answer.
 */
export function providersEnabledIn(
  settings: unknown,
  offered: readonly OAuthProvider[],
): readonly OAuthProvider[] | undefined {
  if (typeof settings !== 'object' || settings === null || !('external' in settings)) return undefined;
  const { external } = settings;
  if (typeof external !== 'object' || external === null) return undefined;
  return offered.filter((provider) => provider in external && Reflect.get(external, provider) === true);
}
