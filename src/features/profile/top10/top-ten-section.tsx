// The Top 10 section of a profile: the member's ten highest-rated games, read-only,
// from the device. On one's own profile, 'Rate More Games' (to /search) shows while 1 to 9 games
// are ranked.
import { Link } from 'react-router-dom';
import { TOP_TEN_SIZE } from '../../../core/constants.ts';
import { formatRating } from '../../../core/format.ts';
import { useLive } from '../../../data/live.ts';
import { countRated, loadTopTen } from '../../../data/repos/lists.ts';
import { GameCover, gamePath } from '../../../ui/media/game-cover.tsx';
import './top-ten.css';

export function TopTenSection({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  // How many are rated matters only to the owner ('Rate More Games'): another's reviews are read once.
  const data = useLive(
    async (db) => ({ top: await loadTopTen(db, userId), rated: isOwn ? await countRated(db, userId) : 0 }),
    [userId, isOwn],
  );

  if (data === undefined) {
    return (
      <section className="top10 ranked-list" aria-busy="true" aria-label="Top 10">
        <div className="skeleton top10__skeleton" />
      </section>
    );
  }
  const { top, rated } = data;
  const rateMore = isOwn && rated >= 1 && rated < TOP_TEN_SIZE;

  return (
    <section className="top10 ranked-list" aria-labelledby="top10-title">
      <header className="top10__head ranked-list__head">
        <div>
          <h2 id="top10-title" className="top10__title ranked-list__title">
            Top 10
          </h2>
          <p className="top10__hint">{isOwn ? 'Your highest-rated games.' : 'Their highest-rated games.'}</p>
        </div>
        {rateMore && (
          <Link className="button button--primary top10__more" to="/search">
            Rate More Games
          </Link>
        )}
      </header>
      {top.length === 0 ? (
        <div className="top10__empty">
          <p>{isOwn ? "You haven't rated any games yet." : "They haven't rated any games yet."}</p>
          {isOwn && (
            <Link className="button button--ghost" to="/search">
              Browse Games
            </Link>
          )}
        </div>
      ) : (
        <ol
          className={`top10__list${top.length > TOP_TEN_SIZE / 2 ? ' top10__list--split' : ''}`}
          aria-label={isOwn ? 'Your Top 10' : 'Top 10'}
        >
          {top.map(({ rank, rating, review, game }) => (
            <li key={review.id} className={`top10-row${rank <= 3 ? ` top10-row--podium top10-row--p${rank}` : ''}`}>
              <span className="top10-row__rank" aria-hidden="true">
                {rank}
              </span>
              <GameCover
                name={game?.name ?? 'Unknown game'}
                url={game?.cover_url ?? null}
                game={game}
                width={44}
                className="top10-row__cover"
              />
              <div className="top10-row__info">
                {game ? (
                  <Link className="top10-row__name" to={gamePath(game)}>
                    <span className="visually-hidden">Number {rank}: </span>
                    {game.name}
                  </Link>
                ) : (
                  <span className="top10-row__name">
                    <span className="visually-hidden">Number {rank}: </span>Unknown game
                  </span>
                )}
                {review.review?.trim() && <span className="top10-row__reviewed">Reviewed</span>}
              </div>
              <span className="top10-row__rating" aria-label={`Rated ${formatRating(rating)} out of 10`}>
                <span aria-hidden="true">★</span> {formatRating(rating)}
                <span className="top10-row__of">/10</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
