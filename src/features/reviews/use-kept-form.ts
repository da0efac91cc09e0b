// The review form's values, kept on this device while the member edits (data/reviews/kept-review-forms.ts)
// so a reload, a closed tab, a tab the phone dropped or a link followed away loses none of it
// (use-keep-while-typing.ts says when). The form opens with what was kept over what it would open
// with (core/reviews/review-form-kept.ts).
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { isDirty, type ReviewFormValues } from '../../core/reviews/review-form.ts';
import { keptValues, withKept } from '../../core/reviews/review-form-kept.ts';
import { browserKeptReviewForms } from '../../data/reviews/kept-review-forms.ts';
import { useKeepWhileTyping } from './use-keep-while-typing.ts';

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
  const [start] = useState(() => withKept(opened, keptForms.read(memberId, igdbId), { alreadyFinished }));
  const [values, setValues] = useState(start);
  const [openedKept, setOpenedKept] = useState(() => isDirty(opened, start));
  const keep = useCallback(
    (current: ReviewFormValues) => keptForms.keep(memberId, igdbId, keptValues(opened, current)),
    [memberId, igdbId, opened],
  );
  const cancel = useKeepWhileTyping(memberId, values, keep);

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
      cancel();
      keptForms.forget(memberId, igdbId);
    },
  };
}
