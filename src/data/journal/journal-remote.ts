// Another member's play journal, asked of get_user_journal (supabase/schema/tables/public.play_session.sql): only the sessions
// the caller may see (never another member's private ones), newest first, paged by the last entry
// shown, with the total of what is visible. What was shown last time is kept on this device for the
// few members viewed most recently (localStorage 'checkpoint.journal', saved-pages.ts), so offline
// the tab still shows it and says so.
import { lazySchema, z } from '../../core/zod.ts';
import { platformName } from '../../core/platforms.ts';
import { readRpc } from '../backend.ts';
import type { JournalEntry } from './journal.ts';
import { savedPages, type Saved } from '../saved-pages.ts';

export const JOURNAL_PAGE_SIZE = 50;
/** Not in spec: members whose journal is kept for offline, most recently viewed first. */
const MEMBERS_KEPT = 8;
/** Not in spec: sessions kept per member (the first pages loaded). */
const ENTRIES_KEPT = 100;

// Built on the first journal read or saved page (a member's journal tab), not with the module.
const journalPage = lazySchema(() =>
  z.object({
    entries: z.array(
      z.object({
        id: z.number(),
        client_key: z.string(),
        played_on: z.string(),
        minutes: z.number(),
        platform_id: z.nullable(z.number()),
        platform_name: z.nullish(z.string()),
        note: z.nullable(z.string()),
        is_private: z.boolean(),
        game: z.nullable(
          z.object({
            igdb_id: z.number(),
            name: z.string(),
            slug: z.nullish(z.string()),
            cover_url: z.nullish(z.string()),
          }),
        ),
      }),
    ),
    has_more: z.boolean(),
    total_minutes: z.number(),
    session_count: z.number(),
  }),
);

export interface RemoteJournalPage {
  readonly entries: JournalEntry[];
  readonly more: boolean;
  readonly totalMinutes: number;
  readonly count: number;
}

export interface JournalCursor {
  readonly played_on: string;
  readonly id: number;
}

export async function fetchUserJournal(
  userId: number,
  before: JournalCursor | null,
  signal?: AbortSignal,
): Promise<RemoteJournalPage> {
  // A plain read (readRpc): a visitor looking at a member's journal needs no supabase-js.
  const { data, error } = await readRpc(
    'get_user_journal',
    {
      p_user_id: userId,
      p_limit: JOURNAL_PAGE_SIZE,
      ...(before ? { p_before_date: before.played_on, p_before_id: before.id } : {}),
    },
    signal,
  );
  if (error) throw new Error(error.message);
  const page = journalPage().parse(data);
  return {
    entries: page.entries.map((e) => ({
      id: e.id,
      key: e.client_key,
      played_on: e.played_on,
      minutes: e.minutes,
      platform_id: e.platform_id,
      platform: e.platform_name ? platformName(e.platform_name) : null,
      note: e.note,
      is_private: e.is_private,
      pending: false,
      game: e.game
        ? { igdb_id: e.game.igdb_id, name: e.game.name, slug: e.game.slug ?? null, cover_url: e.game.cover_url ?? null }
        : null,
    })),
    more: page.has_more,
    totalMinutes: page.total_minutes,
    count: page.session_count,
  };
}

const savedJournal = lazySchema(() =>
  z.object({
    entries: z.array(
      z.object({
        id: z.number(),
        key: z.string(),
        played_on: z.string(),
        minutes: z.number(),
        platform_id: z.nullable(z.number()),
        platform: z.nullable(z.string()),
        note: z.nullable(z.string()),
        is_private: z.boolean(),
        pending: z.boolean(),
        game: z.nullable(
          z.object({
            igdb_id: z.number(),
            name: z.string(),
            slug: z.nullable(z.string()),
            cover_url: z.nullable(z.string()),
          }),
        ),
      }),
    ),
    more: z.boolean(),
    totalMinutes: z.number(),
    count: z.number(),
  }),
);

const saved = savedPages('checkpoint.journal', MEMBERS_KEPT, (entry): RemoteJournalPage => savedJournal().parse(entry));

/** The member's journal as last shown on this device, with when it was saved; null if none. */
export function savedUserJournal(userId: number): Saved<RemoteJournalPage> | null {
  return saved.read(userId);
}

/** Keeps what is shown of the member's journal (its first sessions) for offline. */
export function saveUserJournal(userId: number, page: RemoteJournalPage, now = Date.now()): void {
  const entries = page.entries.slice(0, ENTRIES_KEPT);
  saved.save(userId, { ...page, entries, more: page.more || page.entries.length > entries.length }, now);
}
