// The home page's Recent Reviews, offline-first (the spec: fetch the 10 newest reviews with text).
// Online, get_recent_reviews names the newest reviews and a read-through stores them, their authors
// and games on the device (rating_ids scope, so later pulls keep them fresh); the page always renders
// the device's answer (loadRecentReviews), so offline it shows the last reviews it saw.
import { useEffect, useState } from 'react';
import type { ScopeReader } from '../../sync/remote.ts';
import { localDb, readRpc } from '../backend.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { trackRead } from '../direct-rpc.ts';
import { useArriving, useLive, useOnline } from '../live.ts';
import { loadRecentReviews, RECENT_REVIEWS } from './home.ts';
import type { ReviewCard } from './shapes.ts';

export interface RecentReviewSource extends ScopeReader {
  /** The ids of the newest reviews with text, newest first. */
  recentReviewIds(limit: number): Promise<number[]>;
}

/** Fetches the newest reviews' ids and stores those reviews (with authors and games) on the device. */
export async function refreshRecentReviews(
  db: CheckpointDb,
  source: RecentReviewSource,
  limit = RECENT_REVIEWS,
): Promise<number[]> {
  const ids = await source.recentReviewIds(limit);
  if (ids.length > 0) {
    // Read-through (with the mutators it rebases with) loads after the first paint, like supabase-js.
    const { readThrough } = await import('../../sync/read-through.ts');
    await readThrough(db, source, { rating_ids: ids });
  }
  return ids;
}

async function rpcSource(): Promise<RecentReviewSource> {
  const { createRpcRemote } = await import('../remote.ts');
  return {
    ...createRpcRemote(readRpc),
    async recentReviewIds(limit) {
      const { data, error } = await readRpc('get_recent_reviews', { p_limit: limit });
      if (error) throw new Error(error.message);
      const rows: unknown = data ?? [];
      if (!Array.isArray(rows)) throw new Error('get_recent_reviews answered with something other than a list');
      return rows.flatMap((row: unknown) => {
        const id = typeof row === 'object' && row !== null && 'id' in row ? Number(row.id) : NaN;
        return Number.isSafeInteger(id) ? [id] : [];
      });
    },
  };
}

export interface RecentReviewsFeed {
  /** What the device holds, newest first; undefined until the first local answer. */
  readonly reviews: ReviewCard[] | undefined;
  /** A refresh from the network is under way. */
  readonly refreshing: boolean;
  readonly offline: boolean;
  /** Why the last refresh failed (online only). */
  readonly error: string | null;
}

export function useRecentReviewsFeed(limit = RECENT_REVIEWS): RecentReviewsFeed {
  const online = useOnline();
  const [refreshing, setRefreshing] = useState(online);
  const [error, setError] = useState<string | null>(null);
  const reviews = useLive((db) => loadRecentReviews(db, limit), [limit]);

  useEffect(() => {
    if (!online) {
      setRefreshing(false);
      return;
    }
    let live = true;
    setRefreshing(true);
    // Tracked as one read, code downloads included: supabase-js waits until it is in (main.tsx).
    trackRead(rpcSource().then((source) => refreshRecentReviews(localDb(), source, limit)))
      .then(
        () => {
          if (live) setError(null);
        },
        (failure: unknown) => {
          // Offline is not an error here: the page says it shows saved reviews.
          if (live && navigator.onLine) setError(failure instanceof Error ? failure.message : String(failure));
        },
      )
      .finally(() => {
        if (live) setRefreshing(false);
      });
    return () => {
      live = false;
    };
  }, [online, limit]);

  // Refreshing until the reviews it stored are read back, not only until it ends.
  const arriving = useArriving(refreshing, reviews);
  return { reviews, refreshing: arriving, offline: !online, error: online ? error : null };
}
