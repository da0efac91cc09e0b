// CSV text → a header and rows (papaparse): RFC 4180 quoting, quoted newlines, CRLF or LF, and the
// separator guessed among , ; tab and | (spreadsheets in many locales save with ";"). Broken quoting
// is refused with the row it is on, never half read.
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS, IMPORT_TEXT, ImportFileError } from './constants.ts';

export interface CsvSheet {
  readonly header: readonly string[];
  /** Data rows, each with one cell per header column (missing cells are ''). */
  readonly rows: ReadonlyArray<readonly string[]>;
  readonly delimiter: string;
}

export function parseCsv(text: string): CsvSheet {
  const result = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const quoting = result.errors.find((e) => e.type === 'Quotes');
  if (quoting) {
    const row = quoting.row === undefined ? '' : ` near row ${quoting.row + 1}`;
    throw new ImportFileError(
      'broken_quoting',
      `This CSV file has broken quoting${row}: a quote (") opens a cell and never closes. Fix it in a spreadsheet and save it as CSV again.`,
    );
  }
  const [head, ...body] = result.data;
  if (!head || head.every((c) => c.trim() === '')) throw new ImportFileError('empty', IMPORT_TEXT.empty);
  if (body.length > IMPORT_MAX_ROWS) throw new ImportFileError('too_many_rows', IMPORT_TEXT.tooManyRows);
  const header = head.map((c) => c.trim());
  const rows = body.map((r) => header.map((_, i) => r[i] ?? ''));
  return { header, rows, delimiter: result.meta.delimiter };
}
