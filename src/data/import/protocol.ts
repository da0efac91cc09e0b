// Messages between the page (client.ts) and the import worker (worker.ts).
import type { ColumnMapping } from '../../core/import/columns.ts';
import type { RowMatch } from '../../core/import/match.ts';
import type { ParsedImport } from '../../core/import/types.ts';

export type ToWorker =
  | { readonly type: 'read'; readonly bytes: ArrayBuffer; readonly today: string; readonly nowSeconds: number }
  | { readonly type: 'match'; readonly mapping: ColumnMapping | null };

export interface FileShape {
  readonly kind: 'checkpoint' | 'grouvee' | 'csv';
  readonly encoding: string;
  /** Plain CSV only: its header, a few rows to show beside the mapping, and the guessed mapping. */
  readonly header: readonly string[];
  readonly sample: ReadonlyArray<readonly string[]>;
  readonly guess: ColumnMapping | null;
  readonly rowCount: number;
}

export type ImportPhase = 'reading' | 'catalogue' | 'matching' | 'searching';

export type FromWorker =
  | { readonly type: 'shape'; readonly shape: FileShape }
  | { readonly type: 'progress'; readonly phase: ImportPhase; readonly done: number; readonly total: number }
  | {
      readonly type: 'matched';
      readonly parsed: ParsedImport;
      readonly matches: Array<[number, RowMatch]>;
      readonly unsettled: number[];
    }
  | { readonly type: 'error'; readonly reason: string; readonly message: string };

/** The reason a read stops with when the member cancels it (the dialog then says nothing more). */
export const READ_CANCELLED = 'cancelled';
