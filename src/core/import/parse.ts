// A file's bytes → what it holds, or one clear ImportFileError (nothing is written either way):
// decode (UTF-8, UTF-16, Latin-1), tell the kind (Checkpoint JSON, Grouvee CSV, any other CSV),
// read the rows, and refuse duplicates that disagree. Runs in the import worker (data/import-worker.ts).
import { checkpointRows, readExport } from './checkpoint.ts';
import { guessMapping, mappedRows, type ColumnMapping } from './columns.ts';
import { IMPORT_TEXT, ImportFileError } from './constants.ts';
import { parseCsv, type CsvSheet } from './csv.ts';
import { decodeText, type TextEncodingName } from './decode.ts';
import { grouveeRows, isGrouvee } from './grouvee.ts';
import { normalizeText } from '../search/normalize.ts';
import type { ImportRow, ParsedImport } from './types.ts';

export type FileKind =
  | { kind: 'checkpoint'; encoding: TextEncodingName; json: unknown }
  | { kind: 'grouvee'; encoding: TextEncodingName; sheet: CsvSheet }
  | { kind: 'csv'; encoding: TextEncodingName; sheet: CsvSheet; guess: ColumnMapping };

/** Decodes and tells the kind; a plain CSV still needs its mapping (the guess is a start). */
export function readFileKind(bytes: Uint8Array): FileKind {
  const { text, encoding } = decodeText(bytes);
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      throw new ImportFileError('broken_json', IMPORT_TEXT.brokenJson);
    }
    return { kind: 'checkpoint', encoding, json };
  }
  const sheet = parseCsv(text);
  if (
    sheet.header.length < 2 &&
    sheet.rows.every((r) => r.length < 2) &&
    !/^[\p{L}\p{N} _-]+$/u.test(sheet.header[0] ?? '')
  ) {
    throw new ImportFileError('wrong_format', IMPORT_TEXT.wrongFormat);
  }
  if (isGrouvee(sheet.header)) return { kind: 'grouvee', encoding, sheet };
  return { kind: 'csv', encoding, sheet, guess: guessMapping(sheet) };
}

/** The rows of a file whose kind is known (`mapping` for a plain CSV). */
export function readRows(file: FileKind, today: string, mapping?: ColumnMapping): ParsedImport {
  if (file.kind === 'checkpoint') return checkpointRows(readExport(file.json));
  if (file.kind === 'grouvee')
    return withoutDuplicates({
      source: 'grouvee',
      rows: grouveeRows(file.sheet, today),
      top5: [],
      follows: [],
      notes: [],
    });
  const use = mapping ?? file.guess;
  if (use.columns.title < 0) throw new ImportFileError('no_title', IMPORT_TEXT.noTitleColumn);
  return withoutDuplicates({
    source: 'csv',
    rows: mappedRows(file.sheet, use, today),
    top5: [],
    follows: [],
    notes: [],
  });
}

/** A game's identity in the file: its own id (Grouvee lists two editions of one name under two ids), its IGDB id, or its title and year. */
const rowKey = (r: ImportRow) =>
  r.source_id !== null
    ? `id:${r.source_id}`
    : r.igdb_id !== null
      ? `igdb:${r.igdb_id}`
      : `name:${normalizeText(r.title)}:${r.year ?? ''}`;
const sameData = (a: ImportRow, b: ImportRow) =>
  JSON.stringify({ ...a, line: 0, sessions: a.sessions.map((s) => s.played_on + s.minutes) }) ===
  JSON.stringify({ ...b, line: 0, sessions: b.sessions.map((s) => s.played_on + s.minutes) });

/**
 * Rows without a title are dropped (and counted). A game written twice with the same data is read
 * once (and said so); written twice with different data, the file is refused: which to believe is
 * the member's call, in the file.
 */
function withoutDuplicates(parsed: ParsedImport): ParsedImport {
  const seen = new Map<string, ImportRow>();
  const rows: ImportRow[] = [];
  let repeated = 0;
  let untitled = 0;
  for (const row of parsed.rows) {
    if (row.title === '' && row.igdb_id === null) {
      untitled++;
      continue;
    }
    const key = rowKey(row);
    const first = seen.get(key);
    if (!first) {
      seen.set(key, row);
      rows.push(row);
      continue;
    }
    if (sameData(first, row)) {
      repeated++;
      continue;
    }
    throw new ImportFileError(
      'duplicate_rows',
      `Rows ${first.line} and ${row.line} are the same game ("${row.title}") with different data. Keep one of them and import again.`,
    );
  }
  if (rows.length === 0) throw new ImportFileError('empty', IMPORT_TEXT.empty);
  const notes = [...parsed.notes];
  if (repeated > 0) notes.push(`${repeated} repeated ${repeated === 1 ? 'row was' : 'rows were'} read once.`);
  if (untitled > 0)
    notes.push(
      `${untitled} ${untitled === 1 ? 'row has' : 'rows have'} no title and ${untitled === 1 ? 'was' : 'were'} skipped.`,
    );
  return { ...parsed, rows, notes };
}
