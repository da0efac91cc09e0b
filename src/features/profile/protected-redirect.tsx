// /profile and /settings: login required. A signed-in member is sent to /users; a signed-out
// visitor sees 'Authentication Required' with the login modal opened over it (and is sent on to
// /users once signed in).
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { PROFILE_TEXT } from '../../core/profile.ts';
import { useAuth, useAuthUi } from '../../ui/auth/auth-context.tsx';
import { ProfileIcon } from './profile-icons.tsx';
import { ProfileSkeleton } from './profile-states.tsx';
import './profile.css';

export default function ProtectedRedirect() {
  const auth = useAuth();
  const ui = useAuthUi();
  const signedOut = auth.status === 'signedOut';
  useEffect(() => {
    if (signedOut) ui.open('login');
  }, [signedOut, ui]);

  if (auth.status === 'signedIn') return <Navigate to="/users" replace />;
  if (auth.status === 'loading') return <ProfileSkeleton />;
  return (
    <main className="page profile-page">
      <section className="card profile-error" aria-labelledby="auth-required-title">
        <span className="profile-error__icon">
          <ProfileIcon name="lock" size={32} />
        </span>
        <h1 id="auth-required-title" className="profile-error__title">
          {PROFILE_TEXT.authRequired}
        </h1>
        <p className="profile-error__detail">Please sign in to view this page.</p>
        <div className="profile-error__actions">
          <button type="button" className="button button--primary" onClick={() => ui.open('login')}>
            Sign In
          </button>
          <button type="button" className="button button--ghost" onClick={() => ui.open('signup')}>
            Create Account
          </button>
        </div>
      </section>
    </main>
  );
}
