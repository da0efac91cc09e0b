// What a member typed into the review form and has not saved, kept on this device
// ('checkpoint.review-form.{member}.{igdb id}', core/reviews/review-form-kept.ts; stored as kept-forms.ts
// keeps every form): only the fields that differ from what the form opened with.
import { keptFormKey, readKeptValues, type KeptFormValues } from '../../core/reviews/review-form-kept.ts';
import { forgetAllKept, keptStore } from '../kept-forms.ts';

export interface KeptReviewForms {
  read(memberId: number, igdbId: number): KeptFormValues | null;
  /** Keeps `values` for the member and game; nothing to keep forgets what was. */
  keep(memberId: number, igdbId: number, values: KeptFormValues): void;
  forget(memberId: number, igdbId: number): void;
  /** Every member's kept forms (and comments) go (sign-out: the device's member data goes with them). */
  forgetAll(): void;
}

export function browserKeptReviewForms(storage: Storage | undefined = globalThis.localStorage): KeptReviewForms {
  const store = keptStore(readKeptValues, storage);
  return {
    read: (memberId, igdbId) => store.read(keptFormKey(memberId, igdbId)),
    keep: (memberId, igdbId, values) =>
      store.keep(keptFormKey(memberId, igdbId), Object.keys(values).length === 0 ? null : values),
    forget: (memberId, igdbId) => store.forget(keptFormKey(memberId, igdbId)),
    forgetAll: () => forgetAllKept(storage),
  };
}
