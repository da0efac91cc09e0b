// Who is signed in, for every screen (the store: src/data/auth/auth-store.ts, created by the app),
// and the auth modal's controls: open it in a mode, or run a member action now or, for a guest,
// after they sign in (the spec: "Any state-changing action prompts sign-in").
import { createContext, use, useSyncExternalStore } from 'react';
import type { AuthSnapshot, AuthStore } from '../../data/auth/auth-store.ts';

export type AuthMode = 'login' | 'signup' | 'reset';

export interface AuthUi {
  /** Opens the auth modal (login by default). */
  open(mode?: AuthMode): void;
  close(): void;
  /**
   * Runs `action` with the member's database id at once when it is known; a guest gets the modal
   * and the action runs once they have signed in (dropped if they close it).
   */
  requireMember(action: (memberId: number) => void | Promise<void>): void;
}

export const AuthStoreContext = createContext<AuthStore | null>(null);
export const AuthUiContext = createContext<AuthUi | null>(null);

export function useAuthStore(): AuthStore {
  const store = use(AuthStoreContext);
  if (!store) throw new Error('useAuthStore needs an AuthStoreContext above it');
  return store;
}

export function useAuth(): AuthSnapshot {
  const store = useAuthStore();
  // The same snapshot for a render without the DOM (a first paint's test renders the screen so).
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Whether who is looking is known: the stored session has been read and, for a member, their
 * database id is resolved (or could not be). Until then a screen that differs for its owner (a
 * profile) would first show itself as to a visitor, then change.
 */
export function isAuthSettled(auth: AuthSnapshot): boolean {
  return auth.status === 'signedOut' || (auth.status === 'signedIn' && (auth.memberId !== null || !auth.memberLoading));
}

/** The signed-in member's database id, or null (signed out, loading, or not resolved yet). */
export function useMemberId(): number | null {
  const auth = useAuth();
  return auth.status === 'signedIn' ? auth.memberId : null;
}

export function useAuthUi(): AuthUi {
  const ui = use(AuthUiContext);
  if (!ui) throw new Error('useAuthUi needs an AuthUiContext above it');
  return ui;
}
