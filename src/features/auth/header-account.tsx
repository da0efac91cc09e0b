// The header's account area: 'Loading...' while the session is read; for a visitor
// 'Sign In' (desktop) or 'Sign In / Sign Up' (below 768 px), both opening the auth modal; for a
// member, their menu (member-account.tsx, loaded once a member is signed in: a visitor's first
// visit does without its code). Where the device holds a session and its member's row, the menu's
// trigger shows, disabled, from the first render (member-face.tsx) while the session is read and
// the menu's code comes in, instead of a visitor's button that then shrank to the avatar.
import { lazy, Suspense } from 'react';
import { useStoredMemberFace } from '../../data/auth/stored-member.ts';
import { useAuth, useAuthUi } from '../../ui/auth/auth-context.tsx';
import { MemberFacePlaceholder, memberName } from './member-face.tsx';
import { PHONE, useMediaQuery } from '../../ui/layout/media-query.ts';
import './auth.css';

const MemberAccount = lazy(() => import('./member-account.tsx'));

export function HeaderAccount() {
  const auth = useAuth();
  const stored = useStoredMemberFace();
  if (auth.status === 'signedIn') {
    const { user, memberId } = auth;
    const face = stored && stored.id === memberId ? stored : { name: memberName(user), avatar: null };
    return (
      <Suspense fallback={<MemberFacePlaceholder face={face} />}>
        <MemberAccount user={auth.user} memberId={auth.memberId} heldChanges={auth.heldChanges ?? null} />
      </Suspense>
    );
  }
  if (auth.status === 'loading' && stored) return <MemberFacePlaceholder face={stored} />;
  return <SignInButton loading={auth.status === 'loading'} />;
}

/** What the button reads while the session is read. */
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
