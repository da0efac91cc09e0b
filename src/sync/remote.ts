// What the sync engine needs from the backend: sync_push and sync_pull, behind an interface so the
// engine runs against supabase-js (src/data/remote.ts) or an in-memory fake (tests/support), and
// the three ways a call can fail, each with its own handling in push.ts / engine.ts.
import type { ServerChange } from '../store/overlay.ts';

/** An outbox row as sync_push takes it. */
export interface PushMutation {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  /** When the edit was made (core/hlc.ts); absent: the server dates it on arrival. */
  readonly hlc?: string;
  /** The protocol the args are shaped for, when older than the call's. */
  readonly v?: number;
}

/**
 * One answer per pushed mutation, in the order pushed. `superseded`: the fields of an accepted edit
 * that the server kept out because another device had changed them later (newer by clock).
 */
export type PushResult =
  | { readonly id: string; readonly status: 'ok'; readonly result: unknown; readonly superseded?: readonly string[] }
  | { readonly id: string; readonly status: 'rejected'; readonly code: string; readonly message: string };

export interface PushReply {
  /** Answers for the mutations pushed, in order; fewer when the server stopped at client_too_old. */
  readonly results: readonly PushResult[];
  /** The member the server applied the batch as. */
  readonly user_id: number;
  /** The newest edit clock the server holds for the member: merged into the device's clock. */
  readonly clock?: string | null;
  /** The mutation (or, id null, the whole call) the server can no longer read: update the app. */
  readonly client_too_old?: { readonly id: string | null; readonly message: string } | null;
}

/** The public ids a client has cached; sync_pull also sends their changes. */
export interface SyncScope {
  readonly game_ids: readonly number[];
  readonly user_ids: readonly number[];
  readonly rating_ids: readonly number[];
  /** Members held only as authors of cached rows: their member row is kept fresh, nothing else. */
  readonly author_ids: readonly number[];
}

export interface PullPage {
  /** Where the next pull starts. Opaque to the client. */
  readonly cursor: string;
  readonly has_more: boolean;
  /** True when the page is every row in scope (the pull had no cursor), not changes. */
  readonly snapshot: boolean;
  readonly changes: readonly ServerChange[];
  /** The signed-in member, or null for a visitor. */
  readonly user_id: number | null;
  /** The newest edit clock the server holds for the member (protocol 2). */
  readonly clock?: string | null;
}

export interface Remote {
  push(clientId: string, mutations: readonly PushMutation[]): Promise<PushReply>;
  pull(cursor: string | null, scope: SyncScope, limit: number): Promise<PullPage>;
}

/**
 * Read-through: the public rows of a scope as they are now (sync_pull with p_own false), or, with
 * `since` (a cursor an earlier read of the same scope answered), only what changed since, a page
 * at a time as a pull's.
 */
export interface ScopeReader {
  scopeSnapshot(scope: Partial<SyncScope>, since?: string): Promise<PullPage>;
}

/** The call did not get an answer (offline, timeout, 5xx): try again later with backoff. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** 401: the session is missing or expired. The engine refreshes it once, then retries. */
export class AuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthError';
  }
}

/** sync_pull's code for a cursor it cannot read (another server's, a corrupted one). */
export const INVALID_CURSOR = 'invalid_cursor';
/**
 * sync_pull's code for a cursor below the change log's low-water mark: changes after it may have
 * been pruned (app.prune_sync_changes), so only a new snapshot is complete.
 */
export const CURSOR_TOO_OLD = 'cursor_too_old';

/**
 * The server refused the whole call (a 4xx other than 401), e.g. a batch that is too large or an
 * unknown cursor. Final: sending the same request again gets the same answer.
 */
export class RejectedBatchError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RejectedBatchError';
  }
}

/** The code and the spec's words when the server no longer understands this app's sync calls. */
export const CLIENT_TOO_OLD = 'client_too_old';
export const CLIENT_TOO_OLD_MESSAGE = 'A new version is needed to sync your changes';

/**
 * The server can no longer read this app's calls or one of its queued mutations
 * (docs/decisions/0009-sync-protocol-versions.md).
 * Nothing was lost: the outbox keeps every row from that one on, and syncing waits for an update.
 */
export class ClientTooOldError extends Error {
  constructor(message = CLIENT_TOO_OLD_MESSAGE) {
    super(message);
    this.name = 'ClientTooOldError';
  }
}

/**
 * The session belongs to another member than the one this device's data belongs to. Final until
 * the auth layer clears the previous member's mirrors, outbox and sync state.
 */
export class MemberChangedError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number | null,
  ) {
    super('Signed in as another member than the one whose data is on this device');
    this.name = 'MemberChangedError';
  }
}
