// The review card: compact on lists (the whole card links to the review), full on the review page
// (the reviews engineer passes the like/comment controls and the thread). The author's avatar and
// name link to the profile and sit above the card's own link, so there are no nested anchors.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ReviewCard } from '../../data/repos/shapes.ts';
import { formatRating } from '../../core/format.ts';
import {
  authorInitial,
  authorName,
  cardCounts,
  cardText,
  cardTheme,
  reviewCardPath,
} from '../../core/reviews/review-card.ts';
import { formatRelativeTime } from '../../core/dates.ts';
import { hideSpoilers } from '../../core/reviews/spoiler.ts';
import { momentTooltip } from '../time/moment-tooltip.ts';
import { GameCover } from '../media/game-cover.tsx';
import { SpoilerText } from './spoiler.tsx';
import './review-card.css';

export interface ReviewCardProps {
  review: ReviewCard;
  mode: 'compact' | 'full';
  showGame?: boolean;
  /** full mode: the like/comment controls and the comments thread, rendered by the reviews engineer */
  actions?: ReactNode;
  children?: ReactNode;
  isOwn?: boolean;
}

export function ReviewCardView({ review, mode, showGame = false, actions, children, isOwn = false }: ReviewCardProps) {
  const name = authorName(review.author);
  const avatar = review.author?.avatar_url ?? null;
  const profilePath = `/user/${review.user_id}`;
  const path = reviewCardPath(
    review.user_id,
    review.game?.igdb_id ?? review.igdb_id,
    review.game?.id ?? review.game_id,
  );
  const gameTitle = review.game?.name?.trim() || 'Unknown Game';
  const compact = mode === 'compact';
  // A compact card is a preview: its spoilers become "[spoiler]" before the cut, so no part of
  // one can show. The full card (review page) blurs them until revealed.
  const text = cardText(compact && review.review ? hideSpoilers(review.review) : review.review, mode);
  const counts = cardCounts(review, isOwn);
  const label = `${name}'s review of ${showGame ? gameTitle : 'this game'}, rated ${formatRating(review.rating)} out of 10`;

  return (
    <article
      className={`review-card review-card--${mode} review-card--${cardTheme(review.id)}`}
      data-review-id={review.id}
      aria-label={label}
    >
      <header className="review-card__head">
        <Link
          to={profilePath}
          className="review-card__avatar review-card__above"
          aria-label={`${name}'s profile`}
          tabIndex={-1}
        >
          {avatar ? (
            <img src={avatar} alt="" width={40} height={40} loading="lazy" decoding="async" />
          ) : (
            <span aria-hidden="true">{authorInitial(review.author)}</span>
          )}
        </Link>
        <div className="review-card__who">
          <Link to={profilePath} className="review-card__author review-card__above">
            {name}
          </Link>
          <time
            className="review-card__date"
            dateTime={review.post_date_time}
            {...momentTooltip(review.post_date_time)}
          >
            {formatRelativeTime(review.post_date_time)}
          </time>
        </div>
        <span className="review-card__rating" aria-label={`Rated ${formatRating(review.rating)} out of 10`}>
          {formatRating(review.rating)}
          <span className="review-card__scale">/10</span>
        </span>
      </header>

      {showGame && (
        <div className="review-card__game-row">
          <GameCover
            name={gameTitle}
            url={review.game?.cover_url ?? null}
            game={review.game}
            width={compact ? 36 : 64}
            className="review-card__cover"
          />
          {compact ? (
            <h3 className="review-card__game">{gameTitle}</h3>
          ) : (
            <h2 className="review-card__game">{gameTitle}</h2>
          )}
        </div>
      )}
      {/* A card is plain text; the full card (review page) shows the allowed tags as formatting. */}
      {text !== null &&
        (compact ? (
          <p className="review-card__text">{text}</p>
        ) : (
          <div className="review-card__text">
            <SpoilerText text={text} rich />
          </div>
        ))}

      {compact ? (
        <footer className="review-card__foot">
          <span className="review-card__count" aria-label={`${counts.likes} ${counts.likes === 1 ? 'like' : 'likes'}`}>
            <HeartIcon /> {counts.likes}
          </span>
          <span
            className="review-card__count"
            aria-label={`${counts.comments} ${counts.comments === 1 ? 'comment' : 'comments'}`}
          >
            <BubbleIcon /> {counts.comments}
          </span>
          <Link to={path} className="review-card__link">
            <span className="visually-hidden">Read {label}</span>
          </Link>
        </footer>
      ) : (
        <>
          {actions && <div className="review-card__actions">{actions}</div>}
          {children}
        </>
      )}
    </article>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 5 6.4 5c2 0 3.4 1.1 4.1 2.3h3C14.2 6.1 15.6 5 17.6 5c3.5 0 5.5 3.6 4 6.9C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

function BubbleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
    </svg>
  );
}
