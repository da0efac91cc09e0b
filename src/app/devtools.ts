// `window.checkpoint`: the app's own data layer, reachable from the browser console and from the
// end-to-end tests, until the sign-in and write screens exist (and afterwards for power users).
// It is installed only in development builds or when localStorage['checkpoint.devtools'] is '1'.
//
// Why this is safe to ship: it gives nothing a script on this origin could not already do. Any
// such script can read the session from IndexedDB and call the same API with it; this merely
// spares it the plumbing. Every write still goes through mutate() (validation, local apply and the
// outbox in one transaction) and every server call through the member's own session and RLS.
import type { MutationArgs, MutationName } from '../core/mutations.ts';
import { backend, localDb } from '../data/backend.ts';
import type {
  CollectionRow,
  CommentRow,
  FollowRow,
  GameRow,
  LikeRow,
  MirrorName,
  PlaySessionRow,
  ProgressRow,
  ReviewRow,
  TopGameRow,
  UserRow,
  WishlistRow,
} from '../store/db.ts';
import { mutate } from '../sync/mutate.ts';
import { createSupabaseRemote } from '../data/remote.ts';
import { requestPersistence } from '../data/storage-persist.ts';
import { forgetAllKept } from '../data/kept-forms.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { readThrough, type ReadScope } from '../sync/read-through.ts';
import { signOutAndClear, type SignOutOutcome } from '../sync/sign-out.ts';
import { adoptMember, loadSyncState } from '../sync/state.ts';
import type { SyncStatus } from '../sync/status.ts';
import { devtoolsWanted } from './devtools-flag.ts';

export { DEVTOOLS_FLAG } from './devtools-flag.ts';

/** The row type of each mirror (store/db.ts); indexing it by MirrorName fails to compile if one is missing. */
export interface MirrorRows {
  games: GameRow;
  users: UserRow;
  reviews: ReviewRow;
  comments: CommentRow;
  likes: LikeRow;
  follows: FollowRow;
  progress: ProgressRow;
  wishlist: WishlistRow;
  collection: CollectionRow;
  topGames: TopGameRow;
  journal: PlaySessionRow;
}

export interface SignedIn {
  /** The member id (public."user".id) the device's data now belongs to. */
  readonly memberId: number;
  /** Whether the browser agreed to keep this origin's storage under pressure. */
  readonly persisted: boolean;
}

export interface PendingMutation {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  readonly attempts: number;
}

export interface CheckpointDevtools {
  /** Signs in as the app will: password grant, the member id from get_or_create_user, recorded for sync. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /**
   * Ends the session and clears the member's data from the device (sync/sign-out.ts) and the forms
   * and comments kept unsaved, as the app's sign-out does (auth-store.ts). With writes still unsynced it
   * changes nothing and says how many, unless told to discard them.
   */
  signOut(options?: { discardUnsynced?: boolean }): Promise<SignOutOutcome>;
  /** Applies and queues one mutation as the signed-in member; resolves to its mutation id. */
  mutate<N extends MutationName>(name: N, args: MutationArgs<N>): Promise<string>;
  /** Fetches public rows into the mirrors as a screen does, and keeps them in the pull scope. */
  readThrough(scope: ReadScope): Promise<number>;
  /** Pushes then pulls now; resolves to the status afterwards. */
  syncNow(): Promise<SyncStatus>;
  status(): SyncStatus;
  /** How many mutations wait in the outbox. */
  pending(): Promise<number>;
  /** The outbox in push order. */
  outbox(): Promise<PendingMutation[]>;
  mirrors<T extends MirrorName>(table: T): Promise<Array<MirrorRows[T]>>;
}

declare global {
  interface Window {
    checkpoint?: CheckpointDevtools;
  }
}

/** The member the device's data belongs to; a write needs one, as on the server. */
async function currentMember(): Promise<number> {
  const { user_id: me } = await loadSyncState(localDb());
  if (me === null) throw new Error('Not signed in: call window.checkpoint.signIn(email, password) first');
  return me;
}

async function signIn(email: string, password: string): Promise<SignedIn> {
  const supabase = await backend();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const { user } = data;
  const username: unknown = user.user_metadata['username'];
  const { data: id, error: rpcError } = await supabase.rpc('get_or_create_user', {
    auth_id: user.id,
    user_email: user.email ?? null,
    user_name: typeof username === 'string' ? username : null,
    user_provider: 'email',
  });
  if (rpcError) throw new Error(rpcError.message);
  const memberId = Number(id);
  if (!Number.isSafeInteger(memberId) || memberId <= 0)
    throw new Error(`get_or_create_user answered ${JSON.stringify(id)}`);
  // Refuses (MemberChangedError) when the device holds another member's data.
  await adoptMember(localDb(), memberId);
  // persistence.ts also asks on SIGNED_IN; asking twice is harmless, and this call reports the answer.
  // A refusal or a missing API is no error: storage merely stays best-effort (as in persistence.ts).
  const persisted = await requestPersistence().catch(() => false);
  return { memberId, persisted };
}

export function installDevtools(engine: SyncEngine): void {
  if (!devtoolsWanted()) return;
  const db = localDb();
  window.checkpoint = {
    signIn,
    signOut: (options = {}) =>
      signOutAndClear(
        db,
        async () => {
          const { error } = await (await backend()).auth.signOut();
          if (error) throw error;
        },
        { discardUnsynced: options.discardUnsynced },
      ).then((outcome) => {
        if (outcome.signedOut) forgetAllKept();
        return outcome;
      }),
    async mutate(name, args) {
      return mutate(db, name, args, { me: await currentMember(), now: new Date().toISOString() });
    },
    async readThrough(scope) {
      return readThrough(db, createSupabaseRemote(await backend()), scope);
    },
    async syncNow() {
      await engine.syncNow();
      return engine.status.getSnapshot();
    },
    status: () => engine.status.getSnapshot(),
    pending: () => db.outbox.count(),
    async outbox() {
      const rows = await db.outbox.orderBy('seq').toArray();
      return rows.map(({ id, name, args, attempts }) => ({ id, name, args, attempts }));
    },
    mirrors: <T extends MirrorName>(table: T) => db.table<MirrorRows[T], number>(table).toArray(),
  };
}
