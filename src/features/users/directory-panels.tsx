// The directory's side panels: Community Stats, Recent Searches, Quick Filters and
// Top Reviewers. The page places them: a sidebar on desktop, stacked above the list on phones.
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import {
  averageRatingText,
  displayName,
  QUICK_FILTERS,
  type CommunityStats,
  type QuickFilterId,
  type TopReviewer,
} from '../../core/directory.ts';
import type { RecentEntry } from '../../core/search/recent.ts';
import { Avatar } from './user-card.tsx';

const number = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

interface StatsProps {
  /** 'loading': skeletons; null: unknown (dashes). */
  readonly stats: CommunityStats | null | 'loading';
  readonly youFollow: number | null;
  readonly compact: boolean;
}

export function StatsPanel({ stats, youFollow, compact }: StatsProps) {
  const known = stats === 'loading' ? null : stats;
  const tiles: Array<[string, number | null]> = [
    ['Total Users', known?.total_users ?? null],
    ['Active Reviewers', known?.active_reviewers ?? null],
    ['Total Reviews', known?.total_reviews ?? null],
    ['You Follow', youFollow],
  ];
  return (
    <section
      className={`directory-panel directory-stats${compact ? ' directory-stats--compact' : ''}`}
      aria-labelledby="directory-stats-title"
    >
      <h2 id="directory-stats-title" className="directory-panel__title">
        Community Stats
      </h2>
      <dl className="directory-stats__grid">
        {tiles.map(([label, value]) => (
          <div key={label} className="directory-stats__tile">
            <dt>{label}</dt>
            <dd>{stats === 'loading' ? <span className="skeleton directory-stats__skeleton" /> : number(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface RecentProps {
  readonly entries: readonly RecentEntry[];
  readonly onPick: (query: string) => void;
  readonly onClear: () => void;
  readonly compact: boolean;
}

export function RecentPanel({ entries, onPick, onClear, compact }: RecentProps) {
  if (compact && entries.length === 0) return null;
  return (
    <section
      className={`directory-panel directory-recent${compact ? ' directory-recent--compact' : ''}`}
      aria-labelledby="directory-recent-title"
    >
      <div className="directory-panel__head">
        <h2 id="directory-recent-title" className="directory-panel__title">
          Recent Searches
        </h2>
        {entries.length > 0 && (
          <button type="button" className="directory-link-button" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="directory-panel__empty">Members you search for will show up here.</p>
      ) : (
        <ul className="directory-recent__list">
          {entries.map((e) => (
            <li key={e.query}>
              <button type="button" className="directory-chip" onClick={() => onPick(e.query)}>
                <span aria-hidden="true">↺</span> {e.query}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface QuickProps {
  readonly isActive: (id: QuickFilterId) => boolean;
  readonly onPick: (id: QuickFilterId) => void;
  readonly id?: string;
  readonly hidden?: boolean;
  readonly ref?: Ref<HTMLElement>;
}

export function QuickFiltersPanel({ isActive, onPick, id, hidden, ref }: QuickProps) {
  return (
    <section
      ref={ref}
      id={id}
      hidden={hidden}
      tabIndex={-1}
      className="directory-panel directory-quick"
      aria-labelledby={`${id ?? 'directory-quick'}-title`}
    >
      <h2 id={`${id ?? 'directory-quick'}-title`} className="directory-panel__title">
        Quick Filters
      </h2>
      <ul className="directory-quick__list">
        {QUICK_FILTERS.map((f) => (
          <li key={f.id}>
            <button
              type="button"
              className="directory-quick__button"
              aria-pressed={isActive(f.id)}
              onClick={() => onPick(f.id)}
            >
              <span className="directory-quick__label">{f.label}</span>
              <span className="directory-quick__hint">{f.hint}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Gold, silver and bronze (CSS), one per place. */
const PLACES = ['gold', 'silver', 'bronze'] as const;

export function TopReviewersPanel({
  reviewers,
  me,
}: {
  readonly reviewers: readonly TopReviewer[] | null;
  readonly me: number | null;
}) {
  return (
    <section className="directory-section directory-top" aria-labelledby="directory-top-title">
      <h2 id="directory-top-title" className="directory-section__title">
        Top Reviewers
      </h2>
      {reviewers === null && (
        <ol className="directory-top__list" aria-hidden="true">
          {PLACES.map((m) => (
            <li key={m} className="directory-top__item">
              <span className="skeleton directory-top__skeleton" />
            </li>
          ))}
        </ol>
      )}
      {reviewers?.length === 0 && <p className="directory-panel__empty">No reviews written yet. Be the first!</p>}
      {reviewers && reviewers.length > 0 && (
        <ol className="directory-top__list">
          {reviewers.map((r, i) => (
            <li key={r.id} className="directory-top__item">
              <span className={`directory-top__rank directory-top__rank--${PLACES[i] ?? 'bronze'}`}>
                <span className="visually-hidden">Rank </span>
                {i + 1}
              </span>
              <Avatar name={displayName(r)} url={r.avatar_url} size={44} />
              <span className="directory-top__body">
                <Link className="directory-top__name" to={`/user/${r.id}`}>
                  {displayName(r)}
                </Link>
                {r.id === me && <span className="directory-badge">You</span>}
                <span className="directory-top__meta">
                  {r.review_count} {r.review_count === 1 ? 'review' : 'reviews'} · <span aria-hidden="true">★ </span>
                  <span className="visually-hidden">average rating </span>
                  {averageRatingText(r.avg_rating)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
