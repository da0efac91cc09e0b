// Up to 5 written reviews of the game, newest first, each a compact review card that
// links to /review/{userId}/{gameId}; the empty state invites a review, and a guest gets a
// 'Sign in to write a review' button.
import { Link } from 'react-router-dom';
import type { GameRow } from '../../store/db.ts';
import type { ReviewWithAuthor } from '../../data/repos/shapes.ts';
import { ReviewCardView } from '../../ui/review-card/review-card.tsx';

export interface GameReviewsProps {
  readonly game: GameRow;
  readonly reviews: readonly ReviewWithAuthor[];
  readonly memberId: number | null;
  readonly reviewLabel: 'Write Review' | 'Edit Review';
  readonly loading: boolean;
  readonly failed: boolean;
  /** Opens the review form, after signing in for a guest. */
  readonly onWriteReview: () => void;
}

export function GameReviews({
  game,
  reviews,
  memberId,
  reviewLabel,
  loading,
  failed,
  onWriteReview,
}: GameReviewsProps) {
  return (
    <section className="game-reviews" aria-labelledby="game-reviews-title">
      <header className="game-reviews__head">
        <h2 id="game-reviews-title">Reviews</h2>
        {memberId !== null && (
          <Link to={`/review/${game.igdb_id}`} className="button button--ghost">
            {reviewLabel}
          </Link>
        )}
      </header>
      {failed && (
        <div className="game-reviews__error" role="alert">
          <span>Failed to load reviews</span>
          <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      )}
      {reviews.length > 0 ? (
        <ul className="game-reviews__list">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewCardView review={{ ...r, game }} mode="compact" isOwn={r.user_id === memberId} />
            </li>
          ))}
        </ul>
      ) : loading ? (
        <div className="skeleton" aria-label="Loading reviews" />
      ) : (
        <div className="game-reviews__empty card">
          <p>No written reviews yet. Be the first to write a review for this game!</p>
          {memberId === null && (
            <button type="button" className="button button--primary" onClick={onWriteReview}>
              Sign in to write a review
            </button>
          )}
        </div>
      )}
    </section>
  );
}
