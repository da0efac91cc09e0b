// Loads IGDB-shaped catalogue rows (the bundled seed, or CATALOGUE_FILE's JSON lines such as the
// 70,000-game shared catalogue) into the game, platform and platform_games tables through
// import_catalogue. The seed rows are the catalogue function's own (one copy of the data).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { SEED_ROWS } from '../functions/igdb-search/seed-catalogue.ts';
import type { Db } from './db.ts';

const BATCH = 1000;

/** The rows of a JSON-lines file, one at a time; a malformed line is named. */
async function* readJsonLines(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo += 1;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line);
    } catch {
      throw new Error(`${file}:${lineNo}: not valid JSON`);
    }
  }
}

/**
 * Imports every row of `file` (JSON lines), or of the bundled seed when `file` is undefined;
 * returns the number of games.
 */
export async function importCatalogue(db: Db, file?: string, onProgress?: (n: number) => void): Promise<number> {
  let batch: unknown[] = [];
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(batch)]);
    total += batch.length;
    batch = [];
    onProgress?.(total);
  };
  for await (const row of file === undefined ? SEED_ROWS : readJsonLines(file)) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  // Fresh GIN entries sit in pending lists and the planner has no statistics until the table is
  // analysed; PGlite runs no autovacuum, so search stays slow after a bulk import without this.
  await db.exec('vacuum analyze public.game');
  return total;
}
