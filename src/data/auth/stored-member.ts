// The member this device holds a session for, as the header shows them while that session is read
// (features/auth/header-account.tsx): their name and avatar from the device's own copy of their
// member row. The session is only read once the first screen has shown (supabase-js waits for it),
// and until then a member's header kept a visitor's 'Loading...' button, as wide as 'Sign In /
// Sign Up', which then shrank to their avatar and moved the search box beside it. The device's
// database answers only after the header's first render, so the face it last gave is also kept in
// localStorage, read synchronously for that render, and dropped when the database says there is
// no such member any more (a sign-out, here or in another tab). Not for a member who asked not to
// be remembered: their name must not show on the device once their browser session is over.
import { useEffect, useState } from 'react';
import type { CheckpointDb } from '../../store/db.ts';
import { AUTH_STORAGE_KEY } from '../backend.ts';
import { useLive } from '../live.ts';
import { askedToBeRemembered } from './remember.ts';

export interface MemberFace {
  readonly id: number;
  readonly name: string;
  readonly avatar: string | null;
}

/**
 * The stored session's member as the device last synced them; null when no session is stored or
 * the device holds no member row for it (a first sign-in on this device).
 */
export async function storedMemberFace(db: CheckpointDb): Promise<MemberFace | null> {
  const stored = await db.auth.get(AUTH_STORAGE_KEY);
  if (!stored || stored.value === 'null') return null;
  const state = await db.syncState.get('main');
  const id = state?.user_id ?? null;
  if (id === null) return null;
  // The member id was resolved for one auth account: another account's session must not show it.
  if (state?.auth_id !== undefined && sessionUserId(stored.value) !== state.auth_id) return null;
  const row = await db.users.get(id);
  return row ? { id, name: row.username, avatar: row.avatar_url ?? null } : null;
}

/** The auth account of a stored session (auth-js keeps it as JSON with its user), or null. */
function sessionUserId(value: string): string | null {
  try {
    const session: unknown = JSON.parse(value);
    const user = typeof session === 'object' && session !== null ? (session as { user?: unknown }).user : null;
    const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** Where the face the database last gave is kept for the next visit's first render. */
const MEMBER_FACE_KEY = 'checkpoint.member-face';

function keptFace(): MemberFace | null {
  if (!askedToBeRemembered()) return null;
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(MEMBER_FACE_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { id, name, avatar } = kept as Record<string, unknown>;
    if (typeof id !== 'number' || typeof name !== 'string' || name === '') return null;
    return { id, name, avatar: typeof avatar === 'string' ? avatar : null };
  } catch {
    return null;
  }
}

function keepFace(face: MemberFace | null): void {
  try {
    if (face && askedToBeRemembered()) localStorage.setItem(MEMBER_FACE_KEY, JSON.stringify(face));
    else localStorage.removeItem(MEMBER_FACE_KEY);
  } catch {
    // Storage refused (private mode, quota): the next visit's first render shows 'Loading...'.
  }
}

/** storedMemberFace, live; until the database answers, the face it gave last time (or null). */
export function useStoredMemberFace(): MemberFace | null {
  const live = useLive(storedMemberFace, []);
  const [kept] = useState(keptFace);
  useEffect(() => {
    if (live !== undefined) keepFace(live);
  }, [live]);
  return live === undefined ? kept : live;
}
