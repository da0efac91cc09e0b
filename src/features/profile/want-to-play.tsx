// The Want to Play tab: the member's collection and wishlist with covers and
// links. On one's own profile: Add Games (the game picker; started or finished games are left
// out), remove from either list, and Move to Collection for a wishlist game. The filter box (its
// text in the address, ?q=) narrows both lists, typos forgiven; each list shows WANT_PAGE covers and
// "Show more" for the next ones, so a grid of thousands never renders at once;
// only the games shown are read from the device (all of them only while a filter needs them).
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { GameSummary } from '../../core/mutations.ts';
import { write } from '../../data/actions.ts';
import type { GameRow } from '../../store/db.ts';
import { useLive } from '../../data/live.ts';
import { loadPlayedIds, loadWantToPlay } from '../../data/repos/profile.ts';
import type { GameHit } from '../../data/search/types.ts';
import { GameCover, gamePath } from '../../ui/media/game-cover.tsx';
import { LazyGamePicker as GamePicker } from '../../ui/search/lazy-game-picker.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { countText, FilterBox } from './library/filter-box.tsx';
import { useLibraryQuery } from './library/use-library-query.ts';
import { useTextFilter } from './library/use-text-filter.ts';
import { releaseYearOf } from '../../core/dates.ts';

/** Covers a list shows at first, and more per "Show more": a few screens of the grid. */
export const WANT_PAGE = 24;

type ListKind = 'collection' | 'wishlist';

export interface WantToPlayProps {
  readonly userId: number;
  readonly username: string;
  readonly isSelf: boolean;
  readonly me: number | null;
}

const FAILED: Record<ListKind | 'move', string> = {
  collection: 'Failed to update collection',
  wishlist: 'Failed to update wishlist',
  move: 'Failed to move to collection',
};

function summaryOf(hit: GameHit): GameSummary {
  return {
    name: hit.name,
    slug: hit.slug ?? undefined,
    cover_url: hit.cover_url,
    first_release_date: hit.first_release_date,
    release_year: hit.release_year,
    summary: hit.summary,
    category: hit.category,
    genres: [...hit.genres],
    genre: hit.genres[0] ?? null,
    platforms: [...hit.platforms],
    developer: hit.developer,
    publisher: hit.publisher,
  };
}

