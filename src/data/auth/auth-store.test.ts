// The auth store over a fake supabase-js client (only the calls the store makes) and the real
// IndexedDB API (fake-indexeddb): member id resolution and its 5 s give-up, the device's memory of
// the id, error messages, sign-out with unsynced changes, and "Remember me".
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDb } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { mutate } from '../../sync/mutate.ts';
import { loadSyncState } from '../../sync/state.ts';
import {
  createAuthStore,
  MEMBER_LOOKUP_TIMEOUT_MS,
  refusalMessage,
  type AuthSnapshot,
  type AuthStore,
} from './auth-store.ts';
import type { RememberMe } from './remember.ts';
import { memoryStorage } from '../../../tests/support/memory-storage.ts';
import { browserKeptReviewForms, type KeptReviewForms } from '../reviews/kept-review-forms.ts';

const USER: User = {
  id: 'auth-uuid-1',
  aud: 'authenticated',
  email: 'maya@example.test',
  app_metadata: { provider: 'email' },
  user_metadata: { username: 'maya' },
  created_at: '2026-01-01T00:00:00Z',
  email_confirmed_at: '2026-01-01T00:00:00Z',
};
const SESSION: Session = { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user: USER };

type Answer = { data: unknown; error: { message: string; code?: string; status?: number } | null };

/** The parts of supabase-js the store calls; each answer is set by the test. */
class FakeClient {
  listener: ((event: AuthChangeEvent, session: Session | null) => void) | undefined;
  rpcCalls: { name: string; args: unknown }[] = [];
  rpcAnswer: () => Promise<Answer> = async () => ({ data: 42, error: null });
  signInAnswer: Answer = { data: { session: SESSION, user: USER }, error: null };
  signOuts: string[] = [];

  auth = {
    onAuthStateChange: (listener: (event: AuthChangeEvent, session: Session | null) => void) => {
      this.listener = listener;
      return { data: { subscription: { unsubscribe: () => undefined } } };
    },
    signInWithPassword: async () => this.signInAnswer,
    signOut: async ({ scope }: { scope: string }) => {
      this.signOuts.push(scope);
      return { error: null };
    },
    getUser: async () => ({ data: { user: USER }, error: null }),
  };

  rpc = (name: string, args: unknown) => {
    this.rpcCalls.push({ name, args });
    return this.rpcAnswer();
  };

  emit(event: AuthChangeEvent, session: Session | null) {
    this.listener?.(event, session);
  }
}

let db: CheckpointDb;
let fake: FakeClient;

function makeStore(
  options: { timeoutMs?: number; remember?: RememberMe | null; initialUrl?: string; keptForms?: KeptReviewForms } = {},
): AuthStore {
  return createAuthStore({
    db,
    origin: 'https://app.test',
    client: async () => fake as unknown as SupabaseClient,
    memberLookupTimeoutMs: options.timeoutMs ?? MEMBER_LOOKUP_TIMEOUT_MS,
    remember: options.remember ?? null,
    initialUrl: options.initialUrl ?? null,
    keptForms: async () => options.keptForms ?? browserKeptReviewForms(memoryStorage()),
  });
}

