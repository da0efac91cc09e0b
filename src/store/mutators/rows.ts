// Small rules shared by the local applies, each the twin of a line of SQL.
import { MutationError } from '../../core/mutation-error.ts';
import type { CheckpointDb, MirrorName } from '../db.ts';
import { writeRow } from '../overlay.ts';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export function reject(code: string, message: string): never {
  throw new MutationError(code, message);
}

/** Postgres btrim(): trims spaces only (not tabs or newlines), unlike String.prototype.trim. */
export function btrim(text: string): string {
  return text.replace(/^ +/, '').replace(/ +$/, '');
}

/** nullif(btrim(text), ''): what the server stores for an optional text field. */
export function textOrNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = btrim(text);
  return trimmed === '' ? null : trimmed;
}

/**
 * A time a client sent for a row it made offline (a review's post_date_time, a comment's
 * created_at), as the server's guards keep it: within the last 30 days, never in the future.
 */
export function recentOrNow(at: string | undefined, now: string): string {
  if (at === undefined) return now;
  const t = Date.parse(at);
  const n = Date.parse(now);
  return t > n || t < n - THIRTY_DAYS_MS ? now : at;
}

/** A counter kept by a server trigger: greatest(0, count + delta), on the row when mirrored. */
export async function bump(
  db: CheckpointDb,
  table: MirrorName,
  id: number,
  field: string,
  delta: number,
): Promise<void> {
  const row = await db.table<{ id: number } & Record<string, unknown>, number>(table).get(id);
  if (!row) return;
  const count = typeof row[field] === 'number' ? row[field] : 0;
  await writeRow(db, table, { ...row, [field]: Math.max(0, count + delta) });
}
