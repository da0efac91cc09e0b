// Who is signed in, for every screen: loading until the stored session is read, then signed out, or
// signed in with the member's database id. The id is resolved once (get_or_create_user, given up
// after 5 s) and remembered on the device (sync state), so a member who opens the app offline is
// signed in at once with their id.
// Also the account actions of the auth modal and pages, each answering with the spec's messages.
import type { AuthChangeEvent, EmailOtpType, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { backoffDelay } from '../../sync/backoff.ts';
import { MemberChangedError } from '../../sync/remote.ts';
import { signOutAndClear, type SignOutOutcome } from '../../sync/sign-out.ts';
import { adoptMember, loadSyncState } from '../../sync/state.ts';
import type { CheckpointDb } from '../../store/db.ts';
import type { KeptReviewForms } from '../reviews/kept-review-forms.ts';
import { browserRememberMe, type RememberMe } from './remember.ts';
import { enabledOAuthProviders, type OAuthProvider } from '../../core/oauth-providers.ts';
import { withTimeout } from '../../core/with-timeout.ts';
export type { OAuthProvider } from '../../core/oauth-providers.ts';

/** "database user id lookup times out at 5000 ms". */
export const MEMBER_LOOKUP_TIMEOUT_MS = 5000;

export interface AuthUser {
  /** The auth account id (the member row's provider_id). */
  readonly id: string;
  readonly email: string | null;
  readonly username: string | null;
  readonly emailConfirmed: boolean;
}

/** Another member's changes that never reached the server, found on the device at sign-in. */
export interface HeldChanges {
  readonly memberId: number;
  /** Their username, when the device still has their member row. */
  readonly username: string | null;
  readonly unsynced: number;
}

export type AuthSnapshot =
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  | {
      readonly status: 'signedIn';
      readonly user: AuthUser;
      readonly memberId: number | null;
      readonly memberLoading: boolean;
      /** Set while the member must choose what becomes of them (keepHeldChanges / discardHeldChanges). */
      readonly heldChanges?: HeldChanges;
    };

/**
 * The OAuth providers this build may offer: all of them by default, or those VITE_OAUTH_PROVIDERS
 * names (.config/vite/check-settings.ts refuses a bad value at build time). Of these, the sign-in buttons show the
 * ones the server has enabled (oauth-settings.ts).
 */
export const offeredOAuthProviders = (): readonly OAuthProvider[] =>
  enabledOAuthProviders(import.meta.env['VITE_OAUTH_PROVIDERS']);

export interface SignUpInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

export interface AuthStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): AuthSnapshot;
  /** Resolves once the stored session has been read. */
  ready(): Promise<void>;
  /** `remember: false` ends the session when the browser closes (remember.ts). */
  signIn(email: string, password: string, options?: { remember?: boolean }): Promise<void>;
  signUp(input: SignUpInput): Promise<{ confirmed: boolean }>;
  resendVerification(email: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  updatePassword(password: string): Promise<void>;
  setSessionFromTokens(accessToken: string, refreshToken: string): Promise<void>;
  /** Redeems a mailed link's one-time token (type defaults to signup). */
  verifyTokenHash(tokenHash: string, type?: string): Promise<void>;
  /** Leaves the page for the provider's sign-in; the session comes back to /auth/callback. */
  signInWithProvider(provider: OAuthProvider): Promise<void>;
  signOut(options?: { discardUnsynced?: boolean }): Promise<SignOutOutcome>;
  deleteAccount(): Promise<void>;
  /** Another member's changes are waiting: end this session on the device and keep them for that member. */
  keepHeldChanges(): Promise<void>;
  /** Another member's changes are waiting: delete them (and that member's data) and go on as the one signed in. */
  discardHeldChanges(): Promise<void>;
  /** The client, for screens that call RPCs as the member. */
  client(): Promise<SupabaseClient>;
  /**
   * The address the page was opened at. auth-js reads a session (or an error) out of the hash and
   * then clears it, before the lazily loaded /auth/callback or /reset-password screen can look.
   */
  landingUrl(): string | null;
}

export interface AuthStoreDeps {
  readonly db: CheckpointDb;
  readonly client: () => Promise<SupabaseClient>;
  /** The app's origin, for the links in emails (/auth/callback, /reset-password). */
  readonly origin: string;
  /** The page's address at start (default: window.location.href in a browser). */
  readonly initialUrl?: string | null;
  /** How long the member id lookup may take (default MEMBER_LOOKUP_TIMEOUT_MS; tests shorten it). */
  readonly memberLookupTimeoutMs?: number;
  /** [0, 1), the jitter of the waits before a client that could not be made is tried again (backoffDelay). */
  readonly random?: () => number;
  /** Where "Remember me" is kept (default: the browser's; none outside one). */
  readonly remember?: RememberMe | null;
  /**
   * The review forms and comments kept unsaved, forgotten with the member's data. Default: the browser's (none
   * outside one), its code loaded by a sign-out, not with the app's entry (the first visit's
   * JavaScript budget, docs/decisions/0006-first-visit-javascript-budget.md).
   */
  readonly keptForms?: () => Promise<Pick<KeptReviewForms, 'forgetAll'>>;
  /**
   * Whether a member's session may exist (backend.ts sessionMayExist). When it says no, the store
   * is signed out at once and makes no client (supabase-js stays undownloaded) until `memberPresent`
   * settles or one of its methods needs the client. Without it the client is made at once.
   */
  readonly sessionMayExist?: () => Promise<boolean>;
  readonly memberPresent?: Promise<unknown>;
}

