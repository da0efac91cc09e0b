// The heart button with its count, for reviews and comments:
// a guest is told to sign in (and gets the sign-in modal, after which the like is made); while the
// member's id loads the button is disabled with 'Loading user data...'.
import { write } from '../../data/actions.ts';
import { useAuthUi } from '../../ui/auth/auth-context.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { useOptimisticLike, type LikeState } from './use-optimistic-like.ts';
import { LOADING_USER_DATA, WAIT_FOR_USER_DATA, type Viewer } from './viewer.ts';
import './like-button.css';

export interface LikeButtonProps {
  readonly viewer: Viewer;
  readonly stored: LikeState;
  readonly set: (memberId: number, liked: boolean) => Promise<unknown>;
  /** What a guest is told ('You must be logged in to like reviews' / '...comments'). */
  readonly guestMessage: string;
  /** The toast when the like cannot be saved. */
  readonly failure: string;
  /** 'review' or 'comment', for the accessible name. */
  readonly noun: string;
  /** Tooltip for a member (own review: says they may like it). */
  readonly memberTitle: (liked: boolean) => string;
  readonly size?: 'md' | 'sm';
  /** No likes yet possible (the thing is not on the server yet). */
  readonly unavailable?: string | null;
}

export function LikeButton({
  viewer,
  stored,
  set,
  guestMessage,
  failure,
  noun,
  memberTitle,
  size = 'md',
  unavailable = null,
}: LikeButtonProps) {
  const like = useOptimisticLike(stored, set, failure);
  const toast = useToast();
  const auth = useAuthUi();
  const loading = viewer.kind === 'loading';
  const title =
    unavailable ?? (loading ? LOADING_USER_DATA : viewer.kind === 'guest' ? guestMessage : memberTitle(like.liked));

  function activate() {
    if (unavailable) return;
    if (viewer.kind === 'loading') {
      toast.push(WAIT_FOR_USER_DATA, 'info');
      return;
    }
    if (viewer.kind === 'guest') {
      toast.push(guestMessage, 'error');
      auth.requireMember((memberId) => like.toggle(memberId, true));
      return;
    }
    void like.toggle(viewer.id);
  }

  const disabled = loading || unavailable !== null;
  return (
    <button
      type="button"
      className={`pill like-button like-button--${size}${like.liked ? ' like-button--on' : ''}`}
      aria-pressed={like.liked}
      aria-disabled={disabled || like.busy}
      aria-busy={like.busy}
      aria-label={`${like.liked ? 'Unlike' : 'Like'} ${noun}, ${like.count} ${like.count === 1 ? 'like' : 'likes'}`}
      title={title}
      data-count={like.count}
      onClick={activate}
    >
      <HeartIcon filled={like.liked} />
      <span className="like-button__count">{like.count}</span>
    </button>
  );
}

function HeartIcon({ filled }: { readonly filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="like-button__icon">
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 20.5s-7.2-4.4-9.2-8.7C1.4 8.7 3.3 5.2 6.6 5.2c1.9 0 3.3 1.1 4 2.2h2.8c.7-1.1 2.1-2.2 4-2.2 3.3 0 5.2 3.5 3.8 6.6-2 4.3-9.2 8.7-9.2 8.7z"
      />
    </svg>
  );
}

export interface ReviewLikeButtonProps {
  readonly viewer: Viewer;
  readonly review: { readonly id: number; readonly user_id: number; readonly like_count: number };
  readonly likedByMe: boolean;
}

/** The review's like: review_like.set; a member may like their own review (the tooltip says so). */
export function ReviewLikeButton({ viewer, review, likedByMe }: ReviewLikeButtonProps) {
  const own = viewer.kind === 'member' && viewer.id === review.user_id;
  return (
    <LikeButton
      viewer={viewer}
      stored={{ liked: likedByMe, count: Math.max(0, review.like_count) }}
      set={(memberId, liked) => write(memberId, 'review_like.set', { rating_id: review.id, liked })}
      guestMessage="You must be logged in to like reviews"
      failure="Failed to update like"
      noun="review"
      memberTitle={(liked) =>
        own
          ? liked
            ? 'Unlike your own review'
            : 'Like your own review (you can like your own reviews)'
          : liked
            ? 'Unlike this review'
            : 'Like this review'
      }
      unavailable={review.id > 0 ? null : 'Likes open once this review has synced'}
    />
  );
}
