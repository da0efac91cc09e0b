// /enhanced-search-test: the search playground. It opens the game picker in each of its modes
// (review, collection, wishlist, Top 5) with switches for the failure paths, lists what was picked,
// and has a live search box that shows the service's ranked answer, its source and step timings.
import { useEffect, useId, useRef, useState } from 'react';
import { MIN_QUERY_LENGTH, PICKER_DEBOUNCE_MS, PICKER_RESULT_LIMIT } from '../../core/search/constants.ts';
import type { BrowseQuery, GameHit, GameSearchResult } from '../../data/search/types.ts';
import { DeviceNote } from '../../ui/search/device-note.tsx';
import { averageText, GameCover } from '../../ui/media/game-cover.tsx';
import { GamePicker, matchesText, type PickerSource } from '../../ui/search/game-picker.tsx';
import { useSearchService } from '../../ui/search/search-context.tsx';

type Mode = 'review' | 'collection' | 'wishlist' | 'top5';
const MODES: readonly { mode: Mode; label: string; title: string }[] = [
  { mode: 'review', label: 'Review', title: 'Choose a game to review' },
  { mode: 'collection', label: 'Collection', title: 'Add a game to your collection' },
  { mode: 'wishlist', label: 'Wishlist', title: 'Add a game to your wishlist' },
  { mode: 'top5', label: 'Top 5', title: 'Add a game to your Top 5' },
];
/** How long a simulated save takes, so the row's busy state can be seen. */
const SAVE_DELAY_MS = 600;
/** The demo's Top 5: the five best-rated games; the picker offers the other rated games. */
const TOP_FIVE_SIZE = 5;
const RATED: BrowseQuery = {
  q: '',
  platforms: [],
  genres: [],
  year: null,
  minRating: 1,
  sort: 'avg_rating',
  order: 'desc',
  page: 1,
};

