// The export's files: JSON as is, CSV as a .zip of one file per table. Only imported on demand
// (`import()` when a member exports), so papaparse and fflate stay out of every screen's code.
import { strToU8, Zip, ZipDeflate } from 'fflate';
import Papa from 'papaparse';
import type { CheckpointExport } from './schema.ts';
import { exportTables, type Cell, type CsvTable } from './tables.ts';
import { nextTask } from '../yield-to-page.ts';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BOM = '\uFEFF';
/** fflate's default; see the bench (`export.csv_zip`) for what each level costs. */
const ZIP_LEVEL = 6;

/**
 * One table as RFC 4180 CSV: CRLF line ends, a field holding a comma, a quote or a line break in
 * double quotes (quotes doubled), UTF-8 with a BOM. A text starting with = + - @ is prefixed with
 * an apostrophe so a spreadsheet does not run it as a formula (papaparse's escapeFormulae).
 */
export function toCsv(table: Pick<CsvTable, 'header' | 'rows'>): string {
  const rows = table.rows.map((row) => row.map((cell: Cell) => (cell === null ? '' : String(cell))));
  return BOM + Papa.unparse({ fields: [...table.header], data: rows }, { newline: '\r\n', escapeFormulae: true });
}

export function exportJson(data: CheckpointExport): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** How far the .zip is: `done` of `total` files written. */
export type OnFile = (progress: { done: number; total: number }) => void;

/**
 * The CSV tables in one .zip (deflated; each file keeps the export's time), one file at a time
 * with a new task after each (behind React's render of the progress), so the dialog can say how
 * far it is.
 */
export async function exportCsvZip(data: CheckpointExport, onFile?: OnFile): Promise<Uint8Array> {
  const mtime = new Date(data.exported_at);
  const tables = exportTables(data);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [i, table] of tables.entries()) {
    const file = new ZipDeflate(table.file, { level: ZIP_LEVEL });
    file.mtime = mtime;
    zip.add(file);
    file.push(strToU8(toCsv(table)), true);
    onFile?.({ done: i + 1, total: tables.length });
    await nextTask();
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
