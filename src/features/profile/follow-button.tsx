// Follow / Following: a visitor sees a disabled 'Login'; a member sets follow.set (idempotent:
// "following = true", never a toggle) with a spinner while it is written on the device; a refusal
// is told in the spec's words. Hidden on one's own row.
import { useState } from 'react';
import { FOLLOW_TEXT, followErrorText } from '../../core/profile.ts';
import { write } from '../../data/actions.ts';
import { useAuth } from '../../ui/auth/auth-context.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';

export interface FollowButtonProps {
  readonly userId: number;
  readonly username: string;
  readonly following: boolean;
  readonly compact?: boolean;
}

export function FollowButton({ userId, username, following, compact = false }: FollowButtonProps) {
  const auth = useAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const size = compact ? ' follow-button--compact' : '';

  if (auth.status === 'signedIn' && auth.memberId === userId) return null;
  if (auth.status !== 'signedIn') {
    return (
      <button
        type="button"
        className={`follow-button follow-button--login${size}`}
        disabled
        title={FOLLOW_TEXT.loginRequired}
      >
        {auth.status === 'loading' ? <span className="follow-button__spinner" aria-label="Loading" /> : 'Login'}
      </button>
    );
  }

  const waiting = busy || (auth.memberId === null && auth.memberLoading);
  const onClick = async () => {
    if (waiting) return;
    if (auth.memberId === null) {
      toast.push(FOLLOW_TEXT.noMemberId, 'error');
      return;
    }
    setBusy(true);
    try {
      await write(auth.memberId, 'follow.set', { user_id: userId, following: !following });
    } catch (error) {
      toast.push(followErrorText(error, !following), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`follow-button${following ? ' follow-button--following' : ''}${size}`}
      aria-pressed={following}
      aria-busy={waiting}
      aria-label={`${following ? 'Following' : 'Follow'} ${username}`}
      onClick={() => void onClick()}
    >
      {waiting && <span className="follow-button__spinner" aria-hidden="true" />}
      <span className="follow-button__label">{following ? 'Following' : 'Follow'}</span>
    </button>
  );
}
