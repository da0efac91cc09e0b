// Game and user search for every screen (spec 001), local first: the device's catalogue is ranked
// and answered at once; then, when online, our database (search_games_secure) and the catalogue
// function (with variant queries) are asked, everything is merged by external id and re-ranked,
// and the games the device did not have are written into its catalogue for next time (offline).
import {
  BROWSE_PAGE_SIZE,
  FRANCHISE_SEARCH_PAGE_SIZE,
  MIN_QUERY_LENGTH,
  SEARCH_PAGE_SIZE,
  SECURE_LIMIT_ORIGINAL,
  SUGGESTION_LIMIT,
  USER_SEARCH_LIMIT,
} from '../../core/search/constants.ts';
import { yieldToPage } from '../../core/yield-to-page.ts';
import { createMemoryCache, type MemoryCache, type Timer } from '../../core/search/cache.ts';
import type { LocalIndex } from '../../core/search/local-index.ts';
import { prepareQuery } from '../../core/search/query.ts';
import { rankGames, type RankOutcome } from '../../core/search/rank.ts';
import { sanitizeMemberQuery, sanitizeQuery } from '../../core/search/sanitize.ts';
import type { SearchGame } from '../../core/search/types.ts';
import { buildVariants } from '../../core/search/variants.ts';
import type { CheckpointDb, GameRow } from '../../store/db.ts';
import {
  fromDatabaseRow,
  fromIgdbGame,
  toHit,
  withStats,
  type CatalogueEntry,
} from '../../core/search/catalogue-entry.ts';
import { toGameRow, toUserHit } from './hits.ts';
import { browseOnDevice } from './browse-local.ts';
import type { SearchRemote } from './remote.ts';
import type { BrowseQuery, BrowseResult, GameSearchResult, Platform, UserHit, UserSearchResult } from './types.ts';

export interface SearchServiceDeps {
  readonly db: CheckpointDb;
  readonly remote: SearchRemote;
  readonly isOnline: () => boolean;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
  /** Runs the cache's cleanup (the page pauses it while hidden). */
  readonly timer?: Timer;
  /**
   * Runs background work (writing what the network found into the device's catalogue, which opens
   * the device's database) when the page is idle. Default: requestIdleCallback, else a timeout.
   */
  readonly whenIdle?: (task: () => void) => void;
}

/** At most this long before an idle task runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

const defaultWhenIdle = (task: () => void): void => {
  if (typeof globalThis.requestIdleCallback === 'function')
    globalThis.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
};

export interface GameSearchOptions {
  readonly limit?: number;
  readonly signal?: AbortSignal;
  /** Called with the device's answer before the network is asked. */
  readonly onLocal?: (result: GameSearchResult) => void;
  /** Only the device's answer (complete: false while online); the network is not asked. */
  readonly deviceOnly?: boolean;
  /** Database rows to ask for (default: a page, or more for well-known franchises). */
  readonly remoteLimit?: number;
}

export interface SearchService {
  searchGames(query: string, options?: GameSearchOptions): Promise<GameSearchResult>;
  browseGames(query: BrowseQuery, signal?: AbortSignal): Promise<BrowseResult>;
  searchUsers(query: string, signal?: AbortSignal): Promise<UserSearchResult>;
  platforms(signal?: AbortSignal): Promise<Platform[]>;
  /**
   * Copies the database's catalogue onto the device (games it does not have yet), so that search
   * finds them offline. Resolves to how many games were added.
   */
  downloadCatalogue(signal?: AbortSignal): Promise<number>;
  /** Builds the device's index ahead of the first keystroke. */
  warm(): Promise<void>;
  readonly cache: MemoryCache<GameSearchResult>;
}

/** How long a device index is trusted before it is rebuilt in the background (other tabs, pulls). */
const INDEX_MAX_AGE_MS = 60_000;
/** The catalogue function's largest page. */
const CATALOGUE_FUNCTION_LIMIT = 50;
/** Games per catalogue_page call when the device downloads the catalogue. */
const CATALOGUE_PAGE = 2000;
/** Games converted and written per task while the catalogue downloads. */
const CATALOGUE_SLICE = 250;
/** How many games a browse search ranks before filtering and paging. */
const BROWSE_SEARCH_LIMIT = 200;

const abortError = () => new DOMException('The search was replaced by a newer one', 'AbortError');

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/** Resolves to [] on failure (spec: a failed variant yields an empty list). */
const orEmpty = <T>(p: Promise<T[]>): Promise<T[]> => p.catch(() => []);

