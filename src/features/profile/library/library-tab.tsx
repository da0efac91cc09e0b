// The profile's Library tab (issue 18 §3, §4): every game the member tracks, rates or plays, from
// the device (data/repos/library.ts), filtered and sorted as the address says, as one types. Long
// libraries are windowed (windowed-list.tsx).
import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { isFiltered, LIBRARY_STATUS_LABELS } from '../../../core/library/library-query.ts';
import { buildLibraryView } from '../../../core/library/library-view.ts';
import { formatRating } from '../../../core/format.ts';
import { formatMinutes } from '../../../core/journal.ts';
import { useLive } from '../../../data/live.ts';
import { loadLibrary, type LibraryGame } from '../../../data/repos/library.ts';
import { GameCover, gamePath } from '../../search/game-cover.tsx';
import { countText } from './filter-box.tsx';
import { LibraryFilters } from './library-filters.tsx';
import { useLibraryQuery } from './use-library-query.ts';
import { WindowedList } from './windowed-list.tsx';
import './library.css';

// Memoised: the profile above re-renders with each change to its header; the tab's props stay the same.
export const LibraryTab = memo(function LibraryTab({
  userId,
  isOwn,
  username,
}: {
  readonly userId: number;
  readonly isOwn: boolean;
  readonly username: string;
}) {
  const items = useLive((db) => loadLibrary(db, userId), [userId]);
  const view = useMemo(() => (items ? buildLibraryView(items) : undefined), [items]);
  const [query, change] = useLibraryQuery();
  const shown = useMemo(() => view?.apply(query) ?? [], [view, query]);

  if (!view) return <div className="skeleton library__skeleton" aria-busy="true" aria-label="Loading library" />;
  if (view.size === 0) {
    return (
      <p className="library__empty empty">
        {isOwn
          ? 'Your library is empty. Games you start, finish, rate or add to a list show here.'
          : `${username} hasn't added any games yet.`}
      </p>
    );
  }
  return (
    <section className="library" aria-label="Library">
      <LibraryFilters
        query={query}
        onChange={change}
        platforms={view.platforms}
        years={view.years}
        count={countText(shown.length, view.size, ['game', 'games'])}
      />
      {shown.length === 0 ? (
        <div className="library__none">
          <p>No games match {isFiltered(query) ? 'these filters' : 'this search'}.</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              change({
                text: '',
                status: null,
                platform: null,
                ratingMin: null,
                ratingMax: null,
                year: null,
                reviewed: null,
              })
            }
          >
            Show all games
          </button>
        </div>
      ) : (
        <WindowedList
          items={shown}
          itemKey={(g) => g.key}
          renderItem={(g) => <LibraryRow item={g} />}
          estimate={72}
          scroller="window"
          className="library-list"
          itemClassName="library-list__item"
          label={`${isOwn ? 'Your' : `${username}'s`} games`}
        />
      )}
    </section>
  );
});

// Memoised: the windowed list renders again on every scroll step; rows already shown stay as they are.
const LibraryRow = memo(function LibraryRow({ item }: { readonly item: LibraryGame }) {
  const meta = [
    item.year === null ? null : String(item.year),
    item.platforms.length > 0 ? item.platforms.slice(0, 3).join(', ') : null,
    item.minutesPlayed > 0 ? `${formatMinutes(item.minutesPlayed)} played` : null,
  ].filter((m): m is string => m !== null);
  return (
    <Link to={gamePath(item.game)} className="library-row">
      <GameCover name={item.name} url={item.game.cover_url ?? null} game={item.game} width={44} />
      <span className="library-row__text">
        <span className="library-row__name">{item.name}</span>
        {meta.length > 0 && <span className="library-row__meta">{meta.join(' · ')}</span>}
      </span>
      <span className="library-row__badges">
        {item.statuses.map((s) => (
          <span key={s} className={`profile-badge library-badge--${s}`}>
            {LIBRARY_STATUS_LABELS[s]}
          </span>
        ))}
        {item.reviewed && <span className="profile-badge library-badge--reviewed">Reviewed</span>}
      </span>
      {item.rating !== null && (
        <span className="library-row__rating" aria-label={`Rated ${formatRating(item.rating)} out of 10`}>
          <span aria-hidden="true">★</span> {formatRating(item.rating)}
        </span>
      )}
    </Link>
  );
});
