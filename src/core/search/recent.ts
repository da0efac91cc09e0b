// Recent searches: per tab (games, users) the last 5 searches of 2+ characters,
// kept 24 h, newest first. Where they are stored is the caller's choice (localStorage in the app).
import { MIN_QUERY_LENGTH, RECENT_SEARCHES_KEPT, RECENT_SEARCHES_TTL_S } from './constants.ts';

export type RecentKind = 'games' | 'users';

export interface RecentEntry {
  readonly query: string;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

export interface RecentStorage {
  read(kind: RecentKind): readonly RecentEntry[];
  write(kind: RecentKind, entries: readonly RecentEntry[]): void;
}

const fresh = (entries: readonly RecentEntry[], nowMs: number) =>
  entries.filter((e) => nowMs - e.at < RECENT_SEARCHES_TTL_S * 1000).slice(0, RECENT_SEARCHES_KEPT);

export function listRecent(storage: RecentStorage, kind: RecentKind, nowMs: number): RecentEntry[] {
  return fresh(storage.read(kind), nowMs);
}

/** Saves a search; below 2 characters it is ignored. A repeat moves to the top (case-insensitive). */
export function addRecent(storage: RecentStorage, kind: RecentKind, query: string, nowMs: number): RecentEntry[] {
  const text = query.trim();
  if (text.length < MIN_QUERY_LENGTH) return listRecent(storage, kind, nowMs);
  const others = storage.read(kind).filter((e) => e.query.toLowerCase() !== text.toLowerCase());
  const next = fresh([{ query: text, at: nowMs }, ...others], nowMs);
  storage.write(kind, next);
  return next;
}

export function clearRecent(storage: RecentStorage, kind: RecentKind): void {
  storage.write(kind, []);
}

/** An in-memory storage, for tests and for when the browser refuses localStorage. */
export function memoryRecentStorage(): RecentStorage {
  const data = new Map<RecentKind, readonly RecentEntry[]>();
  return {
    read: (kind) => data.get(kind) ?? [],
    write: (kind, entries) => {
      data.set(kind, entries);
    },
  };
}
