// The members this device knows (the `users` mirror: authors of reviews it has shown, members
// followed or visited, the member themselves), for /users when neither the server nor a saved
// answer can list the directory. Names only: counts from the device's partial copy would mislead.
import type { CheckpointDb } from '../store/db.ts';
import { toUserHit } from './search/hits.ts';
import type { UserHit } from './search/types.ts';

/** The directory loads 50 members at a time: the device's list is no longer than the server's. */
export const DEVICE_MEMBERS_SHOWN = 50;

/** Known members but `exclude` (the list hides the caller), by username. */
export async function membersOnDevice(db: CheckpointDb, exclude: number | null): Promise<UserHit[]> {
  const rows = await db.users
    .orderBy('username')
    .filter((u) => u.id !== exclude)
    .limit(DEVICE_MEMBERS_SHOWN)
    .toArray();
  return rows.map(toUserHit);
}
