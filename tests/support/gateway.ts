// A gateway for an integration test file: in-memory (a fresh migrated PGlite from test-db.ts's
// template, or a new database on TEST_DATABASE_URL), on a free port, with supabase-js clients
// pointed at it and its rate limits off unless a test sets them. Start one per file in beforeAll
// and close it in afterAll: creating a database takes seconds, a request milliseconds.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { openPglite, type Db } from '../../supabase/local/db.ts';
import { startGateway, type Gateway, type GatewayOptions } from '../../supabase/local/gateway.ts';
import { randomSecret } from '../../supabase/local/secret.ts';
import { createTestDb } from './test-db.ts';

export interface Mail {
  readonly to: string;
  readonly kind: 'signup' | 'recovery';
  readonly link: string;
  readonly sent_at: string;
}

/** What a test does with a gateway besides calling it: clients with its keys, and its dev mailbox. */
export interface GatewayHelpers {
  /** A new supabase-js client (no persisted session, no auto refresh) with the anon key. */
  client(options?: { readonly key?: string; readonly accessToken?: string }): SupabaseClient;
  /** The dev mailbox, newest first. */
  mailbox(): Promise<Mail[]>;
  /** The newest mail to `to` (of `kind`, when given); fails the test when there is none. */
  lastMail(to: string, kind?: Mail['kind']): Promise<Mail>;
}

export interface TestGateway extends Gateway, GatewayHelpers {}

export function gatewayHelpers(gateway: { readonly url: string; readonly anonKey: string }): GatewayHelpers {
  const mailbox = async (): Promise<Mail[]> => {
    const res = await fetch(`${gateway.url}/_dev/mailbox.json`);
    return (await res.json()) as Mail[];
  };
  return {
    client({ key = gateway.anonKey, accessToken } = {}) {
      return createClient(gateway.url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
      });
    },
    mailbox,
    async lastMail(to, kind) {
      const mail = (await mailbox()).find((m) => m.to === to && (kind === undefined || m.kind === kind));
      if (!mail) throw new Error(`no ${kind ?? ''} mail to ${to} in the dev mailbox`);
      return mail;
    },
  };
}

export async function startTestGateway(options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const ownDb = options.db ? undefined : await createTestDb();
  const gateway = await startGateway({
    port: 0,
    db: ownDb,
    seed: false,
    log: () => undefined,
    // Test files sign many members up and in from 127.0.0.1 within seconds; gateway-rate-limit.test.ts sets its own.
    rateLimits: 'relaxed',
    // Tests read their mail there, whatever publicUrl they set; gateway-exposure.test.ts turns it off.
    devMailbox: true,
    ...options,
  });
  return {
    ...gateway,
    ...gatewayHelpers(gateway),
    async close() {
      await gateway.close();
      await ownDb?.close();
    },
  };
}

/** The token_hash and type a mail link carries (what the app's callback page reads). */
export function linkToken(mail: Mail): { tokenHash: string; type: string } {
  const url = new URL(mail.link);
  return { tokenHash: url.searchParams.get('token_hash') ?? '', type: url.searchParams.get('type') ?? '' };
}

export interface SignedUpMember {
  readonly id: number;
  readonly authId: string;
  readonly email: string;
  readonly username: string;
  readonly client: SupabaseClient;
}

export const TEST_PASSWORD = 'Str0ng!Passw0rd';

/** Signs a member up as the app does: sign-up, the mailed link, verify, get_or_create_user. */
export async function signUpMember(gw: GatewayHelpers, username: string): Promise<SignedUpMember> {
  const email = `${username}@example.test`;
  const client = gw.client();
  const signUp = await client.auth.signUp({ email, password: TEST_PASSWORD, options: { data: { username } } });
  if (signUp.error) throw signUp.error;
  const { tokenHash, type } = linkToken(await gw.lastMail(email, 'signup'));
  const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: type as 'signup' });
  if (verified.error || !verified.data.user) throw verified.error ?? new Error('no user after verify');
  const authId = verified.data.user.id;
  const { data, error } = await client.rpc('get_or_create_user', {
    auth_id: authId,
    user_email: email,
    user_name: username,
    user_provider: 'email',
  });
  if (error) throw error;
  return { id: Number(data), authId, email, username, client };
}

/**
 * A gateway that can be stopped and started again (a server going down and coming back), on the
 * same port, with the same database and JWT secret: the browser's URL, sessions and data survive.
 * The database is PGlite in memory, seeded (demo members, the catalogue) like `npm start`'s unless
 * `seed` says otherwise. `url`, `anonKey` and `db` stay the same across restarts.
 */
export interface RestartableGateway extends GatewayHelpers {
  readonly url: string;
  readonly port: number;
  readonly anonKey: string;
  readonly db: Db;
  readonly running: boolean;
  /** Closes the server and every open connection; the database stays. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Stops the server and closes the database. */
  close(): Promise<void>;
}

export async function startRestartableGateway(
  options: Omit<Partial<GatewayOptions>, 'port' | 'db' | 'dataDir' | 'inMemory' | 'databaseUrl'> = {},
): Promise<RestartableGateway> {
  const db = await openPglite();
  const fixed = {
    log: () => undefined,
    jwtSecret: randomSecret(),
    rateLimits: 'relaxed' as const,
    devMailbox: true,
    ...options,
    db,
  };
  let gateway: Gateway | undefined = await startGateway({ ...fixed, port: 0 });
  const { url, anonKey } = gateway;
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    anonKey,
    db,
    ...gatewayHelpers({ url, anonKey }),
    get running() {
      return gateway !== undefined;
    },
    async stop() {
      await gateway?.close();
      gateway = undefined;
    },
    async start() {
      gateway ??= await startGateway({ ...fixed, port });
    },
    async close() {
      await gateway?.close();
      gateway = undefined;
      await db.close();
    },
  };
}
