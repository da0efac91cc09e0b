// Profile reads the device's mirrors cannot answer: whether a member exists at all (the mirror
// only knows members it has been sent), asked of get_profile (20261121000700_reads.sql).
import { localDb, readRpc } from './backend.ts';

/**
 * Whether the member with this id exists on the server. Rejects when the server cannot be asked
 * (offline, an error): the caller must not take that for "no such member". A member the device
 * holds exists: the read-through that just brought them answers before the screen's own query
 * has re-run, and no round trip is spent asking.
 */
export async function memberExists(userId: number): Promise<boolean> {
  if (
    await localDb()
      .users.get(userId)
      .catch(() => undefined)
  )
    return true;
  const { data, error } = await readRpc('get_profile', { p_user_id: userId });
  if (error) throw new Error(error.message);
  return data !== null;
}
