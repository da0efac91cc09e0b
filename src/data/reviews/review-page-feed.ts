// The review page's data, offline-first: the page renders the device's answer (loadReviewPage) and
// keeps it fresh with a read-through of the review's scope (rating_ids: the review, its author and
// game, its comments, their authors and every like). A review this device has never seen has no
// known id yet: get_review finds it by member and game, then the same read-through stores it.
import { useEffect, useState } from 'react';
import { readThrough } from '../../sync/read-through.ts';
import { localDb, readRpc } from '../backend.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { useLive, useOnline, useReadThrough, type FreshnessState } from '../live.ts';
import { createRpcRemote } from '../remote.ts';
import { refreshPlatforms } from './review-form.ts';
import { loadReviewComments, loadReviewPage, type ReviewPageData } from './review-page.ts';
import type { CommentNode } from '../repos/shapes.ts';

/**
 * The server's id of the review get_review finds (external game id first, then internal), or null.
 * Over readRpc, as the page's other reads: a first visit to a review (a link shared with a friend)
 * asks at once over plain fetch, not after supabase-js has been made for the page.
 */
export async function lookUpReviewId(userId: number, gameId: number): Promise<number | null> {
  const { data, error } = await readRpc('get_review', { p_user_id: userId, p_game_id: gameId });
  if (error) throw new Error(`Failed to fetch review: ${error.message}`);
  const doc: unknown = data;
  if (doc === null || typeof doc !== 'object' || !('review' in doc)) return null;
  const review: unknown = doc.review;
  const id = typeof review === 'object' && review !== null && 'id' in review ? Number(review.id) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Finds a review on the server and stores it on the device; false when there is none. */
export async function fetchReviewInto(db: CheckpointDb, userId: number, gameId: number): Promise<boolean> {
  const id = await lookUpReviewId(userId, gameId);
  if (id === null) return false;
  await readThrough(db, createRpcRemote(readRpc), { rating_ids: [id] });
  return true;
}

export type ReviewPageState =
  | { readonly status: 'loading' }
  /** Neither this device nor the server has it (or the server cannot be asked: `offline`). */
  | { readonly status: 'missing'; readonly offline: boolean; readonly error: string | null }
  | { readonly status: 'found'; readonly data: ReviewPageData; readonly freshness: FreshnessState };

export function useReviewPage(userId: number, gameId: number, me: number | null): ReviewPageState {
  const online = useOnline();
  const data = useLive((db) => loadReviewPage(db, userId, gameId, me, { comments: false }), [userId, gameId, me]);
  const reviewId = data?.review.id;
  // A review written on this device and not yet synced has a temporary (negative) id: nothing to fetch.
  const fresh = useReadThrough(
    reviewId !== undefined && reviewId > 0 ? { rating_ids: [reviewId] } : null,
    `rating:${reviewId ?? 'none'}`,
  );
  const [lookup, setLookup] = useState<{ key: string; done: boolean; found: boolean; error: string | null }>({
    key: '',
    done: false,
    found: false,
    error: null,
  });
  const key = `${userId}/${gameId}`;
  const absent = data === null;
  // The Platform row is for every reader, not only the author: a device that has never opened the
  // review form holds no platform names, so it fetches the list (kept on the device) once it needs one.
  const platformUnknown = data != null && data.review.platform_id !== null && data.platform === null;

  useEffect(() => {
    if (!platformUnknown || !online) return;
    refreshPlatforms().catch((error: unknown) => console.warn('Platform list not refreshed:', error));
  }, [platformUnknown, online]);

  useEffect(() => {
    if (!absent || !online) return;
    let live = true;
    setLookup({ key, done: false, found: false, error: null });
    fetchReviewInto(localDb(), userId, gameId).then(
      (found) => {
        if (live) setLookup({ key, done: true, found, error: null });
      },
      (failure: unknown) => {
        const error = navigator.onLine ? (failure instanceof Error ? failure.message : String(failure)) : null;
        if (live) setLookup({ key, done: true, found: false, error });
      },
    );
    return () => {
      live = false;
    };
  }, [absent, online, key, userId, gameId]);

  if (data === undefined) return { status: 'loading' };
  if (data !== null) return { status: 'found', data, freshness: fresh };
  if (!online) return { status: 'missing', offline: true, error: null };
  // Found and stored: the live query answers with it in a moment.
  if (lookup.key !== key || !lookup.done || lookup.found) return { status: 'loading' };
  return { status: 'missing', offline: false, error: lookup.error };
}

/** The review's threaded comments, read only once `enabled` (spec: loaded about 100 ms after mount). */
export function useReviewComments(reviewId: number, me: number | null, enabled: boolean): CommentNode[] | undefined {
  return useLive(
    (db) => (enabled ? loadReviewComments(db, reviewId, me) : Promise.resolve(undefined)),
    [reviewId, me, enabled],
  );
}
