// Where recent searches live in the browser: localStorage, one key per tab kind, so they survive a
// reload and are shared by the tabs of this device. A browser that refuses storage (private mode,
// quota) gets an in-memory list for the page's life instead of an error.
import { z } from '../../core/zod.ts';
import { memoryRecentStorage, type RecentEntry, type RecentKind, type RecentStorage } from '../../core/search/recent.ts';

const Entries = z.array(z.object({ query: z.string(), at: z.number() }));
const key = (kind: RecentKind) => `checkpoint.recent-searches.${kind}`;

export function browserRecentStorage(storage: Storage | undefined = globalThis.localStorage): RecentStorage {
  const fallback = memoryRecentStorage();
  return {
    read(kind): readonly RecentEntry[] {
      try {
        const raw = storage?.getItem(key(kind));
        if (raw == null) return fallback.read(kind);
        const parsed = Entries.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : [];
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
