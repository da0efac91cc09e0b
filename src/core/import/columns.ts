// Any other CSV: the member says which column is what (the mapping step), guessed first from the
// header's names. Title is required; everything else is optional.
import type { CsvSheet } from './csv.ts';
import { mapRating, mapStatus, parseDay, parseYear, sessionsOf, type RatingScale } from './mapping.ts';
import { emptyRow, type ImportRow } from './types.ts';

export const MAPPED_FIELDS = [
  'title',
  'year',
  'igdb_id',
  'rating',
  'status',
  'review',
  'started',
  'finished',
  'hours',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

export const FIELD_LABELS: Record<MappedField, string> = {
  title: 'Title',
  year: 'Release year',
  igdb_id: 'IGDB id',
  rating: 'Rating',
  status: 'Status',
  review: 'Review',
  started: 'Date started',
  finished: 'Date finished',
  hours: 'Hours played',
};

export interface ColumnMapping {
  /** Column index of each field; -1 for none. */
  readonly columns: Record<MappedField, number>;
  readonly scale: RatingScale;
}

const GUESSES: Record<MappedField, RegExp> = {
  title: /^(title|name|game|game ?name|game ?title)$/,
  year: /^(year|release ?year|release ?date|released|first ?release ?date)$/,
  igdb_id: /^igdb ?id$/,
  rating: /^(rating|score|my ?rating|stars|user ?rating)$/,
  status: /^(status|state|shelf|list)$/,
  review: /^(review|notes?|comment|my ?review)$/,
  started: /^(started|start ?date|date ?started|started ?at|started ?on)$/,
  finished: /^(finished|completed|end ?date|date ?finished|date ?completed|finished ?at|finished ?on|beaten)$/,
  hours: /^(hours|hours ?played|play ?time|playtime|time ?played|playtime ?hours)$/,
};

/** The mapping a header suggests, and the scale its ratings look like (the largest value decides). */
export function guessMapping(sheet: CsvSheet): ColumnMapping {
  const folded = sheet.header.map((h) => h.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' '));
  const columns = Object.fromEntries(
    MAPPED_FIELDS.map((f) => [f, folded.findIndex((h) => GUESSES[f].test(h))]),
  ) as Record<MappedField, number>;
  if (columns.title === -1 && sheet.header.length > 0) columns.title = 0;
  return { columns, scale: guessScale(sheet, columns.rating) };
}

function guessScale(sheet: CsvSheet, column: number): RatingScale {
  if (column < 0) return '1-10';
  let max = 0;
  for (const row of sheet.rows) {
    const cell = row[column] ?? '';
    if (/[★☆]/u.test(cell)) return 'stars';
    const value = Number(cell.replace(',', '.').replace(/\/.*$|%$/, ''));
    if (Number.isFinite(value)) max = Math.max(max, value);
  }
  return max > 10 ? '1-100' : max > 5 ? '1-10' : max > 0 ? '1-5' : '1-10';
}

export function mappedRows(sheet: CsvSheet, mapping: ColumnMapping, today: string): ImportRow[] {
  const get = (row: readonly string[], field: MappedField): string => {
    const i = mapping.columns[field];
    return i >= 0 ? (row[i] ?? '').trim() : '';
  };
  return sheet.rows.map((row, index) => {
    const line = index + 1;
    const problems: string[] = [];
    const unmapped: string[] = [];
    const marks = { started: false, finished: false, wishlist: false, collection: false };
    for (const status of get(row, 'status')
      .split(/[,;|]/)
      .map((s) => s.trim())
      .filter((s) => s !== '')) {
      const mark = mapStatus(status);
      if (mark === null) unmapped.push(status);
      else marks[mark] = true;
    }
    const ratingCell = get(row, 'rating');
    const rating = mapRating(ratingCell, mapping.scale);
    if (rating === 'invalid')
      problems.push(
        `Its rating "${ratingCell}" is not on the ${mapping.scale === 'stars' ? 'stars' : mapping.scale} scale.`,
      );
    const startedCell = get(row, 'started');
    const finishedCell = get(row, 'finished');
    const started = parseDay(startedCell);
    const finished = parseDay(finishedCell);
    if (startedCell !== '' && started === null) problems.push(`Its start date "${startedCell}" is not a date.`);
    if (finishedCell !== '' && finished === null) problems.push(`Its finish date "${finishedCell}" is not a date.`);
    if (started) marks.started = true;
    if (finished) marks.finished = true;
    const hoursCell = get(row, 'hours');
    const hours = hoursCell === '' ? 0 : Number(hoursCell.replace(',', '.'));
    if (!Number.isFinite(hours) || hours < 0) problems.push(`Its hours played "${hoursCell}" is not a number.`);
    const minutes = Number.isFinite(hours) && hours > 0 ? Math.round(hours * 60) : 0;
    const days = sessionsOf({ started, finished, minutes }, today);
    const logged = days.reduce((sum, s) => sum + s.minutes, 0);
    if (minutes > 0 && days.length === 0)
      problems.push(`${hoursCell} h of play time has no date, so it is not in the journal.`);
    else if (logged < minutes)
      problems.push(`${Math.round((minutes - logged) / 6) / 10} h of play time did not fit between its dates.`);
    const igdbCell = get(row, 'igdb_id');
    const igdb = /^\d+$/.test(igdbCell) ? Number(igdbCell) : null;
    const title = get(row, 'title');
    return {
      ...emptyRow(line, title),
      year: parseYear(get(row, 'year')),
      igdb_id: igdb !== null && igdb > 0 ? igdb : null,
      rating: rating === 'invalid' ? null : rating,
      review: get(row, 'review') || null,
      ...marks,
      started_at: started,
      finished_at: finished,
      playtime_hours: minutes >= 60 ? Math.round(minutes / 60) : null,
      sessions: days.map((s, k) => ({
        source_key: `csv:${normalizeKey(title)}:${started ?? finished ?? ''}:${k}`,
        played_on: s.played_on,
        minutes: s.minutes,
        note: null,
        is_private: false,
      })),
      unmapped,
      problems,
    };
  });
}

const normalizeKey = (title: string) => title.toLowerCase().replace(/\s+/g, ' ');
