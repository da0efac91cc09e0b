// The play journal's rules: what a session may hold, with the messages the server's
// app.check_journal_fields and play_session_guard give (supabase/schema/tables/public.play_session.sql), and how the journal
// reads: total time ("12 h 30 min") and sessions grouped by month, newest first.
import { LONG_MONTHS, SHORT_MONTHS } from '../dates.ts';
import { INVALID_TEXT_MESSAGE, isStorableText } from '../storable-text.ts';

/** Minutes one entry may hold: at least one, at most one whole day. */
export const JOURNAL_MINUTES_MIN = 1;
export const JOURNAL_MINUTES_MAX = 1440;
export const JOURNAL_NOTE_MAX_LENGTH = 280;
/** The earliest day a session may be dated. */
export const JOURNAL_FIRST_DAY = '1970-01-01';
/** Quick picks of the log form, in minutes. */
export const JOURNAL_MINUTE_CHIPS = [30, 60, 120, 180] as const;

export const JOURNAL_MESSAGES = {
  minutes: `Minutes played must be a whole number from ${JOURNAL_MINUTES_MIN} to ${JOURNAL_MINUTES_MAX}`,
  dateInvalid: 'Play date must be a valid date',
  dateTooEarly: 'Play date cannot be before 1970',
  dateFuture: 'Play date cannot be in the future',
  noteTooLong: `Note exceeds ${JOURNAL_NOTE_MAX_LENGTH} characters`,
  platformNotForGame: "That platform is not one of this game's platforms",
  invalidSession: 'Invalid play session ID',
  editForbidden: 'Play session not found or you do not have permission to edit it',
  deleteForbidden: 'Play session not found or you do not have permission to delete it',
} as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Postgres btrim(): spaces only, as the server trims the note. */
export function trimNote(note: string): string {
  return note.replace(/^ +/, '').replace(/ +$/, '');
}

/** 'YYYY-MM-DD' of a moment in the reader's zone (the log form's "today"). */
export function localDay(at: number | Date = Date.now()): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of a moment in UTC. */
function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Why a play date is refused, or null. `now` is the server's clock (or this device's): the day
 * may be at most one day past UTC today, for members east of UTC.
 */
export function playDateProblem(day: string, now: number): string | null {
  const m = ISO_DAY.exec(day);
  if (!m) return JOURNAL_MESSAGES.dateInvalid;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (!Number.isFinite(time) || utcDay(time) !== day) return JOURNAL_MESSAGES.dateInvalid;
  if (day < JOURNAL_FIRST_DAY) return JOURNAL_MESSAGES.dateTooEarly;
  if (day > utcDay(now + DAY_MS)) return JOURNAL_MESSAGES.dateFuture;
  return null;
}

export function minutesProblem(minutes: number): string | null {
  return Number.isInteger(minutes) && minutes >= JOURNAL_MINUTES_MIN && minutes <= JOURNAL_MINUTES_MAX
    ? null
    : JOURNAL_MESSAGES.minutes;
}

export function noteProblem(note: string | null | undefined): string | null {
  if (note && !isStorableText(note)) return INVALID_TEXT_MESSAGE;
  return trimNote(note ?? '').length > JOURNAL_NOTE_MAX_LENGTH ? JOURNAL_MESSAGES.noteTooLong : null;
}

/** '45 min', '2 h', '12 h 30 min'; hours past a day stay hours ('130 h'). */
export function formatMinutes(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export interface JournalEntryLike {
  readonly id: number;
  readonly played_on: string;
  readonly minutes: number;
}

/** Newest first: by day, then the later-logged first (server ids grow; temp ids are negative and newest). */
export function compareEntries(a: JournalEntryLike, b: JournalEntryLike): number {
  if (a.played_on !== b.played_on) return a.played_on < b.played_on ? 1 : -1;
  const rank = (id: number) => (id < 0 ? Number.MAX_SAFE_INTEGER : id);
  return rank(b.id) - rank(a.id);
}

export function totalMinutes(entries: readonly JournalEntryLike[]): number {
  return entries.reduce((sum, e) => sum + e.minutes, 0);
}

export interface MonthGroup<T extends JournalEntryLike> {
  /** 'YYYY-MM'. */
  readonly key: string;
  /** 'March 2026'. */
  readonly label: string;
  readonly entries: readonly T[];
  readonly minutes: number;
}

/** Sessions by month of play, newest month first, each month newest first. */
export function groupByMonth<T extends JournalEntryLike>(entries: readonly T[]): Array<MonthGroup<T>> {
  const groups = new Map<string, T[]>();
  for (const e of [...entries].sort(compareEntries)) {
    const key = e.played_on.slice(0, 7);
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    label: `${LONG_MONTHS[Number(key.slice(5, 7)) - 1] ?? ''} ${key.slice(0, 4)}`,
    entries: list,
    minutes: totalMinutes(list),
  }));
}

/** 'Mon, Mar 2' (this year) or 'Mar 2, 2025', for a 'YYYY-MM-DD' day. */
export function formatPlayDay(day: string, now: number = Date.now()): string {
  const m = ISO_DAY.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const month = SHORT_MONTHS[date.getUTCMonth()] ?? '';
  if (m[1] === localDay(now).slice(0, 4)) {
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()] ?? '';
    return `${weekday}, ${month} ${date.getUTCDate()}`;
  }
  return `${month} ${date.getUTCDate()}, ${m[1]}`;
}

/** What the log form holds, as typed. */
export interface JournalFormValues {
  readonly played_on: string;
  readonly minutes: string;
  readonly platform_id: number | null;
  readonly note: string;
  readonly is_private: boolean;
}

export type JournalFormProblems = Partial<Record<'played_on' | 'minutes' | 'note', string>>;

/**
 * The form's own checks, shown beside each field before anything is written: the day no later
 * than the reader's today (the server allows one day more, for clocks east of UTC).
 */
export function journalFormProblems(values: JournalFormValues, now: number = Date.now()): JournalFormProblems {
  const problems: JournalFormProblems = {};
  const day = values.played_on === '' ? JOURNAL_MESSAGES.dateInvalid : playDateProblem(values.played_on, now);
  if (day) problems.played_on = day;
  else if (values.played_on > localDay(now)) problems.played_on = JOURNAL_MESSAGES.dateFuture;
  const minutes = /^\d+$/.test(values.minutes.trim()) ? Number(values.minutes.trim()) : Number.NaN;
  const minutesWrong = minutesProblem(minutes);
  if (minutesWrong) problems.minutes = minutesWrong;
  const note = noteProblem(values.note);
  if (note) problems.note = note;
  return problems;
}
