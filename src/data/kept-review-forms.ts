// What a member typed into the review form and has not saved, kept on this device in localStorage
// ('checkpoint.review-form.{member}.{igdb id}', core/review-form-kept.ts) so a reload, a closed tab
// or one the phone dropped loses none of it; only the fields that differ from what the form opened
// with. Sign-out forgets every member's (auth/auth-store.ts). Best-effort, like the app's other
// small per-device state: a browser that refuses storage keeps nothing, and a value that does not
// read (another version's, edited by hand) is none.
import { isKeptFormKey, keptFormKey, readKeptValues, type KeptFormValues } from '../core/review-form-kept.ts';

export interface KeptReviewForms {
  read(memberId: number, igdbId: number): KeptFormValues | null;
  /** Keeps `values` for the member and game; nothing to keep forgets what was. */
  keep(memberId: number, igdbId: number, values: KeptFormValues): void;
  forget(memberId: number, igdbId: number): void;
  /** Every member's kept forms go (sign-out: the device's member data goes with them). */
  forgetAll(): void;
}

export function browserKeptReviewForms(storage: Storage | undefined = globalThis.localStorage): KeptReviewForms {
  const forget = (memberId: number, igdbId: number) => {
    try {
      storage?.removeItem(keptFormKey(memberId, igdbId));
    } catch {
      // A refusing browser kept nothing to forget.
    }
  };
  return {
    read(memberId, igdbId) {
      try {
        const raw = storage?.getItem(keptFormKey(memberId, igdbId));
        return raw == null ? null : readKeptValues(JSON.parse(raw));
      } catch {
        return null; // unreadable or refused: nothing kept
      }
    },
    keep(memberId, igdbId, values) {
      if (Object.keys(values).length === 0) {
        forget(memberId, igdbId);
        return;
      }
      try {
        storage?.setItem(keptFormKey(memberId, igdbId), JSON.stringify(values));
      } catch {
        // Quota or a refusing browser: the form works, what is typed just does not outlive the page.
      }
    },
    forget,
    forgetAll() {
      try {
        if (!storage) return;
        const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
          (key): key is string => key !== null && isKeptFormKey(key),
        );
        for (const key of keys) storage.removeItem(key);
      } catch {
        // A refusing browser kept nothing to forget.
      }
    },
  };
}
