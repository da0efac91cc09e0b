// "Remember me" (the login form's rememberMe): the session lives in IndexedDB so the service worker
// can push with it, and IndexedDB outlives the browser. A member who unticks the box gets a flag in
// localStorage; a cookie without an expiry marks the browser session (every tab shares it, and the
// browser drops it on exit). Opened again with the flag and without the cookie, the app signs out.

const FORGET_KEY = 'checkpoint.auth.forget';
const VISIT_COOKIE = 'checkpoint_visit';

export interface RememberMe {
  /** Marks this browser session; true when a session not to be remembered outlived its browser session. */
  startVisit(): boolean;
  /** Records the choice of the latest sign-in. */
  set(remember: boolean): void;
}

/**
 * Whether the latest sign-in asked to be remembered (no forget flag): only then may what the device
 * shows of the member before their session is read outlive the browser session.
 */
export function askedToBeRemembered(): boolean {
  try {
    return localStorage.getItem(FORGET_KEY) !== '1';
  } catch {
    return false;
  }
}

function markVisit(): void {
  document.cookie = `${VISIT_COOKIE}=1; path=/; SameSite=Strict`;
}

export function browserRememberMe(): RememberMe | null {
  if (typeof document === 'undefined' || typeof localStorage === 'undefined') return null;
  return {
    startVisit() {
      // Cookies are only touched for a member who asked not to be remembered (document.cookie is
      // synchronous, and most members never untick the box).
      if (localStorage.getItem(FORGET_KEY) !== '1') return false;
      const sameVisit = document.cookie.split('; ').includes(`${VISIT_COOKIE}=1`);
      markVisit();
      return !sameVisit;
    },
    set(remember) {
      if (remember) localStorage.removeItem(FORGET_KEY);
      else {
        localStorage.setItem(FORGET_KEY, '1');
        // This browser session is the one the sign-in belongs to.
        markVisit();
      }
    },
  };
}
