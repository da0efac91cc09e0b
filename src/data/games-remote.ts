// The game page's network calls: get_game_page (the game by id, external id or slug,
// with its related games), and the catalogue function for games our database does not have yet
// (getById) and for the carousels' bulk queries (DLCs by parent_game, limit 20, release date
// ascending; mods by parent_game, limit 30, release date descending; the parent game in two
// sequential requests). The carousel calls fail silently with an empty answer, as the spec says.
import { gamePageAnswer, type GamePageCard } from '../core/guards/server-answers.ts';
import type { CarouselGame } from '../core/game-page.ts';
import { DLC_LIMIT, MODS_LIMIT } from '../core/game-page.ts';
import { backend, localDb, readRpc } from './backend.ts';
import { trackRead } from './direct-rpc.ts';
import { gamePageRead } from './first-read.ts';
import type { GameRow } from '../store/db.ts';
import { rememberCatalogueGame, rememberServerGame } from './repos/game-page.ts';
import { fromIgdbGame } from '../core/search/catalogue-entry.ts';

type Loose = Record<string, unknown>;

/** The category lookup's time-out (the spec's "category 8 s"); the other bulk calls share it. */
const CATALOGUE_TIMEOUT_MS = 8_000;
const CARD_FIELDS = 'id,name,slug,summary,cover.url,category,first_release_date,parent_game';

export interface RemoteGamePage {
  /** The game's row as the server holds it (the one stored on the device, as it is). */
  readonly row: GameRow;
  /** Our database's id of the game (the read-through scope). */
  readonly id: number;
  readonly igdbId: number;
  readonly slug: string | null;
  readonly parent: CarouselGame | null;
  readonly dlcs: CarouselGame[];
  /** The members' ratings as the server counted them (shown until the device has the ratings). */
  readonly ratings: { readonly count: number; readonly average: number | null } | null;
}

function fromCard(c: GamePageCard): CarouselGame {
  const date = c.release_date ?? null;
  return {
    igdb_id: c.igdb_id,
    name: c.name,
    slug: c.slug ?? null,
    cover_url: c.cover_url ?? null,
    category: c.category ?? null,
    first_release_date:
      date && /^\d{4}-\d{2}-\d{2}/.test(date) ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 1000 : null,
    release_year: c.release_year ?? null,
    summary: c.summary ?? null,
  };
}

/** An IGDB-shaped game of the catalogue function as a carousel tile, or null when unusable. */
export function carouselGameOf(raw: Loose): CarouselGame | null {
  const e = fromIgdbGame(raw);
  if (!e) return null;
  return {
    igdb_id: e.igdb_id,
    name: e.name,
    slug: e.slug,
    cover_url: e.cover_url,
    category: e.category ?? null,
    first_release_date: e.first_release_date ?? null,
    release_year: e.release_year ?? null,
    summary: e.summary ?? null,
    developer: e.developer ?? null,
    publisher: e.publisher ?? null,
  };
}

/**
 * get_game_page for an identifier: null when the database has no such game. Rejects with the
 * server's message ('Invalid or missing game identifier') or a network error.
 */
export function fetchGamePage(identifier: string, signal?: AbortSignal): Promise<RemoteGamePage | null> {
  // Tracked until the game is stored: the first screen shows it from there (first-screen.ts).
  return trackRead(gamePage(identifier, signal));
}

async function gamePage(identifier: string, signal?: AbortSignal): Promise<RemoteGamePage | null> {
  const read = gamePageRead(identifier);
  const { data, error } = await readRpc(read.fn, read.args, signal);
  if (error) throw new Error(error.message);
  if (data === null || data === undefined) return null;
  // Checked by hand, not with zod: the game page's first screen waits for this answer (guards/).
  const page = gamePageAnswer(data);
  // A first visit shows the game from this answer, not after the read-through's own round trip
  // (that one still runs and brings the reviews). Not stored (quota, a closing page): the
  // read-through stores it. The answer does not wait for the write (the screen can show `row` at
  // once, use-game-page.ts); the write is tracked, so the first screen counts as shown only once
  // the game is on the device (first-screen.ts).
  void trackRead(rememberServerGame(localDb(), page.game).catch(() => undefined));
  return {
    row: { ...page.game, slug: page.game.slug ?? null },
    id: page.game.id,
    igdbId: page.game.igdb_id,
    slug: page.game.slug ?? null,
    parent: page.related.parent ? fromCard(page.related.parent) : null,
    dlcs: (page.related.dlcs ?? []).map(fromCard),
    ratings: page.ratings ? { count: page.ratings.count, average: page.ratings.average } : null,
  };
}

