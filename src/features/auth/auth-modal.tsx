// The auth modal: login, signup and reset modes, and the 'Check Your Email!' state
// after signup. Switching modes starts the new form empty, without errors (each form is keyed by
// its mode). While a submit runs, inputs and the close button are disabled.
import { useEffect, useId, useState } from 'react';
import { PENDING_VERIFICATION_KEY } from '../../core/auth-rules.ts';
import { useAuth, type AuthMode } from '../../ui/auth/auth-context.tsx';
import type { AuthFormProps } from './auth-forms.ts';
import { CheckEmail } from './check-email.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { SignupForm } from './signup-form.tsx';
import { Modal } from '../../ui/modal/modal.tsx';
import './auth.css';
import { BrandMark } from '../../ui/brand/brand-mark.tsx';

const TITLES: Record<AuthMode, string> = {
  login: 'Sign in to your account',
  signup: 'Create your account',
  reset: 'Reset your password',
};

const SUBTITLES: Record<AuthMode, string> = {
  login: 'Welcome back to Checkpoint.',
  signup: 'Track what you play, rate it, and find your next game.',
  reset: 'It happens to the best of us.',
};

export interface AuthModalProps {
  readonly mode: AuthMode;
  readonly onMode: (mode: AuthMode) => void;
  /** Closed by the visitor: actions waiting for sign-in are dropped. */
  readonly onClose: () => void;
  /** Signed in: closes, and the waiting actions run once the member id is known. */
  readonly onDone: () => void;
}

export function AuthModal({ mode, onMode, onClose, onDone }: AuthModalProps) {
  const ids = useId();
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    if (pendingEmail) sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
    onClose();
  };

  // The link was opened (here or in another tab) and that email is now signed in, confirmed.
  const confirmed =
    pendingEmail !== null &&
    auth.status === 'signedIn' &&
    auth.user.emailConfirmed &&
    auth.user.email?.toLowerCase() === pendingEmail.toLowerCase();
  useEffect(() => {
    if (!confirmed) return;
    sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
    onDone();
  }, [confirmed, onDone]);

  const formProps: AuthFormProps = {
    busy,
    onBusy: setBusy,
    onDone,
    onMode: (next) => {
      if (!busy) onMode(next);
    },
    onCheckEmail: setPendingEmail,
  };

  const title = pendingEmail ? 'Almost there' : TITLES[mode];
  return (
    <Modal
      onClose={close}
      dismissible={!busy}
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-sub`}
      backdropClassName="auth-backdrop"
      className="auth-modal"
    >
      {/* A div, not <header>: the panel is portalled into <body>, outside any sectioning element, where a
          <header> would be the page's second banner landmark. */}
      <div className="auth-modal__head">
        <BrandMark className="auth-modal__mark" size={36} />
        <div className="auth-modal__heading">
          <h2 id={`${ids}-title`} className="auth-modal__title">
            {title}
          </h2>
          <p id={`${ids}-sub`} className="auth-modal__sub">
            {pendingEmail ? 'One more step to finish creating your account.' : SUBTITLES[mode]}
          </p>
        </div>
        <button type="button" className="auth-modal__close" aria-label="Close" disabled={busy} onClick={close}>
          ×
        </button>
      </div>
      <div className="auth-modal__body">
        {pendingEmail ? (
          <CheckEmail email={pendingEmail} busy={busy} onBusy={setBusy} onGotIt={close} />
        ) : mode === 'login' ? (
          <LoginForm key="login" {...formProps} />
        ) : mode === 'signup' ? (
          <SignupForm key="signup" {...formProps} />
        ) : (
          <ResetRequestForm key="reset" {...formProps} />
        )}
      </div>
    </Modal>
  );
}
