// /auth/callback: the email verification link and the OAuth return land here.
// Verifying, then an error, or success with a redirect to / after 2 s. Tokens in the address set
// the session; a token hash with its type (default signup) is redeemed.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PENDING_VERIFICATION_KEY, VERIFY_REDIRECT_MS } from '../../core/auth-rules.ts';
import { useAuthStore, useAuthUi } from '../../ui/auth/auth-context.tsx';
import { codeOf } from './auth-forms.ts';
import { linkParams, readLink, verifyError, VERIFY_TEXT } from './auth-links.ts';
import { once } from './link-check.ts';
import './auth.css';

type State =
  | { readonly step: 'verifying' }
  | { readonly step: 'error'; readonly message: string }
  | { readonly step: 'success'; readonly oauth: boolean };

export default function AuthCallbackPage() {
  const store = useAuthStore();
  const ui = useAuthUi();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ step: 'verifying' });

  useEffect(() => {
    let live = true;
    const params = linkParams(window.location.href, store.landingUrl());
    const link = readLink(params);
    const key = `callback:${[...params].map(([k, v]) => `${k}=${v}`).join('&')}`;
    const check = once(key, async (): Promise<State> => {
      try {
        switch (link.kind) {
          case 'error':
            return { step: 'error', message: verifyError('link', link.code) };
          case 'incomplete':
            return { step: 'error', message: VERIFY_TEXT.incomplete };
          case 'none':
            return { step: 'error', message: VERIFY_TEXT.none };
          case 'tokens':
            try {
              await store.setSessionFromTokens(link.accessToken, link.refreshToken);
            } catch (cause) {
              return { step: 'error', message: verifyError('tokens', codeOf(cause)) };
            }
            return { step: 'success', oauth: params.get('type') !== 'signup' };
          case 'tokenHash':
            try {
              await store.verifyTokenHash(link.tokenHash, link.type ?? 'signup');
            } catch (cause) {
              return { step: 'error', message: verifyError('tokenHash', codeOf(cause)) };
            }
            return { step: 'success', oauth: false };
        }
      } catch {
        return { step: 'error', message: VERIFY_TEXT.unexpected };
      }
    });
    void check.then((result) => {
      if (!live) return;
      if (result.step === 'success') sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
      // The tokens have done their job: they do not stay in the address or the history.
      if (window.location.search || window.location.hash)
        window.history.replaceState(window.history.state, '', window.location.pathname);
      setState(result);
    });
    return () => {
      live = false;
    };
  }, [store]);

  useEffect(() => {
    if (state.step !== 'success') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.step, navigate]);

  return (
    <main className="auth-page">
      <section className="card auth-page__card" aria-live="polite">
        {state.step === 'verifying' && (
          <>
            <div className="auth-spinner" role="progressbar" aria-label="Verifying" />
            <h1 className="auth-page__title">Verifying your account</h1>
            <p className="auth-page__text">This only takes a moment.</p>
          </>
        )}
        {state.step === 'success' && (
          <>
            <div className="auth-page__icon auth-page__icon--ok" aria-hidden="true">
              ✓
            </div>
            <h1 className="auth-page__title">{state.oauth ? 'You are signed in!' : 'Email verified!'}</h1>
            <p className="auth-page__text">
              {state.oauth ? 'Welcome to Checkpoint.' : 'Your account is active and you are signed in.'} Taking you to
              the home page…
            </p>
            <div className="auth-page__actions">
              <Link className="button button--primary auth-page__button" to="/" replace>
                Continue now
              </Link>
            </div>
          </>
        )}
        {state.step === 'error' && (
          <>
            <div className="auth-page__icon auth-page__icon--error" aria-hidden="true">
              !
            </div>
            <h1 className="auth-page__title">We couldn&apos;t verify that link</h1>
            <p className="auth-page__text" role="alert">
              {state.message}
            </p>
            <div className="auth-page__actions">
              <button type="button" className="button button--primary" onClick={() => ui.open('login')}>
                Sign in
              </button>
              <button type="button" className="button button--ghost" onClick={() => ui.open('signup')}>
                Create an account
              </button>
              <Link className="button button--ghost auth-page__button" to="/">
                Back to home
              </Link>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
