// Browse Games. The address is the query: the page reads it (either parameter set,
// src/core/search/browse-params.ts), asks the search service for that page, and every change goes
// back into the address — replaced while typing, pushed on an explicit search, filter or page — so
// reload, back and a shared link show the same thing.
import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAddressDraft } from '../../ui/layout/address-draft.ts';
import { useParamsChain, useShownChoice } from '../../ui/layout/address-params.ts';
import {
  browseSearch,
  defaultOrder,
  pageCount,
  pageWindow,
  parseBrowseParams,
  releaseYears,
  shownRange,
  type BrowseParams,
  type BrowseSortField,
} from '../../core/search/browse-params.ts';
import { BROWSE_DEBOUNCE_MS } from '../../core/search/constants.ts';
import { documentTitle } from '../../core/page-meta.ts';
import { onServerReached } from '../../store/events.ts';
import type { BrowseQuery, BrowseResult, GameHit, Platform } from '../../data/search/types.ts';
import { DeviceNote } from '../../ui/search/device-note.tsx';
import { useSearchService } from '../../ui/search/search-context.tsx';
import { averageText, GameCover, gamePath } from '../../ui/media/game-cover.tsx';
import { FirstPaint, forgetFirstPaint, useFirstPaintHeld } from '../../ui/layout/first-paint.tsx';
import { NOT_PHONE, useMediaQuery } from '../../ui/layout/media-query.ts';
import './browse.css';

const FAILED = 'Failed to search games';
const SORT_LABELS: Readonly<Record<BrowseSortField, string>> = {
  name: 'Name',
  release_date: 'Release Date',
  avg_rating: 'Rating',
  rating_count: 'Most Reviewed',
  relevance: 'Relevance',
  popularity: 'Popularity',
};
/** The four the spec offers on this page; relevance and popularity appear only when a link asks for them. */
const PAGE_SORTS: readonly BrowseSortField[] = ['name', 'release_date', 'avg_rating', 'rating_count'];
const MIN_RATINGS = [9, 8, 7, 6, 5] as const;

const searchPath = (query: BrowseParams) => {
  const search = browseSearch(query);
  return { search: search === '' ? '' : `?${search}` };
};

type Outcome = { kind: 'result'; result: BrowseResult } | { kind: 'error'; message: string };
type View = 'grid' | 'list';

