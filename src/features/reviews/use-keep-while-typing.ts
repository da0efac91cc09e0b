// Keeps what a member types on this device while they type (data/kept-forms.ts): a moment after
// typing pauses, and at once when the page is hidden or the form closes, so a reload, a closed tab,
// a tab the phone dropped or a link followed away loses none of it. Only for the member still
// signed in: sign-out forgets every kept form before it says signed out (auth-store.ts), and a
// form closing then must not bring one back. The review form (use-kept-form.ts) and the comment
// form (comments/use-kept-comment.ts) keep theirs this way.
import { useCallback, useEffect, useRef } from 'react';
import { KEPT_FORM_DELAY_MS } from '../../core/reviews/review-form-kept.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';

/**
 * Calls `keep` with `value` once it has stayed the same a moment, when the page is hidden, and when
 * the component goes, for `memberId` while they are signed in (null: nobody's, nothing is kept).
 * Returns `cancel`, which drops what is still to keep (the form was saved: nothing is kept any more).
 */
export function useKeepWhileTyping<V>(memberId: number | null, value: V, keep: (value: V) => void): () => void {
  const auth = useAuthStore();
  // The value still to keep; null once kept (or cancelled), so a form closing after a save keeps nothing.
  const pending = useRef<{ readonly value: V } | null>(null);

  const flush = useCallback(() => {
    const current = pending.current;
    pending.current = null;
    if (current === null || memberId === null) return;
    const now = auth.getSnapshot();
    if (now.status !== 'signedIn' || now.memberId !== memberId) return;
    keep(current.value);
  }, [auth, memberId, keep]);

  useEffect(() => {
    pending.current = { value };
    const timer = setTimeout(flush, KEPT_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, flush]);

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

  return useCallback(() => {
    pending.current = null;
  }, []);
}
