// The review form's values, kept on this device while the member edits (data/kept-review-forms.ts)
// so a reload, a closed tab, a tab the phone dropped or a link followed away loses none of it: kept
// a moment after typing pauses, and at once when the page is hidden or the form closes. The form
// opens with what was kept over what it would open with (core/review-form-kept.ts).
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { isDirty, type ReviewFormValues } from '../../core/review-form.ts';
import { KEPT_FORM_DELAY_MS, keptValues, withKept } from '../../core/review-form-kept.ts';
import { browserKeptReviewForms } from '../../data/kept-review-forms.ts';
import { useAuthStore } from '../auth/auth-context.tsx';

const keptForms = browserKeptReviewForms();

export interface KeptForm {
  readonly values: ReviewFormValues;
  readonly setValues: Dispatch<SetStateAction<ReviewFormValues>>;
  /** The values the form opened with, kept ones included. */
  readonly openedWith: ReviewFormValues;
  /** The form opened with kept values, and they still differ from what it would have opened with. */
  readonly restored: boolean;
  /** Back to what the form opened with; what was kept is forgotten. */
  discard(): void;
  /** The review was saved or deleted: nothing is kept any more. */
  forget(): void;
}

export function useKeptForm(
  memberId: number,
  igdbId: number,
  opened: ReviewFormValues,
  alreadyFinished: boolean,
): KeptForm {
  const auth = useAuthStore();
  const [start] = useState(() => withKept(opened, keptForms.read(memberId, igdbId), { alreadyFinished }));
  const [values, setValues] = useState(start);
  const [openedKept, setOpenedKept] = useState(() => isDirty(opened, start));
  // The values still to keep; null once kept (or forgotten), so a form closing after a save keeps nothing.
  const pending = useRef<ReviewFormValues | null>(null);

  const flush = useCallback(() => {
    const current = pending.current;
    pending.current = null;
    if (current === null) return;
    // Only for the member still signed in: sign-out forgets every kept form before it says signed
    // out (auth-store.ts), and the form closing then must not bring this one back.
    const now = auth.getSnapshot();
    if (now.status !== 'signedIn' || now.memberId !== memberId) return;
    keptForms.keep(memberId, igdbId, keptValues(opened, current));
  }, [auth, memberId, igdbId, opened]);

  useEffect(() => {
    pending.current = values;
    const timer = setTimeout(flush, KEPT_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, flush]);

  useEffect(() => {
    // A phone may end a hidden tab without unloading it: being hidden is the last sure moment.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush(); // the form closes (Cancel, a link): what was typed in the last moment is kept too
    };
  }, [flush]);

  return {
    values,
    setValues,
    openedWith: start,
    restored: openedKept && isDirty(opened, values),
    discard() {
      keptForms.forget(memberId, igdbId);
      setValues(opened);
      setOpenedKept(false);
    },
    forget() {
      pending.current = null;
      keptForms.forget(memberId, igdbId);
    },
  };
}