export default function BrowsePage() {
  const service = useSearchService();
  const location = useLocation();
  const navigate = useNavigate();
  const [currentYear] = useState(() => new Date().getFullYear());
  const params = useMemo(
    () => parseBrowseParams(new URLSearchParams(location.search), currentYear),
    [location.search, currentYear],
  );
  const key = browseSearch(params);
  const latest = useParamsChain(params, location.search);

  // When the address changes under the box (back, forward, a link), the box follows it.
  const { draft, setDraft, writing } = useAddressDraft(params.q);

  const [run, setRun] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; run: number; outcome: Outcome } | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(
    () => params.platforms.length + params.genres.length > 0 || params.year !== null || params.minRating !== null,
  );
  const [platforms, setPlatforms] = useState<{ list: Platform[]; failed: boolean }>({ list: [], failed: false });
  const [chosenView, setView] = useState<View>('grid');
  // The grid/list toggle is for tablets and desktops; on a phone the list is forced (spec: small screens).
  const wide = useMediaQuery(NOT_PHONE);
  const view: View = wide ? chosenView : 'list';

  const go = useCallback(
    (next: BrowseParams, how: 'push' | 'replace') => {
      navigate(searchPath(next), { replace: how === 'replace', preventScrollReset: true });
    },
    [navigate],
  );

  // The address always shows the canonical form of what the page shows (a hand-written or old
  // link is rewritten in place, without a new history entry).
  useEffect(() => {
    if (location.search.replace(/^\?/, '') !== key) go(params, 'replace');
  }, [location.search, key, params, go]);

  const refresh = useCallback(() => {
    // The service keeps answers for 300 s; a refresh is a request for a new one.
    service.cache.clear();
    setRun((n) => n + 1);
  }, [service]);

  // The search itself: one request per address (and per refresh); a newer one aborts the older.
  useEffect(() => {
    const controller = new AbortController();
    const query: BrowseQuery = parseBrowseParams(new URLSearchParams(key), currentYear);
    service.browseGames(query, controller.signal).then(
      (result) => {
        // A page past the end (an old link, a shrunken catalogue) becomes the last page.
        if (result.games.length === 0 && result.total > 0 && query.page > pageCount(result.total)) {
          go({ ...query, page: pageCount(result.total) }, 'replace');
          return;
        }
        // A transition: React renders the page of games and their covers in slices, with the page
        // free to take input between them, and commits it whole. In one task it took a phone
        // 350–570 ms of Total Blocking Time (data/live.ts renders live answers the same way).
        startTransition(() => setAnswer({ key, run, outcome: { kind: 'result', result } }));
      },
      (error: unknown) => {
        // Replaced by a newer search (spec: abort errors are ignored).
        if (controller.signal.aborted) return;
        const message = error instanceof Error && error.message !== '' ? error.message : FAILED;
        setAnswer({ key, run, outcome: { kind: 'error', message } });
      },
    );
    return () => controller.abort();
  }, [service, key, run, currentYear, go]);

  const [platformsRun, setPlatformsRun] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    service.platforms(controller.signal).then(
      (list) => setPlatforms({ list, failed: false }),
      () => {
        if (!controller.signal.aborted) setPlatforms({ list: [], failed: true });
      },
    );
    return () => controller.abort();
  }, [service, platformsRun]);
  // "Platforms could not be loaded": asked again once a sync reaches the server, so the note
  // does not outlast the fault.
  useEffect(() => {
    if (!platforms.failed) return;
    const stop = onServerReached(() => {
      stop();
      setPlatformsRun((n) => n + 1);
    });
    return stop;
  }, [platforms.failed]);

  // "auto-searches 2 seconds after typing stops"; the address is replaced, not pushed, so back
  // does not step through every pause.
  useEffect(() => {
    const term = draft.trim();
    if (term === params.q) return;
    const timer = window.setTimeout(() => {
      writing(term);
      go(
        latest((p) => ({ ...p, q: term, page: 1 })),
        'replace',
      );
    }, BROWSE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, params, go, writing, latest]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = draft.trim();
    if (term === '') return;
    if (term === params.q && params.page === 1) refresh();
    else {
      writing(term);
      go(
        latest((p) => ({ ...p, q: term, page: 1 })),
        'push',
      );
    }
  };
  // A filter takes the term as typed so far, and starts again from page 1. Two filters chosen
  // before the page shows the first keep both (layout/address-params.ts).
  const setFilter = (patch: Partial<BrowseParams>) => {
    writing(draft.trim());
    go(
      latest((p) => ({ ...p, q: draft.trim(), ...patch, page: 1 })),
      'push',
    );
  };

  const current = answer !== null && answer.key === key && answer.run === run ? answer.outcome : null;
  // Results from this device because the server couldn't be reached: the search goes out again once
  // a sync reaches the server, and its answer replaces them (and their note) in place, so the note
  // does not outlast the fault.
  const fromDevice = current?.kind === 'result' && current.result.fromDevice;
  useEffect(() => {
    if (!fromDevice) return;
    const controller = new AbortController();
    const stop = onServerReached(() => {
      stop();
      service.cache.clear();
      service.browseGames(parseBrowseParams(new URLSearchParams(key), currentYear), controller.signal).then(
        (result) => {
          if (!result.fromDevice) setAnswer({ key, run, outcome: { kind: 'result', result } });
        },
        () => undefined,
      );
    });
    return () => {
      stop();
      controller.abort();
    };
  }, [fromDevice, service, key, run, currentYear]);
  const activeFilters =
    params.platforms.length +
    params.genres.length +
    (params.year === null ? 0 : 1) +
    (params.minRating === null ? 0 : 1);
  const chosenPlatforms = useMemo(
    () => new Set(platforms.list.filter((p) => params.platforms.includes(p.id)).map((p) => p.name)),
    [platforms.list, params.platforms],
  );
  const filtersId = useId();
  const inputId = useId();
  // A first visit's page painted by the gateway (core/browse-first-paint.ts) stays on show until
  // this page has its own answer: the same games, where the placeholders would have been. It shows
  // the default query's: another query (a search typed before the answer) has its placeholders.
  const painted = useFirstPaintHeld() && location.search === '';
  const held = painted && current === null;
  useEffect(() => {
    if (!held) forgetFirstPaint();
  }, [held]);

  const page = (
    <main className="page browse">
      <title>{documentTitle('Browse Games')}</title>
      <h1 className="browse__title">Browse Games</h1>

      <form className="browse-search" role="search" aria-label="Search the catalogue" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Search games
        </label>
        <input
          id={inputId}
          className="browse-search__input"
          type="search"
          placeholder="Search games..."
          autoComplete="off"
          enterKeyHint="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button className="button button--primary" type="submit" disabled={draft.trim() === ''}>
          Search
        </button>
      </form>

      <div className="browse-toolbar">
        <button
          type="button"
          className="button button--ghost browse-toolbar__filters"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <FilterIcon /> Filters
          {activeFilters > 0 && (
            <span className="browse-count-badge" aria-label={`${activeFilters} active`}>
              {activeFilters}
            </span>
          )}
        </button>
        {wide && <ViewSwitch view={view} onChange={setView} />}
      </div>

      <FiltersPanel
        id={filtersId}
        open={filtersOpen}
        params={params}
        platforms={platforms}
        currentYear={currentYear}
        activeFilters={activeFilters}
        onChange={setFilter}
      />

      <Results outcome={current} params={params} view={view} chosen={chosenPlatforms} onRefresh={refresh} />
    </main>
  );
  return held ? <FirstPaint>{page}</FirstPaint> : page;
}

