// Who is looking at a review, as its like and comment controls need it: a guest
// (actions prompt sign-in), a member whose database id is still loading (controls disabled,
// 'Loading user data...'), or a member with their id.
import { useAuth } from '../../ui/auth/auth-context.tsx';

export type Viewer =
  { readonly kind: 'guest' } | { readonly kind: 'loading' } | { readonly kind: 'member'; readonly id: number };

/** Tooltip of every review and comment control until the member's id is known. */
export const LOADING_USER_DATA = 'Loading user data...';
/** What an attempt says meanwhile. */
export const WAIT_FOR_USER_DATA = 'Please wait for user data to load';

const GUEST: Viewer = { kind: 'guest' };
const LOADING: Viewer = { kind: 'loading' };

export function useViewer(): Viewer {
  const auth = useAuth();
  if (auth.status === 'signedOut') return GUEST;
  // Also when the id lookup gave up (spec: "it gives up and the id stays null").
  if (auth.status === 'loading' || auth.memberId === null) return LOADING;
  return { kind: 'member', id: auth.memberId };
}
