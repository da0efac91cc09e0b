// A guard for screens that need a member: a guest gets the login modal and an 'Authentication
// Required' message in place of the screen; once they sign in, the screen shows where they are, so
// the origin is kept without a redirect.
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useAuth, useAuthUi } from '../../ui/auth/auth-context.tsx';
import './require-member.css';

export interface RequireMemberProps {
  readonly children: ReactNode;
  /** What the guest is asked to sign in for. */
  readonly reason?: string;
}

export function RequireMember({ children, reason = 'Please sign in to view this page.' }: RequireMemberProps) {
  const auth = useAuth();
  const ui = useAuthUi();
  const guest = auth.status === 'signedOut';

  // Once per arrival as a guest, whatever object the auth UI hands out on each render.
  const askToSignIn = useEffectEvent(() => ui.open('login'));
  useEffect(() => {
    if (guest) askToSignIn();
  }, [guest]);

  if (auth.status === 'loading') {
    return (
      <main className="page require-member" aria-busy="true">
        <p className="require-member__checking" role="status">
          Checking your sign-in…
        </p>
      </main>
    );
  }
  if (guest) return <AuthenticationRequired reason={reason} onSignIn={() => ui.open('login')} />;
  return children;
}

export function AuthenticationRequired({
  reason,
  onSignIn,
}: {
  readonly reason: string;
  readonly onSignIn: () => void;
}) {
  return (
    <main className="page require-member" aria-labelledby="require-member-title">
      <div className="require-member__panel">
        <span className="require-member__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3z"
            />
          </svg>
        </span>
        <h1 id="require-member-title">Authentication Required</h1>
        <p>{reason}</p>
        <button type="button" className="button button--primary" onClick={onSignIn}>
          Sign In
        </button>
      </div>
    </main>
  );
}
