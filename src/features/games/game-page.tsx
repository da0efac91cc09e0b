// The game page, /game/{identifier}: a numeric id (ours or the external catalogue's)
// or a slug. Everything shown is read from the device (use-game-page.ts); once the game is known
// the address becomes /game/{slug}. Loading skeleton, error view, and the loaded page: header,
// action bar, 'Ratings' card, up to 5 written reviews and the related carousels.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { metaDescription, type MyStatus } from '../../core/game-page.ts';
import type { GamePageData } from '../../data/repos/game-page.ts';
import type { RemoteGamePage } from '../../data/games-remote.ts';
import { useArriving, type FreshnessState } from '../../data/live.ts';
import { isDraft } from '../../core/reviews/review-draft.ts';
import { useMemberId } from '../../ui/auth/auth-context.tsx';
import { DraftNote } from '../reviews/index.ts';
import { FirstPaint, forgetFirstPaint } from '../../ui/layout/first-paint.tsx';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import { GameJournal } from '../journal/index.ts';
import { ActionBar } from './action-bar.tsx';
import { GameHeader } from './game-header.tsx';
import { GameReviews } from './game-reviews.tsx';
import { RatingsCard } from './ratings-card.tsx';
import { RelatedContent } from './related-content.tsx';
import { useGameActions } from './use-game-actions.ts';
import { NOT_FOUND, useGamePage } from './use-game-page.ts';
import './game-page.css';

export default function GamePage() {
  const identifier = (useParams().identifier ?? '').trim();
  const memberId = useMemberId();
  const [attempt, setAttempt] = useState(0);
  const view = useGamePage(identifier, memberId, attempt);
  const navigate = useNavigate();
  const slug = view.kind === 'loaded' ? view.data.game.slug : null;

  // Once loaded, the address names the game by its slug (replacing, so Back skips the id).
  useEffect(() => {
    if (slug && slug !== identifier)
      void navigate(`/game/${slug}${window.location.search}${window.location.hash}`, { replace: true });
  }, [slug, identifier, navigate]);

  if (view.kind === 'loading') return <GameSkeleton />;
  if (view.kind === 'error')
    return <GameError message={view.message} identifier={identifier} onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <LoadedGame
      key={view.data.game.igdb_id}
      data={view.data}
      remote={view.remote}
      freshness={view.freshness}
      online={view.online}
      memberId={memberId}
    />
  );
}

interface LoadedGameProps {
  readonly data: GamePageData;
  readonly remote: RemoteGamePage | null;
  readonly freshness: FreshnessState;
  readonly online: boolean;
  readonly memberId: number | null;
}

function LoadedGame({ data, remote, freshness, online, memberId }: LoadedGameProps) {
  const { game, ratings, reviews, me } = data;
  const status: MyStatus | null = me && {
    started: Boolean(me.progress?.started),
    completed: Boolean(me.progress?.completed),
    inWishlist: me.wishlist !== null,
    inCollection: me.collection !== null,
    reviewed: me.review !== null,
  };
  const actions = useGameActions(game, status, memberId);
  usePageMeta({
    title: game.name,
    description: metaDescription(game.summary) ?? undefined,
    image: game.cover_url ?? null,
  });
  const fromDevice = !online || freshness === 'failed' || freshness === 'offline';
  // Loading until the reviews the read stored are read back (not "No written reviews yet" between).
  const reviewsArriving = useArriving(freshness === 'refreshing', reviews);
  // The page shows its own header now: a first paint of it is not shown again (first-paint.tsx).
  useEffect(() => forgetFirstPaint(), []);

  return (
    <main className="page game-page">
      {fromDevice && (
        <p className="game-page__device-note" role="status">
          <span aria-hidden="true">⚡</span>
          {online
            ? "The server couldn't be reached: showing this game as saved on this device."
            : "You're offline: showing this game as saved on this device."}
        </p>
      )}
      <GameHeader game={game} {...useHeaderRatings(ratings, remote, freshness)} />
      <ActionBar igdbId={game.igdb_id} status={status} signedIn={memberId !== null} actions={actions} />
      {/* Without its own Edit Draft: the action bar and the reviews list already open the draft (as 'Edit Review'). */}
      {memberId !== null && me?.review && isDraft(me.review) && (
        <DraftNote memberId={memberId} igdbId={game.igdb_id} showEdit={false} />
      )}
      <div className="game-page__columns">
        <RatingsCard {...ratings} />
        <GameReviews
          game={game}
          reviews={reviews}
          memberId={memberId}
          reviewLabel={status?.reviewed ? 'Edit Review' : 'Write Review'}
          loading={reviews.length === 0 && reviewsArriving}
          failed={online && freshness === 'failed'}
          onWriteReview={actions.writeReview}
        />
      </div>
      {memberId !== null && <GameJournal game={game} memberId={memberId} />}
      <RelatedContent game={game} remote={remote} online={online} />
    </main>
  );
}

/**
 * The header's members' average: the device's, or the server's (get_game_page's count) while the
 * device's ratings are still on their way, so the header keeps its height instead of growing a
 * line when they land. "On their way" lasts until the screen's query has re-run after the
 * read-through: its 'fresh' arrives a moment before the rows it brought are read back.
 */
function useHeaderRatings(ratings: GamePageData['ratings'], remote: RemoteGamePage | null, freshness: FreshnessState) {
  const ratingsWhenFresh = useRef<GamePageData['ratings'] | null>(null);
  if (freshness !== 'fresh') ratingsWhenFresh.current = null;
  else ratingsWhenFresh.current ??= ratings;
  const server = remote?.ratings;
  const arriving = freshness === 'idle' || freshness === 'refreshing' || ratingsWhenFresh.current === ratings;
  if (ratings.count === 0 && server && arriving) return { average: server.average, count: server.count };
  return { average: ratings.average, count: ratings.count };
}

/** The page's placeholder, or the header the gateway painted for a first visit (first-paint.tsx). */
function GameSkeleton() {
  return (
    <FirstPaint>
      <GameBones />
    </FirstPaint>
  );
}

function GameBones() {
  return (
    <main className="page game-page" aria-busy="true" aria-label="Loading game">
      <div className="game-header">
        <div className="game-header__cover">
          <div className="skeleton game-page__skeleton-cover" />
        </div>
        <div className="game-header__info">
          <div className="skeleton game-page__skeleton-line game-page__skeleton-line--title" />
          <div className="skeleton game-page__skeleton-line" />
          <div className="skeleton game-page__skeleton-line game-page__skeleton-line--short" />
          <div className="skeleton game-page__skeleton-block" />
        </div>
      </div>
      <div className="skeleton game-page__skeleton-bar" />
    </main>
  );
}

function GameError({
  message,
  identifier,
  onRetry,
}: {
  readonly message: string;
  readonly identifier: string;
  readonly onRetry: () => void;
}) {
  usePageMeta({ title: NOT_FOUND, noIndex: true });
  useEffect(() => forgetFirstPaint(), []);
  return (
    <main className="page game-page">
      <div className="card game-error" role="alert">
        <h1>{message || NOT_FOUND}</h1>
        <p className="game-error__debug">
          Identifier: <code>{identifier || '(none)'}</code>
        </p>
        <div className="game-error__actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try Again
          </button>
          <Link to="/search" className="button button--ghost">
            Browse Other Games
          </Link>
        </div>
      </div>
    </main>
  );
}
