// /reset-password: the link from a reset email. Verifying the link, then the new
// password form (with the meter and the signup rules) or an error; submitting; success and back to
// / after 3 s. The link check and the update each give up after 15 s.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { newPasswordFormSchema, RESET_REDIRECT_MS, RESET_TIMEOUT_MS } from '../../core/auth-rules.ts';
import { useAuthStore, useAuthUi } from '../../ui/auth/auth-context.tsx';
import { codeOf } from './auth-forms.ts';
import { linkParams, readLink, resetCheckError, resetLinkError, resetUpdateError, RESET_TEXT } from './auth-links.ts';
import { FormNotice, TextField } from './form-field.tsx';
import { once } from './link-check.ts';
import { PasswordMeter } from './password-meter.tsx';
import { TimeoutError, withTimeout } from './timeout.ts';
import { useForm } from './use-form.ts';
import './auth.css';

type Step = 'verifying' | 'ready' | 'error' | 'submitting' | 'success';

export default function ResetPasswordPage() {
  const store = useAuthStore();
  const [step, setStep] = useState<Step>('verifying');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const params = linkParams(window.location.href, store.landingUrl());
    const link = readLink(params);
    const key = `reset:${[...params].map(([k, v]) => `${k}=${v}`).join('&')}`;
    const check = once(key, async (): Promise<string | null> => {
      try {
        if (link.kind === 'error') return resetLinkError(link.error, link.code);
        if (link.kind === 'incomplete') return RESET_TEXT.invalid;
        if (link.kind === 'tokens')
          await withTimeout(store.setSessionFromTokens(link.accessToken, link.refreshToken), RESET_TIMEOUT_MS);
        else if (link.kind === 'tokenHash')
          await withTimeout(store.verifyTokenHash(link.tokenHash, link.type ?? 'recovery'), RESET_TIMEOUT_MS);
        else {
          // No link in the address: a session already in place (auth-js read the link) will do.
          await withTimeout(store.ready(), RESET_TIMEOUT_MS);
          if (store.getSnapshot().status !== 'signedIn') return RESET_TEXT.invalid;
        }
        return null;
      } catch (cause) {
        return resetCheckError(codeOf(cause), cause instanceof TimeoutError);
      }
    });
    void check.then((message) => {
      if (!live) return;
      if (window.location.search || window.location.hash)
        window.history.replaceState(window.history.state, '', window.location.pathname);
      setError(message);
      setStep(message ? 'error' : 'ready');
    });
    return () => {
      live = false;
    };
  }, [store]);

  return (
    <main className="auth-page">
      <section className="card auth-page__card" aria-live="polite">
        {step === 'verifying' && (
          <>
            <div className="auth-spinner" role="progressbar" aria-label="Verifying" />
            <h1 className="auth-page__title">Checking your reset link</h1>
            <p className="auth-page__text">This only takes a moment.</p>
          </>
        )}
        {step === 'error' && <ResetError message={error ?? RESET_TEXT.invalid} />}
        {(step === 'ready' || step === 'submitting') && (
          <NewPasswordForm submitting={step === 'submitting'} onStep={setStep} />
        )}
        {step === 'success' && <ResetSuccess />}
      </section>
    </main>
  );
}

function NewPasswordForm({
  submitting,
  onStep,
}: {
  readonly submitting: boolean;
  readonly onStep: (step: Step) => void;
}) {
  const store = useAuthStore();
  const form = useForm(newPasswordFormSchema, { password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const refs = { password: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if ('invalid' in checked) {
      refs[checked.invalid as keyof typeof refs]?.current?.focus();
      return;
    }
    setError(null);
    onStep('submitting');
    try {
      await withTimeout(store.updatePassword(checked.value.password), RESET_TIMEOUT_MS);
      onStep('success');
    } catch (cause) {
      setError(
        resetUpdateError(
          codeOf(cause),
          cause instanceof Error ? cause.message : undefined,
          cause instanceof TimeoutError,
        ),
      );
      onStep('ready');
    }
  };

  return (
    <>
      <h1 className="auth-page__title">Choose a new password</h1>
      <p className="auth-page__text">Pick something you don&apos;t use anywhere else.</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={submitting}>
        {error && <FormNotice tone="error">{error}</FormNotice>}
        <TextField
          ref={refs.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          disabled={submitting}
          value={form.values.password}
          error={form.errorOf('password')}
          hint={<PasswordMeter password={form.values.password} />}
          onChange={(e) => form.set('password', e.target.value)}
        />
        <TextField
          ref={refs.confirmPassword}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          disabled={submitting}
          value={form.values.confirmPassword}
          error={form.errorOf('confirmPassword')}
          onChange={(e) => form.set('confirmPassword', e.target.value)}
        />
        <button type="submit" className="button button--primary auth-form__submit" disabled={submitting}>
          {submitting ? 'Updating password...' : 'Update Password'}
        </button>
      </form>
    </>
  );
}

function ResetError({ message }: { readonly message: string }) {
  const ui = useAuthUi();
  return (
    <>
      <div className="auth-page__icon auth-page__icon--error" aria-hidden="true">
        !
      </div>
      <h1 className="auth-page__title">Reset link problem</h1>
      <p className="auth-page__text" role="alert">
        {message}
      </p>
      <div className="auth-page__actions">
        <button type="button" className="button button--primary" onClick={() => ui.open('reset')}>
          Request a new link
        </button>
        <Link className="button button--ghost auth-page__button" to="/">
          Back to home
        </Link>
      </div>
    </>
  );
}

function ResetSuccess() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <div className="auth-page__icon auth-page__icon--ok" aria-hidden="true">
        ✓
      </div>
      <h1 className="auth-page__title">Password updated!</h1>
      <p className="auth-page__text">Your new password is set and you are signed in. Taking you to the home page…</p>
      <div className="auth-page__actions">
        <Link className="button button--primary auth-page__button" to="/" replace>
          Continue now
        </Link>
      </div>
    </>
  );
}
