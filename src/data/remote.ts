// The sync engine's Remote over supabase-js: sync_push and sync_pull as RPCs. Answers are checked
// at this boundary (sync_push's with zod in push-schemas.ts, sync_pull's by
// core/guards/server-answers.ts); failures become the engine's three error kinds (src/sync/remote.ts).
// Refreshing the session on a 401 is the engine's decision, not this module's.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { SYNC_PROTOCOL } from '../core/constants.ts';
import {
  AnswerShapeError,
  pullChange,
  pullPageAnswer,
  pullRowChange,
  pullRows,
  pullTooOld,
  type PullChange,
  type PullPageAnswer,
  type PullRows,
} from '../core/guards/server-answers.ts';
import type { PushResultAnswer } from './push-schemas.ts';
import { withTimeout } from '../core/with-timeout.ts';
import { yieldToPage } from '../core/yield-to-page.ts';
import {
  AuthError,
  ClientTooOldError,
  NetworkError,
  RejectedBatchError,
  type PullPage,
  type PushMutation,
  type PushReply,
  type PushResult,
  type Remote,
  type SyncScope,
  type ScopeReader,
} from '../sync/remote.ts';
import { MIRRORS, type ServerTable } from '../store/db.ts';
import type { RpcError } from './direct-rpc.ts';
import { scopeSnapshotRead } from './first-read.ts';
import type { ServerChange } from '../store/overlay.ts';

/** Longer than any push of PUSH_BATCH_SIZE mutations takes; shorter than a member's patience. */
const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * How long a call waits for supabase-js to have an access token. A refresh while the server cannot
 * be reached is tried again for up to 25 s (auth-refresh.ts): a sync waiting inside it showed
 * "Syncing…" all along, when the truth is that the server cannot be reached.
 */
export const TOKEN_WAIT_MS = 4_000;

function isServerTable(table: string): table is ServerTable {
  return Object.hasOwn(MIRRORS, table);
}

/** A server table this client does not know yet is left out rather than failing the pull. */
function toChange(change: PullChange): ServerChange | null {
  if (!isServerTable(change.table)) return null;
  // pullChange made the object, with exactly a ServerChange's fields: it is taken as it is.
  return change.op === 'upsert' || change.key !== undefined
    ? (change as ServerChange)
    : { table: change.table, op: 'delete', id: change.id, key: null };
}

/**
 * Changes checked per task: a snapshot's thousands took over half a second in one
 * (docs/decisions/0008-big-libraries-yield-to-the-page.md), while the member scrolled. Between
 * slices the page gets its turn.
 */
const CHECK_SLICE = 500;

/** A guard's error with its place in the page put before its path; any other error is thrown on. */
function placed(error: unknown, ...place: (string | number)[]): { error: AnswerShapeError } {
  if (error instanceof AnswerShapeError) return { error: new AnswerShapeError([...place, ...error.path]) };
  throw error;
}

/**
 * A page's changes, then its rows by table (protocol 3) as upserts, checked and converted a slice
 * at a time; or the error of the first bad one, its path from the page (`changes.3.id`,
 * `rows.0.values.12`). The order is the server's; a page holds each row once, so it only decides
 * the order tables are stored in (games and members, in `changes`, first).
 */
async function checkChanges(page: PullPageAnswer): Promise<{ changes: ServerChange[] } | { error: AnswerShapeError }> {
  const checked: ServerChange[] = [];
  // Counted across the changes and every group's rows: a yield every CHECK_SLICE of them.
  let done = 0;
  const { changes } = page;
  for (let i = 0; i < changes.length; i++) {
    let change: PullChange;
    try {
      // No path is made for a change that passes (a page has thousands): the index is added to
      // the error's path only when one fails.
      change = pullChange(changes[i]);
    } catch (error) {
      return placed(error, 'changes', i);
    }
    const known = toChange(change);
    if (known) checked.push(known);
    if (++done % CHECK_SLICE === 0) await yieldToPage();
  }
  for (let g = 0; g < page.rows.length; g++) {
    let rows: PullRows;
    try {
      rows = pullRows(page.rows[g]);
    } catch (error) {
      return placed(error, 'rows', g);
    }
    // A table this client does not know yet is left out, as a change of it would be.
    if (!isServerTable(rows.table)) continue;
    for (let i = 0; i < rows.values.length; i++) {
      try {
        checked.push(pullRowChange(rows, i) as ServerChange);
      } catch (error) {
        return placed(error, 'rows', g);
      }
      if (++done % CHECK_SLICE === 0) await yieldToPage();
    }
  }
  return { changes: checked };
}

function toResult(result: PushResultAnswer): PushResult {
  return result.status === 'ok'
    ? {
        id: result.id,
        status: 'ok',
        result: result.result,
        ...(result.superseded?.length ? { superseded: result.superseded } : {}),
      }
    : { id: result.id ?? '', status: 'rejected', code: result.code, message: result.message };
}

/**
 * PostgREST's answer → the engine's error kinds. 404 (function not deployed yet), 408 and 429 are
 * transient like 5xx and "no answer" (status 0: offline, timeout); only the remaining 4xx are
 * final, because the engine drops a batch that gets one.
 */
