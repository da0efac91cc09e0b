// Where recent searches live in the browser: localStorage, one key per tab kind, so they survive a
// reload and are shared by the tabs of this device. A browser that refuses storage (private mode,
// quota) gets an in-memory list for the page's life instead of an error.
import {
  memoryRecentStorage,
  type RecentEntry,
  type RecentKind,
  type RecentStorage,
} from '../../core/search/recent.ts';

/**
 * The stored list, checked by hand rather than with zod: the header's search box is on every
 * screen, and zod is kept out of the entry
 * (docs/decisions/0007-hand-guards-for-first-screen-answers.md). Like a zod object, an entry keeps
 * only its known fields.
 */
function parseEntries(value: unknown): RecentEntry[] | null {
  if (!Array.isArray(value)) return null;
  const entries: RecentEntry[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { query, at } = item as { query?: unknown; at?: unknown };
    if (typeof query !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) return null;
    entries.push({ query, at });
  }
  return entries;
}
const key = (kind: RecentKind) => `checkpoint.recent-searches.${kind}`;

export function browserRecentStorage(storage: Storage | undefined = globalThis.localStorage): RecentStorage {
  const fallback = memoryRecentStorage();
  return {
    read(kind): readonly RecentEntry[] {
      try {
        const raw = storage?.getItem(key(kind));
        if (raw == null) return fallback.read(kind);
        return parseEntries(JSON.parse(raw)) ?? [];
      } catch {
        return fallback.read(kind);
      }
    },
    write(kind, entries) {
      fallback.write(kind, entries);
      try {
        storage?.setItem(key(kind), JSON.stringify(entries));
      } catch {
        // Kept in memory for this page.
      }
    },
  };
}
