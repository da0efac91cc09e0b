// A member's activity feed, asked of get_user_activity (…_activity_paging.sql): the newest page,
// then pages further back from a cursor. The items shown last time are kept on this device
// (localStorage 'checkpoint.activity', the few members viewed most recently), so offline the
// Activity tab still shows them and says so. A browser that refuses storage just has no offline
// copy: saving is best-effort.
import { ACTIVITY_PAGE_SIZE, parseActivity, type ActivityCursor, type ActivityItem } from '../core/activity.ts';
import { backend } from './backend.ts';

const STORAGE_KEY = 'checkpoint.activity';
/** Not in spec: members whose feed is kept for offline, most recently viewed first. */
const MEMBERS_KEPT = 8;
/** Not in spec: how many items are kept per member (the first pages the member loaded). */
const ITEMS_KEPT = 100;

export async function fetchActivity(userId: number, cursor: ActivityCursor | null, signal?: AbortSignal): Promise<ActivityItem[]> {
  const supabase = await backend();
  let call = supabase.rpc('get_user_activity', {
    p_user_id: userId,
    p_limit: ACTIVITY_PAGE_SIZE,
    ...(cursor ? { p_before: cursor.before, p_before_type: cursor.type, p_before_id: cursor.id } : {}),
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw new Error(error.message);
  return parseActivity(data);
}

export interface SavedActivity { items: ActivityItem[]; savedAt: number; more: boolean }
interface Stored { user: number; savedAt: number; more: boolean; items: unknown }

function readAll(): Stored[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is Stored => typeof s === 'object' && s !== null && typeof (s as Stored).user === 'number') : [];
  } catch {
    return []; // unreadable or refused: no offline copy
  }
}

export function savedActivity(userId: number): SavedActivity | null {
  const entry = readAll().find((s) => s.user === userId);
  if (!entry) return null;
  try {
    return { items: parseActivity(entry.items), savedAt: entry.savedAt, more: entry.more === true };
  } catch {
    return null;
  }
}

export function saveActivity(userId: number, items: readonly ActivityItem[], more: boolean, now = Date.now()): void {
  const kept = items.slice(0, ITEMS_KEPT);
  const next = [{ user: userId, savedAt: now, more: more || items.length > kept.length, items: kept }, ...readAll().filter((s) => s.user !== userId)]
    .slice(0, MEMBERS_KEPT);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Quota or a refusing browser: the feed works, it just is not kept for offline.
  }
}