interface Pick {
  readonly at: string;
  readonly mode: string;
  readonly game: GameHit;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export default function EnhancedSearchTestPage() {
  const service = useSearchService();
  const ids = useId();
  const [mode, setMode] = useState<Mode | null>(null);
  const [failAdd, setFailAdd] = useState(false);
  const [failLoad, setFailLoad] = useState(false);
  const [topFive, setTopFive] = useState<readonly string[]>([]);
  const [picks, setPicks] = useState<readonly Pick[]>([]);
  // Read when the picker asks, as a live store would be (so a game started while the picker is open is caught on pick).
  const started = useRef<HTMLTextAreaElement>(null);
  const blocked = useRef((game: GameHit) =>
    lines(started.current?.value ?? '').some((name) => matchesText(game.name, name) && matchesText(name, game.name)),
  );

  const current = MODES.find((m) => m.mode === mode);
  let source: PickerSource = { kind: 'catalogue' };
  if (mode === 'collection' || mode === 'wishlist') source = { kind: 'catalogue', blocked: blocked.current };
  if (mode === 'top5') {
    source = {
      kind: 'choices',
      load: async () => {
        if (failLoad) throw new Error('Simulated load failure');
        const rated = (await service.browseGames(RATED)).games;
        setTopFive(rated.slice(0, TOP_FIVE_SIZE).map((g) => g.name));
        return rated.slice(TOP_FIVE_SIZE);
      },
    };
  }

  const onSelect = async (game: GameHit) => {
    await sleep(SAVE_DELAY_MS);
    if (failAdd) throw new Error('Simulated save failure');
    setPicks((list) => [{ at: new Date().toLocaleTimeString(), mode: current?.label ?? '', game }, ...list]);
  };

  return (
    <main className="page search-lab">
      <header className="search-lab__intro">
        <h1>Search playground</h1>
        <p className="tagline">Open the game picker in each mode, and watch the search service answer.</p>
      </header>

      <section className="card search-lab__card" aria-labelledby={`${ids}-picker`}>
        <h2 id={`${ids}-picker`}>Game picker</h2>
        <div className="search-lab__modes">
          {MODES.map((m) => (
            <button key={m.mode} type="button" className="button button--primary" onClick={() => setMode(m.mode)}>
              {m.label}
            </button>
          ))}
        </div>
        <div className="search-lab__options">
          <label className="search-lab__check">
            <input type="checkbox" checked={failAdd} onChange={(e) => setFailAdd(e.target.checked)} /> Adding fails
          </label>
          <label className="search-lab__check">
            <input type="checkbox" checked={failLoad} onChange={(e) => setFailLoad(e.target.checked)} /> Loading the Top
            5 choices fails
          </label>
          <label className="search-lab__field">
            <span>Started or finished (left out of Collection and Wishlist), one per line</span>
            <textarea ref={started} id={`${ids}-started`} name="started" rows={3} defaultValue="Super Mario Odyssey" />
          </label>
          <p className="search-lab__note">
            Top 5 offers the community's rated games, without the five best ones (standing in for your Top 5
            {topFive.length > 0 ? <>: {topFive.join(', ')}</> : ''}).
          </p>
        </div>
        <h3>Picked</h3>
        {picks.length === 0 ? (
          <p className="search-lab__muted">Nothing picked yet.</p>
        ) : (
          <ol className="search-lab__picks" aria-label="Picked games">
            {picks.map((p) => (
              <li key={`${p.at}-${p.game.id}`}>
                <GameCover name={p.game.name} url={p.game.cover_url} game={p.game} width={32} />
                <span>
                  <strong>{p.game.name}</strong>{' '}
                  <span className="search-lab__muted">
                    · {p.mode} · {p.at}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <LiveSearch />

      <GamePicker
        open={current !== undefined}
        title={current?.title ?? ''}
        source={source}
        onClose={() => setMode(null)}
        onSelect={onSelect}
      />
    </main>
  );
}

interface Timed {
  readonly result: GameSearchResult;
  /** When the device step answered; null when it did not report separately (cache hit, or offline). */
  readonly deviceMs: number | null;
  readonly totalMs: number;
}

/** The step timings in words: the device step, then the network (or why there was none). */
function describeSteps({ result, deviceMs, totalMs }: Timed): { device: string; remote: string } {
  if (!result.complete) return { device: `${deviceMs ?? totalMs} ms`, remote: 'on its way…' };
  if (deviceMs === null && !result.fromDevice) return { device: 'cached', remote: 'cached' };
  if (deviceMs === null) return { device: `${totalMs} ms`, remote: 'skipped (offline)' };
  const remote = `${totalMs - deviceMs} ms`;
  return { device: `${deviceMs} ms`, remote: result.fromDevice ? `${remote} (unreachable)` : remote };
}

function LiveSearch() {
  const service = useSearchService();
  const ids = useId();
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Timed | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const text = query.trim();
    if (text.length < MIN_QUERY_LENGTH) {
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const timer = window.setTimeout(() => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let deviceMs: number | null = null;
      service
        .searchGames(text, {
          limit: PICKER_RESULT_LIMIT,
          signal,
          onLocal: (result) => {
            deviceMs = elapsed();
            if (!signal.aborted) setAnswer({ result, deviceMs, totalMs: deviceMs });
          },
        })
        .then(
          (result) => {
            if (signal.aborted) return;
            setError(null);
            setAnswer({ result, deviceMs, totalMs: elapsed() });
          },
          (e: unknown) => {
            if (!signal.aborted) setError(e instanceof Error ? e.message : String(e));
          },
        );
    }, PICKER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [service, query]);

  const result = answer?.result;
  const steps = answer ? describeSteps(answer) : null;
  return (
    <section className="card search-lab__card" aria-labelledby={`${ids}-live`}>
      <h2 id={`${ids}-live`}>Live search</h2>
      <input
        className="search-lab__input"
        type="search"
        aria-label="Live search"
        placeholder="Search games..."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result && steps && (
        <>
          <dl className="search-lab__facts" aria-label="Search answer">
            <div>
              <dt>Answer</dt>
              <dd>{result.complete ? 'final' : 'device step'}</dd>
            </div>
            <div>
              <dt>Source</dt>
              <dd>
                {result.source}
                {result.fromDevice ? ' (this device)' : ''}
              </dd>
            </div>
            <div>
              <dt>Games</dt>
              <dd>{result.games.length}</dd>
            </div>
            <div>
              <dt>Filtered out</dt>
              <dd>{result.filteredOut}</dd>
            </div>
            <div>
              <dt>Device step</dt>
              <dd>{steps.device}</dd>
            </div>
            <div>
              <dt>Remote step</dt>
              <dd>{steps.remote}</dd>
            </div>
          </dl>
          {result.fromDevice && result.complete && <DeviceNote offline={!navigator.onLine} />}
          {result.games.length === 0 && result.complete && <p className="search-lab__muted">No games found.</p>}
          <ol className="search-lab__results" aria-label="Ranked results">
            {result.games.map((game) => (
              <li key={game.id}>
                <GameCover name={game.name} url={game.cover_url} game={game} width={32} />
                <span className="search-lab__result-name">
                  {game.name} <span className="search-lab__muted">{game.release_year ?? ''}</span>
                </span>
                <span className="search-lab__tag">{game.fromIGDB ? 'igdb' : 'database'}</span>
                <span className="search-lab__rating">★ {averageText(game.avg_user_rating)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
