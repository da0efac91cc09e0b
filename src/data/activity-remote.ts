// A member's activity feed, asked of get_user_activity (supabase/schema/functions/public.get_user_activity.sql): the newest page,
// then pages further back from a cursor. The items shown last time are kept on this device
// (localStorage 'checkpoint.activity', the few members viewed most recently), so offline the
// Activity tab still shows them and says so (saved-pages.ts).
import { ACTIVITY_PAGE_SIZE, parseActivity, type ActivityCursor, type ActivityItem } from '../core/activity.ts';
import { readRpc } from './backend.ts';
import { savedPages, type Saved } from './saved-pages.ts';

const STORAGE_KEY = 'checkpoint.activity';
/** Not in spec: members whose feed is kept for offline, most recently viewed first. */
const MEMBERS_KEPT = 8;
/** Not in spec: how many items are kept per member (the first pages the member loaded). */
const ITEMS_KEPT = 100;

export async function fetchActivity(
  userId: number,
  cursor: ActivityCursor | null,
  signal?: AbortSignal,
): Promise<ActivityItem[]> {
  // A plain read (readRpc): a visitor looking at a member's activity needs no supabase-js.
  const { data, error } = await readRpc(
    'get_user_activity',
    {
      p_user_id: userId,
      p_limit: ACTIVITY_PAGE_SIZE,
      ...(cursor ? { p_before: cursor.before, p_before_type: cursor.type, p_before_id: cursor.id } : {}),
    },
    signal,
  );
  if (error) throw new Error(error.message);
  return parseActivity(data);
}

const saved = savedPages(STORAGE_KEY, MEMBERS_KEPT, (entry) => ({
  items: parseActivity(entry['items']),
  more: entry['more'] === true,
}));

/** The feed as last shown on this device, with when it was saved; null if none. */
export function savedActivity(userId: number): Saved<{ items: ActivityItem[]; more: boolean }> | null {
  return saved.read(userId);
}

export function saveActivity(userId: number, items: readonly ActivityItem[], more: boolean, now = Date.now()): void {
  const kept = items.slice(0, ITEMS_KEPT);
  saved.save(userId, { items: kept, more: more || items.length > kept.length }, now);
}
