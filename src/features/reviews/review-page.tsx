// The review reading page, /review/{userId}/{gameId}: one member's review of a game
// (the game by its external id when it has one, else the internal id) in the full review card,
// cut at 500 characters with a 'more' control, its like and comment controls and the comments.
// Everything is read from the device and kept fresh by a read-through; offline it shows what is
// saved, and likes and comments made meanwhile show at once and are sent when back online.
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { differentMoments, formatDate } from '../../core/dates.ts';
import { excerptKeepingSpoilers, excerpt, REVIEW_PAGE_EXCERPT_LENGTH } from '../../core/excerpt.ts';
import { formatRating } from '../../core/format.ts';
import { authorName } from '../../core/reviews/review-card.ts';
import { isDraft } from '../../core/reviews/review-draft.ts';
import { hideSpoilers } from '../../core/reviews/spoiler.ts';
import { useOnline, type FreshnessState } from '../../data/live.ts';
import { useReviewPage } from '../../data/reviews/review-page-feed.ts';
import type { ReviewPageData } from '../../data/reviews/review-page.ts';
import { gamePath } from '../../ui/media/game-cover.tsx';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import { CommentThread } from './comments/comment-thread.tsx';
import { FullReviewModal } from './full-review-modal.tsx';
import { ReviewLikeButton } from './like-button.tsx';
import { ReviewCardView } from '../../ui/review-card/review-card.tsx';
import { DraftNote } from './review-draft.tsx';
import { useViewer, type Viewer } from './viewer.ts';
import './review-page.css';

/** Link previews show about this much of the review. */
const META_DESCRIPTION_LENGTH = 160;

/** A route parameter made only of digits, as a number; else null. */
function routeId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export default function ReviewPage() {
  const params = useParams();
  const userId = routeId(params['userId']);
  const gameId = routeId(params['gameId']);
  if (userId === null || gameId === null) {
    return (
      <Problem title="Invalid review link">
        <p className="review-page__problem-text" role="alert">
          Invalid review URL parameters. User ID and Game ID must be numbers.
        </p>
      </Problem>
    );
  }
  return <ReviewScreen key={`${userId}/${gameId}`} userId={userId} gameId={gameId} />;
}

function ReviewScreen({ userId, gameId }: { readonly userId: number; readonly gameId: number }) {
  const viewer = useViewer();
  const state = useReviewPage(userId, gameId, viewer.kind === 'member' ? viewer.id : null);
  const online = useOnline();

  const found = state.status === 'found' ? state.data : null;
  usePageMeta({
    title: found
      ? `${authorName(found.author)}'s review of ${found.game?.name ?? 'Unknown Game'}`
      : state.status === 'missing'
        ? 'Review not found'
        : 'Review',
    description: found?.review.review
      ? excerpt(hideSpoilers(found.review.review.trim()), META_DESCRIPTION_LENGTH).text
      : undefined,
    image: found?.game?.cover_url ?? null,
    noIndex: state.status === 'missing',
  });

  if (state.status === 'loading') return <ReviewSkeleton />;
  if (state.status === 'missing') {
    if (state.error !== null) {
      return (
        <Problem title="Failed to load review data">
          <p className="review-page__problem-text" role="alert">
            {state.error}
          </p>
          <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
            Try Again
          </button>
        </Problem>
      );
    }
    return (
      <Problem title="Review not found">
        <p className="review-page__problem-text">
          Review not found for user {userId} and game {gameId}.{' '}
          {state.offline
            ? "You're offline, and this review isn't saved on this device yet."
            : 'It may have been deleted, or the link may be wrong.'}
        </p>
      </Problem>
    );
  }
  return <ReviewView data={state.data} viewer={viewer} freshness={state.freshness} online={online} />;
}

interface ReviewViewProps {
  readonly data: ReviewPageData;
  readonly viewer: Viewer;
  readonly freshness: FreshnessState;
  readonly online: boolean;
}

