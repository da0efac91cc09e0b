// Signup mode: username, email, password with the meter, confirmation, terms.
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { PENDING_VERIFICATION_KEY, signupSchema } from '../../core/auth-rules.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { messageOf, type AuthFormProps } from './auth-forms.ts';
import { CheckboxField, FormNotice, TextField } from './form-field.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { PasswordMeter } from './password-meter.tsx';
import { useForm } from './use-form.ts';
import { LegalModal } from '../legal/index.ts';

const INITIAL: { username: string; email: string; password: string; confirmPassword: string; agreeToTerms: boolean } = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false,
};
type Field = keyof typeof INITIAL;

export function SignupForm({ busy, onBusy, onMode, onDone, onCheckEmail }: AuthFormProps) {
  const store = useAuthStore();
  const form = useForm(signupSchema, INITIAL);
  const [error, setError] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const refs: Record<Field, React.RefObject<HTMLInputElement | null>> = {
    username: useRef(null),
    email: useRef(null),
    password: useRef(null),
    confirmPassword: useRef(null),
    agreeToTerms: useRef(null),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if ('invalid' in checked) {
      refs[checked.invalid as Field]?.current?.focus();
      return;
    }
    const { username, email, password } = checked.value;
    setError(null);
    onBusy(true);
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, email);
    try {
      const { confirmed } = await store.signUp({ username, email, password });
      onBusy(false);
      if (confirmed) {
        sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
        onDone();
      } else {
        onCheckEmail(email);
      }
    } catch (cause) {
      sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
      onBusy(false);
      setError(messageOf(cause, 'Signup failed. Please try again.'));
    }
  };

  const field = (name: Exclude<Field, 'agreeToTerms'>) => ({
    ref: refs[name],
    value: form.values[name],
    error: form.errorOf(name),
    disabled: busy,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.set(name, e.target.value),
  });

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      {error && <FormNotice tone="error">{error}</FormNotice>}
      <TextField
        label="Username"
        autoComplete="username"
        maxLength={60}
        placeholder="pixel_pilgrim"
        {...field('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        {...field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
        hint={<PasswordMeter password={form.values.password} />}
      />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <CheckboxField
        ref={refs.agreeToTerms}
        checked={form.values.agreeToTerms}
        disabled={busy}
        error={form.errorOf('agreeToTerms')}
        onChange={(e) => {
          form.set('agreeToTerms', e.target.checked);
          // Spec 000: "The terms checkbox opens the terms and privacy modal": ticking it (by
          // pointer or Space) shows what is agreed to; unticking opens nothing.
          if (e.target.checked) setTermsOpen(true);
        }}
      >
        I agree to the{' '}
        <button
          type="button"
          className="auth-link"
          disabled={busy}
          onClick={(e) => {
            e.preventDefault();
            setTermsOpen(true);
          }}
        >
          Terms of Service and Privacy Policy
        </button>
      </CheckboxField>
      <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
      <OAuthButtons busy={busy} onBusy={onBusy} onError={setError} />
      <p className="auth-form__switch">
        Already have an account?{' '}
        <button type="button" className="auth-link" disabled={busy} onClick={() => onMode('login')}>
          Sign in
        </button>
      </p>
      {termsOpen && (
        <Suspense fallback={null}>
          <LegalModal onClose={() => setTermsOpen(false)} />
        </Suspense>
      )}
    </form>
  );
}
