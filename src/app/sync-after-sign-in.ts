// After an expired session, signing in again must send what waited: the engine stopped retrying
// (an AuthError is final until the session changes), so a new session asks for one sync. If it is
// another member's, the push refuses before sending anything (src/sync/push.ts) and the auth layer
// asks the member what to do with the first one's changes. A MemberChangedError is final in the
// same way, and it ends when the device adopts a member (the first one's changes kept elsewhere or
// discarded), so a member id newly known after a failed sync asks for one sync too.
import { useEffect, useRef } from 'react';
import { useAuth } from '../features/auth/auth-context.tsx';
import type { AppSync } from './sync-provider.tsx';

export function useSyncAfterSignIn(sync: AppSync): void {
  const auth = useAuth();
  const seen = useRef(auth);
  useEffect(() => {
    const before = seen.current;
    if (before === auth) return;
    seen.current = auth;
    if (auth.status !== 'signedIn' || auth.memberId === null) return;
    const { sessionExpired, lastError } = sync.status.getSnapshot();
    const newMember = before.status !== 'signedIn' || before.memberId !== auth.memberId;
    if (sessionExpired || (newMember && lastError !== null)) void sync.syncNow();
  }, [auth, sync]);
}
