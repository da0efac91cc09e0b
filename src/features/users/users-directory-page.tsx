// /users 'Discover Users' (and the search spec's "/users?q="): search (q, case-insensitive on
// username and bio), sort, Top Reviewers (empty search only), All Users (the own member hidden)
// in pages of 20 numbered in the address, Recent Searches (shared with the header's Users tab),
// Community Stats, Quick Filters and Follow buttons. The address is the query: typing replaces it,
// a search, sort, filter or page pushes it, so back, reload and shared links show the same list.
import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useOptimistic,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  applyQuickFilter,
  DIRECTORY_SEARCH_DEBOUNCE_MS,
  DIRECTORY_SORTS,
  directoryPageCount,
  directoryRange,
  directorySearch,
  isFollowing,
  parseDirectoryParams,
  quickFilterActive,
  shownFollowers,
  shownYouFollow,
  type DirectoryParams,
  type DirectorySort,
  type DirectoryUser,
  type QuickFilterId,
} from '../../core/directory.ts';
import { MutationError } from '../../core/mutation-error.ts';
import { pageWindow } from '../../core/search/browse-params.ts';
import { QUERY_MAX_LENGTH } from '../../core/search/constants.ts';
import { addRecent, clearRecent, listRecent, type RecentEntry } from '../../core/search/recent.ts';
import { write } from '../../data/actions.ts';
import { loadMyFollows } from '../../data/directory-follows.ts';
import { useLive } from '../../data/live.ts';
import { browserRecentStorage } from '../../data/search/recent-storage.ts';
import { isAuthSettled, useAuth } from '../../ui/auth/auth-context.tsx';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { QuickFiltersPanel, RecentPanel, StatsPanel, TopReviewersPanel } from './directory-panels.tsx';
import { useDirectory, type Shown } from './use-directory.ts';
import { UserCard, type CardCounts, type CardUser, type FollowControl } from './user-card.tsx';
import { useAddressDraft } from '../../ui/layout/address-draft.ts';
import { useParamsChain } from '../../ui/layout/address-params.ts';
import { DESKTOP, useMediaQuery } from '../../ui/layout/media-query.ts';
import './users-directory.css';

const recentStorage = browserRecentStorage();

const pathFor = (params: DirectoryParams) => {
  const search = directorySearch(params);
  return { pathname: '/users', search: search === '' ? '' : `?${search}` };
};