export class AuthError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** The device holds another member's unsynced changes: the member signing in must choose. */
class HeldChangesError extends AuthError {
  constructor(readonly held: HeldChanges) {
    super(
      `This device still has ${held.unsynced} unsynced change(s) of another account. Sign in as that account to sync them first.`,
      'member_changed',
    );
  }
}

/**
 * Spec 000's error catalogue: the server's message, else the spec's fallback (always for a 5xx). A rate limit (429) says when to
 * retry ("…after 42 seconds."); one that does not (a hosted "Request rate limit reached") gets
 * told to wait, rather than read as a failure to retry at once.
 */
export function refusalMessage(error: { message: string; status?: number | undefined }, fallback: string): string {
  const message = error.message.trim();
  // auth-js reads no message from a 5xx (it says '{}'); the server's log has the reason.
  if (!message || (error.status !== undefined && error.status >= 500)) return fallback;
  if (error.status !== 429 || /\d+\s*seconds?/i.test(message)) return message;
  return `${message.replace(/\.?$/, '.')} Please wait a moment and try again.`;
}

function toUser(user: User): AuthUser {
  const username: unknown = user.user_metadata['username'];
  return {
    id: user.id,
    email: user.email ?? null,
    username: typeof username === 'string' ? username : null,
    emailConfirmed: Boolean(user.email_confirmed_at ?? user.confirmed_at),
  };
}

const timeout = <T>(promise: Promise<T>, ms: number, message: string): Promise<T> =>
  withTimeout(promise, ms, () => new AuthError(message, 'timeout'));

