// journal.add / journal.update / journal.delete, twins of app.m_journal_add, app.m_journal_update
// and app.m_journal_delete (supabase/schema/functions/), app.check_journal_fields and the
// play_session_guard trigger (supabase/schema/tables/public.play_session.sql). A session is named by server id or by
// the key its member's client gave it (client_key), so one logged offline can be edited or deleted
// before it reaches the server. Only the member's own sessions are mirrored.
import {
  JOURNAL_MESSAGES,
  minutesProblem,
  noteProblem,
  playDateProblem,
  trimNote,
} from '../../core/journal/journal.ts';
import type { MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, GameRow, PlaySessionRow } from '../db.ts';
import { deleteRow, tempId, writeRow } from '../overlay.ts';
import { resolveGame, saveGame } from './games.ts';
import { reject } from './rows.ts';
import { inScope } from './scope.ts';
import type { ApplyContext } from './types.ts';

/** By key, the server's row wins over a pending one that has not been replaced yet. */
async function byKey(db: CheckpointDb, key: string): Promise<PlaySessionRow | undefined> {
  const rows = await db.journal.where('client_key').equals(key).toArray();
  return rows.reduce<PlaySessionRow | undefined>(
    (best, row) => (best === undefined || row.id > best.id ? row : best),
    undefined,
  );
}

/** app.find_play_session: by id when given, else by key. */
function findSession(db: CheckpointDb, a: { id?: number; key?: string }): Promise<PlaySessionRow | undefined> {
  if (a.id !== undefined) return db.journal.get(a.id);
  if (a.key !== undefined) return byKey(db, a.key);
  return Promise.resolve(undefined);
}

/** note: nullif(btrim(note), ''). */
function noteOrNull(note: string | null | undefined): string | null {
  const trimmed = trimNote(note ?? '');
  return trimmed === '' ? null : trimmed;
}

/**
 * play_session_guard: the platform must be one of the game's. Refused only when the mirror proves
 * it (the platform is known and the game lists its platforms without it); else the server decides.
 */
async function checkPlatform(db: CheckpointDb, game: GameRow | undefined, platformId: number | null): Promise<void> {
  if (platformId === null || !game?.platforms?.length || !inScope(db, 'platforms')) return;
  const platform = await db.platforms.get(platformId);
  if (!platform) return;
  const names = new Set(game.platforms.map((n) => n.toLowerCase()));
  if (!names.has(platform.name.toLowerCase())) reject('platform_not_for_game', JOURNAL_MESSAGES.platformNotForGame);
}

/** app.check_journal_fields: the fields given (zod has checked their shapes). */
function checkFields(a: { played_on?: string; minutes?: number; note?: string | null }, ctx: ApplyContext): void {
  const day = a.played_on === undefined ? null : playDateProblem(a.played_on, Date.parse(ctx.now));
  if (day) reject('invalid_play_date', day);
  if (a.minutes !== undefined && minutesProblem(a.minutes)) reject('invalid_minutes', JOURNAL_MESSAGES.minutes);
  if (noteProblem(a.note)) reject('note_too_long', JOURNAL_MESSAGES.noteTooLong);
}

/** A repeated key is the same session: nothing more happens (unless the key is someone else's). */
export async function applyJournalAdd(
  db: CheckpointDb,
  a: MutationArgs<'journal.add'>,
  ctx: ApplyContext,
): Promise<void> {
  const same = await byKey(db, a.key);
  if (same) {
    if (same.user_id !== ctx.me) reject('invalid_session', JOURNAL_MESSAGES.invalidSession);
    return;
  }
  const game = await resolveGame(db, a, ctx);
  checkFields(a, ctx);
  const platformId = a.platform_id ?? null;
  await checkPlatform(db, game.row, platformId);
  await saveGame(db, game);
  await writeRow<PlaySessionRow>(db, 'journal', {
    id: tempId(),
    client_key: a.key,
    user_id: ctx.me,
    game_id: game.row.id,
    igdb_id: game.row.igdb_id,
    played_on: a.played_on,
    minutes: a.minutes,
    platform_id: platformId,
    note: noteOrNull(a.note),
    is_private: a.is_private ?? false,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
}

export async function applyJournalUpdate(
  db: CheckpointDb,
  a: MutationArgs<'journal.update'>,
  ctx: ApplyContext,
): Promise<void> {
  const row = await findSession(db, a);
  if (!row || row.user_id !== ctx.me) return reject('session_forbidden', JOURNAL_MESSAGES.editForbidden);
  checkFields(a, ctx);
  const platformId = a.platform_id === undefined ? row.platform_id : a.platform_id;
  if (platformId !== row.platform_id) await checkPlatform(db, await db.games.get(row.game_id), platformId);
  await writeRow<PlaySessionRow>(db, 'journal', {
    ...row,
    played_on: a.played_on ?? row.played_on,
    minutes: a.minutes ?? row.minutes,
    platform_id: platformId,
    note: a.note === undefined ? row.note : noteOrNull(a.note),
    is_private: a.is_private ?? row.is_private,
    updated_at: ctx.now,
  });
}

/** A session already gone (or never synced) counts as deleted, so the queue never stalls on it. */
export async function applyJournalDelete(
  db: CheckpointDb,
  a: MutationArgs<'journal.delete'>,
  ctx: ApplyContext,
): Promise<void> {
  const row = await findSession(db, a);
  if (!row) return;
  if (row.user_id !== ctx.me) reject('session_forbidden', JOURNAL_MESSAGES.deleteForbidden);
  await deleteRow(db, 'journal', row.id);
}
