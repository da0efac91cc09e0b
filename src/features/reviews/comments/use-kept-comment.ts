// An unposted comment or reply, kept on this device while the member types
// (core/reviews/comment-form-kept.ts, data/kept-forms.ts; use-keep-while-typing.ts says when): the box
// opens with it again after a reload, a closed tab or a link followed away. Forgotten once it is
// posted, or when the member cancels the reply.
import { useCallback, useEffect, useRef, useState } from 'react';
import { keptCommentKey, keptCommentText, readKeptComment } from '../../../core/reviews/comment-form-kept.ts';
import { keptStore } from '../../../data/kept-forms.ts';
import { useKeepWhileTyping } from '../use-keep-while-typing.ts';

const keptComments = keptStore(readKeptComment);

export interface KeptComment {
  readonly text: string;
  setText(text: string): void;
  /** Posted, or the reply cancelled: nothing is kept any more. */
  forget(): void;
}

/**
 * The box's text for `memberId` (null: a guest, or not known yet: nothing is kept) on a review, or
 * in one of its threads (`thread`: the thread and whom the reply is to), opening with `opened`.
 */
export function useKeptComment(
  memberId: number | null,
  reviewId: number,
  thread: string | null,
  opened: string,
): KeptComment {
  const key = memberId === null ? null : keptCommentKey(memberId, reviewId, thread);
  const [text, setText] = useState(() => (key === null ? null : keptComments.read(key)) ?? opened);
  // The member became known after the form opened (their data was still loading): what they kept
  // comes back, unless they have typed meanwhile.
  const readFor = useRef(key);
  useEffect(() => {
    if (key === readFor.current) return;
    readFor.current = key;
    const kept = key === null ? null : keptComments.read(key);
    if (kept !== null) setText((current) => (current === opened ? kept : current));
  }, [key, opened]);

  const keep = useCallback(
    (current: string) => {
      if (key !== null) keptComments.keep(key, keptCommentText(opened, current));
    },
    [key, opened],
  );
  const cancel = useKeepWhileTyping(memberId, text, keep);
  return {
    text,
    setText,
    forget() {
      cancel();
      if (key !== null) keptComments.forget(key);
    },
  };
}