export const WantToPlay = memo(function WantToPlay({ userId, username, isSelf, me }: WantToPlayProps) {
  const toast = useToast();
  const own = isSelf && me !== null;
  const [picking, setPicking] = useState<ListKind | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, kind: ListKind | 'move', action: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(key);
    try {
      await action();
    } catch (error) {
      toast.push(`${FAILED[kind]}: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      setBusy(null);
    }
  };
  const remove = (kind: ListKind, game: GameRow) => {
    if (me === null) return;
    void run(`${kind}:${game.id}`, kind, () =>
      write(me, kind === 'collection' ? 'collection.set' : 'wishlist.set', { igdb_id: game.igdb_id, in: false }),
    );
  };
  const move = (game: GameRow) => {
    if (me === null) return;
    void run(`move:${game.id}`, 'move', () =>
      write(me, 'collection.move', { igdb_id: game.igdb_id, to: 'collection' }),
    );
  };
  // Read when the picker opens: it leaves out the games already started or finished.
  const played = useLive(
    (db) => (own && picking !== null ? loadPlayedIds(db, userId) : Promise.resolve(null)),
    [own, picking !== null, userId],
  );
  const add = async (kind: ListKind, hit: GameHit) => {
    if (me === null) return;
    try {
      if (kind === 'collection')
        await write(me, 'collection.set', { igdb_id: hit.igdb_id, in: true, game: summaryOf(hit) });
      else await write(me, 'wishlist.set', { igdb_id: hit.igdb_id, in: true, game: summaryOf(hit) });
    } catch (error) {
      const message = `${FAILED[kind]}: ${error instanceof Error ? error.message : String(error)}`;
      toast.push(message, 'error');
      throw error instanceof Error ? error : new Error(message);
    }
  };

  const [query, change] = useLibraryQuery();
  const [pages, setPages] = useState<Record<ListKind, number>>({ collection: 1, wishlist: 1 });
  // After "Show more", focus goes to the first new cover: Tab then goes on through the new ones.
  const focusNext = useRef<{ kind: ListKind; index: number } | null>(null);
  // (The new page's games are read first: the focus waits for the render that shows them.)
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    const cover = document.querySelector<HTMLElement>(`#wtp-list-${next.kind} > li:nth-child(${next.index + 1}) a`);
    if (!cover) return;
    focusNext.current = null;
    cover.focus();
  });
  const showMore = (kind: ListKind) => {
    focusNext.current = { kind, index: pages[kind] * WANT_PAGE };
    setPages({ ...pages, [kind]: pages[kind] + 1 });
  };
  const filtering = query.text.trim() !== '';
  // A page of each list, or every game while the filter box holds text (it searches them all).
  const limit = filtering ? null : { collection: pages.collection * WANT_PAGE, wishlist: pages.wishlist * WANT_PAGE };
  const read = useLive((db) => loadWantToPlay(db, userId, limit), [userId, limit?.collection, limit?.wishlist]);
  const allCollection = read?.collection.games;
  const allWishlist = read?.wishlist.games;
  const collection =
    useTextFilter(filtering ? allCollection : undefined, (g) => g.name, query.text) ?? allCollection ?? [];
  const wishlist = useTextFilter(filtering ? allWishlist : undefined, (g) => g.name, query.text) ?? allWishlist ?? [];
  const totals = { collection: read?.collection.total ?? 0, wishlist: read?.wishlist.total ?? 0 };
  const total = totals.collection + totals.wishlist;
  // Matches while filtering; else how many games each list holds (only a page of them is read).
  const counted = (list: ListKind) =>
    filtering ? (list === 'collection' ? collection : wishlist).length : totals[list];
  const lists: Array<{ kind: ListKind; title: string; games: GameRow[]; count: number; empty: string }> = [
    {
      kind: 'collection',
      title: 'Collection',
      games: collection,
      count: counted('collection'),
      empty: own
        ? 'Your collection is empty. Add the games you own.'
        : `${username} hasn't added any games to their collection yet.`,
    },
    {
      kind: 'wishlist',
      title: 'Wishlist',
      games: wishlist,
      count: counted('wishlist'),
      empty: own
        ? 'Your wishlist is empty. Add games you want to play next.'
        : `${username} hasn't added any games to their wishlist yet.`,
    },
  ];

  if (read === undefined)
    return <div className="skeleton want-to-play__skeleton" aria-busy="true" aria-label="Loading Want to Play" />;

  return (
    <div className="want-to-play">
      {total > 0 && (
        <FilterBox
          label="Filter games"
          value={query.text}
          onChange={(text) => {
            change({ text });
            setPages({ collection: 1, wishlist: 1 });
          }}
          count={countText(counted('collection') + counted('wishlist'), total, ['game', 'games'])}
        />
      )}
      {lists.map((list) => (
        <section key={list.kind} className="want-to-play__list" aria-labelledby={`wtp-${list.kind}`}>
          <header className="want-to-play__head">
            <h2 id={`wtp-${list.kind}`}>
              {list.title} <span className="want-to-play__count">{list.count}</span>
            </h2>
            {own && (
              <button
                type="button"
                className="button button--ghost want-to-play__add"
                onClick={() => setPicking(list.kind)}
              >
                + Add Games
              </button>
            )}
          </header>
          {list.count === 0 ? (
            <p className="want-to-play__empty">{filtering ? 'No games match this search.' : list.empty}</p>
          ) : (
            <ul className="want-to-play__grid" id={`wtp-list-${list.kind}`}>
              {list.games.slice(0, pages[list.kind] * WANT_PAGE).map((game) => (
                <li key={game.id} className="want-to-play__item">
                  <Link to={gamePath(game)} className="want-to-play__link">
                    <GameCover
                      name={game.name}
                      url={game.cover_url ?? null}
                      game={game}
                      width={120}
                      className="want-to-play__cover"
                    />
                    <span className="want-to-play__name">{game.name}</span>
                    {releaseYearOf(game) !== null && <span className="want-to-play__year">{releaseYearOf(game)}</span>}
                  </Link>
                  {own && (
                    <div className="want-to-play__actions">
                      {list.kind === 'wishlist' && (
                        <button
                          type="button"
                          className="want-to-play__action"
                          disabled={busy !== null}
                          onClick={() => move(game)}
                          // The visible words first (a voice command says what it sees), then which game.
                          aria-label={`Move to Collection: ${game.name}`}
                        >
                          Move to Collection
                        </button>
                      )}
                      <button
                        type="button"
                        className="want-to-play__action want-to-play__action--remove"
                        disabled={busy !== null}
                        onClick={() => remove(list.kind, game)}
                        aria-label={`Remove ${game.name} from ${list.title}`}
                      >
                        Remove
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {list.count > pages[list.kind] * WANT_PAGE && (
            <div className="list-more">
              <button type="button" className="button button--ghost" onClick={() => showMore(list.kind)}>
                Show more <span className="visually-hidden">of {list.title} </span>(
                {list.count - pages[list.kind] * WANT_PAGE} left)
              </button>
            </div>
          )}
        </section>
      ))}
      {own && (
        <GamePicker
          open={picking !== null}
          title={picking === 'collection' ? 'Add to Collection' : 'Add to Wishlist'}
          source={{ kind: 'catalogue', blocked: (hit) => played?.has(hit.igdb_id) ?? false }}
          onClose={() => setPicking(null)}
          onSelect={(hit) => (picking ? add(picking, hit) : undefined)}
        />
      )}
    </div>
  );
});
