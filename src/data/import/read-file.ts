// The import's reading and device matching, as one object the worker (worker.ts) drives and tests
// and the bench call directly: file bytes → its shape → rows → matches against the catalogue.
import type { ColumnMapping } from '../../core/import/columns.ts';
import { ImportFileError } from '../../core/import/constants.ts';
import { readFileKind, readRows, type FileKind } from '../../core/import/parse.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { deviceCatalogue, matchOnDevice } from './match-device.ts';
import type { FileShape, FromWorker } from './protocol.ts';

const SAMPLE_ROWS = 3;

export interface ImportReader {
  shape(): FileShape;
  match(mapping: ColumnMapping | null): Promise<Extract<FromWorker, { type: 'matched' }>>;
}

export function createImportReader(
  db: CheckpointDb,
  bytes: Uint8Array,
  today: string,
  nowSeconds: number,
  post: (m: FromWorker) => void,
): ImportReader {
  const file: FileKind = readFileKind(bytes);
  return {
    shape: () => ({
      kind: file.kind,
      encoding: file.encoding,
      header: file.kind === 'csv' ? file.sheet.header : [],
      sample: file.kind === 'csv' ? file.sheet.rows.slice(0, SAMPLE_ROWS) : [],
      guess: file.kind === 'csv' ? file.guess : null,
      rowCount: file.kind === 'checkpoint' ? 0 : file.sheet.rows.length,
    }),
    async match(mapping) {
      const parsed = readRows(file, today, mapping ?? undefined);
      post({ type: 'progress', phase: 'catalogue', done: 0, total: parsed.rows.length });
      const needsIndex = parsed.rows.some((r) => r.igdb_id === null);
      const games = needsIndex
        ? await db.games.toArray()
        : await db.games
            .where('igdb_id')
            .anyOf(parsed.rows.map((r) => r.igdb_id ?? 0))
            .toArray();
      const catalogue = deviceCatalogue(games);
      const { matches, unsettled } = matchOnDevice(parsed.rows, catalogue, nowSeconds, (done) =>
        post({ type: 'progress', phase: 'matching', done, total: parsed.rows.length }),
      );
      return { type: 'matched', parsed, matches: [...matches], unsettled };
    },
  };
}

export const errorMessage = (error: unknown): FromWorker =>
  error instanceof ImportFileError
    ? { type: 'error', reason: error.reason, message: error.message }
    : { type: 'error', reason: 'failed', message: error instanceof Error ? error.message : String(error) };
