// Push: sends the outbox to sync_push in order, in batches of PUSH_BATCH_SIZE. The server applies
// each mutation id once, so a batch may be sent again after any failure. An accepted or rejected
// mutation leaves the outbox; a rejected one is reported with the server's message and never
// holds up the ones behind it. A batch the server refuses as a whole is sent again in halves until
// the row it refuses alone is found: only that row is rejected, never the good writes beside it.
// A row whose text the server cannot store (queued by an older build) is rejected here, unsent.
// Only "no answer" (NetworkError) or a 401 (AuthError) stop a push,
// and client_too_old (ClientTooOldError), which keeps every row from the one the server could not
// read. An accepted edit whose fields lost to a newer edit from another device becomes a conflict
// row in the same transaction that removes it from the outbox: the member is shown it once. So
// does a rejected one become a refusal on record (store/refused.ts), which every page reads.
import { PUSH_BATCH_SIZE, SYNC_PROTOCOL } from '../core/constants.ts';
import { maxHlc } from '../core/hlc.ts';
import { INVALID_TEXT, INVALID_TEXT_MESSAGE, isStorableValue } from '../core/storable-text.ts';
import type { CheckpointDb, ConflictRow, OutboxRow } from '../store/db.ts';
import { emitPushAnswered, emitRejected, type Rejection } from '../store/events.ts';
import { recordRefusals } from '../store/refused.ts';
import { adoptMember, loadSyncState } from './state.ts';
import {
  ClientTooOldError,
  MemberChangedError,
  NetworkError,
  RejectedBatchError,
  type PushMutation,
  type PushResult,
  type Remote,
} from './remote.ts';

export interface PushOutcome {
  readonly accepted: number;
  readonly rejected: number;
}

type QueuedRow = OutboxRow & { seq: number };

function hasSeq(row: OutboxRow): row is QueuedRow {
  return row.seq !== undefined;
}

interface Answered {
  readonly row: QueuedRow;
  readonly result: PushResult;
}

/** Pairs the answers with the rows by position (the server answers in order), checking ids. */
function pair(rows: readonly QueuedRow[], results: readonly PushResult[]): Answered[] {
  const answered: Answered[] = [];
  for (const [i, result] of results.entries()) {
    const row = rows[i];
    if (!row) break;
    // A mutation id that is not a UUID is answered with the id as sent, possibly null ('').
    if (result.id !== '' && result.id !== row.id) throw new NetworkError('sync_push answered out of order');
    answered.push({ row, result });
  }
  if (answered.length === 0) throw new NetworkError('sync_push answered no results');
  return answered;
}

/** The row as sync_push takes it: its clock, and its shape when an older build queued it. */
export function toPushMutation({ id, name, args, hlc, protocol }: OutboxRow): PushMutation {
  const v = protocol ?? 1;
  return { id, name, args, ...(hlc ? { hlc } : {}), ...(v !== SYNC_PROTOCOL ? { v } : {}) };
}

function conflictOf({ row, result }: Answered, at: string): ConflictRow[] {
  if (result.status !== 'ok' || !result.superseded?.length) return [];
  return [{ id: row.id, name: row.name, args: row.args, fields: [...result.superseded], created_at: at }];
}

/**
 * Removes the answered rows from the outbox, records the edits that lost to newer ones and merges
 * the server's clock, in one transaction; returns the rejections.
 */
async function settle(
  db: CheckpointDb,
  answered: readonly Answered[],
  clock: string | null | undefined,
): Promise<Rejection[]> {
  const at = new Date().toISOString();
  const refusals = answered.flatMap(({ row, result }) =>
    result.status === 'rejected'
      ? [{ id: row.id, name: row.name, args: row.args, code: result.code, message: result.message }]
      : [],
  );
  await db.transaction('rw', [db.outbox, db.conflicts, db.refused, db.syncState], async () => {
    await db.outbox.bulkDelete(answered.map(({ row }) => row.seq));
    // put, not add: the same answer read twice (a retried batch) is still one conflict.
    await db.conflicts.bulkPut(answered.flatMap((a) => conflictOf(a, at)));
    // A refused write leaves the outbox only as a refusal on record ([S15]): this context may be
    // the service worker, whose in-memory events no page hears.
    await recordRefusals(db, refusals, at);
    await mergeClock(db, clock);
  });
  return refusals.map(({ name, code, message }) => ({ name, code, message }));
}

