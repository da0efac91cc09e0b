// What a profile tab showed last time of another member's feed (activity, play journal), kept on
// this device in localStorage for the few members viewed most recently, so offline the tab still
// shows it and says so. Best-effort: a browser that refuses storage just has no offline copy, and
// an entry that no longer reads (another version's, edited by hand) is no copy.

export interface Saved<T> {
  readonly value: T;
  /** When it was saved (ms since the epoch). */
  readonly savedAt: number;
}

export interface SavedPages<T extends object> {
  read(userId: number): Saved<T> | null;
  /** Saves `value` for the member, most recent first; the oldest member beyond the limit goes. */
  save(userId: number, value: T, now?: number): void;
}

interface Stored {
  user: number;
  savedAt: number;
}

function isStored(entry: unknown): entry is Stored & Record<string, unknown> {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as Stored).user === 'number' &&
    typeof (entry as Stored).savedAt === 'number'
  );
}

/**
 * `parse` turns a stored entry (the value's fields beside `user` and `savedAt`) back into a value,
 * throwing when it cannot.
 */
export function savedPages<T extends object>(
  storageKey: string,
  membersKept: number,
  parse: (entry: Record<string, unknown>) => T,
): SavedPages<T> {
  const readAll = (): Array<Stored & Record<string, unknown>> => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isStored) : [];
    } catch {
      return []; // unreadable or refused: no offline copy
    }
  };
  return {
    read(userId) {
      const entry = readAll().find((s) => s.user === userId);
      if (!entry) return null;
      try {
        return { value: parse(entry), savedAt: entry.savedAt };
      } catch {
        return null;
      }
    },
    save(userId, value, now = Date.now()) {
      const next = [{ ...value, user: userId, savedAt: now }, ...readAll().filter((s) => s.user !== userId)].slice(
        0,
        membersKept,
      );
      try {
        localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Quota or a refusing browser: the tab works, it just is not kept for offline.
      }
    },
  };
}
