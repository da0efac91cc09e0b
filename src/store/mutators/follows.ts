// follow.set, twin of app.m_follow_set and the follow_counts trigger (supabase/schema/tables/public.user.sql). Idempotent
// either way. The server also refuses an unknown member ('User not found'); the mirror holds only
// the members this client has seen, so that is left to the server.
import type { MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, FollowRow } from '../db.ts';
import { deleteRow, tempId, writeRow } from '../overlay.ts';
import { bump, reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

async function count(db: CheckpointDb, follower: number, following: number, delta: number): Promise<void> {
  await bump(db, 'users', following, 'follower_count', delta);
  await bump(db, 'users', follower, 'following_count', delta);
}

export async function applyFollowSet(
  db: CheckpointDb,
  a: MutationArgs<'follow.set'>,
  ctx: ApplyContext,
): Promise<void> {
  if (a.user_id === ctx.me) reject('self_follow', 'You cannot follow yourself');
  const rows = await db.follows.where('[follower_id+following_id]').equals([ctx.me, a.user_id]).toArray();
  if (a.following) {
    if (rows.length > 0) return;
    await writeRow<FollowRow>(db, 'follows', {
      id: tempId(),
      follower_id: ctx.me,
      following_id: a.user_id,
      created_at: ctx.now,
    });
    await count(db, ctx.me, a.user_id, 1);
    return;
  }
  for (const row of rows) {
    await deleteRow(db, 'follows', row.id);
    await count(db, ctx.me, a.user_id, -1);
  }
}
