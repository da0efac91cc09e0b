// Reset mode: the email a reset link goes to; on success a banner replaces the form.
import { useRef, useState, type FormEvent } from 'react';
import { resetSchema } from '../../core/auth-rules.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { messageOf, type AuthFormProps } from './auth-forms.ts';
import { FormNotice, TextField } from './form-field.tsx';
import { useForm } from './use-form.ts';

export function ResetRequestForm({ busy, onBusy, onMode }: AuthFormProps) {
  const store = useAuthStore();
  const form = useForm(resetSchema, { email: '' });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const email = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if ('invalid' in checked) {
      email.current?.focus();
      return;
    }
    setError(null);
    onBusy(true);
    try {
      await store.requestPasswordReset(checked.value.email);
      setSent(true);
    } catch (cause) {
      setError(messageOf(cause, 'Failed to send reset email. Please try again.'));
    } finally {
      onBusy(false);
    }
  };

  if (sent) {
    return (
      <div className="auth-form">
        <FormNotice tone="ok">Password reset email sent! Check your inbox for instructions.</FormNotice>
        <p className="auth-form__lead">
          The link is valid for one hour. Didn&apos;t get it? Check your spam folder, or try again in a minute.
        </p>
        <button type="button" className="button button--primary auth-form__submit" onClick={() => onMode('login')}>
          Back to Sign In
        </button>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      <p className="auth-form__lead">
        Enter the email of your account and we&apos;ll send you a link to choose a new password.
      </p>
      {error && <FormNotice tone="error">{error}</FormNotice>}
      <TextField
        ref={email}
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
      <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </button>
      <p className="auth-form__switch">
        Remembered it?{' '}
        <button type="button" className="auth-link" disabled={busy} onClick={() => onMode('login')}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
