// The 'Ratings' card: how many members rated the game, a 1–10 histogram (10 buckets)
// and the average to one decimal, or '-' when there are none.
import { averageLabel } from '../../core/game-page.ts';

export interface RatingsCardProps {
  readonly count: number;
  readonly average: number | null;
  readonly histogram: readonly number[];
}

export function RatingsCard({ count, average, histogram }: RatingsCardProps) {
  const tallest = Math.max(1, ...histogram);
  return (
    <section className="card ratings-card" aria-labelledby="ratings-card-title">
      <h2 id="ratings-card-title">Ratings</h2>
      <div className="ratings-card__body">
        <div className="ratings-card__summary">
          <span
            className={`ratings-card__average${average === null ? ' ratings-card__average--none' : ''}`}
            aria-label={average === null ? 'No average yet' : `Average ${averageLabel(average)} out of 10`}
          >
            {averageLabel(average)}
          </span>
          <span className="ratings-card__count">
            {count} {count === 1 ? 'rating' : 'ratings'}
          </span>
        </div>
        <ol className="ratings-card__histogram" aria-label="Ratings from 1 to 10">
          {histogram.map((n, i) => (
            <li
              key={i}
              className="ratings-card__bucket"
              aria-label={`${i + 1}: ${n} ${n === 1 ? 'rating' : 'ratings'}`}
            >
              <span className="ratings-card__bar-wrap">
                <span className="ratings-card__bar" style={{ height: `${(n / tallest) * 100}%` }} />
              </span>
              <span className="ratings-card__n" aria-hidden="true">
                {i + 1}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