async function invokeCatalogue(body: Loose, signal?: AbortSignal): Promise<Loose[]> {
  const supabase = await backend();
  const timeout = AbortSignal.timeout(CATALOGUE_TIMEOUT_MS);
  const { data, error } = await supabase.functions.invoke('igdb-search', {
    body,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (error) throw new Error(error.message);
  // Its zod schema loads with the first catalogue call (a game not in our database, its DLCs or
  // mods), not with the game page's first screen.
  const answer = (await import('./search/remote-schemas.ts')).CatalogueAnswer().parse(data);
  if (!answer.success) throw new Error(answer.error ?? 'Failed to load games');
  return answer.games;
}

/** The catalogue function's game by external id (getById), IGDB-shaped, or null. */
export async function fetchCatalogueGame(igdbId: number, signal?: AbortSignal): Promise<Loose | null> {
  const games = await invokeCatalogue({ type: 'getById', gameId: igdbId }, signal);
  return games[0] ?? null;
}

const bulk = (requestBody: string, signal?: AbortSignal) =>
  invokeCatalogue({ isBulkRequest: true, endpoint: 'games', requestBody }, signal);

const tiles = (games: Loose[]): CarouselGame[] => games.flatMap((g) => carouselGameOf(g) ?? []);

/** DLCs: by parent_game, limit 20, release date ascending. Empty on any failure. */
export async function fetchDlcs(igdbId: number, signal?: AbortSignal): Promise<CarouselGame[]> {
  try {
    return tiles(
      await bulk(
        `fields ${CARD_FIELDS}; where parent_game = ${igdbId}; sort first_release_date asc; limit ${DLC_LIMIT};`,
        signal,
      ),
    );
  } catch {
    return []; // The spec: "Failures silently return empty lists or null."
  }
}

/** Mods: by parent_game, limit 30, release date descending (the page shows 15). Empty on any failure. */
export async function fetchMods(igdbId: number, signal?: AbortSignal): Promise<CarouselGame[]> {
  try {
    return tiles(
      await bulk(
        `fields ${CARD_FIELDS}; where parent_game = ${igdbId}; sort first_release_date desc; limit ${MODS_LIMIT};`,
        signal,
      ),
    );
  } catch {
    return [];
  }
}

/** The parent game of a DLC, in two sequential requests (its parent_game, then the parent). Null on any failure. */
export async function fetchParent(igdbId: number, signal?: AbortSignal): Promise<CarouselGame | null> {
  try {
    const [self] = await bulk(`fields id,category,parent_game; where id = (${igdbId}); limit 1;`, signal);
    const parentId = typeof self?.['parent_game'] === 'number' ? self['parent_game'] : null;
    if (parentId === null) return null;
    const [parent] = await bulk(`fields ${CARD_FIELDS}; where id = (${parentId}); limit 1;`, signal);
    return parent ? carouselGameOf(parent) : null;
  } catch {
    return null;
  }
}

/**
 * A game only the catalogue function knows: fetched by external id and kept on the device as a
 * stand-in, so the page reads it from IndexedDB like any other. False when the catalogue has no such game.
 */
export async function openCatalogueGame(igdbId: number, signal?: AbortSignal): Promise<boolean> {
  const raw = await fetchCatalogueGame(igdbId, signal);
  if (!raw) return false;
  return (await rememberCatalogueGame(localDb(), raw)) !== null;
}
