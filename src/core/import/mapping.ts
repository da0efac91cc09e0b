// From other trackers' terms to ours: rating scales to 1–10 in half steps, shelf and status names
// to started / finished / wishlist / collection, dates to ISO days, play time to journal sessions.
import { JOURNAL_MINUTES_MAX } from '../journal/journal.ts';
import { RATING_MAX, RATING_MIN } from '../constants.ts';

export type RatingScale = '1-5' | '1-10' | '1-100' | 'stars';
export const RATING_SCALES: ReadonlyArray<{ value: RatingScale; label: string }> = [
  { value: '1-5', label: '1 to 5' },
  { value: '1-10', label: '1 to 10' },
  { value: '1-100', label: '1 to 100' },
  { value: 'stars', label: 'Stars (★★★½)' },
];

const toHalfSteps = (value: number): number => Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(value * 2) / 2));

/**
 * A rating as the file writes it, on its scale, as our 1–10 in half steps; null when the cell is
 * empty; 'invalid' when it is not a rating of that scale. 1–5 doubles (3.5 → 7); 1–100 divides by
 * ten; stars count ★ (or *) and ½. Values are rounded to the nearest half and kept within 1–10
 * (a 0 on a 0–5 scale becomes 1, the lowest we have).
 */
export function mapRating(raw: string, scale: RatingScale): number | null | 'invalid' {
  const text = raw.trim();
  if (text === '') return null;
  if (scale === 'stars' && /^[★☆*½\s]+$/u.test(text)) {
    const stars = [...text].filter((c) => c === '★' || c === '*').length + (text.includes('½') ? 0.5 : 0);
    return stars === 0 ? 'invalid' : toHalfSteps(stars * 2);
  }
  // "4.5", "4,5" (a decimal comma), "4.5/5", "80%".
  const match = /^(\d+(?:[.,]\d+)?)\s*(?:\/\s*\d+|%)?$/.exec(text);
  if (!match?.[1]) return 'invalid';
  const value = Number(match[1].replace(',', '.'));
  const [max, factor] = scale === '1-5' || scale === 'stars' ? [5, 2] : scale === '1-10' ? [10, 1] : [100, 0.1];
  if (!Number.isFinite(value) || value < 0 || value > max) return 'invalid';
  if (value === 0) return 'invalid';
  return toHalfSteps(value * factor);
}

export interface StatusMarks {
  started: boolean;
  finished: boolean;
  wishlist: boolean;
  collection: boolean;
}
export const NO_MARKS: StatusMarks = { started: false, finished: false, wishlist: false, collection: false };

/** Names other trackers (Grouvee first) give statuses and shelves, folded, → our marks. */
const STATUS_WORDS: ReadonlyArray<[RegExp, keyof StatusMarks]> = [
  [/^(played|finished|beat|beaten|completed?|done|100%|mastered)$/, 'finished'],
  [/^(playing|started|in progress|currently playing|now playing|on hold|paused)$/, 'started'],
  [/^(wish ?list|want to play|wanted|to play|plan to play|planned)$/, 'wishlist'],
  [/^(backlog|owned|own|collection|library|shelved|unplayed)$/, 'collection'],
];

/** One status or shelf name → the mark it means, or null for one we have no equivalent of. */
export function mapStatus(name: string): keyof StatusMarks | null {
  const folded = name.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  for (const [pattern, mark] of STATUS_WORDS) if (pattern.test(folded)) return mark;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as files write it (2021-03-04, 2021-3-4, 2021-03-04T10:00:00Z, 2021/03/04, 04.03.2021) → YYYY-MM-DD, or null. */
export function parseDay(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(text);
  if (match) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else if ((match = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text))) {
    d = Number(match[1]);
    m = Number(match[2]);
    y = Number(match[3]);
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A release date or year cell → the year (Grouvee also writes quarters: "2010-Q3"). */
export function parseYear(raw: string | null | undefined): number | null {
  const match = /^\s*(\d{4})/.exec(raw ?? '');
  const year = match ? Number(match[1]) : NaN;
  return year >= 1950 && year <= 2100 ? year : null;
}

/** A day as a timestamp our mutations take (noon UTC, so no time zone moves it to another day). */
export const dayToTimestamp = (day: string): string => `${day}T12:00:00.000Z`;

export interface PlayThrough {
  started: string | null;
  finished: string | null;
  minutes: number;
}

/**
 * A play-through's time as journal sessions. A session holds at most a day (1,440 minutes), so
 * longer play fills the days from its start one after another, never past its finish or today
 * (what does not fit is left out, and the caller says so). Without a date there is no session
 * (the journal is by day): the caller reports it.
 */
export function sessionsOf(play: PlayThrough, today: string): Array<{ played_on: string; minutes: number }> {
  const first = play.started ?? play.finished;
  if (first === null || play.minutes < 1) return [];
  const out: Array<{ played_on: string; minutes: number }> = [];
  let left = Math.round(play.minutes);
  let day = Date.parse(`${first}T00:00:00Z`);
  const last = Date.parse(`${[play.finished ?? today, today].sort()[0]}T00:00:00Z`);
  do {
    const share = Math.min(left, JOURNAL_MINUTES_MAX);
    out.push({ played_on: new Date(day).toISOString().slice(0, 10), minutes: share });
    left -= share;
    day += 86_400_000;
  } while (left > 0 && day <= last);
  return out;
}
