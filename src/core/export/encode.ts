// The export's files: JSON as is, CSV as a .zip of one file per table. Only imported on demand
// (`import()` when a member exports), so papaparse and fflate stay out of every screen's code.
import { strToU8, zipSync, type Zippable } from 'fflate';
import Papa from 'papaparse';
import type { CheckpointExport } from './schema.ts';
import { exportTables, type Cell, type CsvTable } from './tables.ts';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BOM = '\uFEFF';

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

/** The CSV tables in one .zip (deflated; each file keeps the export's time). */
export function exportCsvZip(data: CheckpointExport): Uint8Array {
  const mtime = new Date(data.exported_at);
  const files: Zippable = {};
  for (const table of exportTables(data)) files[table.file] = [strToU8(toCsv(table)), { mtime }];
  return zipSync(files, { level: 6 });
}
