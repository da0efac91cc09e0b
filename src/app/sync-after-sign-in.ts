// After an expired session, signing in again must send what waited: the engine stopped retrying
// (an AuthError is final until the session changes), so a new session asks for one sync. If it is
// another member's, the push refuses before sending anything (src/sync/push.ts) and the auth layer
// asks the member what to do with the first one's changes. A MemberChangedError is final in the
// same way, and it ends when the device adopts a member (the first one's changes kept elsewhere or
// discarded). A member id newly known asks for one sync in any case: it is what brings their whole
// library to the device (sync/SPEC.md [S16]); waiting for the engine's next periodic pull left a new
// device without it for up to a minute.
import { useEffect, useRef } from 'react';
import { useAuth } from '../ui/auth/auth-context.tsx';
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
    // Not the member a reload finds on the device (from 'loading'): the engine's start syncs then.
    const signedIn = newMember && before.status !== 'loading';
    if (sessionExpired || signedIn || (newMember && lastError !== null)) void sync.syncNow();
  }, [auth, sync]);
}
