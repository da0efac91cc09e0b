// /review/{gameId?}: write or edit one's review of a game. Login is required: a
// guest sees the page with the login modal over it. The game comes from the address (external id,
// else internal id), read from the device and fetched into it when missing; without one the game
// picker chooses it. Everything shown is read from IndexedDB, so the page works offline.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isDraft } from '../../core/reviews/review-draft.ts';
import { REVIEW_FORM_TEXT } from '../../core/reviews/review-form.ts';
import { platformsOrFallback } from '../../core/platforms.ts';
import type { GameRow } from '../../store/db.ts';
import { useLive, useOnline } from '../../data/live.ts';
import { fetchFormGame, loadPlatforms, loadReviewForm, refreshPlatforms } from '../../data/reviews/review-form.ts';
import type { GameHit } from '../../data/search/types.ts';
import { useAuth, useAuthUi } from '../../ui/auth/auth-context.tsx';
import { GameCover, gamePath } from '../../ui/media/game-cover.tsx';
import { GamePicker } from '../../ui/search/game-picker.tsx';
import { ReviewForm } from './review-form.tsx';
import './review-form.css';
import { releaseYearOf } from '../../core/dates.ts';
import { documentTitle } from '../../core/page-meta.ts';

export const AUTH_TEXT = {
  title: 'Authentication Required',
  body: 'Please sign in to write or edit a review.',
  loadingMember: 'Loading user data...',
  waitMember: 'Please wait for user data to load',
} as const;

/** The address's game id: digits only, above 0; null otherwise. */
function parseGameId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/** A game picked in the picker, carried in the navigation state until the device has the game. */
function pickedGame(state: unknown, gameId: number): GameRow | null {
  if (typeof state !== 'object' || state === null || !('picked' in state)) return null;
  const hit = (state as { picked: GameHit }).picked;
  if (hit.igdb_id !== gameId) return null;
  return {
    id: hit.id,
    igdb_id: hit.igdb_id,
    name: hit.name,
    slug: hit.slug,
    cover_url: hit.cover_url,
    summary: hit.summary,
    first_release_date: hit.first_release_date,
    release_year: hit.release_year,
    genres: [...hit.genres],
    platforms: [...hit.platforms],
    developer: hit.developer,
    publisher: hit.publisher,
    category: hit.category,
  };
}

export default function WriteReviewPage() {
  const { gameId: param } = useParams();
  const auth = useAuth();
  const ui = useAuthUi();
  const signedOut = auth.status === 'signedOut';

  useEffect(() => {
    if (signedOut) ui.open('login');
  }, [signedOut, ui]);

  useEffect(() => {
    document.title = documentTitle('Write a Review');
  }, []);

  if (auth.status === 'loading')
    return (
      <PageShell>
        <div className="skeleton review-page__skeleton" aria-label="Loading" />
      </PageShell>
    );
  if (auth.status === 'signedOut') {
    return (
      <PageShell>
        <section className="card review-page__gate" aria-labelledby="review-gate-title">
          <span className="review-page__gate-icon" aria-hidden="true">
            🔒
          </span>
          <h2 id="review-gate-title">{AUTH_TEXT.title}</h2>
          <p>{AUTH_TEXT.body}</p>
          <div className="review-page__gate-actions">
            <button type="button" className="button button--primary" onClick={() => ui.open('login')}>
              Sign In
            </button>
            <button type="button" className="button button--ghost" onClick={() => ui.open('signup')}>
              Create Account
            </button>
          </div>
        </section>
      </PageShell>
    );
  }
  if (auth.memberId === null) {
    return (
      <PageShell>
        <p className="review-page__status" role="status" title={AUTH_TEXT.waitMember}>
          {AUTH_TEXT.loadingMember}
        </p>
      </PageShell>
    );
  }
  if (param === undefined)
    return (
      <PageShell>
        <GameChooser />
      </PageShell>
    );
  const gameId = parseGameId(param);
  if (gameId === null) {
    return (
      <PageShell>
        <Problem message={REVIEW_FORM_TEXT.missingIgdbId} />
      </PageShell>
    );
  }
  return <FormLoader key={gameId} gameId={gameId} memberId={auth.memberId} />;
}

function PageShell({ children, title = 'Write a Review' }: { readonly children: ReactNode; readonly title?: string }) {
  return (
    <main className="page review-page">
      <h1 className="review-page__title">{title}</h1>
      {children}
    </main>
  );
}

/** No game in the address: choose one in the picker (catalogue search). */
function GameChooser({ autoOpen = true }: { readonly autoOpen?: boolean }) {
  const [open, setOpen] = useState(autoOpen);
  const navigate = useNavigate();
  return (
    <section className="card review-page__choose">
      <span className="review-page__gate-icon" aria-hidden="true">
        🎮
      </span>
      <h2>Which game are you reviewing?</h2>
      <p>Search the catalogue and pick the game you played.</p>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Choose a game
      </button>
      <GamePicker
        open={open}
        title="Select a game to review"
        source={{ kind: 'catalogue' }}
        onClose={() => setOpen(false)}
        onSelect={(game) => {
          navigate(`/review/${game.igdb_id}`, { state: { picked: game } });
        }}
      />
    </section>
  );
}

