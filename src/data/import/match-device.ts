// Matching an import's rows against the device's catalogue, run by the import worker
// (worker.ts) and by the bench: by IGDB id where the row has one, otherwise by name and year
// through the search's own ranking (the device index of core/search). Rows the device cannot settle
// are left for the catalogue function (match-remote.ts).
import { decideMatch, type RowMatch } from '../../core/import/match.ts';
import type { ImportRow } from '../../core/import/types.ts';
import { buildLocalIndex, type LocalIndex } from '../../core/search/local-index.ts';
import { normalizeText } from '../../core/search/normalize.ts';
import type { GameRow } from '../../store/db.ts';
import { fromDatabaseRow, type CatalogueEntry } from '../../core/search/catalogue-entry.ts';
import { fromEntry } from './candidates.ts';

/** Candidates the ranking is asked for per row. */
const RANKED = 10;

export interface DeviceCatalogue {
  /** The search's device index, built on first use (most rows settle by their exact title first). */
  index(): LocalIndex;
  readonly byIgdb: ReadonlyMap<number, CatalogueEntry>;
  /** Folded title → games of that title. */
  readonly byName: ReadonlyMap<string, readonly CatalogueEntry[]>;
}

export function deviceCatalogue(rows: readonly GameRow[]): DeviceCatalogue {
  const entries = rows.flatMap((row) => fromDatabaseRow(row, row.id < 0) ?? []);
  const byIgdb = new Map<number, CatalogueEntry>();
  // A database row (positive id) wins over the device's stand-in for the same game.
  for (const e of entries) if (!byIgdb.has(e.igdb_id) || e.local_id > 0) byIgdb.set(e.igdb_id, e);
  const byName = new Map<string, CatalogueEntry[]>();
  for (const e of byIgdb.values()) {
    const key = normalizeText(e.name);
    const list = byName.get(key);
    if (list) list.push(e);
    else byName.set(key, [e]);
  }
  let index: LocalIndex | undefined;
  return { index: () => (index ??= buildLocalIndex(entries)), byIgdb, byName };
}

export interface DeviceMatch {
  readonly matches: Map<number, RowMatch>;
  /** Lines the device could not settle (needs a choice or not found): the catalogue function is asked next. */
  readonly unsettled: number[];
}

export function matchOnDevice(
  rows: readonly ImportRow[],
  catalogue: DeviceCatalogue,
  nowSeconds: number,
  onProgress?: (done: number) => void,
): DeviceMatch {
  const matches = new Map<number, RowMatch>();
  const unsettled: number[] = [];
  rows.forEach((row, i) => {
    if (row.igdb_id !== null) {
      const known = catalogue.byIgdb.get(row.igdb_id);
      // A Checkpoint export names its games: the id decides, even when the device lacks the game's details.
      matches.set(row.line, {
        kind: 'matched',
        by: 'igdb_id',
        game: known
          ? fromEntry(known)
          : { igdb_id: row.igdb_id, name: row.title, year: row.year, cover_url: null, summary: { name: row.title } },
      });
    } else {
      // A title the catalogue has exactly (and, with the year, only once) is settled without ranking:
      // the ranking would put that game first anyway (an exact name is its top tier).
      const exact = decideMatch(row, (catalogue.byName.get(normalizeText(row.title)) ?? []).map(fromEntry));
      if (exact.kind === 'matched') {
        matches.set(row.line, exact);
        if (onProgress && (i + 1) % 100 === 0) onProgress(i + 1);
        return;
      }
      const ranked = catalogue
        .index()
        .search(row.title, { nowSeconds, limit: RANKED })
        .ranked.map((r) => fromEntry(r.game as CatalogueEntry));
      const match = decideMatch(row, ranked);
      matches.set(row.line, match);
      if (match.kind !== 'matched') unsettled.push(row.line);
    }
    if (onProgress && (i + 1) % 100 === 0) onProgress(i + 1);
  });
  onProgress?.(rows.length);
  return { matches, unsettled };
}
