// The spec's date helpers (its "Comments" states): relative time ('just now', 'Nm ago', 'Nh ago',
// 'Nd ago' under 7 days, 'Nw ago' under 30 days, 'Nmo ago', 'Ny ago') and an absolute date. An
// invalid date reads 'recently' (relative) or 'TBA' (absolute); a future absolute date adds
// ' (Upcoming)' (release dates). Relative time never looks forward: a timestamp slightly ahead of
// this device's clock (another device's skew) still reads 'just now'.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DateInput = number | string | Date | null | undefined;

/** Milliseconds since the epoch, or NaN. A plain 'YYYY-MM-DD' is that day at 00:00 UTC. */
function timeOf(at: DateInput): number {
  if (at === null || at === undefined || at === '') return Number.NaN;
  if (at instanceof Date) return at.getTime();
  if (typeof at === 'number') return at;
  return Date.parse(at);
}

export function formatRelativeTime(at: DateInput, now: number = Date.now()): string {
  const time = timeOf(at);
  if (!Number.isFinite(time)) return 'recently';
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return `${days}d ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  if (days < 365) return `${Math.floor(days / 30)}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A release known only to the year ('1998', as the seed catalogue has some classics). */
const YEAR_ONLY = /^\d{4}$/;

// Formatters are made once: building an Intl formatter costs far more than using one (the first
// one loads the locale's data), and a list of reviews or comments formats a date on every row.
let momentFormat: Intl.DateTimeFormat | undefined;

/** The months' names, January first. */
export const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** Their three-letter forms. */
export const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * 'Mar 5, 2026', as Intl's en-US { month: 'short', day: 'numeric', year: 'numeric' } writes it,
 * without Intl: the first en-US formatter costs ~20 ms on a phone (its locale data), on the first
 * render of a game page or a list of reviews.
 */
function shortDay(time: number, utc: boolean): string {
  const [year, month, day] = calendarDay(time, utc);
  return `${SHORT_MONTHS[month] ?? ''} ${day}, ${year}`;
}

/** Year, month (0–11) and day of `time` in UTC or in the reader's zone. */
function calendarDay(time: number, utc: boolean): [number, number, number] {
  const date = new Date(time);
  return utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()];
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** 'March 2024' (English month names unless `locale` says otherwise), or null when not a date. */
export function formatMonthYear(
  at: DateInput,
  { locale = 'en-US', utc = false }: { locale?: string; utc?: boolean } = {},
): string | null {
  const time = timeOf(at);
  if (!Number.isFinite(time)) return null;
  if (locale === 'en-US') {
    // Without Intl, as shortDay: the first formatter's locale data costs ~20 ms of a profile's first render.
    const [year, month] = calendarDay(time, utc);
    return `${LONG_MONTHS[month] ?? ''} ${year}`;
  }
  const key = `${locale}|${utc}`;
  let format = monthFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', ...(utc ? { timeZone: 'UTC' } : {}) });
    monthFormats.set(key, format);
  }
  return format.format(time);
}

/** The full date and time in the reader's own locale and zone (a timestamp's tooltip), or undefined. */
export function formatMoment(at: DateInput): string | undefined {
  const time = timeOf(at);
  if (!Number.isFinite(time)) return undefined;
  momentFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return momentFormat.format(time);
}

/**
 * 'Mar 5, 2026', or 'Mar 5, 2026 (Upcoming)' when it is still ahead, or 'TBA'. A date without a
 * time ('2026-03-05', as release dates are stored) is that calendar day wherever the reader is.
 * A year alone ('1998') reads as that year, not as January 1st.
 */
export function formatDate(at: DateInput, now: number = Date.now()): string {
  if (typeof at === 'string' && YEAR_ONLY.test(at)) {
    return Number(at) > new Date(now).getUTCFullYear() ? `${at} (Upcoming)` : at;
  }
  const time = timeOf(at);
  if (!Number.isFinite(time)) return 'TBA';
  const dateOnly = typeof at === 'string' && DATE_ONLY.test(at);
  const text = shortDay(time, dateOnly);
  // A calendar day is upcoming until it begins; a moment, until it happens.
  const upcoming = dateOnly ? time > now - (now % DAY) : time > now;
  return upcoming ? `${text} (Upcoming)` : text;
}

