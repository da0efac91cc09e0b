// The Activity tab of a profile: what the member did, newest first, with loading, error (Retry),
// empty and loaded states, and offline the items this device kept from last time, saying so. Spec
// 002: "'Load More Activity' is disabled (coming soon)", so the feed shows its newest page and the
// button stays disabled (use-activity.ts can already page further back).
import { Link } from 'react-router-dom';
import {
  ACTIVITY_TEXT,
  activityKey,
  activitySentence,
  type ActivityItem,
  type ActivityType,
} from '../../../core/activity.ts';
import { formatRelativeTime } from '../../../core/dates.ts';
import { momentTooltip } from '../../../ui/time/moment-tooltip.ts';
import { formatRating } from '../../../core/format.ts';
import { hideSpoilers } from '../../../core/reviews/spoiler.ts';
import { GameCover, gamePath } from '../../../ui/media/game-cover.tsx';
import { useActivity } from './use-activity.ts';
import './activity-feed.css';

const ICONS: Record<ActivityType, string> = {
  review: '✎',
  rating: '★',
  wishlist: '♡',
  collection: '▦',
  started: '▶',
  completed: '✓',
  comment: '❝',
  review_like: '♥',
};

const reviewPath = (authorId: number, item: ActivityItem) => `/review/${authorId}/${item.game.igdb_id ?? item.game.id}`;

export function ActivityFeed({ userId }: { userId: number }) {
  const { state, retry, online } = useActivity(userId);

  if (state.status === 'loading') {
    return (
      <section className="activity" aria-busy="true" aria-label="Activity">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton activity__skeleton" />
        ))}
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="activity" aria-label="Activity">
        <div className="activity__problem" role="alert">
          <p className="error">{ACTIVITY_TEXT.loadFailed}</p>
          <button type="button" className="button button--ghost" onClick={retry}>
            Retry
          </button>
        </div>
      </section>
    );
  }
  if (state.status === 'offline-empty') {
    return (
      <section className="activity" aria-label="Activity">
        <p className="activity__empty" role="status">
          You're offline. Activity will load when you're back online.
        </p>
      </section>
    );
  }

  const {
    value: { items },
    savedAt,
  } = state;
  return (
    <section className="activity" aria-labelledby="activity-title">
      <h2 id="activity-title" className="visually-hidden">
        Activity
      </h2>
      {savedAt !== null && (
        <p className="activity__offline" role="status">
          {online ? "Couldn't refresh" : "You're offline"} — showing activity saved on this device{' '}
          {formatRelativeTime(savedAt)}.
        </p>
      )}
      {items.length === 0 ? (
        <p className="activity__empty">No activity yet.</p>
      ) : (
        <ol className="activity__list">
          {items.map((item) => (
            <ActivityRow key={activityKey(item)} item={item} userId={userId} />
          ))}
        </ol>
      )}
      {items.length > 0 && (
        <div className="activity__more-row">
          <button
            type="button"
            className="button button--ghost activity__more"
            disabled
            aria-describedby="activity-more-soon"
          >
            {ACTIVITY_TEXT.loadMore}
          </button>
          <p id="activity-more-soon" className="activity__soon">
            {ACTIVITY_TEXT.loadMoreSoon}
          </p>
        </div>
      )}
    </section>
  );
}

function ActivityRow({ item, userId }: { item: ActivityItem; userId: number }) {
  const { lead, trail } = activitySentence({ type: item.type, reviewed_author: null });
  const author = item.reviewed_author ?? null;
  const date = new Date(item.date);
  return (
    <li className={`activity-item activity-item--${item.type}`}>
      <span className="activity-item__icon" aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <div className="activity-item__main">
        <p className="activity-item__text">
          {author && (item.type === 'comment' || item.type === 'review_like') ? (
            <>
              {item.type === 'comment' ? 'Commented on ' : 'Liked '}
              <Link to={`/user/${author.id}`}>{author.username}</Link>
              {"'s "}
              <Link to={reviewPath(author.id, item)}>review</Link>
              {' of '}
            </>
          ) : (
            `${lead} `
          )}
          <Link className="activity-item__game" to={gamePath(item.game)}>
            {item.game.name}
          </Link>
          {trail && ` ${trail}`}
          {item.rating !== undefined && item.type !== 'review_like' && (
            <span className="activity-item__rating" aria-label={`${formatRating(item.rating)} out of 10`}>
              {' '}
              ★ {formatRating(item.rating)}
            </span>
          )}
        </p>
        {/* A feed line is a preview: spoilers show as "[spoiler]" (the review page blurs them). */}
        {item.review && <p className="activity-item__quote">{hideSpoilers(item.review)}</p>}
        {item.comment && <p className="activity-item__quote">{hideSpoilers(item.comment)}</p>}
        <p className="activity-item__meta">
          <time dateTime={item.date} {...momentTooltip(date)}>
            {formatRelativeTime(item.date)}
          </time>
          {item.type === 'review' && (
            <>
              {' '}
              · <Link to={reviewPath(userId, item)}>Read review</Link>
            </>
          )}
        </p>
      </div>
      <GameCover
        name={item.game.name}
        url={item.game.cover_url}
        game={item.game}
        width={40}
        className="activity-item__cover"
      />
    </li>
  );
}