function failure(fn: string, error: PostgrestError | RpcError, status: number): Error {
  if (status === 401) return new AuthError(error.message);
  if (status === 0 || status >= 500 || status === 404 || status === 408 || status === 429) {
    return new NetworkError(`${fn} failed (${status || 'no answer'}): ${error.message}`, { cause: error });
  }
  // The API puts its stable code in the hint (app.fail); PostgREST's own errors only have a code.
  return new RejectedBatchError(error.hint || error.code || `http_${status}`, error.message);
}

function unexpected(fn: string, cause: unknown): NetworkError {
  return new NetworkError(`${fn} answered in an unexpected shape`, { cause });
}

export interface SupabaseRemoteOptions {
  /** Abort a call after this long (it then counts as a NetworkError). */
  readonly timeoutMs?: number;
  /** Give up waiting for an access token after this long (a NetworkError too). */
  readonly tokenWaitMs?: number;
}

/** An RPC call answered as supabase-js answers it (status 0: no answer). */
export type RpcCall = (
  fn: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => PromiseLike<{ data: unknown; error: PostgrestError | RpcError | null; status: number }>;

export function createSupabaseRemote(
  supabase: SupabaseClient,
  options: SupabaseRemoteOptions = {},
): Remote & ScopeReader {
  const tokenWaitMs = options.tokenWaitMs ?? TOKEN_WAIT_MS;
  return createRpcRemote(async (fn, args, signal) => {
    // supabase-js asks for the token before its fetch, outside the call's abort signal.
    await withTimeout(
      supabase.auth.getSession(),
      tokenWaitMs,
      () => new Error('no access token yet: the refresh is still waiting'),
    );
    return supabase.rpc(fn, args).abortSignal(signal);
  }, options);
}

/**
 * The Remote over any RPC caller: supabase-js (above), or the page's readRpc for a read-through
 * (it may go out before supabase-js is made, direct-rpc.ts).
 */
export function createRpcRemote(rpc: RpcCall, options: SupabaseRemoteOptions = {}): Remote & ScopeReader {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(fn: 'sync_push' | 'sync_pull', args: Record<string, unknown>): Promise<unknown> {
    let answer;
    try {
      answer = await rpc(fn, args, AbortSignal.timeout(timeoutMs));
    } catch (cause) {
      throw new NetworkError(`${fn} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
    if (answer.error) throw failure(fn, answer.error, answer.status);
    const data: unknown = answer.data;
    return data;
  }

  async function pullPage(args: Record<string, unknown>): Promise<PullPage> {
    const data = await call('sync_pull', args);
    // Checked by hand, not with zod: a first screen's read-through waits for this answer (guards/).
    const tooOld = pullTooOld(data);
    if (tooOld) throw new ClientTooOldError(tooOld.client_too_old.message);
    let page: PullPageAnswer;
    try {
      page = pullPageAnswer(data);
    } catch (error) {
      throw unexpected('sync_pull', error);
    }
    const checked = await checkChanges(page);
    if ('error' in checked) throw unexpected('sync_pull', checked.error);
    const { rows: _grouped, ...rest } = page;
    return { ...rest, changes: checked.changes, clock: page.clock ?? null };
  }

  return {
    async push(clientId: string, mutations: readonly PushMutation[]): Promise<PushReply> {
      const data = await call('sync_push', {
        p_client_id: clientId,
        p_mutations: mutations.map(({ id, name, args, hlc, v }) => ({ id, name, args, hlc, v })),
        p_protocol: SYNC_PROTOCOL,
      });
      // Its zod schema loads with the first push (the member changed something), not with a read.
      const parsed = (await import('./push-schemas.ts')).pushReplySchema().safeParse(data);
      if (!parsed.success) throw unexpected('sync_push', parsed.error);
      const { results, user_id, clock, client_too_old: tooOld } = parsed.data;
      return {
        results: results.map(toResult),
        user_id,
        clock: clock ?? null,
        client_too_old: tooOld ? { id: tooOld.id ?? null, message: tooOld.message } : null,
      };
    },

    pull(cursor: string | null, scope: SyncScope, limit: number): Promise<PullPage> {
      return pullPage({ p_cursor: cursor, p_scope: scope, p_limit: limit, p_protocol: SYNC_PROTOCOL });
    },

    scopeSnapshot(scope: Partial<SyncScope>, since?: string): Promise<PullPage> {
      // As a first visit's profile sends it early (first-read.ts), so readRpc can take that answer.
      const { args } = scopeSnapshotRead(scope);
      return pullPage(since === undefined ? args : { ...args, p_cursor: since });
    },
  };
}

/**
 * The engine's refreshSession for a supabase-js client: resolves once a new access token is in
 * place, rejects when there is none to be had (the member must sign in again).
 */
export function refreshSessionOf(supabase: SupabaseClient): () => Promise<void> {
  return async () => {
    const { error } = await supabase.auth.refreshSession();
    if (error) throw error;
  };
}
