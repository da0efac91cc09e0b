// After signup: 'Check Your Email!' with a resend action. The modal closes on
// 'Got it!', or by itself when this email signs in confirmed (the link opened in another tab).
import { useEffect, useState } from 'react';
import { RESEND_MESSAGE_MS } from '../../core/auth-rules.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { AuthError } from '../../data/auth/auth-store.ts';
import { FormNotice } from './form-field.tsx';

export function CheckEmail({
  email,
  busy,
  onBusy,
  onGotIt,
}: {
  readonly email: string;
  readonly busy: boolean;
  readonly onBusy: (b: boolean) => void;
  readonly onGotIt: () => void;
}) {
  const store = useAuthStore();
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (notice?.tone !== 'ok') return;
    const timer = setTimeout(() => setNotice(null), RESEND_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const resend = async () => {
    setNotice(null);
    onBusy(true);
    try {
      await store.resendVerification(email);
      setNotice({ tone: 'ok', text: 'Verification email resent! Please check your inbox.' });
    } catch (cause) {
      // The store's refusal carries the server's text or 'Failed to resend verification email.';
      // anything else (no connection) gets the longer text.
      setNotice({
        tone: 'error',
        text: cause instanceof AuthError ? cause.message : 'Failed to resend verification email. Please try again.',
      });
    } finally {
      onBusy(false);
    }
  };

  return (
    <div className="auth-check-email">
      <div className="auth-check-email__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="34" height="34">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
            strokeLinejoin="round"
            d="M3 6.5h18v11H3zM3.5 7l8.5 6.5L20.5 7"
          />
        </svg>
      </div>
      <h3 className="auth-check-email__title">Check Your Email!</h3>
      <p className="auth-check-email__text">
        We sent a verification link to <strong className="auth-check-email__address">{email}</strong>. Open it to
        activate your account — this window closes by itself once you have.
      </p>
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
      <button type="button" className="button button--primary auth-form__submit" disabled={busy} onClick={onGotIt}>
        Got it!
      </button>
      <p className="auth-form__switch">
        Didn&apos;t get it?{' '}
        <button type="button" className="auth-link" disabled={busy} onClick={() => void resend()}>
          {busy ? 'Sending...' : 'Resend verification email'}
        </button>
      </p>
    </div>
  );
}
