// The signed-in member's follows as this device holds them (follows mirror, with writes not yet
// pushed already applied), for the directory's Follow buttons and its "You Follow" count.
import type { CheckpointDb } from '../store/db.ts';

export interface MyFollows {
  /** Ids of the members followed. */
  readonly following: ReadonlySet<number>;
  /** Whether the device has pulled the member's own rows since they signed in (then it is the truth). */
  readonly pulled: boolean;
}

export async function loadMyFollows(db: CheckpointDb, me: number | null): Promise<MyFollows> {
  if (me === null) return { following: new Set(), pulled: false };
  const [rows, state] = await Promise.all([
    db.follows.where('[follower_id+following_id]').between([me, -Infinity], [me, Infinity]).toArray(),
    db.syncState.get('main'),
  ]);
  return {
    following: new Set(rows.map((r) => r.following_id)),
    pulled: state?.user_id === me && state.cursor !== null,
  };
}