export function createAuthStore(deps: AuthStoreDeps): AuthStore {
  const { db, origin } = deps;
  /** Listening to the first client made (a failed attempt leaves the next one to listen to). */
  let listening = false;
  /** Attempts that failed in a row, for the wait before the next (backoffDelay, as the sync engine's). */
  let failures = 0;
  let retrying = false;
  /** The client, with the store listening to it: whatever needs the client needs its events too. */
  const client = (): Promise<SupabaseClient> => {
    const made = deps.client();
    void made.then(
      (supabase) => {
        if (listening) return;
        listening = true;
        supabase.auth.onAuthStateChange(onChange);
      },
      // No client (no backend settings on an offline first start with nothing cached, a settings
      // fetch lost on a flaky link): a visitor, for now, and the client is tried again until one
      // is made. Without that a member's page would stay signed out however soon the link came back.
      () => {
        if (snapshot.status === 'loading') set({ status: 'signedOut' });
        if (!listening) tryAgainLater();
      },
    );
    return made;
  };
  function tryAgainLater(): void {
    if (retrying) return;
    retrying = true;
    failures += 1;
    setTimeout(
      () => {
        retrying = false;
        client().catch(() => undefined);
      },
      backoffDelay(failures, deps.random ?? Math.random),
    );
  }
  const initialUrl =
    deps.initialUrl !== undefined ? deps.initialUrl : typeof window === 'undefined' ? null : window.location.href;
  const remember = deps.remember !== undefined ? deps.remember : browserRememberMe();
  const keptForms =
    deps.keptForms ?? (async () => (await import('../reviews/kept-review-forms.ts')).browserKeptReviewForms());
  /**
   * sync/sign-out.ts's clearing, and with it what the member typed and never saved: a form kept on
   * a shared device must not outlive its member. Its code is loaded first, so a sign-out that cannot
   * load it changes nothing (as one that cannot load supabase-js); the forms are forgotten before the
   * snapshot says signed out, so a form closing then finds no member to keep it for (use-kept-form.ts).
   */
  const clearDevice: typeof signOutAndClear = async (...args) => {
    const forms = await keptForms();
    const outcome = await signOutAndClear(...args);
    if (outcome.signedOut) forms.forgetAll();
    return outcome;
  };
  // A session the member asked not to remember ends with the browser session it began in.
  let forgetStoredSession = remember?.startVisit() ?? false;
  const listeners = new Set<() => void>();
  let snapshot: AuthSnapshot = { status: 'loading' };
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  let lookup: Promise<void> | undefined;

  const set = (next: AuthSnapshot) => {
    snapshot = next;
    if (next.status !== 'loading') resolveReady();
    for (const listener of [...listeners]) listener();
  };

  /** get_or_create_user, then the device's data is this member's (another member's is cleared if it is all synced). */
  async function resolveMember(user: User): Promise<number> {
    const supabase = await client();
    const username: unknown = user.user_metadata['username'];
    const name: unknown = user.user_metadata['name'];
    const { data, error } = await supabase.rpc('get_or_create_user', {
      auth_id: user.id,
      user_email: user.email ?? null,
      user_name: typeof username === 'string' ? username : typeof name === 'string' ? name : null,
      user_provider: typeof user.app_metadata['provider'] === 'string' ? user.app_metadata['provider'] : 'email',
    });
    if (error) throw new AuthError(error.message || 'Database function failed');
    const id = Number(data);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AuthError('User creation returned no data');
    try {
      await adoptMember(db, id);
      await db.syncState.update('main', { auth_id: user.id });
    } catch (cause) {
      if (!(cause instanceof MemberChangedError)) throw cause;
      // Another member's data is on this device: cleared when nothing of theirs is unsynced, else
      // the member signing in is asked (keepHeldChanges / discardHeldChanges); never merged.
      const cleared = await clearDevice(db, async () => undefined);
      if (!cleared.signedOut) {
        const other = cause.expected;
        const row = await db.users.get(other);
        throw new HeldChangesError({ memberId: other, username: row?.username ?? null, unsynced: cleared.unsynced });
      }
      await adoptMember(db, id);
      await db.syncState.update('main', { auth_id: user.id });
    }
    return id;
  }

  function lookupMember(user: User): void {
    if (lookup) return;
    const current = snapshot;
    if (current.status === 'signedIn') set({ ...current, memberLoading: true });
    lookup = timeout(
      resolveMember(user),
      deps.memberLookupTimeoutMs ?? MEMBER_LOOKUP_TIMEOUT_MS,
      'Database operation timeout',
    )
      .then(
        (memberId) => {
          const now = snapshot;
          if (now.status === 'signedIn' && now.user.id === user.id) set({ ...now, memberId, memberLoading: false });
        },
        (error: unknown) => {
          // Spec: after 5 s it gives up and the id stays null (tried again when the connection returns).
          const now = snapshot;
          if (now.status !== 'signedIn' || now.user.id !== user.id) return;
          set({
            ...now,
            memberLoading: false,
            ...(error instanceof HeldChangesError ? { heldChanges: error.held } : {}),
          });
        },
      )
      .finally(() => {
        lookup = undefined;
      });
  }

  async function adopt(session: Session | null): Promise<void> {
    if (!session) {
      set({ status: 'signedOut' });
      return;
    }
    const user = toUser(session.user);
    const known = snapshot.status === 'signedIn' && snapshot.user.id === user.id ? snapshot.memberId : null;
    // The device remembers the member id: offline, that is all a write needs. A device that cannot
    // be read (IndexedDB failing) remembers nothing: the member is still signed in, and the lookup
    // asks the server who they are. Awaited unguarded, a failed read left the page loading for good.
    const state = await loadSyncState(db).catch(() => null);
    // The remembered member is this account's only if it was resolved for it: after another
    // account signed in, the lookup finds out whose the device's data is (and asks, see resolveMember).
    const ours = state !== null && (state.auth_id === undefined || state.auth_id === user.id);
    const stored = known ?? (ours ? state.user_id : null);
    set({ status: 'signedIn', user, memberId: stored, memberLoading: stored === null });
    if (stored === null) lookupMember(session.user);
  }

  const onChange = (event: AuthChangeEvent, session: Session | null) => {
    if (event === 'SIGNED_OUT') {
      set({ status: 'signedOut' });
      return;
    }
    if (event === 'INITIAL_SESSION' && session && forgetStoredSession) {
      forgetStoredSession = false;
      // Unsynced changes keep the session: signOut() then changes nothing and the member stays in.
      setTimeout(() => {
        void store.signOut().then(
          (outcome) => {
            if (!outcome.signedOut) void adopt(session);
          },
          () => adopt(session),
        );
      }, 0);
      return;
    }
    const adopts: readonly AuthChangeEvent[] = [
      'INITIAL_SESSION',
      'SIGNED_IN',
      'USER_UPDATED',
      'TOKEN_REFRESHED',
      'PASSWORD_RECOVERY',
    ];
    if (adopts.includes(event)) {
      // Outside the auth lock: auth-js calls listeners while holding it.
      setTimeout(() => {
        void adopt(session);
      }, 0);
    }
  };

  if (!deps.sessionMayExist) void client();
  else {
    void deps
      .sessionMayExist()
      .catch(() => true)
      .then((may) => {
        if (may) {
          void client();
          return;
        }
        // A visitor: signed out until they act (or another tab signs in), then listening as above.
        if (snapshot.status === 'loading') set({ status: 'signedOut' });
        // A client that cannot be made now (offline, its code not yet cached) leaves the visitor signed
        // out (client() handles it); this chain must not report it again as an unhandled rejection.
        void deps.memberPresent?.then(() => client()).catch(() => undefined);
      });
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      const now = snapshot;
      if (now.status === 'signedIn' && now.memberId === null) {
        void client()
          .then((s) => s.auth.getUser())
          .then(
            ({ data }) => {
              if (data.user) lookupMember(data.user);
            },
            () => undefined,
          );
      }
    });
  }

  type Answer = { readonly error: { message: string; code?: string | undefined; status?: number | undefined } | null };
  const call = async <R extends Answer>(
    run: (supabase: SupabaseClient) => PromiseLike<R>,
    fallback: string,
  ): Promise<R> => {
    const supabase = await client().catch(() => {
      throw new AuthError(fallback);
    });
    const answer = await run(supabase);
    if (answer.error) throw new AuthError(refusalMessage(answer.error, fallback), answer.error.code);
    return answer;
  };

  const store: AuthStore = {
    landingUrl: () => initialUrl,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    ready: () => readyPromise,
    client,
    async signIn(email, password, options = {}) {
      const { data } = await call(
        (s) => s.auth.signInWithPassword({ email, password }),
        'Login failed. Please try again.',
      );
      remember?.set(options.remember ?? true);
      await adopt(data.session);
    },
    async signUp({ username, email, password }) {
      const { data } = await call(
        (s) =>
          s.auth.signUp({
            email,
            password,
            options: { data: { username, name: username }, emailRedirectTo: `${origin}/auth/callback` },
          }),
        'Signup failed. Please try again.',
      );
      if (data.session) await adopt(data.session);
      return { confirmed: data.session !== null };
    },
    async resendVerification(email) {
      await call(
        (s) => s.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${origin}/auth/callback` } }),
        'Failed to resend verification email.',
      );
    },
    async requestPasswordReset(email) {
      await call(
        (s) => s.auth.resetPasswordForEmail(email, { redirectTo: `${origin}/reset-password` }),
        'Failed to send reset email. Please try again.',
      );
    },
    async updatePassword(password) {
      await call((s) => s.auth.updateUser({ password }), 'Failed to update password. Please try again.');
    },
    async setSessionFromTokens(accessToken, refreshToken) {
      const { data } = await call(
        (s) => s.auth.setSession({ access_token: accessToken, refresh_token: refreshToken }),
        'Authentication failed',
      );
      await adopt(data.session);
    },
    async verifyTokenHash(tokenHash, type = 'signup') {
      const { data } = await call(
        (s) => s.auth.verifyOtp({ token_hash: tokenHash, type: type as EmailOtpType }),
        'Email verification failed',
      );
      await adopt(data.session);
    },
    async signInWithProvider(provider) {
      await call(
        (s) => s.auth.signInWithOAuth({ provider, options: { redirectTo: `${origin}/auth/callback` } }),
        'Login failed. Please try again.',
      );
    },
    async signOut(options = {}) {
      const outcome = await clearDevice(
        db,
        async () => {
          const supabase = await client();
          // Offline, the server cannot be told; the session still ends on this device.
          const online = typeof navigator === 'undefined' || navigator.onLine;
          const { error } = await supabase.auth.signOut({ scope: online ? 'global' : 'local' });
          if (error && online) await supabase.auth.signOut({ scope: 'local' });
        },
        { ...(options.discardUnsynced === undefined ? {} : { discardUnsynced: options.discardUnsynced }) },
      );
      if (outcome.signedOut) {
        remember?.set(true);
        set({ status: 'signedOut' });
      }
      return outcome;
    },
    async keepHeldChanges() {
      const supabase = await client();
      // Only this device's session ends: the member stays signed in elsewhere; the data stays.
      await supabase.auth.signOut({ scope: 'local' });
      set({ status: 'signedOut' });
    },
    async discardHeldChanges() {
      const current = snapshot;
      if (current.status !== 'signedIn') return;
      await clearDevice(db, async () => undefined, { discardUnsynced: true });
      const { heldChanges: _dropped, ...rest } = current;
      set({ ...rest, memberLoading: true });
      const { data } = await (await client()).auth.getUser();
      if (data.user) lookupMember(data.user);
    },
    async deleteAccount() {
      if (snapshot.status !== 'signedIn') throw new AuthError('No user found');
      await call((s) => s.rpc('delete_account'), 'No user found');
      await clearDevice(
        db,
        async () => {
          await (await client()).auth.signOut({ scope: 'local' });
        },
        { discardUnsynced: true },
      );
      set({ status: 'signedOut' });
    },
  };
  return store;
}
