// The local catalogue (no IGDB credentials): CATALOGUE_FILE (JSON lines, read at run time) or the
// bundled seed (a JSON module, see seed-catalogue.ts), built once per module on first use, with
// lookups by id and by parent, and the search index.
import { getEnv } from '../_shared/env.ts';
import { readText } from '../_shared/read-text.ts';
import { toCatalogueGame, type CatalogueGame } from './catalogue-row.ts';
import { SearchIndex } from './search-index.ts';
import { SEED_ROWS } from './seed-catalogue.ts';

export interface Catalogue {
  readonly games: readonly CatalogueGame[];
  readonly byId: ReadonlyMap<number, CatalogueGame>;
  readonly children: ReadonlyMap<number, readonly CatalogueGame[]>;
  readonly index: SearchIndex;
}

function parseLines(text: string): CatalogueGame[] {
  const games: CatalogueGame[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const row: unknown = JSON.parse(line);
      const game =
        typeof row === 'object' && row !== null ? toCatalogueGame(row as Record<string, unknown>) : undefined;
      if (game) games.push(game);
    } catch {
      // A broken line is skipped; the rest of the catalogue still loads.
    }
  }
  return games;
}

function seedGames(): CatalogueGame[] {
  return SEED_ROWS.flatMap((row) => toCatalogueGame(row) ?? []);
}

export function buildCatalogue(games: CatalogueGame[]): Catalogue {
  const byId = new Map<number, CatalogueGame>();
  const byName = new Map<string, number>();
  for (const g of games) {
    if (!byId.has(g.id)) byId.set(g.id, g);
    if (!byName.has(g.name)) byName.set(g.name, g.id);
  }
  const children = new Map<number, CatalogueGame[]>();
  for (const g of byId.values()) {
    if (g.game.parent_game === undefined && g.parentName !== undefined) {
      const parent = byName.get(g.parentName);
      if (parent !== undefined && parent !== g.id) g.game.parent_game = parent;
    }
    const parent = g.game.parent_game;
    if (typeof parent !== 'number') continue;
    const list = children.get(parent);
    if (list) list.push(g);
    else children.set(parent, [g]);
  }
  for (const [parentId, list] of children) {
    const parent = byId.get(parentId);
    if (!parent) continue;
    const ids = (codes: readonly number[]) =>
      list.filter((c) => codes.includes(c.game.category as number)).map((c) => c.id);
    const dlcs = ids([1]);
    const expansions = ids([2, 4]);
    if (dlcs.length) parent.game.dlcs = dlcs;
    if (expansions.length) parent.game.expansions = expansions;
  }
  const unique = [...byId.values()];
  const index = new SearchIndex(
    unique.map((g) => ({
      names: [g.name, ...g.alternativeNames],
      popularity: typeof g.game.rating_count === 'number' ? g.game.rating_count : 0,
    })),
  );
  return { games: unique, byId, children, index };
}

const loaded = new Map<string, Promise<Catalogue>>();

/** The CATALOGUE_FILE path, or undefined for the bundled seed. */
export function catalogueSource(): string | undefined {
  return getEnv('CATALOGUE_FILE');
}

export function loadCatalogue(source: string | undefined = catalogueSource()): Promise<Catalogue> {
  const key = source ?? '';
  let pending = loaded.get(key);
  if (!pending) {
    pending =
      source === undefined
        ? Promise.resolve().then(() => buildCatalogue(seedGames()))
        : readText(source).then((text) => buildCatalogue(parseLines(text)));
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}
