// Signing out on a shared device must not leave the member's data behind, nor throw away writes
// that never reached the server without asking. This is the data half of sign-out: the screen
// asks first when there are unsynced changes, then calls again with `discardUnsynced`.
import { MIRROR_NAMES, type CheckpointDb } from '../store/db.ts';
import { withSyncLock } from './leader.ts';

export type SignOutOutcome = { readonly signedOut: true } | { readonly signedOut: false; readonly unsynced: number };

/**
 * Clears the member's private data (mirrors, shadows, outbox, sync state, imports, the Library's kept heads, refused writes) and ends the session.
 * With unsynced changes and no `discardUnsynced`, changes nothing and reports how many there are.
 * Public catalogue rows (games) stay: they are the offline search catalogue, not the member's.
 * Runs under the sync lock, so no push or pull is half-way through when the data goes.
 */
export function signOutAndClear(
  db: CheckpointDb,
  endSession: () => Promise<void>,
  options: { discardUnsynced?: boolean; lock?: Parameters<typeof withSyncLock>[1] } = {},
): Promise<SignOutOutcome> {
  return withSyncLock(async () => {
    const unsynced = await db.outbox.count();
    if (unsynced > 0 && !options.discardUnsynced) return { signedOut: false, unsynced };
    await endSession();
    const tables = [
      ...MIRROR_NAMES.filter((name) => name !== 'games'),
      'shadows',
      'outbox',
      'conflicts',
      'syncState',
      'imports',
      'importProgress',
      'libraryHeads',
      'refused',
    ] as const;
    await db.transaction('rw', [...tables, 'games'], async () => {
      for (const name of tables) await db.table(name).clear();
      // Games the member added locally but never synced (negative ids) are theirs, not the catalogue's.
      await db.games.where('id').below(0).delete();
    });
    return { signedOut: true };
  }, options.lock);
}