/** What a game knows of its release, in the server's shape (game_json, game_card, search rows). */
export interface ReleaseFacts {
  readonly release_date?: string | null;
  readonly first_release_date?: number | null;
  /** The year alone, for a game known only to the year (the day's year otherwise). */
  readonly release_year?: number | null;
}

const DAY_PREFIX = /^(\d{4})-\d{2}-\d{2}/;

/** The release day as 'YYYY-MM-DD' (release_date, else first_release_date's UTC day), or null. */
function releaseDay(game: ReleaseFacts): string | null {
  const date = game.release_date;
  if (typeof date === 'string' && DAY_PREFIX.test(date)) return date.slice(0, 10);
  const seconds = game.first_release_date;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  const day = new Date(seconds * 1000);
  return Number.isFinite(day.getTime()) ? day.toISOString().slice(0, 10) : null;
}

/** The year of release: the day's when the day is known, else the year alone, else null. */
export function releaseYearOf(game: ReleaseFacts): number | null {
  const day = releaseDay(game);
  if (day !== null) return Number(day.slice(0, 4));
  const year =
    game.release_year ??
    (typeof game.release_date === 'string' && YEAR_ONLY.test(game.release_date) ? Number(game.release_date) : null);
  return typeof year === 'number' && Number.isInteger(year) && year > 0 ? year : null;
}

/**
 * A game's release as the spec's absolute date: 'Mar 3, 1998'; '1998' when only the year is
 * known; either with ' (Upcoming)' while ahead; 'TBA' when nothing is known.
 */
export function formatRelease(game: ReleaseFacts, now: number = Date.now()): string {
  const day = releaseDay(game);
  if (day !== null) return formatDate(day, now);
  const year = releaseYearOf(game);
  return year === null ? 'TBA' : formatDate(String(year).padStart(4, '0'), now);
}

/** Whether two timestamps name different moments (an edited comment: updated_at ≠ created_at). */
export function differentMoments(a: DateInput, b: DateInput): boolean {
  const x = timeOf(a);
  const y = timeOf(b);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return a !== b;
  return x !== y;
}

/**
 * Microseconds since the epoch of an ISO timestamp; Date.parse keeps only milliseconds, and two
 * rows a few microseconds apart must still sort as the server sorts them. NaN when unreadable.
 */
export function epochMicros(iso: string): number {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(iso);
  if (!match) return Date.parse(iso) * 1000;
  const [, head, fraction = '', zone] = match;
  const seconds = Date.parse(`${head}${zone || 'Z'}`);
  return seconds * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/**
 * Orders two timestamps by the instants they name, earliest first (0 for one instant spelled two
 * ways); none, or one that is unreadable, comes first. Timestamps do not sort as text in general:
 * localeCompare puts '…:33.001+00:00' before the whole second '…:33+00:00', and the device's own
 * '…Z' rows sit among the server's '+00:00' ones.
 */
export function compareMoments(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0;
  if (!a || !b) return a ? 1 : -1;
  // Two of Postgres's UTC instants sort as text by code point ('+' < '.' < the digits), and so do
  // two of JavaScript's of one length: the common case, without parsing.
  const asText = a.length === b.length ? a.endsWith('Z') && b.endsWith('Z') : false;
  if (asText || (a.endsWith('+00:00') && b.endsWith('+00:00'))) return a < b ? -1 : 1;
  const x = epochMicros(a);
  const y = epochMicros(b);
  // An unreadable one first, as none does; two unreadable ones as text.
  if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? -1 : 1;
  if (Number.isNaN(x)) return a < b ? -1 : 1;
  return x - y;
}
