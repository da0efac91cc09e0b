import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDERS, enabledOAuthProviders } from './oauth-providers.ts';

describe('enabledOAuthProviders (VITE_OAUTH_PROVIDERS)', () => {
  it('offers every provider when unset or blank', () => {
    expect(enabledOAuthProviders(undefined)).toEqual(OAUTH_PROVIDERS);
    expect(enabledOAuthProviders('  ')).toEqual(['github', 'google', 'discord']);
  });

  it('keeps the named ones in the product order, whatever their case and spacing', () => {
    expect(enabledOAuthProviders(' Discord , github')).toEqual(['github', 'discord']);
    expect(enabledOAuthProviders('google')).toEqual(['google']);
  });

  it('offers none for `none`', () => {
    expect(enabledOAuthProviders('none')).toEqual([]);
  });

  it('names a provider it does not know instead of dropping it', () => {
    expect(() => enabledOAuthProviders('github,gitlab')).toThrow(
      'VITE_OAUTH_PROVIDERS names "gitlab"; use any of github, google, discord, or none',
    );
    expect(() => enabledOAuthProviders('none,github')).toThrow('"none"');
  });
});
