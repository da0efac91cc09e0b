// AuthUi for every screen (auth-context.tsx): opens the auth modal, and runs member actions now or,
// for a guest, after they sign in and their member id is known (dropped if they close the modal).
// "Any state-changing action prompts sign-in".
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { AuthUiContext, useAuth, useAuthStore, type AuthMode, type AuthUi } from '../../ui/auth/auth-context.tsx';

// The modal and its forms (with zod's rules) load when it first opens, not with the entry
// (docs/decisions/0006-first-visit-javascript-budget.md).
const AuthModal = lazy(() => import('./auth-modal.tsx').then(({ AuthModal: modal }) => ({ default: modal })));

type MemberAction = (memberId: number) => void | Promise<void>;

export function AuthUiProvider({ children }: { readonly children: ReactNode }) {
  const store = useAuthStore();
  const auth = useAuth();
  const toasts = useToast();
  const [mode, setMode] = useState<AuthMode | null>(null);
  const waiting = useRef<MemberAction[]>([]);

  const run = useCallback(
    (action: MemberAction, memberId: number) => {
      // A refused write (MutationError) says why in the spec's words.
      Promise.resolve()
        .then(() => action(memberId))
        .catch((error: unknown) => {
          toasts.push(
            error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.',
            'error',
          );
        });
    },
    [toasts],
  );

  const ui = useMemo<AuthUi>(
    () => ({
      open: (next = 'login') => setMode(next),
      close: () => {
        waiting.current = [];
        setMode(null);
      },
      requireMember: (action) => {
        const now = store.getSnapshot();
        if (now.status === 'signedIn' && now.memberId !== null) {
          run(action, now.memberId);
          return;
        }
        waiting.current.push(action);
        if (now.status === 'signedIn') toasts.push('Please wait for user data to load', 'info');
        else if (now.status === 'signedOut') setMode('login');
        // Still loading: decided below once the session has been read.
      },
    }),
    [store, run, toasts],
  );

  // Waiting actions run once the member id is known; a guest (session read, nobody in) is asked to sign in.
  const memberId = auth.status === 'signedIn' ? auth.memberId : null;
  useEffect(() => {
    if (memberId !== null && waiting.current.length > 0) {
      const actions = waiting.current;
      waiting.current = [];
      for (const action of actions) run(action, memberId);
    }
  }, [memberId, run]);
  const signedOut = auth.status === 'signedOut';
  useEffect(() => {
    if (signedOut && waiting.current.length > 0) setMode((m) => m ?? 'login');
  }, [signedOut]);

  const onDone = useCallback(() => setMode(null), []);

  return (
    <AuthUiContext value={ui}>
      {children}
      {mode && (
        <Suspense fallback={null}>
          <AuthModal mode={mode} onMode={setMode} onClose={ui.close} onDone={onDone} />
        </Suspense>
      )}
    </AuthUiContext>
  );
}