function Problem({ message }: { readonly message: string }) {
  return (
    <div className="review-page__problem">
      <p className="review-form__error" role="alert">
        {message}
      </p>
      <GameChooser autoOpen={false} />
    </div>
  );
}

type FetchState = 'idle' | 'fetching' | 'missing' | 'failed';

function FormLoader({ gameId, memberId }: { readonly gameId: number; readonly memberId: number }) {
  const online = useOnline();
  const location = useLocation();
  const data = useLive((db) => loadReviewForm(db, gameId, memberId), [gameId, memberId]);
  const platforms = useLive((db) => loadPlatforms(db), []);
  const [fetchState, setFetchState] = useState<FetchState>('idle');
  const picked = pickedGame(location.state, gameId);

  // The platform list is reference data no pull carries: refreshed when online. Offline (or on a
  // failure) the device's copy is used, and without one the form saves platforms by name.
  const [platformsSettled, setPlatformsSettled] = useState(false);
  useEffect(() => {
    if (!online) return;
    let live = true;
    refreshPlatforms()
      .catch((error: unknown) => console.warn('Platform list not refreshed:', error))
      .finally(() => {
        if (live) setPlatformsSettled(true);
      });
    return () => {
      live = false;
    };
  }, [online]);

  const missing = data === null;
  useEffect(() => {
    if (!missing || !online) return;
    let live = true;
    setFetchState('fetching');
    fetchFormGame(gameId).then(
      (found) => {
        if (live) setFetchState(found ? 'idle' : 'missing');
      },
      () => {
        if (live) setFetchState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [missing, online, gameId]);

  const game = data?.game ?? picked;
  const title = data?.review ? (isDraft(data.review) ? 'Edit Draft' : 'Edit Review') : 'Write a Review';
  useEffect(() => {
    if (game) document.title = documentTitle(`${title}: ${game.name}`);
  }, [game, title]);

  // Edit mode opens with the review's platform chosen: wait for its name if the list is on its way.
  const platformPending =
    online && !platformsSettled && data?.review?.platform_id != null && data.reviewPlatform === null;
  if (
    data === undefined ||
    platforms === undefined ||
    platformPending ||
    (game === null && fetchState === 'fetching')
  ) {
    return (
      <PageShell>
        <div className="review-page__layout">
          <div className="skeleton review-page__skeleton" aria-label="Loading" />
        </div>
      </PageShell>
    );
  }
  if (game === null) {
    const message = !online
      ? "You're offline and this game is not on this device yet. Connect to load it, or choose another game."
      : fetchState === 'failed'
        ? 'Failed to load the game. Please try again.'
        : 'Game not found';
    return (
      <PageShell>
        <Problem message={message} />
      </PageShell>
    );
  }
  return (
    <PageShell title={title}>
      <div className="review-page__layout">
        <GameAside game={game} />
        <ReviewForm
          // The list can land a moment after the refresh settles: the platform's name then re-opens the form with it.
          key={data?.review ? `edit:${data.reviewPlatform ?? ''}` : 'create'}
          memberId={memberId}
          game={game}
          review={data?.review ?? null}
          progress={data?.progress ?? null}
          reviewPlatform={data?.reviewPlatform ?? null}
          platforms={platforms}
          online={online}
        />
      </div>
    </PageShell>
  );
}

function GameAside({ game }: { readonly game: GameRow }) {
  const year = releaseYearOf(game);
  const platforms = platformsOrFallback(game.platforms);
  const genres = game.genres?.length ? game.genres : game.genre ? [game.genre] : [];
  return (
    <aside className="review-page__game" aria-label="Game">
      <GameCover name={game.name} url={game.cover_url ?? null} game={game} width={248} className="review-page__cover" />
      <div className="review-page__game-text">
        <p className="review-page__eyebrow">Reviewing</p>
        <h2 className="review-page__game-name">
          <Link to={gamePath(game)}>{game.name}</Link>
        </h2>
        <p className="review-page__meta">{[year, game.developer].filter(Boolean).join(' · ')}</p>
        {genres.length > 0 && <p className="review-page__meta">{genres.slice(0, 3).join(', ')}</p>}
        <ul className="review-page__tags" aria-label="Platforms">
          {platforms.slice(0, 6).map((p) => (
            <li key={p}>{p}</li>
          ))}
          {platforms.length > 6 && <li>+{platforms.length - 6}</li>}
        </ul>
      </div>
    </aside>
  );
}
