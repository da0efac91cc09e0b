// What a member typed into a form and has not saved, kept on this device in localStorage so a
// reload, a closed tab or one the phone dropped loses none of it: the review form's changed fields
// (kept-review-forms.ts, core/reviews/review-form-kept.ts) and an unposted comment or reply
// (core/reviews/comment-form-kept.ts). Sign-out forgets every member's (auth/auth-store.ts). Best-effort,
// like the app's other small per-device state: a browser that refuses storage keeps nothing, and a
// value that does not read (another version's, edited by hand) is none.
import { isKeptCommentKey } from '../core/reviews/comment-form-kept.ts';
import { isKeptFormKey } from '../core/reviews/review-form-kept.ts';

export interface KeptStore<V> {
  read(key: string): V | null;
  /** Keeps `value` under `key`; null (nothing worth keeping) forgets what was. */
  keep(key: string, value: V | null): void;
  forget(key: string): void;
}

/** A store of kept values, each read back through `read` (parsed JSON in, null for what does not read). */
export function keptStore<V>(
  read: (raw: unknown) => V | null,
  storage: Storage | undefined = globalThis.localStorage,
): KeptStore<V> {
  const forget = (key: string) => {
    try {
      storage?.removeItem(key);
    } catch {
      // A refusing browser kept nothing to forget.
    }
  };
  return {
    read(key) {
      try {
        const raw = storage?.getItem(key);
        return raw == null ? null : read(JSON.parse(raw));
      } catch {
        return null; // unreadable or refused: nothing kept
      }
    },
    keep(key, value) {
      if (value === null) {
        forget(key);
        return;
      }
      try {
        storage?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota or a refusing browser: the form works, what is typed just does not outlive the page.
      }
    },
    forget,
  };
}

/** Every member's kept forms and comments go (sign-out: the device's member data goes with them). */
export function forgetAllKept(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null && (isKeptFormKey(key) || isKeptCommentKey(key)),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // A refusing browser kept nothing to forget.
  }
}
