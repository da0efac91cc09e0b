// Checks the build-time settings (the hosted backend's URL and key, the OAuth providers) when the
// build starts, so a bad value stops it with a message naming the setting rather than shipping an
// app that fails in every member's browser.
import type { Plugin } from 'vite';
import { buildTimeBackend } from '../../src/core/config.ts';
import { enabledOAuthProviders } from '../../src/core/oauth-providers.ts';

export function checkBuildSettings(): Plugin {
  return {
    name: 'checkpoint:check-settings',
    configResolved(config) {
      buildTimeBackend(config.env);
      enabledOAuthProviders(config.env['VITE_OAUTH_PROVIDERS']);
    },
  };
}
