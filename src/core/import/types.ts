// The shapes an import works with, whatever the file: a row is one game as the file tells it,
// already in our terms (rating 1–10 in half steps, our statuses, journal sessions).

export type ImportSource = 'checkpoint' | 'grouvee' | 'csv';

/** A play-journal session the file implies. `source_key` names it within the file (made into a uuid per member). */
export interface ImportSession {
  readonly source_key: string;
  readonly played_on: string;
  readonly minutes: number;
  readonly note: string | null;
  readonly is_private: boolean;
}

export interface ImportRow {
  /** Where the row is in the file (1 = the first data row), for messages. */
  readonly line: number;
  /** The file's own id of the row's game (Grouvee's `id`), when it has one: duplicates are told by it. */
  readonly source_id: string | null;
  readonly title: string;
  readonly year: number | null;
  /** When the file names the game by its IGDB id (a Checkpoint export, or a mapped column). */
  readonly igdb_id: number | null;
  /** 1–10 in half steps. */
  readonly rating: number | null;
  readonly review: string | null;
  /** The platform the review names (a Checkpoint export's, by name; the server knows it by name). */
  readonly platform: string | null;
  readonly draft: boolean;
  readonly posted_at: string | null;
  readonly is_recommended: boolean | null;
  readonly playtime_hours: number | null;
  readonly started: boolean;
  readonly finished: boolean;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  readonly wishlist: boolean;
  readonly collection: boolean;
  readonly sessions: readonly ImportSession[];
  /** Shelves or statuses of the file that have no Checkpoint equivalent: reported, never dropped silently. */
  readonly unmapped: readonly string[];
  /** What of this row could not be read (a rating off its scale, a date that is not one). */
  readonly problems: readonly string[];
}

export interface ParsedImport {
  readonly source: ImportSource;
  readonly rows: readonly ImportRow[];
  /** A Checkpoint export's Top 5 (IGDB ids in order); empty for other files. */
  readonly top5: readonly number[];
  /** A Checkpoint export's follows (member ids). */
  readonly follows: readonly number[];
  /** Things the file holds that an import does not bring, and why (shown in the preview). */
  readonly notes: readonly string[];
}

export const emptyRow = (line: number, title: string): ImportRow => ({
  line,
  source_id: null,
  title,
  year: null,
  igdb_id: null,
  rating: null,
  review: null,
  platform: null,
  draft: false,
  posted_at: null,
  is_recommended: null,
  playtime_hours: null,
  started: false,
  finished: false,
  started_at: null,
  finished_at: null,
  wishlist: false,
  collection: false,
  sessions: [],
  unmapped: [],
  problems: [],
});
