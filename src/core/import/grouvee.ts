// A Grouvee CSV export → import rows. Its columns (the export's header names): id, name, shelves (a
// JSON object keyed by shelf name, each {date_added, url}), platforms, rating (1–5), review, dates (a
// JSON list of play-throughs {date_started, date_finished, seconds_played, …}), statuses (a JSON
// list), genres, franchises, developers, publishers, release_date (2015-11-20, 2020-5-2 or 2010-Q3),
// url, giantbomb_id. Shelves: Played → finished, Playing → started, Wish List → wishlist, Backlog
// and owned shelves → collection; any other shelf is reported on its row.
import type { CsvSheet } from './csv.ts';
import { mapRating, mapStatus, parseDay, parseYear, sessionsOf } from './mapping.ts';
import { emptyRow, type ImportRow, type ImportSession } from './types.ts';

export const GROUVEE_COLUMNS = [
  'id',
  'name',
  'shelves',
  'platforms',
  'rating',
  'review',
  'dates',
  'statuses',
  'genres',
  'franchises',
  'release_date',
  'url',
  'giantbomb_id',
] as const;

export function isGrouvee(header: readonly string[]): boolean {
  const names = new Set(header.map((h) => h.toLowerCase()));
  return ['id', 'name', 'shelves', 'rating', 'dates', 'statuses'].every((c) => names.has(c));
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON cell; '' is empty; anything unreadable is reported. */
function json(cell: string | undefined, what: string, problems: string[]): unknown {
  const text = (cell ?? '').trim();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    problems.push(`Its ${what} could not be read.`);
    return null;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function grouveeRows(sheet: CsvSheet, today: string): ImportRow[] {
  const col = new Map(sheet.header.map((h, i) => [h.toLowerCase(), i]));
  const cell = (row: readonly string[], name: string): string => row[col.get(name) ?? -1] ?? '';
  return sheet.rows.map((row, index) => {
    const line = index + 1;
    const problems: string[] = [];
    const base = emptyRow(line, cell(row, 'name').trim());
    const marks = { started: false, finished: false, wishlist: false, collection: false };
    const unmapped: string[] = [];
    let startedAt: string | null = null;
    let finishedAt: string | null = null;

    const shelves = json(cell(row, 'shelves'), 'shelves', problems);
    if (isObject(shelves)) {
      for (const name of Object.keys(shelves)) {
        const mark = mapStatus(name);
        if (mark === null) {
          unmapped.push(name);
          continue;
        }
        // A shelf's date_added is the day the game went on the shelf (often the day the member
        // moved to Grouvee), not when it was played: the play dates come from `dates` alone.
        marks[mark] = true;
      }
    }
    const statuses = json(cell(row, 'statuses'), 'statuses', problems);
    if (Array.isArray(statuses)) {
      for (const s of statuses as unknown[]) {
        const name = isObject(s) ? str(s['status']) : str(s);
        if (name === null) continue;
        const mark = mapStatus(name);
        if (mark === 'finished' || mark === 'started') marks[mark] = true;
        else if (mark === null && !unmapped.includes(name)) unmapped.push(name);
      }
    }

    const sessions: ImportSession[] = [];
    const dates = json(cell(row, 'dates'), 'dates', problems);
    const grouveeId = cell(row, 'id').trim() || `line-${line}`;
    if (Array.isArray(dates)) {
      (dates as unknown[]).forEach((d, n) => {
        if (!isObject(d)) return;
        const started = parseDay(str(d['date_started']));
        const finished = parseDay(str(d['date_finished']));
        if (started) {
          marks.started = true;
          startedAt = [startedAt, started].filter((x): x is string => x !== null).sort()[0] ?? started;
        }
        if (finished) {
          marks.finished = true;
          finishedAt =
            [finishedAt, finished]
              .filter((x): x is string => x !== null)
              .sort()
              .at(-1) ?? finished;
        }
        const seconds =
          typeof d['seconds_played'] === 'number' ? d['seconds_played'] : Number(str(d['seconds_played']) ?? 0);
        const minutes = Number.isFinite(seconds) ? Math.round(seconds / 60) : 0;
        if (minutes < 1) return;
        const days = sessionsOf({ started, finished, minutes }, today);
        const logged = days.reduce((sum, s) => sum + s.minutes, 0);
        if (days.length === 0)
          problems.push(`${Math.round(minutes / 6) / 10} h of play time has no date, so it is not in the journal.`);
        else if (logged < minutes)
          problems.push(`${Math.round((minutes - logged) / 6) / 10} h of play time did not fit between its dates.`);
        days.forEach((s, k) =>
          sessions.push({
            source_key: `grouvee:${grouveeId}:${n}:${k}`,
            played_on: s.played_on,
            minutes: s.minutes,
            note: 'Imported from Grouvee',
            is_private: false,
          }),
        );
      });
    }

    const ratingCell = cell(row, 'rating');
    const rating = mapRating(ratingCell, '1-5');
    if (rating === 'invalid') problems.push(`Its rating "${ratingCell.trim()}" is not from 1 to 5.`);
    const review = cell(row, 'review').trim() || null;
    return {
      ...base,
      source_id: cell(row, 'id').trim() || null,
      year: parseYear(cell(row, 'release_date')),
      rating: rating === 'invalid' ? null : rating,
      review,
      ...marks,
      started_at: startedAt,
      finished_at: finishedAt,
      sessions,
      unmapped,
      problems,
    };
  });
}