export function createSearchService(deps: SearchServiceDeps): SearchService {
  const { db, remote, isOnline } = deps;
  const now = deps.now ?? Date.now;
  const whenIdle = deps.whenIdle ?? defaultWhenIdle;
  const cache = createMemoryCache<GameSearchResult>({ now, ...(deps.timer ? { timer: deps.timer } : {}) });

  // ---- the device's catalogue index -----------------------------------------------------------
  // A full index over every game on the device, rebuilt in the background when the table changed
  // behind our back (sync pulls, other tabs), plus a small index over the games this service has
  // added since, so a game found online is searchable offline straight away.
  let index: { built: LocalIndex; count: number; at: number } | undefined;
  let building: Promise<void> | undefined;
  let added: CatalogueEntry[] = [];
  let addedIndex: LocalIndex | undefined;

  // The index code (with Fuse.js for typos) loads with the first search or warm(), not with the
  // entry (docs/decisions/0006-first-visit-javascript-budget.md).
  let buildLocalIndex: typeof import('../../core/search/local-index.ts').buildLocalIndex | undefined;

  const rebuild = (): Promise<void> => {
    building ??= (async () => {
      const pending = added.length;
      const build = (buildLocalIndex ??= (await import('../../core/search/local-index.ts')).buildLocalIndex);
      const rows = await db.games.toArray();
      const entries = rows.flatMap((row) => fromDatabaseRow(row, row.id < 0) ?? []);
      index = { built: build(entries), count: rows.length, at: now() };
      // What was added while the rows were read stays in the small index.
      added = added.slice(pending);
      addedIndex = undefined;
    })().finally(() => {
      building = undefined;
    });
    return building;
  };

  const fullIndex = async (): Promise<LocalIndex> => {
    if (index === undefined) await rebuild();
    else {
      const count = await db.games.count();
      // Stale while revalidate: the old index answers, a new one is built beside it.
      if (count !== index.count + added.length || now() - index.at > INDEX_MAX_AGE_MS)
        void rebuild().catch(() => undefined);
    }
    if (index === undefined) throw new Error('Search index unavailable');
    return index.built;
  };

  // The header search asks for the device's answer as the member types, then for the merged answer
  // after the pause with the same text: the ranking of the first call is kept and reused by the
  // second, so a keystroke ranks the device's catalogue once, as long as neither index changed in
  // between. One entry is enough: a newer keystroke replaces it.
  let lastDevice: { key: string; built: LocalIndex; added: number; outcome: RankOutcome } | undefined;

  const searchDevice = async (query: string, limit: number): Promise<RankOutcome> => {
    const key = `${limit}:${prepareQuery(query).text}`;
    const kept = lastDevice;
    if (kept !== undefined && kept.key === key && kept.built === index?.built && kept.added === added.length)
      return kept.outcome;
    const built = await fullIndex();
    const outcome = rankOnDevice(built, query, limit);
    lastDevice = { key, built, added: added.length, outcome };
    return outcome;
  };

  const rankOnDevice = (built: LocalIndex, query: string, limit: number): RankOutcome => {
    const main = built.search(query, { nowSeconds: nowSeconds(), limit });
    if (added.length === 0 || !buildLocalIndex) return main;
    addedIndex ??= buildLocalIndex(added);
    const recent = addedIndex.search(query, { nowSeconds: nowSeconds(), limit });
    // The newer copy of a game wins (a database row that replaced a stand-in).
    const byId = new Map<number, SearchGame>();
    for (const r of [...main.ranked, ...recent.ranked]) byId.set(r.game.id, r.game);
    const ranked = rankGames([...byId.values()], prepareQuery(query), nowSeconds(), limit);
    return { ranked: ranked.ranked, filteredOut: main.filteredOut + recent.filteredOut + ranked.filteredOut };
  };

  const nowSeconds = () => Math.floor(now() / 1000);

  // ---- the device's catalogue, grown by what the network finds ---------------------------------
  /**
   * What a search or a browse page found is written for next time once the page is idle: on a first
   * visit the write opens (creates) the device's database, which would otherwise compete for the
   * main thread with the screen showing the answer.
   */
  const rememberWhenIdle = (entries: readonly CatalogueEntry[]): void => {
    if (entries.length === 0) return;
    whenIdle(() => void remember(entries).catch(() => undefined));
  };

  const remember = async (entries: readonly CatalogueEntry[]): Promise<number> => {
    if (entries.length === 0) return 0;
    const stamp = new Date(now()).toISOString();
    return db.transaction('rw', [db.games, db.shadows], async () => {
      const shadowed = new Set(
        (await db.shadows.where('[table+id]').between(['games', -Infinity], ['games', Infinity]).toArray()).map(
          (s) => s.id,
        ),
      );
      const known = await db.games
        .where('igdb_id')
        .anyOf(entries.map((e) => e.igdb_id))
        .toArray();
      const byIgdb = new Map<number, GameRow[]>();
      for (const row of known) byIgdb.set(row.igdb_id, [...(byIgdb.get(row.igdb_id) ?? []), row]);
      const puts: GameRow[] = [];
      const drops: number[] = [];
      for (const e of entries) {
        const rows = byIgdb.get(e.igdb_id) ?? [];
        if (e.local_id > 0) {
          // The database's row replaces the device's stand-in, unless a pending write owns it.
          for (const r of rows) if (r.id < 0 && !shadowed.has(r.id)) drops.push(r.id);
          if (!rows.some((r) => r.id === e.local_id)) puts.push(toGameRow(e, stamp));
        } else if (rows.length === 0) puts.push(toGameRow(e, stamp));
      }
      if (drops.length > 0) await db.games.bulkDelete(drops);
      if (puts.length > 0) await db.games.bulkPut(puts);
      const put = new Set(puts.map((r) => r.id));
      const fresh = entries.filter((e) => put.has(e.local_id));
      if (fresh.length > 0) {
        added = [...added, ...fresh];
        addedIndex = undefined;
      }
      return puts.length;
    });
  };

  async function downloadCatalogue(signal?: AbortSignal): Promise<number> {
    let added = 0;
    let after: number | null = 0;
    while (after !== null) {
      throwIfAborted(signal);
      const page = await remote.cataloguePage(after, CATALOGUE_PAGE, signal);
      // Converted and written a slice at a time, the page getting its turn in between: a page of
      // 2,000 games in one go was a long task while the member was using the screen.
      for (let start = 0; start < page.games.length; start += CATALOGUE_SLICE) {
        if (start > 0) await yieldToPage();
        throwIfAborted(signal);
        const slice = page.games.slice(start, start + CATALOGUE_SLICE);
        added += await remember(slice.flatMap((row) => fromDatabaseRow(row) ?? []));
      }
      after = page.next;
    }
    return added;
  }

  // ---- games ----------------------------------------------------------------------------------
  const emptyResult = (query: string): GameSearchResult => ({
    query,
    games: [],
    source: 'database',
    filteredOut: 0,
    fromDevice: !isOnline(),
    complete: true,
  });

  async function askNetwork(
    query: string,
    remoteLimit: number,
    signal: AbortSignal | undefined,
  ): Promise<{ database: CatalogueEntry[]; igdb: CatalogueEntry[]; reached: boolean }> {
    let reached = false;
    const note = <T>(p: Promise<T>) =>
      p.then((v) => {
        reached = true;
        return v;
      });
    const variants = buildVariants(query);
    const [database, main, ...more] = await Promise.all([
      orEmpty(note(remote.searchDatabase(query, Math.min(remoteLimit, SECURE_LIMIT_ORIGINAL), signal))),
      orEmpty(note(remote.searchCatalogue(query, Math.min(remoteLimit, CATALOGUE_FUNCTION_LIMIT), signal))),
      ...variants.map((v) => orEmpty(note(remote.searchCatalogue(v.searchTerm, v.limit, signal)))),
    ]);
    return {
      database: database.flatMap((row) => fromDatabaseRow(row) ?? []),
      igdb: [main, ...more].flat().flatMap((raw) => fromIgdbGame(raw) ?? []),
      reached,
    };
  }

  async function addRatings(entries: CatalogueEntry[], signal: AbortSignal | undefined): Promise<CatalogueEntry[]> {
    try {
      const stats = await remote.ratingStats([...new Set(entries.map((e) => e.igdb_id))], signal);
      const map = new Map(
        stats.map((s) => [s.igdb_id, { avg: s.avg_user_rating, count: s.user_rating_count, gameId: s.game_id }]),
      );
      return entries.map((e) => withStats(e, map));
    } catch {
      return entries;
    }
  }

  async function searchGames(raw: string, options: GameSearchOptions = {}): Promise<GameSearchResult> {
    const { signal, onLocal } = options;
    const limit = options.limit ?? SUGGESTION_LIMIT;
    const query = sanitizeQuery(raw);
    const prepared = prepareQuery(query);
    if (prepared.text === '' || query.length < MIN_QUERY_LENGTH) return emptyResult(query);
    const remoteLimit =
      options.remoteLimit ?? (prepared.franchise !== undefined ? FRANCHISE_SEARCH_PAGE_SIZE : SEARCH_PAGE_SIZE);
    const key = `${limit}:${remoteLimit}:${prepared.text}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    throwIfAborted(signal);

    const local = await searchDevice(query, Math.max(limit, SEARCH_PAGE_SIZE));
    throwIfAborted(signal);
    const deviceEntries = local.ranked.map((r) => r.game as CatalogueEntry);
    const deviceAnswer: GameSearchResult = {
      query,
      games: deviceEntries.slice(0, limit).map(toHit),
      source: 'database',
      filteredOut: local.filteredOut,
      fromDevice: true,
      complete: !isOnline(),
    };
    if (!isOnline()) return deviceAnswer;
    if (options.deviceOnly === true) return deviceAnswer;
    onLocal?.(deviceAnswer);

    const network = await askNetwork(query, remoteLimit, signal);
    throwIfAborted(signal);
    if (!network.reached) return { ...deviceAnswer, complete: true };
    // With Fuse.js, like the device's index: loaded on demand, not with the entry.
    const { mergeResults } = await import('../../core/search/merge.ts');
    const merged = mergeResults([...deviceEntries, ...network.database], network.igdb, query, {
      nowSeconds: nowSeconds(),
      limit,
    });
    const entries = await addRatings(
      merged.games.map((r) => r.game as CatalogueEntry),
      signal,
    );
    throwIfAborted(signal);
    rememberWhenIdle([...network.database, ...entries.filter((e) => e.fromIGDB)]);
    const result: GameSearchResult = {
      query,
      games: entries.map(toHit),
      source: merged.source,
      filteredOut: merged.filteredOut,
      fromDevice: false,
      complete: true,
    };
    cache.set(key, result);
    return result;
  }

  // ---- browse ---------------------------------------------------------------------------------
  let platformList: Platform[] | undefined;

  async function platforms(signal?: AbortSignal): Promise<Platform[]> {
    if (platformList) return platformList;
    if (isOnline()) {
      try {
        const list = await remote.platforms(signal);
        // Kept for offline use, once the page is idle (the write opens the device's database).
        whenIdle(() => void db.platforms.bulkPut(list.map((p) => ({ ...p }))).catch(() => undefined));
        platformList = list;
        return list;
      } catch {
        // Fall through to the device's list.
      }
    }
    const stored = await db.platforms.toArray();
    const { compare } = new Intl.Collator(undefined, { sensitivity: 'base' });
    return stored.sort((a, b) => compare(a.name, b.name));
  }

  async function browseGames(query: BrowseQuery, signal?: AbortSignal): Promise<BrowseResult> {
    const text = sanitizeQuery(query.q);
    const names =
      query.platforms.length > 0
        ? new Map((await platforms(signal)).map((p) => [p.id, p.name]))
        : new Map<number, string>();
    if (text !== '') {
      const found = await searchGames(text, {
        limit: BROWSE_SEARCH_LIMIT,
        remoteLimit: SECURE_LIMIT_ORIGINAL,
        ...(signal ? { signal } : {}),
      });
      const page = browseOnDevice(found.games, query, names);
      return { ...page, source: found.source, filteredOut: found.filteredOut, fromDevice: found.fromDevice };
    }
    if (isOnline()) {
      try {
        const offset = (query.page - 1) * BROWSE_PAGE_SIZE;
        const answer = await remote.browse(query, BROWSE_PAGE_SIZE, offset, signal);
        const entries = answer.games.flatMap((row) => fromDatabaseRow(row) ?? []);
        rememberWhenIdle(entries);
        return {
          games: entries.map(toHit),
          total: answer.total,
          source: 'database',
          filteredOut: 0,
          fromDevice: false,
        };
      } catch (error) {
        if (signal?.aborted) throw error;
        // The device's catalogue answers instead, and the screen says so.
      }
    }
    throwIfAborted(signal);
    const rows = await db.games.toArray();
    const hits = rows.flatMap((row) => {
      const e = fromDatabaseRow(row, row.id < 0);
      return e ? [toHit(e)] : [];
    });
    return { ...browseOnDevice(hits, query, names), source: 'database', filteredOut: 0, fromDevice: true };
  }

  // ---- users ----------------------------------------------------------------------------------
  async function usersOnDevice(text: string): Promise<UserHit[]> {
    const needle = text.toLowerCase();
    const rows = await db.users
      .filter((u) => [u.username, u.name, u.bio].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)))
      .limit(USER_SEARCH_LIMIT)
      .toArray();
    return rows.map(toUserHit);
  }

  async function searchUsers(raw: string, signal?: AbortSignal): Promise<UserSearchResult> {
    const text = sanitizeMemberQuery(raw);
    if (text.length < MIN_QUERY_LENGTH) return { users: [], fromDevice: !isOnline() };
    if (isOnline()) {
      try {
        return { users: await remote.searchUsers(text, USER_SEARCH_LIMIT, signal), fromDevice: false };
      } catch (error) {
        if (signal?.aborted) throw error;
      }
    }
    return { users: await usersOnDevice(text), fromDevice: true };
  }

  return {
    searchGames,
    browseGames,
    searchUsers,
    platforms,
    cache,
    downloadCatalogue,
    warm: async () => {
      await fullIndex();
    },
  };
}