function ReviewView({ data, viewer, freshness, online }: ReviewViewProps) {
  const { review, author, game, platform } = data;
  const [fullOpen, setFullOpen] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(true);
  const threadId = useId();
  const name = authorName(author);
  const gameTitle = game?.name?.trim() || 'Unknown Game';
  const own = viewer.kind === 'member' && viewer.id === review.user_id;
  const text = review.review?.trim() ?? '';
  const cut = excerptKeepingSpoilers(text, REVIEW_PAGE_EXCERPT_LENGTH);
  const card = { ...review, review: cut.cut ? `${cut.text}...` : review.review, author, game };
  const comments = Math.max(0, review.comment_count);
  const editPath = `/review/${game?.igdb_id ?? review.igdb_id}`;
  // A draft is its author's alone (only their device holds it): no likes or comments until published.
  const draft = isDraft(review);

  const actions = (
    <>
      {cut.cut && (
        <button type="button" className="review-page__more" onClick={() => setFullOpen(true)} aria-haspopup="dialog">
          more<span className="visually-hidden"> of {name}&rsquo;s review</span>
        </button>
      )}
      {!draft && <ReviewLikeButton viewer={viewer} review={review} likedByMe={data.liked_by_me} />}
      {!draft && (
        <button
          type="button"
          className={`pill review-page__toggle${commentsOpen ? ' review-page__toggle--open' : ''}`}
          aria-expanded={commentsOpen}
          aria-controls={threadId}
          aria-label={`${commentsOpen ? 'Hide' : 'Show'} comments, ${comments} ${comments === 1 ? 'comment' : 'comments'}`}
          title={commentsOpen ? 'Hide comments' : 'Show comments'}
          onClick={() => setCommentsOpen((o) => !o)}
        >
          <BubbleIcon /> <span>{comments}</span>
        </button>
      )}
      {own && !draft && (
        <Link className="button button--ghost review-page__edit" to={editPath}>
          Edit Review
        </Link>
      )}
    </>
  );

  return (
    <main className="page review-page">
      <h1 className="visually-hidden">
        {name}&rsquo;s review of {gameTitle}
      </h1>
      <nav className="review-page__crumbs" aria-label="Breadcrumb">
        {game ? (
          <Link to={gamePath(game)} className="review-page__back">
            &larr; {gameTitle}
          </Link>
        ) : (
          <Link to="/search" className="review-page__back">
            &larr; Browse Games
          </Link>
        )}
      </nav>
      {(!online || freshness === 'failed') && (
        <p className="review-page__note" role="status">
          {online
            ? "The server couldn't be reached: this review is from this device."
            : "You're offline: this review is from this device. Likes and comments you add are sent when you're back online."}
        </p>
      )}
      {draft && own && viewer.kind === 'member' && (
        <DraftNote memberId={viewer.id} igdbId={game?.igdb_id ?? review.igdb_id} />
      )}
      <div className="review-page__layout">
        <ReviewCardView review={card} mode="full" showGame isOwn={own} actions={actions}>
          {commentsOpen && !draft && (
            <CommentThread id={threadId} reviewId={review.id} viewer={viewer} count={comments} />
          )}
        </ReviewCardView>
        <aside className="review-page__details card" aria-labelledby={`${threadId}-details`}>
          <h2 id={`${threadId}-details`} className="review-page__details-title">
            Review details
          </h2>
          <dl className="review-page__facts">
            <div>
              <dt>Rating</dt>
              <dd>
                <strong>{formatRating(review.rating)}</strong>/10
              </dd>
            </div>
            {review.is_recommended !== null && (
              <div>
                <dt>Recommends</dt>
                <dd>{review.is_recommended ? 'Yes' : 'No'}</dd>
              </div>
            )}
            {platform && (
              <div>
                <dt>Platform</dt>
                <dd>{platform}</dd>
              </div>
            )}
            {review.playtime_hours !== null && (
              <div>
                <dt>Playtime</dt>
                <dd>
                  {review.playtime_hours} {review.playtime_hours === 1 ? 'hour' : 'hours'}
                </dd>
              </div>
            )}
            <div>
              <dt>{draft ? 'Saved' : 'Posted'}</dt>
              <dd>
                <time dateTime={review.post_date_time}>{formatDate(review.post_date_time)}</time>
              </dd>
            </div>
            {differentMoments(review.updated_at, review.post_date_time) && (
              <div>
                <dt>Updated</dt>
                <dd>
                  <time dateTime={review.updated_at}>{formatDate(review.updated_at)}</time>
                </dd>
              </div>
            )}
          </dl>
          {game && (
            <Link to={gamePath(game)} className="button button--ghost review-page__game-link">
              View game
            </Link>
          )}
        </aside>
      </div>
      {cut.cut && (
        <FullReviewModal
          open={fullOpen}
          onClose={() => setFullOpen(false)}
          author={name}
          game={gameTitle}
          rating={review.rating}
          text={text}
        />
      )}
    </main>
  );
}

function Problem({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <main className="page review-page">
      <section className="review-page__problem card" aria-labelledby="review-problem-title">
        <h1 id="review-problem-title" className="review-page__problem-title">
          {title}
        </h1>
        {children}
        <Link className="button button--primary" to="/search">
          Browse Games
        </Link>
      </section>
    </main>
  );
}

function ReviewSkeleton() {
  return (
    <main className="page review-page" aria-busy="true">
      <h1 className="visually-hidden">Loading review</h1>
      <div className="review-page__layout">
        <div className="review-page__skeleton-main">
          <div className="skeleton review-page__skeleton-card" />
          <div className="skeleton review-page__skeleton-line" />
        </div>
        <div className="skeleton review-page__skeleton-aside" />
      </div>
    </main>
  );
}

function BubbleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
      />
    </svg>
  );
}
