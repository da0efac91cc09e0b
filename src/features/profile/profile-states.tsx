// The profile's loading and error views. An error that sends the visitor elsewhere (the spec:
// "An invalid or missing user sends the visitor to / or /users"; 'Failed to load user data'
// redirects to /) says why first, and goes after a short pause or at once with the button.
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ProfileIcon } from './profile-icons.tsx';

/** Long enough to read the message, short enough not to feel stuck. */
export const PROFILE_REDIRECT_MS = 3000;

export function ProfileError({
  message,
  detail,
  to,
}: {
  readonly message: string;
  readonly detail?: string;
  readonly to?: '/' | '/users';
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = window.setTimeout(() => navigate(to, { replace: true }), PROFILE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to]);
  const where = to === '/' ? 'the home page' : 'Discover Users';
  return (
    <main className="page profile-page">
      <section className="card profile-error" role="alert">
        <span className="profile-error__icon">
          <ProfileIcon name="user" size={32} />
        </span>
        <h1 className="profile-error__title">{message}</h1>
        {detail && <p className="profile-error__detail">{detail}</p>}
        {to && <p className="profile-error__detail">Taking you to {where}…</p>}
        <div className="profile-error__actions">
          <Link className="button button--primary profile-error__go" to={to ?? '/users'} replace={Boolean(to)}>
            {to === '/' ? 'Go Home' : 'Discover Users'}
          </Link>
          {!to && (
            <Link className="button button--ghost profile-error__go" to="/">
              Go Home
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}

export function ProfileSkeleton() {
  return (
    <main className="page profile-page" aria-busy="true" aria-label="Loading profile">
      <div className="card profile-skeleton">
        <div className="profile-skeleton__row">
          <div className="skeleton profile-skeleton__avatar" />
          <div className="profile-skeleton__lines">
            <div className="skeleton profile-skeleton__line" />
            <div className="skeleton profile-skeleton__line profile-skeleton__line--short" />
          </div>
        </div>
        <div className="skeleton profile-skeleton__stats" />
      </div>
      <div className="skeleton profile-skeleton__tabs" />
    </main>
  );
}