/** Grid or List (tablets and desktops). */
export function ViewSwitch({ view, onChange }: { readonly view: View; readonly onChange: (view: View) => void }) {
  return (
    <div className="browse-view" role="group" aria-label="View">
      <button
        type="button"
        className="browse-view__button"
        aria-pressed={view === 'grid'}
        onClick={() => onChange('grid')}
      >
        <GridIcon /> Grid
      </button>
      <button
        type="button"
        className="browse-view__button"
        aria-pressed={view === 'list'}
        onClick={() => onChange('list')}
      >
        <ListIcon /> List
      </button>
    </div>
  );
}

interface FiltersPanelProps {
  readonly id: string;
  readonly open: boolean;
  readonly params: BrowseParams;
  readonly platforms: { list: Platform[]; failed: boolean };
  readonly currentYear: number;
  readonly activeFilters: number;
  readonly onChange: (patch: Partial<BrowseParams>) => void;
}

function FiltersPanel({
  id,
  open,
  params: rendered,
  platforms,
  currentYear,
  activeFilters,
  onChange,
}: FiltersPanelProps) {
  // A choice shows at once, before the address it goes to renders.
  const [params, choose] = useShownChoice(rendered, onChange);
  const several = params.platforms.length > 1;
  const otherRating = params.minRating !== null && !(MIN_RATINGS as readonly number[]).includes(params.minRating);
  return (
    <section id={id} className="browse-filters card" aria-label="Filters" hidden={!open}>
      <Field
        label="Platform"
        note={platforms.failed && <small className="browse-field__note">Platforms could not be loaded.</small>}
      >
        {(fieldId) => (
          <select
            id={fieldId}
            value={several ? 'several' : String(params.platforms[0] ?? '')}
            onChange={(e) => choose({ platforms: e.target.value === '' ? [] : [Number(e.target.value)] })}
          >
            <option value="">All platforms</option>
            {several && (
              <option value="several" disabled>
                {params.platforms.length} platforms
              </option>
            )}
            {platforms.list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Release year">
        {(fieldId) => (
          <select
            id={fieldId}
            value={params.year ?? ''}
            onChange={(e) => choose({ year: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">Any year</option>
            {releaseYears(currentYear).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Member rating">
        {(fieldId) => (
          <select
            id={fieldId}
            value={params.minRating ?? ''}
            onChange={(e) => choose({ minRating: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">Any rating</option>
            {otherRating && <option value={params.minRating ?? ''}>{params.minRating}+</option>}
            {MIN_RATINGS.map((r) => (
              <option key={r} value={r}>
                {r}+
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sort by">
        {(fieldId) => (
          <select
            id={fieldId}
            value={params.sort}
            onChange={(e) => {
              const sort = e.target.value as BrowseSortField;
              choose({ sort, order: defaultOrder(sort) });
            }}
          >
            {(PAGE_SORTS.includes(params.sort) ? PAGE_SORTS : [...PAGE_SORTS, params.sort]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Order">
        {(fieldId) => (
          <select
            id={fieldId}
            value={params.order}
            onChange={(e) => choose({ order: e.target.value === 'desc' ? 'desc' : 'asc' })}
          >
            <option value="asc">{params.sort === 'name' ? 'A to Z' : 'Lowest first'}</option>
            <option value="desc">{params.sort === 'name' ? 'Z to A' : 'Highest first'}</option>
          </select>
        )}
      </Field>
      {params.genres.length > 0 && (
        <div className="browse-field browse-field--wide" role="group" aria-label="Genres">
          <span aria-hidden="true">Genres</span>
          <ul className="browse-chips">
            {params.genres.map((g) => (
              <li key={g}>
                <button
                  type="button"
                  className="browse-chip"
                  onClick={() => choose({ genres: params.genres.filter((x) => x !== g) })}
                >
                  {g} <span aria-hidden="true">×</span>
                  <span className="visually-hidden"> (remove)</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {activeFilters > 0 && (
        <button
          type="button"
          className="button button--ghost browse-filters__clear"
          onClick={() => choose({ platforms: [], genres: [], year: null, minRating: null })}
        >
          Clear filters
        </button>
      )}
    </section>
  );
}

/** A labelled control: the label points at the control by id, so its name is the label alone. */
function Field({ label, note, children }: { label: string; note?: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="browse-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {note}
    </div>
  );
}

export interface ResultsProps {
  readonly outcome: Outcome | null;
  readonly params: BrowseParams;
  readonly view: View;
  /** Names of the platforms the filter asked for. */
  readonly chosen: ReadonlySet<string>;
  readonly onRefresh: () => void;
}

export function Results({ outcome, params, view, chosen, onRefresh }: ResultsProps) {
  const result = outcome?.kind === 'result' ? outcome.result : null;
  const shown = result && result.games.length > 0 ? shownRange(params.page, result.games.length) : null;
  return (
    <section className="browse-results" aria-label="Results" aria-busy={outcome === null}>
      <div className="browse-status">
        <p className="browse-status__counter" role="status" aria-live="polite">
          {outcome === null && 'Searching games...'}
          {shown && result && `Showing ${shown.from} - ${shown.to} of ${result.total} games`}
        </p>
        {result && (
          <span className={`browse-source browse-source--${result.source}`}>
            <span className="browse-source__label">Source</span> {result.source}
          </span>
        )}
        <button type="button" className="browse-refresh" onClick={onRefresh}>
          Refresh
        </button>
      </div>

      {result?.fromDevice && <DeviceNote offline={!navigator.onLine} />}

      {outcome === null && <Skeletons view={view} />}
      {outcome?.kind === 'error' && (
        <div className="browse-error" role="alert">
          <p className="browse-error__title">{FAILED}</p>
          {outcome.message !== FAILED && <p>{outcome.message}</p>}
          <button type="button" className="button button--ghost" onClick={onRefresh}>
            Try again
          </button>
        </div>
      )}
      {result && result.total === 0 && result.filteredOut > 0 && (
        <div className="browse-notice">
          <p className="browse-notice__title">Search results were filtered for content protection</p>
          <p>{result.filteredOut} result(s) filtered out to avoid potentially problematic fan-made content</p>
        </div>
      )}
      {result && result.total === 0 && result.filteredOut === 0 && (
        <p className="browse-empty">No games found matching your criteria</p>
      )}
      {result && result.games.length > 0 && (
        <ul className={`browse-list browse-list--${view}`} aria-label="Games">
          {result.games.map((game) => (
            <GameItem key={game.id} game={game} view={view} chosen={chosen} />
          ))}
        </ul>
      )}
      {result && <Pagination params={params} total={result.total} />}
    </section>
  );
}

/** How many platform names a row shows before "+n". */
const PLATFORMS_SHOWN = 3;

function GameItem({ game, view, chosen }: { game: GameHit; view: View; chosen: ReadonlySet<string> }) {
  // The platforms the filter asked for come first, so a narrowed list shows why each game is in it.
  const ordered = [...game.platforms.filter((p) => chosen.has(p)), ...game.platforms.filter((p) => !chosen.has(p))];
  const platforms =
    ordered.length > PLATFORMS_SHOWN
      ? `${ordered.slice(0, PLATFORMS_SHOWN).join(', ')} +${ordered.length - PLATFORMS_SHOWN}`
      : ordered.join(', ');
  const count = game.user_rating_count;
  return (
    <li className="browse-game">
      <Link className="browse-game__link" to={gamePath(game)}>
        <GameCover
          className="browse-game__cover"
          name={game.name}
          url={game.cover_url}
          game={game}
          width={view === 'grid' ? 200 : 56}
        />
        <span className="browse-game__body">
          <span className="browse-game__name">{game.name}</span>
          <span className="browse-game__meta">
            {game.release_year ?? 'TBA'}
            {platforms !== '' && <span className="browse-game__platforms"> · {platforms}</span>}
          </span>
          <span className="browse-game__rating">
            <span className="visually-hidden">Average member rating </span>
            <span aria-hidden="true">★ </span>
            <strong className={game.avg_user_rating === null ? 'is-unrated' : undefined}>
              {averageText(game.avg_user_rating)}
            </strong>
            <span className="browse-game__count">
              {' '}
              ({count} {count === 1 ? 'rating' : 'ratings'})
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

function Pagination({ params, total }: { params: BrowseParams; total: number }) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  const to = (page: number) => searchPath({ ...params, page });
  const step = (page: number, label: string) =>
    page < 1 || page > pages ? (
      <span className="browse-pages__link browse-pages__link--step" aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link className="browse-pages__link browse-pages__link--step" to={to(page)}>
        {label}
      </Link>
    );
  return (
    <nav className="browse-pages" aria-label="Pagination">
      {step(params.page - 1, 'Previous')}
      <ul className="browse-pages__numbers">
        {pageWindow(params.page, pages).map((n) => (
          <li key={n}>
            <Link
              className="browse-pages__link"
              to={to(n)}
              aria-current={n === params.page ? 'page' : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {step(params.page + 1, 'Next')}
    </nav>
  );
}

function Skeletons({ view }: { view: View }) {
  return (
    <ul className={`browse-list browse-list--${view}`} aria-hidden="true">
      {Array.from({ length: view === 'grid' ? 10 : 6 }, (_, i) => (
        <li key={i} className="browse-game browse-game--skeleton">
          <span className="skeleton browse-game__cover-skeleton" />
          <span className="browse-game__body">
            <span className="skeleton browse-skeleton-line" />
            <span className="skeleton browse-skeleton-line browse-skeleton-line--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

const FilterIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
    <path d="M2 3h12M4.5 8h7M7 13h2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);
const GridIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
    <rect x="1.5" y="1.5" width="5.5" height="5.5" rx="1" />
    <rect x="9" y="1.5" width="5.5" height="5.5" rx="1" />
    <rect x="1.5" y="9" width="5.5" height="5.5" rx="1" />
    <rect x="9" y="9" width="5.5" height="5.5" rx="1" />
  </svg>
);
const ListIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
    <path d="M2 3.5h12M2 8h12M2 12.5h12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);