/** Keeps the newest clock seen from the server, so this device's next edit is newer still. */
export async function mergeClock(db: CheckpointDb, clock: string | null | undefined): Promise<void> {
  if (!clock) return;
  const state = await db.syncState.get('main');
  const merged = maxHlc(state?.hlc, clock);
  if (state && merged !== state.hlc) await db.syncState.update('main', { hlc: merged });
}

async function countAttempt(db: CheckpointDb, rows: readonly QueuedRow[]): Promise<void> {
  await db.outbox
    .where('seq')
    .anyOf(rows.map((r) => r.seq))
    .modify((row) => {
      row.attempts += 1;
    });
}

/**
 * Pushes until the outbox is empty. Throws NetworkError / AuthError (the engine retries or
 * refreshes) and MemberChangedError; whatever was settled before stays settled.
 */
export async function pushOutbox(db: CheckpointDb, remote: Remote): Promise<PushOutcome> {
  let accepted = 0;
  let rejected = 0;
  if ((await db.outbox.count()) === 0) return { accepted, rejected };
  const state = await loadSyncState(db);
  // An empty push asks the server whose session this is (and creates the member row of a brand-new
  // account) before any write goes out: after another member signed in on this device, the first
  // member's writes must wait for them (auth layer), never be applied as the second's.
  const me = (await remote.push(state.client_id, [])).user_id;
  if (state.user_id !== null && state.user_id !== me) throw new MemberChangedError(state.user_id, me);
  await adoptMember(db, me);

  // How many rows the next call sends, and how many rows from the head are known to hold one the
  // server refuses ([S5]). A batch refused as a whole is bisected: its first half goes, and if that
  // is answered, half of the rest, until the row the server refuses alone is found; then full
  // batches again. One bad row among n costs about log2(n) extra calls. Rows always leave in order.
  let limit = PUSH_BATCH_SIZE;
  let suspect = 0;
  const tell = async (answered: readonly Answered[], clock?: string | null) => {
    const rejections = await settle(db, answered, clock);
    accepted += answered.length - rejections.length;
    rejected += rejections.length;
    // Told only after the commit: a listener that reads the outbox sees the row gone.
    for (const rejection of rejections) emitRejected(rejection);
    emitPushAnswered(
      answered.map(({ row, result }) => ({
        id: row.id,
        status: result.status,
        ...(result.status === 'rejected' ? { message: result.message } : {}),
      })),
    );
  };
  for (;;) {
    const rows = (await db.outbox.orderBy('seq').limit(limit).toArray()).filter(hasSeq);
    if (rows.length === 0) return { accepted, rejected };
    // Text the server cannot store would make it refuse the whole batch: such a row (an older
    // build queued it; today's schemas refuse it before the outbox) is rejected without a call.
    const unstorable = rows.filter((row) => !isStorableValue(row.args));
    if (unstorable.length > 0) {
      await tell(unstorable.map((row) => ({ row, result: refusal(row, INVALID_TEXT, INVALID_TEXT_MESSAGE) })));
      continue;
    }
    let answered: Answered[];
    let clock: string | null | undefined;
    let tooOld = false;
    try {
      const reply = await remote.push(state.client_id, rows.map(toPushMutation));
      if (reply.user_id !== me) throw new MemberChangedError(me, reply.user_id);
      clock = reply.clock;
      tooOld = Boolean(reply.client_too_old);
      if (tooOld && reply.results.length === 0) throw new ClientTooOldError();
      answered = pair(rows, reply.results);
    } catch (error) {
      if (error instanceof NetworkError) await countAttempt(db, rows);
      if (!(error instanceof RejectedBatchError)) throw error;
      if (rows.length > 1) {
        // Refused as a whole, so nothing of it was applied: sending its rows again is safe ([S3]).
        suspect = rows.length;
        limit = Math.ceil(suspect / 2);
        continue;
      }
      // Refused alone, which the server will do again: rejected with its message, so the queue
      // can never jam on it.
      answered = rows.map((row) => ({ row, result: refusal(row, error.code, error.message) }));
    }
    // Answered (a row refused alone is answered too): the refused row is further on, or found.
    suspect = rows.length === 1 && answered[0]?.result.status === 'rejected' ? 0 : Math.max(0, suspect - rows.length);
    limit = suspect > 0 ? Math.ceil(suspect / 2) : PUSH_BATCH_SIZE;
    await tell(answered, clock);
    if (tooOld) throw new ClientTooOldError();
  }
}

function refusal(row: QueuedRow, code: string, message: string): PushResult {
  return { id: row.id, status: 'rejected', code, message };
}
