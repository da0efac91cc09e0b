// profile.update, twin of app.m_profile_update (supabase/schema/tables/public.user.sql): the fields given, trimmed, an
// empty one cleared (names, bio, location and platforms by the blank-text rule, core/blank-text.ts,
// as the server's user_blank_text trigger does, supabase/schema/functions/app.clean_text.sql); a username taken by another member (case-insensitive) is refused.
import { cleanOrNull } from '../../core/blank-text.ts';
import type { MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, UserRow } from '../db.ts';
import { writeRow } from '../overlay.ts';
import { btrim, reject, textOrNull } from './rows.ts';
import type { ApplyContext } from './types.ts';

const OPTIONAL = ['name', 'display_name', 'bio', 'avatar_url', 'location', 'website', 'platform'] as const;
/** The fields people read, cleaned by the blank-text rule; the addresses keep btrim. */
const READ_TEXT: ReadonlySet<string> = new Set(['name', 'display_name', 'bio', 'location', 'platform']);

export async function applyProfileUpdate(
  db: CheckpointDb,
  a: MutationArgs<'profile.update'>,
  ctx: ApplyContext,
): Promise<void> {
  const username = a.username === undefined ? undefined : btrim(a.username);
  if (username !== undefined) {
    const taken = await db.users
      .where('username')
      .equalsIgnoreCase(username)
      .filter((u) => u.id !== ctx.me)
      .count();
    if (taken > 0) reject('username_taken', 'Username is already taken');
  }
  // The member's own row is pulled at sign-in; until then there is nothing on screen to change
  // (the server creates the row, if need be, before it applies the update).
  const me = await db.users.get(ctx.me);
  if (!me) return;
  const next: UserRow = { ...me, username: username ?? me.username, updated_at: ctx.now };
  for (const field of OPTIONAL)
    if (a[field] !== undefined) next[field] = READ_TEXT.has(field) ? cleanOrNull(a[field]) : textOrNull(a[field]);
  await writeRow(db, 'users', next);
}
