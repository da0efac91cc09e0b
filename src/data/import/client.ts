// The page's side of an import's reading: the worker (worker.ts) decodes, parses and
// matches on the device; rows it cannot settle are then asked of the search (our database and the
// catalogue function, ranked and merged as the header search does) a few at a time. The worker's
// code loads only when a member imports.
import type { ColumnMapping } from '../../core/import/columns.ts';
import { IMPORT_REMOTE_CONCURRENCY } from '../../core/import/constants.ts';
import { decideMatch, type RowMatch } from '../../core/import/match.ts';
import type { ImportRow, ParsedImport } from '../../core/import/types.ts';
import type { GameHit } from '../search/types.ts';
import { fromHit } from './candidates.ts';
import { READ_CANCELLED, type FileShape, type FromWorker, type ImportPhase } from './protocol.ts';

export interface ImportProgressEvent {
  readonly phase: ImportPhase;
  readonly done: number;
  readonly total: number;
}

export interface ImportSession {
  readonly shape: FileShape;
  /** Parses with `mapping` (plain CSV) and matches every row; `search` asks the network for unsettled rows (null: offline). */
  match(
    mapping: ColumnMapping | null,
    search: ((title: string) => Promise<readonly GameHit[]>) | null,
  ): Promise<{ parsed: ParsedImport; matches: Map<number, RowMatch> }>;
  close(): void;
}

export class ImportReadError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportReadError';
  }
}

const localDay = (d = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Starts reading `file` in a worker; resolves once its kind (and a plain CSV's columns) is known.
 * `signal` cancels the read at any point (the worker is ended, the pending step rejects with
 * reason READ_CANCELLED).
 */
export async function openImportFile(
  file: Blob,
  onProgress: (p: ImportProgressEvent) => void,
  signal?: AbortSignal,
): Promise<ImportSession> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'checkpoint-import' });
  let waiting: { resolve: (m: FromWorker) => void; reject: (e: Error) => void } | null = null;
  const cancel = () => {
    worker.terminate();
    waiting?.reject(new ImportReadError(READ_CANCELLED, 'The import was cancelled.'));
    waiting = null;
  };
  signal?.addEventListener('abort', cancel, { once: true });
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const m = event.data;
    if (m.type === 'progress') {
      onProgress(m);
      return;
    }
    const w = waiting;
    waiting = null;
    if (m.type === 'error') w?.reject(new ImportReadError(m.reason, m.message));
    else w?.resolve(m);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    waiting?.reject(new ImportReadError('failed', 'The file could not be read on this device.'));
    waiting = null;
  };
  const next = () =>
    new Promise<FromWorker>((resolve, reject) => {
      if (signal?.aborted) reject(new ImportReadError(READ_CANCELLED, 'The import was cancelled.'));
      else waiting = { resolve, reject };
    });
  try {
    const bytes = await file.arrayBuffer();
    const answer = next();
    worker.postMessage({ type: 'read', bytes, today: localDay(), nowSeconds: Math.floor(Date.now() / 1000) }, [bytes]);
    const shaped = await answer;
    if (shaped.type !== 'shape') throw new ImportReadError('failed', 'The file could not be read on this device.');
    return {
      shape: shaped.shape,
      async match(mapping, search) {
        const answer = next();
        worker.postMessage({ type: 'match', mapping });
        const done = await answer;
        if (done.type !== 'matched') throw new ImportReadError('failed', 'The file could not be read on this device.');
        const matches = new Map(done.matches);
        if (search && done.unsettled.length > 0) {
          const unsettled = new Set(done.unsettled);
          await matchRemotely(
            done.parsed.rows.filter((r) => unsettled.has(r.line)),
            matches,
            search,
            onProgress,
            IMPORT_REMOTE_CONCURRENCY,
            signal,
          );
          if (signal?.aborted) throw new ImportReadError(READ_CANCELLED, 'The import was cancelled.');
        }
        return { parsed: done.parsed, matches };
      },
      close: () => {
        signal?.removeEventListener('abort', cancel);
        worker.terminate();
      },
    };
  } catch (error) {
    worker.terminate();
    throw error;
  }
}

/**
 * Rows the device could not settle, asked of the search a few at a time. The device's candidates
 * are kept when the network has nothing better (or fails: offline, the row stays as it was).
 */
export async function matchRemotely(
  rows: readonly ImportRow[],
  matches: Map<number, RowMatch>,
  search: (title: string) => Promise<readonly GameHit[]>,
  onProgress?: (p: ImportProgressEvent) => void,
  concurrency = IMPORT_REMOTE_CONCURRENCY,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < rows.length && !signal?.aborted) {
      const row = rows[next++];
      if (!row) continue;
      try {
        const hits = await search(row.title);
        const decided = decideMatch(row, hits.map(fromHit));
        const before = matches.get(row.line);
        if (decided.kind !== 'none' || before === undefined) matches.set(row.line, decided);
      } catch {
        // The network failed for this row: the device's answer stands, and the member can search by hand.
      }
      done++;
      onProgress?.({ phase: 'searching', done, total: rows.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
}
