// The game page's status actions: mark started / finished, the collection and the
// wishlist. Each runs as the member (a guest gets the sign-in modal first and the action runs after
// signing in), is one write() — applied on the device and queued for the server — and carries the
// game's summary, so a game our database does not have yet is added with it. A refusal shows the
// spec's alert text as an error toast.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { staleLists, statusFailureMessage, type MyStatus, type StatusFailure } from '../../core/game-page.ts';
import { write } from '../../data/actions.ts';
import type { GameRow } from '../../store/db.ts';
import { gameSummaryOf } from '../../data/repos/game-page.ts';
import { useAuthUi } from '../../ui/auth/auth-context.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';

export interface GameActions {
  writeReview(): void;
  markStarted(): void;
  markFinished(): void;
  /** Adds, removes, or moves the game across from the wishlist, per the collection button. */
  collection(action: 'add' | 'remove' | 'move'): void;
  wishlist(add: boolean): void;
}

export function useGameActions(game: GameRow, status: MyStatus | null, memberId: number | null): GameActions {
  const { requireMember } = useAuthUi();
  const toast = useToast();
  const navigate = useNavigate();
  const igdbId = game.igdb_id;
  const summary = gameSummaryOf(game);

  const run = (kind: StatusFailure, action: (me: number) => Promise<unknown>) => {
    requireMember(async (me) => {
      try {
        await action(me);
      } catch (error) {
        toast.push(statusFailureMessage(kind, error instanceof Error ? error.message : null), 'error');
      }
    });
  };

  // On load, a started or finished game leaves both lists (entries another device left behind).
  const cleaned = useRef<string>('');
  useEffect(() => {
    if (memberId === null || status === null) return;
    const stale = staleLists(status);
    const key = `${memberId}:${igdbId}`;
    if ((!stale.wishlist && !stale.collection) || cleaned.current === key) return;
    cleaned.current = key;
    const fail = (kind: StatusFailure) => (error: unknown) =>
      toast.push(statusFailureMessage(kind, error instanceof Error ? error.message : null), 'error');
    if (stale.wishlist) write(memberId, 'wishlist.set', { igdb_id: igdbId, in: false }).catch(fail('wishlist'));
    if (stale.collection) write(memberId, 'collection.set', { igdb_id: igdbId, in: false }).catch(fail('collection'));
  }, [memberId, status, igdbId, toast]);

  return {
    writeReview: () =>
      requireMember(() => {
        void navigate(`/review/${igdbId}`);
      }),
    markStarted: () =>
      run('started', (me) => write(me, 'progress.set', { igdb_id: igdbId, game: summary, started: true })),
    markFinished: () =>
      run('completed', (me) =>
        write(me, 'progress.set', { igdb_id: igdbId, game: summary, started: true, completed: true }),
      ),
    collection: (action) => {
      if (action === 'move')
        run('move', (me) => write(me, 'collection.move', { igdb_id: igdbId, game: summary, to: 'collection' }));
      else
        run('collection', (me) =>
          write(me, 'collection.set', { igdb_id: igdbId, game: summary, in: action === 'add' }),
        );
    },
    wishlist: (add) => run('wishlist', (me) => write(me, 'wishlist.set', { igdb_id: igdbId, game: summary, in: add })),
  };
}
