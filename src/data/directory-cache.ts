// The last directory answers on this device (localStorage 'checkpoint.directory-cache'), so /users
// still shows members offline and says they are from this device. Kept per member (the list hides
// the caller and carries their follows), newest first, at most DIRECTORY_CACHE_KEPT answers.
// A browser that refuses storage simply has no offline directory: saving is best-effort.
import { z } from '../core/zod.ts';
import { directorySearch, readDirectoryAnswer, type DirectoryAnswer, type DirectoryParams } from '../core/directory.ts';

const STORAGE_KEY = 'checkpoint.directory-cache';
/** Not in spec: enough for a few sorts and pages without filling the device's storage. */
export const DIRECTORY_CACHE_KEPT = 12;

export interface CachedDirectory {
  readonly answer: DirectoryAnswer;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
  /** The address it answered (canonical form), e.g. "sort=followers&page=2". */
  readonly search: string;
}

const Entry = z.object({
  member: z.nullable(z.number()),
  search: z.string(),
  savedAt: z.number(),
  answer: z.unknown(),
});
const Entries = z.array(Entry);
type Entry = z.infer<typeof Entry>;

export interface DirectoryCache {
  save(member: number | null, params: DirectoryParams, answer: DirectoryAnswer, now?: number): void;
  /** The answer saved for exactly this address. */
  get(member: number | null, params: DirectoryParams): CachedDirectory | null;
  /** The newest answer saved for the whole directory (no search), whatever its sort and page. */
  latestDirectory(member: number | null): CachedDirectory | null;
}

export function browserDirectoryCache(storage: Storage | undefined = globalThis.localStorage): DirectoryCache {
  const read = (): Entry[] => {
    try {
      const raw = storage?.getItem(STORAGE_KEY);
      if (raw == null) return [];
      const parsed = Entries.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  };
  const revive = (entry: Entry | undefined): CachedDirectory | null => {
    if (!entry) return null;
    try {
      return { answer: readDirectoryAnswer(entry.answer), savedAt: entry.savedAt, search: entry.search };
    } catch {
      // An entry from an older shape: as if nothing were saved.
      return null;
    }
  };
  return {
    save(member, params, answer, now = Date.now()) {
      const search = directorySearch(params);
      const others = read().filter((e) => !(e.member === member && e.search === search));
      const next = [{ member, search, savedAt: now, answer }, ...others].slice(0, DIRECTORY_CACHE_KEPT);
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused: the directory then has no offline copy (best-effort, see above).
      }
    },
    get(member, params) {
      const search = directorySearch(params);
      return revive(read().find((e) => e.member === member && e.search === search));
    },
    latestDirectory(member) {
      return revive(read().find((e) => e.member === member && !new URLSearchParams(e.search).has('q')));
    },
  };
}
