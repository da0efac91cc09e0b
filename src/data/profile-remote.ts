// Profile reads the device's mirrors cannot answer: whether a member exists at all (the mirror
// only knows members it has been sent), asked of get_profile (20261121000700_reads.sql).
import { backend } from './backend.ts';

/**
 * Whether the member with this id exists on the server. Rejects when the server cannot be asked
 * (offline, an error): the caller must not take that for "no such member".
 */
export async function memberExists(userId: number): Promise<boolean> {
  const supabase = await backend();
  const { data, error } = await supabase.rpc('get_profile', { p_user_id: userId });
  if (error) throw new Error(error.message);
  return data !== null;
}
