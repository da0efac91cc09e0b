// The game picker: a modal that finds one game for the review form, the Top 5, the collection and
// the wishlist. It either searches the catalogue (limit 20, debounced 300 ms, the device's answer
// first and then the merged one) or filters a list the caller loads (Top 5: the member's rated
// games not already in it). The caller owns `open`; the picker closes itself (onClose) once
// onSelect has resolved, and stays open when it rejects.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MIN_QUERY_LENGTH, PICKER_DEBOUNCE_MS, PICKER_RESULT_LIMIT } from '../../core/search/constants.ts';
import { normalizeText, tokenize } from '../../core/search/normalize.ts';
import type { GameHit, GameSearchResult } from '../../data/search/types.ts';
import { DeviceNote } from './device-note.tsx';
import { averageText, GameCover } from '../media/game-cover.tsx';
import { useSearchService } from './search-context.tsx';
import { Modal } from '../modal/modal.tsx';
import './game-picker.css';

export type PickerSource =
  /** External search. `blocked` games (started or finished: collection, wishlist) are left out of the list. */
  | { kind: 'catalogue'; blocked?: (game: GameHit) => boolean }
  /** A list the caller loads (Top 5: rated games not already in it), filtered here by the typed text. */
  | { kind: 'choices'; load: () => Promise<GameHit[]> };

export interface GamePickerProps {
  open: boolean;
  title: string;
  source: PickerSource;
  onClose(): void;
  onSelect(game: GameHit): void | Promise<void>;
}

// The spec's texts, word for word.
export const PICKER_TEXT = {
  noMatch: 'No games found matching your search',
  noEligible: 'No eligible games found. Try a different search.',
  blocked: 'This game has already been started or finished and cannot be added to collection or wishlist.',
  loadFailed: 'Failed to load games',
  searchFailed: 'Failed to search games',
  addFailed: 'Failed to add game',
} as const;

const PLATFORMS_SHOWN = 3;
const NO_GAMES: readonly GameHit[] = [];

type Listing =
  | { status: 'idle' }
  | { status: 'loading'; games: readonly GameHit[] }
  | { status: 'partial' | 'done'; games: readonly GameHit[]; fromDevice: boolean }
  | { status: 'error'; message: string };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Every typed word appears in the name, accents and case folded ("pokemon red" finds "Pokémon Red Version"). */
export function matchesText(name: string, text: string): boolean {
  const words = tokenize(text);
  const haystack = normalizeText(name);
  return words.every((word) => haystack.includes(word));
}

export function GamePicker(props: GamePickerProps) {
  if (!props.open) return null;
  // Mounted only while open, so every opening starts from an empty search.
  return <PickerDialog key={props.source.kind} {...props} />;
}

