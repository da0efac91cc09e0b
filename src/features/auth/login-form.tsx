// Login mode: email, password, remember me.
import { useRef, useState, type FormEvent } from 'react';
import { loginSchema } from '../../core/auth-rules.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { codeOf, messageOf, type AuthFormProps } from './auth-forms.ts';
import { CheckboxField, FormNotice, TextField } from './form-field.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { useForm } from './use-form.ts';

const INITIAL: { email: string; password: string; rememberMe: boolean } = { email: '', password: '', rememberMe: true };

export function LoginForm({ busy, onBusy, onMode, onDone, onCheckEmail }: AuthFormProps) {
  const store = useAuthStore();
  const form = useForm(loginSchema, INITIAL);
  const [error, setError] = useState<{ message: string; unconfirmed: boolean } | null>(null);
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if ('invalid' in checked) {
      fields[checked.invalid as keyof typeof fields]?.current?.focus();
      return;
    }
    setError(null);
    onBusy(true);
    try {
      await store.signIn(checked.value.email, checked.value.password, { remember: checked.value.rememberMe ?? true });
      onBusy(false);
      onDone();
    } catch (cause) {
      onBusy(false);
      setError({
        message: messageOf(cause, 'Login failed. Please try again.'),
        unconfirmed: codeOf(cause) === 'email_not_confirmed',
      });
    }
  };

  const resend = async () => {
    const email = form.values.email.trim();
    onBusy(true);
    try {
      await store.resendVerification(email);
      onBusy(false);
      onCheckEmail(email);
    } catch (cause) {
      onBusy(false);
      setError({
        message: messageOf(cause, 'Failed to resend verification email. Please try again.'),
        unconfirmed: false,
      });
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      {error && (
        <FormNotice tone="error">
          {error.message}
          {error.unconfirmed && (
            <>
              {' '}
              <button type="button" className="auth-link" disabled={busy} onClick={() => void resend()}>
                Resend verification email
              </button>
            </>
          )}
        </FormNotice>
      )}
      <TextField
        ref={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={form.values.email}
        error={form.errorOf('email')}
        disabled={busy}
        onChange={(e) => form.set('email', e.target.value)}
      />
      <TextField
        ref={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errorOf('password')}
        disabled={busy}
        onChange={(e) => form.set('password', e.target.value)}
      />
      <div className="auth-form__row">
        <CheckboxField
          checked={form.values.rememberMe}
          disabled={busy}
          onChange={(e) => form.set('rememberMe', e.target.checked)}
        >
          Remember me
        </CheckboxField>
        <button type="button" className="auth-link" disabled={busy} onClick={() => onMode('reset')}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <OAuthButtons busy={busy} onBusy={onBusy} onError={(message) => setError({ message, unconfirmed: false })} />
      <p className="auth-form__switch">
        Don&apos;t have an account?{' '}
        <button type="button" className="auth-link" disabled={busy} onClick={() => onMode('signup')}>
          Sign up
        </button>
      </p>
    </form>
  );
}
