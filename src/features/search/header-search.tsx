// The header search box: Games and Users tabs, recent searches when empty, and as
// the member types, suggestions from this device at once and the network's merged answer after
// the 800 ms pause. A combobox: arrows move through the options, Enter opens one (or submits),
// Escape closes; submitting goes to /search-results?q= or /users?q= and clears the box.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { HEADER_SEARCH_DEBOUNCE_MS, MIN_QUERY_LENGTH, SUGGESTION_LIMIT } from '../../core/search/constants.ts';
import { addRecent, clearRecent, listRecent, type RecentEntry, type RecentKind } from '../../core/search/recent.ts';
import { browserRecentStorage } from '../../data/search/recent-storage.ts';
import type { GameHit, UserHit } from '../../data/search/types.ts';
import { useSearchService } from '../../ui/search/search-context.tsx';
import { averageText, GameCover, gamePath } from '../../ui/media/game-cover.tsx';
// The device-only note's rules go with the app's CSS, as when they were in search.css: so a search
// screen's chunk needs no CSS file of its own (and the first screen's code no link to one).
import '../../ui/search/device-note.css';
import './search.css';

type Phase = 'idle' | 'loading' | 'done' | 'error';

interface Answer {
  readonly text: string;
  readonly games: readonly GameHit[];
  readonly users: readonly UserHit[];
  readonly fromDevice: boolean;
  readonly complete: boolean;
}

interface Option {
  readonly id: string;
  readonly run: () => void;
}

const recentStorage = browserRecentStorage();
const TABS: readonly { kind: RecentKind; label: string }[] = [
  { kind: 'games', label: 'Games' },
  { kind: 'users', label: 'Users' },
];

function userInitial(user: UserHit): string {
  return (user.username[0] ?? '?').toUpperCase();
}

