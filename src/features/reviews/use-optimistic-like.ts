// The optimistic like toggle of reviews and comments: the button shows the new state at once (count
// ±1, never below 0), holds a loading flag while the write runs, rolls back with a toast on failure
// and treats 'Already liked' as success. The write itself is local (applied on this device and
// queued), so success means the device's rows now say so.
import { useEffect, useState } from 'react';
import { MutationError } from '../../core/mutation-error.ts';
import { useToast } from '../../ui/toasts/toast-context.tsx';

export interface LikeState {
  readonly liked: boolean;
  readonly count: number;
}

/** The duplicate-like answer that counts as success. */
export const ALREADY_LIKED = 'Already liked';

export interface OptimisticLike extends LikeState {
  readonly busy: boolean;
  /** Sets the like (the opposite of what is shown unless told) as `memberId`. */
  toggle(memberId: number, to?: boolean): Promise<void>;
}

export function useOptimisticLike(
  stored: LikeState,
  set: (memberId: number, liked: boolean) => Promise<unknown>,
  failure: string,
): OptimisticLike {
  const toast = useToast();
  const [shown, setShown] = useState<(LikeState & { settled: boolean }) | null>(null);
  const [busy, setBusy] = useState(false);

  // After a successful write, the device's own answer takes over as soon as it agrees (the live
  // query re-renders a moment after the write's transaction), so the count never flickers back.
  useEffect(() => {
    if (shown?.settled && stored.liked === shown.liked) setShown(null);
  }, [shown, stored.liked, stored.count]);

  const current = shown ?? stored;

  async function toggle(memberId: number, to = !current.liked): Promise<void> {
    if (busy) return;
    const delta = to === current.liked ? 0 : to ? 1 : -1;
    setShown({ liked: to, count: Math.max(0, current.count + delta), settled: false });
    setBusy(true);
    try {
      await set(memberId, to);
      setShown((s) => (s ? { ...s, settled: true } : s));
    } catch (error) {
      if (error instanceof MutationError && error.message === ALREADY_LIKED) {
        setShown((s) => (s ? { ...s, settled: true } : s));
      } else {
        setShown(null);
        toast.push(failure, 'error');
      }
    } finally {
      setBusy(false);
    }
  }

  return { liked: current.liked, count: current.count, busy, toggle };
}
