import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDERS, enabledOAuthProviders, providersEnabledIn } from './oauth-providers.ts';

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

describe('providersEnabledIn (GET /auth/v1/settings)', () => {
  const settings = (external: unknown) => ({ external, disable_signup: false });

  it('keeps the offered providers the server reports enabled, in the product order', () => {
    expect(
      providersEnabledIn(settings({ email: true, discord: true, github: true, google: false }), OAUTH_PROVIDERS),
    ).toEqual(['github', 'discord']);
    expect(providersEnabledIn(settings({ github: true, google: true }), ['google'])).toEqual(['google']);
  });

  it('shows none when the server enables none, or names a provider without saying true', () => {
    expect(
      providersEnabledIn(settings({ email: true, github: false, google: false, discord: false }), OAUTH_PROVIDERS),
    ).toEqual([]);
    expect(providersEnabledIn(settings({ github: 'true', google: 1 }), OAUTH_PROVIDERS)).toEqual([]);
  });

  it('says nothing of an answer that is not settings', () => {
    for (const answer of [null, 'ok', [], {}, { external: null }, { external: 'github' }])
      expect(providersEnabledIn(answer, OAUTH_PROVIDERS)).toBeUndefined();
  });
});