export default function UsersDirectoryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => parseDirectoryParams(new URLSearchParams(location.search)), [location.search]);
  const canonical = directorySearch(params);
  // Changes made before the page shows the last one build on it (layout/address-params.ts).
  const latest = useParamsChain(params, location.search);
  const auth = useAuth();
  const me = auth.status === 'signedIn' ? auth.memberId : null;
  const authReady = isAuthSettled(auth);
  const toast = useToast();
  const wide = useMediaQuery(DESKTOP);
  usePageMeta({
    title: 'Discover Users',
    description: 'Find gamers on Checkpoint to follow: top reviewers, community stats and member search.',
  });

  const go = useCallback(
    (next: DirectoryParams, how: 'push' | 'replace') => {
      navigate(pathFor(next), { replace: how === 'replace' });
    },
    [navigate],
  );

  // A hand-written or stale address is rewritten in its canonical form, in place.
  useEffect(() => {
    if (location.search.replace(/^\?/, '') !== canonical) go(params, 'replace');
  }, [location.search, canonical, params, go]);

  // ---- the search box: follows the address; typing updates the address after a pause -----------
  const { draft, setDraft, writing } = useAddressDraft(params.q);
  useEffect(() => {
    const term = draft.trim();
    if (term === params.q) return;
    const timer = window.setTimeout(() => {
      writing(term);
      go(
        latest((p) => ({ ...p, q: term, page: 1 })),
        'replace',
      );
    }, DIRECTORY_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, params, go, writing, latest]);

  // ---- recent searches (the 'users' kind, shared with the header's Users tab) -----------------
  const [recent, setRecent] = useState<RecentEntry[]>(() => listRecent(recentStorage, 'users', Date.now()));
  // The header's Users tab saves its search and then comes here: read the list again.
  useEffect(() => setRecent(listRecent(recentStorage, 'users', Date.now())), [location.key]);
  const remember = (query: string) => setRecent(addRecent(recentStorage, 'users', query, Date.now()));

  const search = (term: string) => {
    remember(term);
    writing(term);
    go(
      latest((p) => ({ ...p, q: term, page: 1 })),
      'push',
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(draft.trim());
  };
  const pickRecent = (query: string) => {
    setDraft(query);
    search(query);
  };
  // A sort or a quick filter shows at once; the address it goes to renders a moment later (the
  // router's transition), and until then the select showed its old value again and the quick
  // filter was not yet pressed.
  const [shownParams, showParams] = useOptimistic(params);
  const choose = (next: DirectoryParams) =>
    startTransition(() => {
      showParams(next);
      writing(next.q);
      go(next, 'push');
    });
  const setSort = (sort: DirectorySort) => choose(latest((p) => ({ ...p, q: draft.trim(), sort, page: 1 })));
  const pickQuick = (id: QuickFilterId) => {
    const next = latest((p) => applyQuickFilter({ ...p, q: draft.trim() }, id));
    if (next.q !== params.q) {
      setDraft(next.q);
      remember(next.q);
    }
    choose(next);
  };

  // ---- the data ---------------------------------------------------------------------------------
  const [run, setRun] = useState(0);
  const directory = useDirectory(params, me, authReady, run);
  const { shown } = directory;
  const answer = shown && shown.kind !== 'device' ? shown.answer : null;

  // A page past the end (an old link, members who left) becomes the last page.
  useEffect(() => {
    if (
      shown?.kind === 'server' &&
      shown.answer.users.length === 0 &&
      shown.answer.total > 0 &&
      params.page > directoryPageCount(shown.answer.total)
    ) {
      go({ ...params, page: directoryPageCount(shown.answer.total) }, 'replace');
    }
  }, [shown, params, go]);

  const mine = useLive((db) => loadMyFollows(db, me), [me]);
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const toggleFollow = async (userId: number, following: boolean) => {
    if (me === null) {
      toast.push('Unable to determine current user ID', 'error');
      return;
    }
    setBusy((s) => new Set(s).add(userId));
    try {
      await write(me, 'follow.set', { user_id: userId, following: !following });
    } catch (error) {
      toast.push(
        error instanceof MutationError
          ? error.message
          : following
            ? 'Failed to unfollow user. Please try again.'
            : 'Failed to follow user. Please try again.',
        'error',
      );
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(userId);
        return next;
      });
    }
  };
  const followControl = (user: Pick<DirectoryUser, 'id' | 'is_following'>): FollowControl | null => {
    if (auth.status === 'signedOut') return { kind: 'visitor' };
    if (auth.status === 'loading') return null;
    const following = isFollowing(user, mine?.following ?? new Set(), mine?.pulled ?? false);
    return {
      kind: 'member',
      following,
      busy: busy.has(user.id) || mine === undefined,
      onToggle: () => void toggleFollow(user.id, following),
    };
  };
  const youFollow =
    me === null
      ? answer
        ? answer.stats.you_follow
        : null
      : shownYouFollow(answer?.stats.you_follow ?? null, mine?.following.size ?? 0, mine?.pulled ?? false);

  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const warnings = (answer?.warnings ?? []).filter((w) => !dismissed.has(w));

  // ---- layout -----------------------------------------------------------------------------------
  const [filtersOpen, setFiltersOpen] = useState(false);
  const quickRef = useRef<HTMLElement>(null);
  const quickId = useId();
  const inputId = useId();
  const sortId = useId();
  const onFilters = () => {
    // On desktop the Quick Filters sit in the sidebar: the button takes you there.
    if (wide) {
      quickRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      quickRef.current?.focus({ preventScroll: true });
      return;
    }
    setFiltersOpen((open) => !open);
  };

  const stats = answer ? answer.stats : directory.loading && !shown ? 'loading' : null;
  const statsPanel = <StatsPanel stats={stats} youFollow={youFollow} compact={!wide} />;
  const recentPanel = (
    <RecentPanel
      entries={recent}
      onPick={pickRecent}
      compact={!wide}
      onClear={() => {
        clearRecent(recentStorage, 'users');
        setRecent([]);
      }}
    />
  );
  const isActive = (id: QuickFilterId) => quickFilterActive(shownParams, id);
  const showTop = params.q === '';

  return (
    <main className={`page directory${wide ? ' directory--desktop' : ' directory--mobile'}`}>
      <header className="directory__head">
        <h1 className="directory__title">Discover Users</h1>
        <p className="directory__tagline">
          Find players to follow, compare ratings and see what the community is playing.
        </p>
      </header>

      <div className="directory-toolbar">
        <form className="directory-search" role="search" aria-label="Search members" onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor={inputId}>
            Search users
          </label>
          <svg className="directory-search__icon" aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={inputId}
            className="directory-search__input"
            type="search"
            placeholder="Search users by name or bio..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={QUERY_MAX_LENGTH}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button className="button button--primary directory-search__submit" type="submit">
            Search
          </button>
        </form>
        <div className="directory-toolbar__row">
          <label className="directory-sort">
            <span className="directory-sort__label" id={sortId}>
              Sort by
            </span>
            <select
              aria-labelledby={sortId}
              value={shownParams.sort}
              onChange={(e) => setSort(e.target.value as DirectorySort)}
            >
              {DIRECTORY_SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button button--ghost directory-filters"
            onClick={onFilters}
            aria-controls={quickId}
            aria-expanded={wide ? undefined : filtersOpen}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
              <path d="M2 3h12M4.5 8h7M7 13h2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            Filters
          </button>
        </div>
      </div>

      <Banners
        directory={directory}
        warnings={warnings}
        onRetry={() => setRun((n) => n + 1)}
        onDismiss={(w) => setDismissed((s) => new Set(s).add(w))}
      />

      <div className="directory__layout">
        <div className="directory__main">
          {!wide && (
            <>
              <QuickFiltersPanel
                ref={quickRef}
                id={quickId}
                hidden={!filtersOpen}
                isActive={isActive}
                onPick={pickQuick}
              />
              {statsPanel}
              {recentPanel}
            </>
          )}
          {/* Only from an answer (the server's or a saved one): without one nobody knows who reviewed most,
              and "No reviews written yet" would be untrue. The banner says why the list is the device's. */}
          {showTop && (answer || (directory.loading && shown === null)) && (
            <TopReviewersPanel reviewers={answer ? answer.top_reviewers : null} me={me} />
          )}
          <AllUsers
            shown={shown}
            loading={directory.loading}
            params={params}
            me={me}
            followControl={followControl}
            following={(u) => isFollowing(u, mine?.following ?? new Set(), mine?.pulled ?? false)}
            onOpen={() => {
              if (params.q !== '') remember(params.q);
            }}
            onClear={() => {
              setDraft('');
              go(
                latest((p) => ({ ...p, q: '', page: 1 })),
                'push',
              );
            }}
          />
        </div>
        {wide && (
          <aside className="directory__aside" aria-label="Community">
            {statsPanel}
            {recentPanel}
            <QuickFiltersPanel ref={quickRef} id={quickId} isActive={isActive} onPick={pickQuick} />
          </aside>
        )}
      </div>
    </main>
  );
}