function useCatalogueListing(text: string, enabled: boolean): Listing {
  const service = useSearchService();
  const [listing, setListing] = useState<Listing>({ status: 'idle' });
  useEffect(() => {
    if (!enabled) return;
    if (text.length < MIN_QUERY_LENGTH) {
      setListing({ status: 'idle' });
      return;
    }
    // Earlier games stay on screen (dimmed) until the new answer comes.
    setListing((prev) => ({ status: 'loading', games: 'games' in prev ? prev.games : [] }));
    const controller = new AbortController();
    const { signal } = controller;
    const timer = window.setTimeout(() => {
      const show = (result: GameSearchResult, status: 'partial' | 'done') => {
        if (!signal.aborted) setListing({ status, games: result.games, fromDevice: result.fromDevice });
      };
      service
        .searchGames(text, { limit: PICKER_RESULT_LIMIT, signal, onLocal: (local) => show(local, 'partial') })
        .then(
          (result) => show(result, 'done'),
          (error: unknown) => {
            if (signal.aborted || isAbort(error)) return; // replaced by a newer search: not an error
            setListing({ status: 'error', message: PICKER_TEXT.searchFailed });
          },
        );
    }, PICKER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [service, text, enabled]);
  return listing;
}

function useChoices(source: PickerSource): Listing {
  const [listing, setListing] = useState<Listing>({ status: 'loading', games: [] });
  // Loaded once per opening: a caller's inline `load` must not reload it on every render.
  const load = useRef(source.kind === 'choices' ? source.load : undefined);
  useEffect(() => {
    const run = load.current;
    if (!run) return;
    let live = true;
    run().then(
      (games) => live && setListing({ status: 'done', games, fromDevice: false }),
      () => live && setListing({ status: 'error', message: PICKER_TEXT.loadFailed }),
    );
    return () => {
      live = false;
    };
  }, []);
  return listing;
}

function PickerDialog({ title, source, onClose, onSelect }: GamePickerProps) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [activeId, setActiveId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const text = query.trim();
  const catalogue = useCatalogueListing(text, source.kind === 'catalogue');
  const choices = useChoices(source);
  const listing = source.kind === 'catalogue' ? catalogue : choices;
  const blocked = source.kind === 'catalogue' ? source.blocked : undefined;

  const found = 'games' in listing ? listing.games : NO_GAMES;
  // Memoised on the predicate: a game that becomes blocked while listed is caught when picked.
  const games = useMemo(() => {
    const eligible = blocked ? found.filter((game) => !blocked(game)) : found;
    return source.kind === 'choices' ? eligible.filter((game) => matchesText(game.name, text)) : eligible;
  }, [found, blocked, source.kind, text]);
  const activeIndex = games.findIndex((game) => game.id === activeId);
  const optionId = (game: GameHit) => `${ids}-game-${game.id}`;

  useEffect(() => {
    if (activeId === null) return;
    document.getElementById(`${ids}-game-${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeId, ids]);

  async function pick(game: GameHit) {
    if (busyId !== null) return;
    if (blocked?.(game)) {
      setNotice(PICKER_TEXT.blocked);
      return;
    }
    setNotice(null);
    setBusyId(game.id);
    try {
      await onSelect(game);
      onClose();
    } catch {
      setNotice(PICKER_TEXT.addFailed);
    } finally {
      setBusyId(null);
    }
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (games.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        activeIndex === -1 ? (step === 1 ? 0 : games.length - 1) : (activeIndex + step + games.length) % games.length;
      setActiveId(games[next]?.id ?? null);
    } else if (event.key === 'Enter') {
      const game = games[activeIndex];
      if (game) {
        event.preventDefault();
        void pick(game);
      }
    }
  }

  const waiting = listing.status === 'loading' || (listing.status === 'partial' && games.length === 0);
  const settled = listing.status === 'done' || (listing.status === 'partial' && games.length > 0);
  let empty: string | null = null;
  if (listing.status === 'done' && games.length === 0) {
    empty = source.kind === 'catalogue' && found.length === 0 ? PICKER_TEXT.noMatch : PICKER_TEXT.noEligible;
  }

  return (
    <Modal
      onClose={onClose}
      labelledBy={`${ids}-title`}
      initialFocus={input}
      backdropClassName="picker-backdrop"
      className="picker"
    >
      {/* Divs, not <header>/<footer>: the panel is portalled into <body>, outside any sectioning
          element, where those would be the page's second banner and contentinfo landmarks. */}
      <div className="picker__head">
        <h2 id={`${ids}-title`} className="picker__title">
          {title}
        </h2>
        <button type="button" className="picker__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="picker__search">
        <svg className="picker__search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          className="picker__input"
          type="search"
          role="combobox"
          aria-label={source.kind === 'catalogue' ? 'Search games' : 'Filter games'}
          aria-expanded={games.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={games[activeIndex] ? optionId(games[activeIndex]) : undefined}
          placeholder={source.kind === 'catalogue' ? 'Search games...' : 'Filter your games...'}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setNotice(null);
          }}
          onKeyDown={onInputKeyDown}
        />
        {(listing.status === 'loading' || listing.status === 'partial') && games.length > 0 && (
          <span className="picker__spinner picker__spinner--inline" aria-hidden="true" />
        )}
      </div>
      {notice && (
        <p className="picker__notice" role="alert">
          {notice}
        </p>
      )}
      <div className="picker__body" aria-busy={waiting}>
        {settled &&
          'fromDevice' in listing &&
          listing.fromDevice &&
          listing.status === 'done' &&
          source.kind === 'catalogue' && <DeviceNote offline={!navigator.onLine} />}
        {listing.status === 'idle' && (
          <p className="picker__hint">Type at least {MIN_QUERY_LENGTH} characters to search the catalogue.</p>
        )}
        {listing.status === 'error' && (
          <p className="picker__error" role="alert">
            {listing.message}
          </p>
        )}
        {waiting && games.length === 0 && (
          <p className="picker__loading" role="status">
            <span className="picker__spinner" aria-hidden="true" />
            {source.kind === 'catalogue' ? 'Searching games...' : 'Loading games...'}
          </p>
        )}
        {empty && (
          <p className="picker__empty" role="status">
            {empty}
          </p>
        )}
        <ul
          id={`${ids}-list`}
          className={`picker__list${listing.status === 'loading' ? ' picker__list--stale' : ''}`}
          role="listbox"
          aria-label="Games"
          hidden={games.length === 0}
        >
          {games.map((game, index) => (
            <PickerRow
              key={game.id}
              id={optionId(game)}
              game={game}
              active={index === activeIndex}
              busy={busyId === game.id}
              disabled={busyId !== null && busyId !== game.id}
              onHover={() => setActiveId(game.id)}
              onPick={() => void pick(game)}
            />
          ))}
        </ul>
      </div>
      <div className="picker__keys" aria-hidden="true">
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> move
        </span>
        <span>
          <kbd>Enter</kbd> pick
        </span>
        <span>
          <kbd>Esc</kbd> close
        </span>
      </div>
    </Modal>
  );
}

interface PickerRowProps {
  id: string;
  game: GameHit;
  active: boolean;
  busy: boolean;
  disabled: boolean;
  onHover(): void;
  onPick(): void;
}

function PickerRow({ id, game, active, busy, disabled, onHover, onPick }: PickerRowProps) {
  const shown = game.platforms.slice(0, PLATFORMS_SHOWN).join(', ');
  const more = game.platforms.length - PLATFORMS_SHOWN;
  const rated = game.avg_user_rating !== null;
  const classes = [
    'picker-row',
    active && 'picker-row--active',
    busy && 'picker-row--busy',
    disabled && 'picker-row--disabled',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // Options are reached from the search box (aria-activedescendant), so they take no focus; a press keeps it in the box.
    <li
      id={id}
      className={classes}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      aria-busy={busy || undefined}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={disabled ? undefined : onPick}
    >
      <GameCover name={game.name} url={game.cover_url} game={game} width={44} />
      <span className="picker-row__text">
        <span className="picker-row__name">{game.name}</span>
        <span className="picker-row__meta">
          {[game.release_year, shown && `${shown}${more > 0 ? ` +${more}` : ''}`].filter(Boolean).join(' · ')}
        </span>
      </span>
      {busy ? (
        <span className="picker__spinner" role="status" aria-label={`Adding ${game.name}`} />
      ) : (
        <span
          className={`picker-row__rating${rated ? '' : ' picker-row__rating--none'}`}
          title={rated ? `Average member rating from ${game.user_rating_count} rating(s)` : 'No member ratings yet'}
        >
          <span aria-hidden="true">★ </span>
          {averageText(game.avg_user_rating)}
          <span className="visually-hidden"> average member rating</span>
        </span>
      )}
    </li>
  );
}