export function HeaderSearch() {
  const service = useSearchService();
  const navigate = useNavigate();
  const baseId = useId();
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<RecentKind>('games');
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<RecentEntry[]>(() => listRecent(recentStorage, 'games', Date.now()));
  const request = useRef<AbortController | null>(null);

  const trimmed = text.trim();
  const searching = trimmed.length >= MIN_QUERY_LENGTH;

  useEffect(() => setRecent(listRecent(recentStorage, kind, Date.now())), [kind, open]);

  // Device answer at once for games; the network after the pause (both tabs).
  useEffect(() => {
    request.current?.abort();
    setActive(-1);
    if (!searching) {
      setPhase('idle');
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    const { signal } = controller;
    const show = (next: Answer) => {
      if (!signal.aborted) setAnswer(next);
    };
    const fail = (error: unknown) => {
      if (signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
      // Spec: the error state is an empty list, no dropdown results.
      setAnswer({ text: trimmed, games: [], users: [], fromDevice: false, complete: true });
      setPhase('error');
    };
    setPhase('loading');
    if (kind === 'games') {
      // The device's catalogue answers as the member types (no network: it costs under a frame).
      service.searchGames(trimmed, { limit: SUGGESTION_LIMIT, deviceOnly: true, signal }).then(
        (local) => show({ text: trimmed, games: local.games, users: [], fromDevice: true, complete: local.complete }),
        () => undefined,
      );
    }
    const timer = window.setTimeout(() => {
      const run =
        kind === 'games'
          ? service
              .searchGames(trimmed, { limit: SUGGESTION_LIMIT, signal })
              .then((r) => ({ text: trimmed, games: r.games, users: [], fromDevice: r.fromDevice, complete: true }))
          : service
              .searchUsers(trimmed, signal)
              .then((r) => ({ text: trimmed, games: [], users: r.users, fromDevice: r.fromDevice, complete: true }));
      run.then((next) => {
        show(next);
        if (!signal.aborted) setPhase('done');
      }, fail);
    }, HEADER_SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, searching, kind, service]);

  // Clicking outside closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const finish = useCallback(
    (to: string) => {
      setText('');
      setOpen(false);
      input.current?.blur();
      void navigate(to);
    },
    [navigate],
  );

  const submit = useCallback(
    (query: string, tab: RecentKind = kind) => {
      const q = query.trim();
      if (q === '') return;
      setRecent(addRecent(recentStorage, tab, q, Date.now()));
      finish(tab === 'games' ? `/search-results?q=${encodeURIComponent(q)}` : `/users?q=${encodeURIComponent(q)}`);
    },
    [finish, kind],
  );

  const shown: Answer | null = answer !== null && answer.text === trimmed ? answer : null;
  const games = useMemo(() => (kind === 'games' ? (shown?.games ?? []) : []), [kind, shown]);
  const users = useMemo(() => (kind === 'users' ? (shown?.users ?? []) : []), [kind, shown]);
  const noun = kind === 'games' ? 'games' : 'users';

  const options: Option[] = useMemo(() => {
    if (!searching) {
      return recent.map((r, i) => ({
        id: `${baseId}-recent-${i}`,
        run: () => {
          setText(r.query);
          submit(r.query);
        },
      }));
    }
    const rows: Option[] =
      kind === 'games'
        ? games.map((g, i) => ({
            id: `${baseId}-game-${i}`,
            run: () => {
              setRecent(addRecent(recentStorage, 'games', trimmed, Date.now()));
              finish(gamePath(g));
            },
          }))
        : users.map((u, i) => ({
            id: `${baseId}-user-${i}`,
            run: () => {
              setRecent(addRecent(recentStorage, 'users', trimmed, Date.now()));
              finish(`/user/${u.id}`);
            },
          }));
    return [...rows, { id: `${baseId}-all`, run: () => submit(trimmed) }];
  }, [searching, recent, kind, games, users, baseId, submit, finish, trimmed]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Tab leaves the combobox: the list closes and focus moves on to the next control in the header.
    if (event.key === 'Tab') {
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else input.current?.blur();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        const n = i + step;
        return n < -1 ? options.length - 1 : n >= options.length ? -1 : n;
      });
      return;
    }
    if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      options[active]?.run();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };

  const changeTab = (next: RecentKind) => {
    setKind(next);
    setAnswer(null);
    setOpen(true);
    input.current?.focus();
  };

  const placeholder = !focused ? 'Search games or users...' : kind === 'games' ? 'Search games...' : 'Search users...';
  const listId = `${baseId}-list`;
  const activeId = active >= 0 ? options[active]?.id : undefined;
  const optionProps = (index: number) => ({
    id: options[index]?.id,
    role: 'option' as const,
    'aria-selected': index === active,
    className: `search-option${index === active ? ' search-option--active' : ''}`,
    onMouseEnter: () => setActive(index),
    onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
    onClick: () => options[index]?.run(),
  });
  const footerIndex = options.length - 1;
  const nothing = searching && shown !== null && shown.complete && games.length === 0 && users.length === 0;

  return (
    <form ref={root} className="header-search" role="search" aria-label="Site search" onSubmit={onSubmit}>
      <div className="header-search__box">
        <svg className="header-search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.42 1.4-5.39-5.38A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
          />
        </svg>
        <input
          ref={input}
          className="header-search__input"
          type="search"
          name="q"
          value={text}
          placeholder={placeholder}
          aria-label={kind === 'games' ? 'Search games' : 'Search users'}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setFocused(true);
            setOpen(true);
            void service.warm().catch(() => undefined);
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <div className="header-search__dropdown">
          <div className="header-search__tabs" role="tablist" aria-label="Search in">
            {TABS.map((t) => (
              <button
                key={t.kind}
                type="button"
                role="tab"
                aria-selected={kind === t.kind}
                className={`header-search__tab${kind === t.kind ? ' header-search__tab--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => changeTab(t.kind)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label={kind === 'games' ? 'Game suggestions' : 'User suggestions'}
            className="header-search__list"
          >
            {!searching && recent.length > 0 && (
              <>
                <li role="presentation" className="header-search__heading">
                  <span>{kind === 'games' ? 'Recent Game Searches' : 'Recent User Searches'}</span>
                  <button
                    type="button"
                    className="link-button"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      clearRecent(recentStorage, kind);
                      setRecent([]);
                      input.current?.focus();
                    }}
                  >
                    Clear
                  </button>
                </li>
                {recent.map((r, i) => (
                  <li key={r.query} {...optionProps(i)}>
                    <span className="search-option__recent-icon" aria-hidden="true">
                      ↺
                    </span>
                    <span className="search-option__name">{r.query}</span>
                  </li>
                ))}
              </>
            )}
            {!searching && recent.length === 0 && (
              <li role="presentation" className="header-search__hint">
                Type at least {MIN_QUERY_LENGTH} characters to search {noun}.
              </li>
            )}
            {searching &&
              games.map((g, i) => (
                <li key={`${g.igdb_id}`} {...optionProps(i)}>
                  <GameCover name={g.name} url={g.cover_url} game={g} width={32} />
                  <span className="search-option__main">
                    <span className="search-option__name">{g.name}</span>
                    <span className="search-option__meta">{g.release_year ?? 'TBA'}</span>
                  </span>
                  <span className="search-option__rating" title="Average member rating">
                    ★ {averageText(g.avg_user_rating)}
                  </span>
                </li>
              ))}
            {searching &&
              users.map((u, i) => (
                <li key={u.id} {...optionProps(i)}>
                  {u.avatar_url ? (
                    <img
                      className="search-option__avatar"
                      src={u.avatar_url}
                      alt=""
                      width={32}
                      height={32}
                      loading="lazy"
                    />
                  ) : (
                    <span className="search-option__avatar search-option__avatar--initial" aria-hidden="true">
                      {userInitial(u)}
                    </span>
                  )}
                  <span className="search-option__main">
                    <span className="search-option__name">{u.username}</span>
                    {u.bio && <span className="search-option__meta">{u.bio}</span>}
                  </span>
                </li>
              ))}
            {searching && phase === 'loading' && (games.length === 0 || shown?.complete === false) && (
              <li role="presentation" className="header-search__status" aria-live="polite">
                <span className="spinner" aria-hidden="true" />
                {kind === 'games' ? 'Searching games...' : 'Searching users...'}
              </li>
            )}
            {nothing && phase !== 'error' && (
              <li role="presentation" className="header-search__status">
                {kind === 'games' ? 'No games found' : 'No users found'}
              </li>
            )}
            {searching && shown?.fromDevice === true && shown.complete && (
              <li role="presentation" className="header-search__device">
                {navigator.onLine
                  ? 'Server unreachable: results from this device'
                  : 'Offline: results from this device'}
              </li>
            )}
            {searching && (
              <li {...optionProps(footerIndex)} className={`${optionProps(footerIndex).className} header-search__all`}>
                {nothing ? `Search "${trimmed}" anyway` : `Search all ${noun} for "${trimmed}"`}
              </li>
            )}
          </ul>
        </div>
      )}
    </form>
  );
}