/** Resolves with the first snapshot that passes `test`. */
function until(store: AuthStore, test: (s: AuthSnapshot) => boolean): Promise<AuthSnapshot> {
  return new Promise((resolve) => {
    const check = () => {
      const s = store.getSnapshot();
      if (test(s)) {
        unsubscribe();
        resolve(s);
      }
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  db = openLocalDb();
  fake = new FakeClient();
});

afterEach(async () => {
  await db.delete();
});

describe('member id', () => {
  it('is loading, then signed out when there is no stored session', async () => {
    const store = makeStore();
    expect(store.getSnapshot()).toEqual({ status: 'loading' });
    await tick();
    fake.emit('INITIAL_SESSION', null);
    expect(await until(store, (s) => s.status !== 'loading')).toEqual({ status: 'signedOut' });
  });

  it('is resolved with get_or_create_user after sign-in and remembered on the device', async () => {
    const store = makeStore();
    await tick();
    await store.signIn('maya@example.test', 'pw');
    const snapshot = await until(store, (s) => s.status === 'signedIn' && s.memberId !== null);
    expect(snapshot).toMatchObject({
      status: 'signedIn',
      memberId: 42,
      memberLoading: false,
      user: { username: 'maya', emailConfirmed: true },
    });
    expect(fake.rpcCalls).toEqual([
      {
        name: 'get_or_create_user',
        args: { auth_id: 'auth-uuid-1', user_email: 'maya@example.test', user_name: 'maya', user_provider: 'email' },
      },
    ]);
    expect((await loadSyncState(db)).user_id).toBe(42);

    // Next start (offline, say): the id comes from the device at once, without asking the server.
    const again = makeStore();
    await tick();
    fake.emit('INITIAL_SESSION', SESSION);
    expect(await until(again, (s) => s.status === 'signedIn')).toMatchObject({ memberId: 42, memberLoading: false });
    expect(fake.rpcCalls).toHaveLength(1);
  });

  it('gives up after the time-out and leaves the id null', async () => {
    fake.rpcAnswer = () => new Promise(() => undefined);
    const store = makeStore({ timeoutMs: 50 });
    await tick();
    fake.emit('INITIAL_SESSION', SESSION);
    expect(await until(store, (s) => s.status === 'signedIn')).toMatchObject({ memberId: null, memberLoading: true });
    expect(await until(store, (s) => s.status === 'signedIn' && !s.memberLoading)).toMatchObject({ memberId: null });
    expect((await loadSyncState(db)).user_id).toBeNull();
  });

  it('signs the member in, and asks the server for the id, when the device cannot be read', async () => {
    const store = makeStore();
    await tick();
    db.close();
    fake.emit('INITIAL_SESSION', SESSION);
    expect(await until(store, (s) => s.status !== 'loading')).toMatchObject({
      status: 'signedIn',
      user: { username: 'maya' },
    });
    // The server answers; the device, still closed, cannot keep the id, so it stays unknown.
    expect(await until(store, (s) => s.status === 'signedIn' && !s.memberLoading)).toMatchObject({ memberId: null });
    expect(fake.rpcCalls.map((c) => c.name)).toEqual(['get_or_create_user']);
  });

  it('stays null when the database function fails', async () => {
    fake.rpcAnswer = async () => ({ data: null, error: { message: 'Database function failed' } });
    const store = makeStore();
    await tick();
    fake.emit('SIGNED_IN', SESSION);
    expect(await until(store, (s) => s.status === 'signedIn' && !s.memberLoading)).toMatchObject({ memberId: null });
  });
});

describe('messages', () => {
  it('shows the server message, else the fallback', async () => {
    const store = makeStore();
    fake.signInAnswer = {
      data: { session: null, user: null },
      error: { message: 'Invalid login credentials', code: 'invalid_credentials' },
    };
    await expect(store.signIn('a@b.co', 'x')).rejects.toThrow('Invalid login credentials');
    fake.signInAnswer = { data: { session: null, user: null }, error: { message: '' } };
    await expect(store.signIn('a@b.co', 'x')).rejects.toThrow('Login failed. Please try again.');
  });

  it('shows a rate limit as the server says it, with a wait when the server names none', async () => {
    const store = makeStore();
    const refuse = (message: string, code: string) => ({
      data: { session: null, user: null },
      error: { message, code, status: 429 },
    });
    fake.signInAnswer = refuse(
      'Request rate limit reached. Please try again in 12 seconds.',
      'over_request_rate_limit',
    );
    await expect(store.signIn('a@b.co', 'x')).rejects.toMatchObject({
      message: 'Request rate limit reached. Please try again in 12 seconds.',
      code: 'over_request_rate_limit',
    });
    fake.signInAnswer = refuse(
      'For security purposes, you can only request this after 42 seconds.',
      'over_email_send_rate_limit',
    );
    await expect(store.signIn('a@b.co', 'x')).rejects.toThrow(
      'For security purposes, you can only request this after 42 seconds.',
    );
    // A hosted GoTrue's bare message.
    fake.signInAnswer = refuse('Request rate limit reached', 'over_request_rate_limit');
    await expect(store.signIn('a@b.co', 'x')).rejects.toThrow(
      'Request rate limit reached. Please wait a moment and try again.',
    );
    fake.signInAnswer = refuse('', 'over_request_rate_limit');
    await expect(store.signIn('a@b.co', 'x')).rejects.toThrow('Login failed. Please try again.');
  });
});

describe('sign-out', () => {
  it('asks first when changes have not synced, then discards them on request', async () => {
    const store = makeStore();
    await tick();
    await store.signIn('maya@example.test', 'pw');
    await until(store, (s) => s.status === 'signedIn' && s.memberId === 42);
    await db.games.put({ id: 1, igdb_id: 100, name: 'Celeste', slug: 'celeste' });
    await mutate(db, 'wishlist.set', { igdb_id: 100, in: true }, { me: 42, now: '2026-11-21T10:00:00Z' });

    expect(await store.signOut()).toEqual({ signedOut: false, unsynced: 1 });
    expect(store.getSnapshot().status).toBe('signedIn');
    expect(fake.signOuts).toEqual([]);

    expect(await store.signOut({ discardUnsynced: true })).toEqual({ signedOut: true });
    expect(store.getSnapshot()).toEqual({ status: 'signedOut' });
    expect(fake.signOuts).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect((await loadSyncState(db)).user_id).toBeNull();
  });

  it('forgets the review forms kept unsaved with the data, not while unsynced changes wait', async () => {
    const keptForms = browserKeptReviewForms(memoryStorage());
    const store = makeStore({ keptForms });
    await tick();
    await store.signIn('maya@example.test', 'pw');
    await until(store, (s) => s.status === 'signedIn' && s.memberId === 42);
    keptForms.keep(42, 100, { text: 'Half a review' });
    await db.games.put({ id: 1, igdb_id: 100, name: 'Celeste', slug: 'celeste' });
    await mutate(db, 'wishlist.set', { igdb_id: 100, in: true }, { me: 42, now: '2026-11-21T10:00:00Z' });

    expect(await store.signOut()).toMatchObject({ signedOut: false });
    expect(keptForms.read(42, 100)).toEqual({ text: 'Half a review' });
    await store.signOut({ discardUnsynced: true });
    expect(keptForms.read(42, 100)).toBeNull();
  });
});

describe('remember me', () => {
  it('ends a session not to be remembered when the browser session it began in is over', async () => {
    const choices: boolean[] = [];
    const store = makeStore({
      remember: {
        startVisit: () => true,
        set: (r) => {
          choices.push(r);
        },
      },
    });
    await tick();
    fake.emit('INITIAL_SESSION', SESSION);
    expect(await until(store, (s) => s.status === 'signedOut')).toEqual({ status: 'signedOut' });
    expect(fake.signOuts).toHaveLength(1);
    expect(choices).toEqual([true]);
  });

  it('records the choice at sign-in', async () => {
    const choices: boolean[] = [];
    const store = makeStore({
      remember: {
        startVisit: () => false,
        set: (r) => {
          choices.push(r);
        },
      },
    });
    await store.signIn('maya@example.test', 'pw', { remember: false });
    expect(choices).toEqual([false]);
    expect(store.getSnapshot().status).toBe('signedIn');
  });
});

it('keeps the address the page was opened at for the callback screens', () => {
  const url = 'https://app.test/auth/callback#access_token=x&refresh_token=y';
  expect(makeStore({ initialUrl: url }).landingUrl()).toBe(url);
});

describe('the client is made when a visitor acts, or at once when a session may exist', () => {
  it('is signed out at once and makes no client until they act, then listens to it', async () => {
    let made = 0;
    let act: () => void = () => undefined;
    const acted = new Promise<void>((resolve) => {
      act = resolve;
    });
    const store = createAuthStore({
      db,
      origin: 'https://app.test',
      initialUrl: null,
      remember: null,
      client: async () => {
        made += 1;
        return fake as unknown as SupabaseClient;
      },
      sessionMayExist: async () => false,
      memberPresent: acted,
    });
    await until(store, (s) => s.status === 'signedOut');
    await tick();
    expect(made).toBe(0);
    expect(fake.listener).toBeUndefined();
    act();
    await expect.poll(() => fake.listener).toBeDefined();
    fake.emit('SIGNED_IN', SESSION);
    await until(store, (s) => s.status === 'signedIn');
  });

  it('tries the client again when it could not be made, and then signs the member in', async () => {
    let attempts = 0;
    const store = createAuthStore({
      db,
      origin: 'https://app.test',
      initialUrl: null,
      remember: null,
      random: () => 0, // the shortest waits backoffDelay gives
      // The settings fetch is lost twice (a flaky link at start), then the client is made.
      client: async () => {
        attempts += 1;
        if (attempts <= 2) throw new Error('Backend settings missing');
        return fake as unknown as SupabaseClient;
      },
      sessionMayExist: async () => true,
      memberPresent: new Promise<void>(() => undefined),
    });
    await until(store, (s) => s.status === 'signedOut');
    await expect.poll(() => fake.listener).toBeDefined();
    expect(attempts).toBe(3);
    fake.emit('INITIAL_SESSION', SESSION);
    await until(store, (s) => s.status === 'signedIn');
  });

  it('makes the client at once when a session may exist', async () => {
    const store = createAuthStore({
      db,
      origin: 'https://app.test',
      initialUrl: null,
      remember: null,
      client: async () => fake as unknown as SupabaseClient,
      sessionMayExist: async () => true,
      memberPresent: new Promise<void>(() => undefined),
    });
    await expect.poll(() => fake.listener).toBeDefined();
    expect(store.getSnapshot().status).toBe('loading');
    fake.emit('INITIAL_SESSION', SESSION);
    await until(store, (s) => s.status === 'signedIn');
  });
});

describe('refusalMessage', () => {
  it("shows the server's message, e.g. a server with no mail refusing a password reset", () => {
    const message = "Password reset isn't available on this server. Ask its operator to reset it.";
    expect(refusalMessage({ message, status: 422 }, 'Failed to send reset email. Please try again.')).toBe(message);
  });

  it("shows the spec's fallback for a 5xx, whose body auth-js does not read (its message is '{}')", () => {
    const fallback = 'Failed to send reset email. Please try again.';
    expect(refusalMessage({ message: '{}', status: 500 }, fallback)).toBe(fallback);
    expect(refusalMessage({ message: '', status: 400 }, fallback)).toBe(fallback);
  });
});
