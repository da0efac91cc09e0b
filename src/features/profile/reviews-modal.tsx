// A member's reviews: sorted Recent, Oldest, Highest or Lowest; text cut to 150 characters with
// Show more / Show less; each opens its review page. The owner's own private drafts are listed for
// them alone, badged "Draft" (repos/profile.ts loadUserReviews). The filter box finds reviews by
// game or by words of the text, typos forgiven; a long list is windowed.
import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRating } from '../../core/format.ts';
import { isDraft } from '../../core/reviews/review-draft.ts';
import { excerpt, REVIEW_SORTS, sortReviews, type ReviewSort } from '../../core/profile.ts';
import { hideSpoilers } from '../../core/reviews/spoiler.ts';
import type { GameRow, ReviewRow } from '../../store/db.ts';
import { useLive } from '../../data/live.ts';
import { loadUserReviews } from '../../data/repos/profile.ts';
import { useMemberId } from '../../ui/auth/auth-context.tsx';
import { DraftBadge } from '../reviews/index.ts';
import { GameCover } from '../../ui/media/game-cover.tsx';
import { countText, FilterBox } from './library/filter-box.tsx';
import { useTextFilter } from './library/use-text-filter.ts';
import { WindowedList } from './library/windowed-list.tsx';
import { ListSkeleton, ProfileModal, SegmentedButtons } from './profile-modal.tsx';
import { shortDate } from './profile-dates.ts';

export function ReviewsModal({
  userId,
  username,
  onClose,
}: {
  readonly userId: number;
  readonly username: string;
  readonly onClose: () => void;
}) {
  const [sort, setSort] = useState<ReviewSort>('recent');
  const me = useMemberId();
  const entries = useLive((db) => loadUserReviews(db, userId, me), [userId, me]);
  const [text, setText] = useState('');
  const sorted = useMemo(
    () =>
      entries
        ? sortReviews(
            entries.map((e) => ({ ...e.review, game: e.game })),
            sort,
          )
        : undefined,
    [entries, sort],
  );
  const shown = useTextFilter(sorted, (r) => `${r.game?.name ?? ''} ${r.review ?? ''}`, text);
  return (
    <ProfileModal
      title={`${username}'s Reviews${entries ? ` (${entries.filter((e) => !isDraft(e.review)).length})` : ''}`}
      onClose={onClose}
      size="wide"
      toolbar={
        <>
          <SegmentedButtons label="Sort reviews" options={REVIEW_SORTS} value={sort} onChange={setSort} />
          {sorted && sorted.length > 0 && (
            <FilterBox
              label="Filter reviews"
              value={text}
              onChange={setText}
              count={countText(shown?.length ?? 0, sorted.length, ['review', 'reviews'])}
            />
          )}
        </>
      }
    >
      {sorted === undefined && <ListSkeleton />}
      {sorted?.length === 0 && <p className="profile-modal__empty">No reviews yet.</p>}
      {sorted && sorted.length > 0 && shown?.length === 0 && (
        <p className="profile-modal__empty">No reviews match this search.</p>
      )}
      {shown && shown.length > 0 && (
        // Keyed by member and game (one review each), not id: a review written offline keeps its
        // open/closed state when the server's id replaces the temporary one.
        <WindowedList
          items={shown}
          itemKey={(r) => `${r.user_id}:${r.igdb_id}`}
          estimate={150}
          scroller="parent"
          className="profile-reviews"
          itemClassName="profile-reviews__item"
          renderItem={(r) => <ReviewItem review={r} game={r.game} userId={userId} onOpen={onClose} />}
        />
      )}
    </ProfileModal>
  );
}

// Memoised: the windowed list renders again on every scroll step; rows already shown stay as they are.
const ReviewItem = memo(function ReviewItem({
  review,
  game,
  userId,
  onOpen,
}: {
  review: ReviewRow;
  game: GameRow | null;
  userId: number;
  onOpen: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const name = game?.name ?? 'Unknown game';
  // A preview list: spoilers show as "[spoiler]" (the review page, one link away, blurs them).
  const text = hideSpoilers(review.review?.trim() ?? '');
  const cut = excerpt(text);
  return (
    <>
      <Link
        to={`/review/${userId}/${game?.igdb_id ?? review.igdb_id}`}
        className="profile-reviews__cover"
        onClick={onOpen}
        tabIndex={-1}
        aria-hidden="true"
      >
        <GameCover name={name} url={game?.cover_url ?? null} game={game} width={56} />
      </Link>
      <div className="profile-reviews__main">
        <div className="profile-reviews__top">
          <Link
            to={`/review/${userId}/${game?.igdb_id ?? review.igdb_id}`}
            className="profile-reviews__game"
            onClick={onOpen}
          >
            {name}
          </Link>
          {isDraft(review) && <DraftBadge />}
          <span className="profile-reviews__rating" aria-label={`Rated ${formatRating(review.rating)} out of 10`}>
            {formatRating(review.rating)}/10
          </span>
        </div>
        <p className="profile-reviews__date">{shortDate(review.post_date_time)}</p>
        {text ? (
          <p className="profile-reviews__text">
            {expanded || !cut.truncated ? text : cut.text}
            {cut.truncated && (
              <button
                type="button"
                className="profile-link-button"
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? 'Show less' : 'Show more'}
              </button>
            )}
          </p>
        ) : (
          <p className="profile-reviews__text profile-reviews__text--none">Rated without a written review.</p>
        )}
      </div>
    </>
  );
});
