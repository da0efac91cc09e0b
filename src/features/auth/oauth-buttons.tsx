// "Or continue with": OAuth sign-in by provider. The browser leaves for the provider and comes
// back to /auth/callback with the session. Only the providers the server has enabled get a button
// (oauth-settings.ts): the last answer at once, the server's current one as soon as it comes.
import { useEffect, useState } from 'react';
import { offeredOAuthProviders, type OAuthProvider } from '../../data/auth/auth-store.ts';
import { cachedOAuthProviders, fetchOAuthProviders } from '../../data/auth/oauth-settings.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { messageOf } from './auth-forms.ts';

const NAMES: Record<OAuthProvider, string> = { github: 'GitHub', google: 'Google', discord: 'Discord' };

function ProviderIcon({ provider }: { readonly provider: OAuthProvider }) {
  const paths: Record<OAuthProvider, string> = {
    github:
      'M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.89 1.53 2.34 1.09 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.6 9.6 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.74c0 .27.18.58.69.48A10 10 0 0 0 12 2Z',
    google:
      'M21.6 12.23c0-.68-.06-1.36-.18-2.02H12v3.83h5.4a4.6 4.6 0 0 1-2 3.02v2.5h3.23c1.9-1.75 2.97-4.32 2.97-7.33ZM12 22c2.7 0 4.96-.9 6.62-2.43l-3.23-2.5c-.9.6-2.04.95-3.39.95-2.6 0-4.81-1.76-5.6-4.12H3.06v2.58A10 10 0 0 0 12 22Zm-5.6-8.1a6 6 0 0 1 0-3.8V7.52H3.06a10 10 0 0 0 0 8.96l3.34-2.58ZM12 5.98c1.47 0 2.79.5 3.83 1.5l2.86-2.87A9.6 9.6 0 0 0 12 2a10 10 0 0 0-8.94 5.52l3.34 2.58C7.19 7.74 9.4 5.98 12 5.98Z',
    discord:
      'M19.3 5.34A16.6 16.6 0 0 0 15.2 4l-.5 1.04a15.4 15.4 0 0 0-4.6 0L9.6 4a16.5 16.5 0 0 0-4.1 1.34C2.9 9.2 2.2 13 2.55 16.74a16.7 16.7 0 0 0 5.03 2.56l1.08-1.76c-.6-.22-1.17-.5-1.7-.83l.42-.33a11.9 11.9 0 0 0 10.24 0l.42.33c-.54.33-1.1.6-1.7.83l1.08 1.76a16.6 16.6 0 0 0 5.03-2.56c.42-4.34-.72-8.1-3.15-11.4ZM9.01 14.43c-.98 0-1.8-.91-1.8-2.03s.8-2.03 1.8-2.03 1.81.92 1.8 2.03c0 1.12-.8 2.03-1.8 2.03Zm5.98 0c-.99 0-1.8-.91-1.8-2.03s.8-2.03 1.8-2.03 1.81.92 1.8 2.03c0 1.12-.8 2.03-1.8 2.03Z',
  };
  return (
    <svg className="auth-oauth__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d={paths[provider]} />
    </svg>
  );
}

export function OAuthButtons({
  busy,
  onBusy,
  onError,
}: {
  readonly busy: boolean;
  readonly onBusy: (b: boolean) => void;
  readonly onError: (message: string) => void;
}) {
  const store = useAuthStore();
  const [providers, setProviders] = useState(() => cachedOAuthProviders(offeredOAuthProviders()) ?? []);
  useEffect(() => {
    let mounted = true;
    void fetchOAuthProviders(offeredOAuthProviders()).then((enabled) => {
      if (mounted && enabled) setProviders(enabled);
    });
    return () => {
      mounted = false;
    };
  }, []);
  const go = async (provider: OAuthProvider) => {
    onBusy(true);
    try {
      // Resolves as the browser starts leaving; the modal stays busy until it has gone.
      await store.signInWithProvider(provider);
    } catch (cause) {
      onBusy(false);
      onError(messageOf(cause, 'Login failed. Please try again.'));
    }
  };
  if (providers.length === 0) return null;
  return (
    <div className="auth-oauth">
      <p className="auth-oauth__divider">
        <span>or continue with</span>
      </p>
      <div className="auth-oauth__buttons">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="button button--ghost auth-oauth__button"
            disabled={busy}
            onClick={() => void go(provider)}
          >
            <ProviderIcon provider={provider} />
            <span>{NAMES[provider]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
