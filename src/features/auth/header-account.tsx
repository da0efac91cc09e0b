// The header's account area (spec 000 §2): 'Loading...' while the session is read; for a visitor
// 'Sign In' (desktop) or 'Sign In / Sign Up' (below 768 px), both opening the auth modal; for a
// member, their menu (member-account.tsx, loaded once a member is signed in: a visitor's first
// visit does without its code), with 'Loading...' until its code is in.
import { lazy, Suspense } from 'react';
import { useAuth, useAuthUi } from './auth-context.tsx';
import { PHONE, useMediaQuery } from '../layout/media-query.ts';
import './auth.css';

const MemberAccount = lazy(() => import('./member-account.tsx'));

export function HeaderAccount() {
  const auth = useAuth();
  if (auth.status === 'signedIn') {
    return (
      <Suspense fallback={<SignInButton loading />}>
        <MemberAccount user={auth.user} memberId={auth.memberId} heldChanges={auth.heldChanges ?? null} />
      </Suspense>
    );
  }
  return <SignInButton loading={auth.status === 'loading'} />;
}

/** What the button reads while the session is read (spec 000 §2). */
const LOADING = 'Loading...';

function SignInButton({ loading }: { readonly loading: boolean }) {
  const ui = useAuthUi();
  const mobile = useMediaQuery(PHONE);
  const label = mobile ? 'Sign In / Sign Up' : 'Sign In';
  return (
    <div className="account">
      {/* data-reserve: the other of the two texts, laid out unseen (auth.css), so the button keeps
          one width from 'Loading...' to 'Sign In' and the header's search box beside it stays put. */}
      <button
        type="button"
        className="button button--primary account__signin"
        disabled={loading}
        aria-busy={loading}
        data-reserve={loading ? label : LOADING}
        onClick={() => ui.open('login')}
      >
        {loading ? LOADING : label}
      </button>
    </div>
  );
}
