// The profile's Library tab: every game the member tracks, rates or plays, from
// the device (data/repos/library.ts), filtered and sorted as the address says, as one types. Long
// libraries are windowed (windowed-list.tsx). A big library first shows the head its last full
// pass kept (data/repos/library-head.ts: the count and the first rows of the default view) while
// the full pass reads everything in the background; the rows then stay where they are.
import { memo, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { isFiltered, LIBRARY_STATUS_LABELS } from '../../../core/library/library-query.ts';
import { buildLibraryView } from '../../../core/library/library-view.ts';
import { formatRating } from '../../../core/format.ts';
import { formatMinutes } from '../../../core/journal/journal.ts';
import { localDb } from '../../../data/backend.ts';
import { useLive } from '../../../data/live.ts';
import { loadLibraryHead, saveLibraryHead, servesHead, type LibraryHead } from '../../../data/repos/library-head.ts';
import { loadLibraryPass, type LibraryGame } from '../../../data/repos/library.ts';
import { GameCover, gamePath } from '../../../ui/media/game-cover.tsx';
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
  const head = useLibraryHead(userId);
  const pass = useLive((db) => loadLibraryPass(db, userId), [userId]);
  const view = useMemo(() => (pass ? buildLibraryView(pass.items) : undefined), [pass]);
  const [query, change] = useLibraryQuery();
  const shown = useMemo(() => view?.apply(query) ?? [], [view, query]);
  useEffect(() => {
    if (pass && view) void saveLibraryHead(localDb(), userId, pass, view).catch(() => undefined);
  }, [userId, pass, view]);

  // Before the full pass: the kept head if there is one (null: none, or out of date).
  const first = view ? null : head;
  if (!view && !first) return <LibrarySkeleton />;
  const size = view ? view.size : (first?.count ?? 0);
  if (size === 0) {
    return (
      <p className="library__empty empty">
        {isOwn
          ? 'Your library is empty. Games you start, finish, rate or add to a list show here.'
          : `${username} hasn't added any games yet.`}
      </p>
    );
  }
  // The head answers only the default view; a filter, text or other sort waits for the full pass.
  const rows: ReadonlyArray<LibraryGame | undefined> | null = view
    ? shown
    : first && servesHead(query)
      ? padded(first)
      : null;
  return (
    // data-pass: which pass the screen shows (the kept head, or the full library), for tests.
    <section className="library" aria-label="Library" data-pass={view ? 'full' : 'head'}>
      <LibraryFilters
        query={query}
        onChange={change}
        platforms={view?.platforms ?? first?.platforms ?? []}
        years={view?.years ?? first?.years ?? []}
        count={
          rows === null
            ? `Filtering ${size} ${size === 1 ? 'game' : 'games'}…`
            : countText(rows.length, size, ['game', 'games'])
        }
      />
      {rows === null ? (
        <LibrarySkeleton />
      ) : rows.length === 0 ? (
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
          items={rows}
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

function LibrarySkeleton() {
  return <div className="skeleton library__skeleton" aria-busy="true" aria-label="Loading library" />;
}

/** The head as the whole list: its rows, then holes (rows not read yet) up to the count. */
function padded(head: LibraryHead): ReadonlyArray<LibraryGame | undefined> {
  if (head.rows.length >= head.count) return head.rows;
  return [...head.rows, ...new Array<undefined>(head.count - head.rows.length)];
}

/** The member's kept head, read once per member: undefined while reading, null when none is usable. */
function useLibraryHead(userId: number): LibraryHead | null | undefined {
  const [state, setState] = useState<{ userId: number; head: LibraryHead | null }>();
  useEffect(() => {
    let live = true;
    loadLibraryHead(localDb(), userId).then(
      (head) => live && setState({ userId, head }),
      () => live && setState({ userId, head: null }),
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return state?.userId === userId ? state.head : undefined;
}

// Memoised: the windowed list renders again on every scroll step; rows already shown stay as they are.
const LibraryRow = memo(function LibraryRow({ item }: { readonly item: LibraryGame }) {
  // Every platform is in the text (the link's name) and the title; a list too long for the row is
  // cut with an ellipsis, while the year and the time played either side of it stay whole.
  const platforms = item.platforms.join(', ');
  const hasMeta = item.year !== null || platforms !== '' || item.minutesPlayed > 0;
  return (
    <Link to={gamePath(item.game)} className="library-row">
      <GameCover name={item.name} url={item.game.cover_url ?? null} game={item.game} width={44} />
      <span className="library-row__text">
        <span className="library-row__name">{item.name}</span>
        {hasMeta && (
          <span className="library-row__meta">
            {item.year !== null && <span>{item.year}</span>}
            {platforms !== '' && (
              <span className="library-row__platforms" title={platforms}>
                {platforms}
              </span>
            )}
            {item.minutesPlayed > 0 && <span>{formatMinutes(item.minutesPlayed)} played</span>}
          </span>
        )}
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