interface BannersProps {
  readonly directory: ReturnType<typeof useDirectory>;
  readonly warnings: readonly string[];
  readonly onRetry: () => void;
  readonly onDismiss: (warning: string) => void;
}

const savedAtText = (ms: number) => new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Banners({ directory, warnings, onRetry, onDismiss }: BannersProps) {
  const { shown, error, unreachable, online, loading } = directory;
  const fromDevice = !loading && shown !== null && shown.kind !== 'server' && unreachable;
  const why = online ? "The server couldn't be reached" : "You're offline";
  return (
    <>
      {error && !loading && (
        <div className="directory-banner directory-banner--error" role="alert">
          <p>{error}</p>
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {fromDevice && (
        <p className="directory-banner directory-banner--device" role="status">
          <span aria-hidden="true">⚡</span>
          <span>
            {shown.kind === 'device' && `${why}: these results are from this device (members it has seen).`}
            {shown.kind === 'saved' &&
              shown.exact &&
              `${why}: these results are from this device, saved ${savedAtText(shown.savedAt)}.`}
            {shown.kind === 'saved' &&
              !shown.exact &&
              `${why}: these results are from this device — the directory as last loaded ${savedAtText(shown.savedAt)}.`}
          </span>
          {online && (
            <button type="button" className="directory-link-button" onClick={onRetry}>
              Retry
            </button>
          )}
        </p>
      )}
      {warnings.map((w) => (
        <div key={w} className="directory-banner directory-banner--warn" role="alert">
          <p>{w}</p>
          <button type="button" className="directory-banner__close" aria-label="Dismiss" onClick={() => onDismiss(w)}>
            ×
          </button>
        </div>
      ))}
    </>
  );
}

interface AllUsersProps {
  readonly shown: Shown | null;
  readonly loading: boolean;
  readonly params: DirectoryParams;
  readonly me: number | null;
  readonly followControl: (user: Pick<DirectoryUser, 'id' | 'is_following'>) => FollowControl | null;
  readonly following: (user: Pick<DirectoryUser, 'id' | 'is_following'>) => boolean;
  readonly onOpen: () => void;
  readonly onClear: () => void;
}

type CardProps = { readonly user: CardUser; readonly counts: CardCounts | null; readonly follow: FollowControl | null };

function AllUsers({ shown, loading, params, me, followControl, following, onOpen, onClear }: AllUsersProps) {
  // The own member is hidden (the server already leaves them out; a saved or device list may not).
  const cards: CardProps[] | null =
    shown === null
      ? null
      : shown.kind === 'device'
        ? shown.users
            .filter((u) => u.id !== me)
            .map((u) => ({ user: u, counts: null, follow: followControl({ id: u.id, is_following: false }) }))
        : shown.answer.users
            .filter((u) => u.id !== me)
            .map((u) => ({
              user: u,
              follow: followControl(u),
              counts: { followers: shownFollowers(u, following(u)), reviews: u.review_count, average: u.avg_rating },
            }));
  const total = shown === null ? 0 : shown.kind === 'device' ? (cards?.length ?? 0) : shown.answer.total;
  const range =
    cards && cards.length > 0 && shown?.kind !== 'device' ? directoryRange(params.page, cards.length) : null;
  return (
    <section className="directory-section directory-all" aria-labelledby="directory-all-title" aria-busy={loading}>
      <div className="directory-section__head">
        <h2 id="directory-all-title" className="directory-section__title">
          All Users{params.q !== '' && <span className="directory-section__for"> matching “{params.q}”</span>}
        </h2>
        <p className="directory-section__count" role="status" aria-live="polite">
          {shown === null && loading && 'Loading users...'}
          {range && `Showing ${range.from} - ${range.to} of ${total} ${total === 1 ? 'user' : 'users'}`}
          {shown?.kind === 'device' && `${total} ${total === 1 ? 'user' : 'users'} on this device`}
        </p>
      </div>
      {cards === null && loading && <CardSkeletons />}
      {cards !== null && cards.length === 0 && (
        <div className="directory-empty">
          <p className="directory-empty__title">
            {params.q !== ''
              ? 'No users found'
              : shown?.kind === 'device'
                ? 'No members are saved on this device yet.'
                : 'No other members yet.'}
          </p>
          {params.q !== '' && <p>Nobody's username or bio matches “{params.q}”.</p>}
          {params.q !== '' && (
            <button type="button" className="button button--ghost" onClick={onClear}>
              Clear search
            </button>
          )}
        </div>
      )}
      {cards !== null && cards.length > 0 && (
        <ul className={`directory-cards${loading ? ' directory-cards--stale' : ''}`} aria-label="Users">
          {cards.map((card) => (
            <UserCard key={card.user.id} {...card} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {shown && shown.kind !== 'device' && <Pagination params={params} total={shown.answer.total} />}
    </section>
  );
}

function Pagination({ params, total }: { readonly params: DirectoryParams; readonly total: number }) {
  const pages = directoryPageCount(total);
  if (pages <= 1) return null;
  const to = (page: number) => pathFor({ ...params, page });
  const step = (page: number, label: string, rel: string) =>
    page < 1 || page > pages ? (
      <span className="directory-pages__link directory-pages__link--step" aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link className="directory-pages__link directory-pages__link--step" to={to(page)} rel={rel}>
        {label}
      </Link>
    );
  return (
    <nav className="directory-pages" aria-label="Pagination">
      {step(params.page - 1, 'Previous', 'prev')}
      <ul className="directory-pages__numbers">
        {pageWindow(params.page, pages).map((n) => (
          <li key={n}>
            <Link
              className="directory-pages__link"
              to={to(n)}
              aria-current={n === params.page ? 'page' : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {step(params.page + 1, 'Next', 'next')}
    </nav>
  );
}

function CardSkeletons() {
  return (
    <ul className="directory-cards" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="directory-card directory-card--skeleton">
          <div className="directory-card__head">
            <span className="skeleton directory-skeleton-avatar" />
            <span className="skeleton directory-skeleton-line" />
          </div>
          <span className="skeleton directory-skeleton-line directory-skeleton-line--wide" />
          <span className="skeleton directory-skeleton-line directory-skeleton-line--short" />
        </li>
      ))}
    </ul>
  );
}
