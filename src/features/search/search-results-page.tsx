// /search-results?q=: the games a header search found, the device's answer first and
// the merged, re-ranked one as soon as the network has answered.
import { startTransition, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SEARCH_PAGE_SIZE } from '../../core/search/constants.ts';
import type { GameSearchResult } from '../../data/search/types.ts';
import { useSearchService } from '../../ui/search/search-context.tsx';
import { DeviceNote } from '../../ui/search/device-note.tsx';
import { averageText, GameCover, gamePath } from '../../ui/media/game-cover.tsx';
import './search.css';
import { documentTitle } from '../../core/page-meta.ts';

type State =
  | { readonly phase: 'loading'; readonly result: GameSearchResult | null }
  | { readonly phase: 'done'; readonly result: GameSearchResult }
  | { readonly phase: 'error' };

export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const service = useSearchService();
  const [state, setState] = useState<State>({ phase: 'loading', result: null });

  useEffect(() => {
    document.title = documentTitle(q ? `Search results for "${q}"` : 'Search');
    const controller = new AbortController();
    const { signal } = controller;
    setState({ phase: 'loading', result: null });
    service
      .searchGames(q, {
        limit: SEARCH_PAGE_SIZE,
        signal,
        onLocal: (local) => {
          // Results render as transitions, in slices, as browse's do (browse-page.tsx).
          if (!signal.aborted) startTransition(() => setState({ phase: 'loading', result: local }));
        },
      })
      .then(
        (result) => {
          if (!signal.aborted) startTransition(() => setState({ phase: 'done', result }));
        },
        (error: unknown) => {
          if (!signal.aborted && !(error instanceof DOMException && error.name === 'AbortError'))
            setState({ phase: 'error' });
        },
      );
    return () => controller.abort();
  }, [q, service]);

  const result = state.phase === 'error' ? null : state.result;
  const games = result?.games ?? [];
  return (
    <main className="page search-results">
      <div className="results-head">
        <h1>{q ? <>Search results for “{q}”</> : 'Search'}</h1>
        {result && state.phase === 'done' && (
          <p className="results-count" aria-live="polite">
            {games.length} {games.length === 1 ? 'game' : 'games'}{' '}
            <span className={`source-badge source-badge--${result.source}`}>{result.source}</span>
          </p>
        )}
      </div>
      {q === '' && <p className="empty">Type a game's name in the search box above.</p>}
      {state.phase === 'error' && (
        <p className="notice notice--error" role="alert">
          Search failed. Please try again.
        </p>
      )}
      {result?.fromDevice === true && state.phase === 'done' && q !== '' && <DeviceNote offline={!navigator.onLine} />}
      {state.phase === 'loading' && games.length === 0 && q !== '' && (
        <ul className="result-list" aria-busy="true" aria-label="Loading results">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="skeleton result-skeleton" />
          ))}
        </ul>
      )}
      {games.length > 0 && (
        <ul className="result-list" aria-busy={state.phase === 'loading'}>
          {games.map((g) => (
            <li key={g.igdb_id}>
              <Link className="result-row" to={gamePath(g)}>
                <GameCover name={g.name} url={g.cover_url} game={g} width={56} />
                <span className="result-row__main">
                  <span className="result-row__name">{g.name}</span>
                  <span className="result-row__meta">
                    {[g.release_year ?? 'TBA', g.platforms.slice(0, 3).join(', ')].filter(Boolean).join(' · ')}
                  </span>
                  {g.summary && <span className="result-row__summary">{g.summary}</span>}
                </span>
                <span className="result-row__rating" title="Average member rating">
                  ★ {averageText(g.avg_user_rating)}
                  <small>
                    {g.user_rating_count} {g.user_rating_count === 1 ? 'rating' : 'ratings'}
                  </small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {state.phase === 'done' && q !== '' && games.length === 0 && (
        <div className="notice">
          {state.result.filteredOut > 0 ? (
            <>
              <p>
                <strong>Search results were filtered for content protection</strong>
              </p>
              <p>{state.result.filteredOut} result(s) filtered out to avoid potentially problematic fan-made content</p>
            </>
          ) : (
            <p>No games found matching your criteria</p>
          )}
          <p>
            <Link to={`/search?q=${encodeURIComponent(q)}`}>Try Browse Games with filters</Link>
          </p>
        </div>
      )}
      {state.phase === 'done' && games.length > 0 && (
        <p className="results-more">
          <Link to={`/search?q=${encodeURIComponent(q)}`}>Filter and sort these results in Browse Games →</Link>
        </p>
      )}
    </main>
  );
}
