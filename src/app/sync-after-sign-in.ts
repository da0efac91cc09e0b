// After an expired session, signing in again must send what waited: the engine stopped retrying
// (an AuthError is final until the session changes), so a new session asks for one sync. If it is
// another member's, the push refuses before sending anything (src/sync/push.ts) and the auth layer
// asks the member what to do with the first one's changes.
import { useEffect, useRef } from 'react';
import { useAuth } from '../features/auth/auth-context.tsx';
import type { AppSync } from './sync-provider.tsx';

export function useSyncAfterSignIn(sync: AppSync): void {
  const auth = useAuth();
  const seen = useRef(auth);
  useEffect(() => {
    if (seen.current === auth) return;
    seen.current = auth;
    if (auth.status === 'signedIn' && auth.memberId !== null && sync.status.getSnapshot().sessionExpired) void sync.syncNow();
  }, [auth, sync]);
}
