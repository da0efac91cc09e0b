// Loads IGDB-shaped JSON lines (the bundled seed, or CATALOGUE_FILE such as the 70,000-game
// shared catalogue) into the game, platform and platform_games tables through import_catalogue.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db.ts';

export const SEED_CATALOGUE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'catalogue.jsonl');
const BATCH = 1000;

/** Imports every line of the file; returns the number of games. A malformed line is named. */
export async function importCatalogue(db: Db, file = SEED_CATALOGUE, onProgress?: (n: number) => void): Promise<number> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: unknown[] = [];
  let total = 0;
  let lineNo = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(batch)]);
    total += batch.length;
    batch = [];
    onProgress?.(total);
  };
  for await (const line of lines) {
    lineNo += 1;
    if (line.trim() === '') continue;
    try {
      batch.push(JSON.parse(line));
    } catch {
      throw new Error(`${file}:${lineNo}: not valid JSON`);
    }
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  // Fresh GIN entries sit in pending lists and the planner has no statistics until the table is
  // analysed; PGlite runs no autovacuum, so search stays slow after a bulk import without this.
  await db.exec('vacuum analyze public.game');
  return total;
}
