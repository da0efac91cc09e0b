// A gateway for an integration test file: in-memory (a fresh migrated PGlite from test-db.ts's
// template, or a new database on TEST_DATABASE_URL), on a free port, with supabase-js clients
// pointed at it. Start one per file in beforeAll and close it in afterAll: creating a database
// takes seconds, a request milliseconds.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startGateway, type Gateway, type GatewayOptions } from '../../supabase/local/gateway.ts';
import { createTestDb } from './test-db.ts';

export interface Mail {
  readonly to: string;
  readonly kind: 'signup' | 'recovery';
  readonly link: string;
  readonly sent_at: string;
}

export interface TestGateway extends Gateway {
  /** A new supabase-js client (no persisted session, no auto refresh) with the anon key. */
  client(options?: { readonly key?: string; readonly accessToken?: string }): SupabaseClient;
  /** The dev mailbox, newest first. */
  mailbox(): Promise<Mail[]>;
  /** The newest mail to `to` (of `kind`, when given); fails the test when there is none. */
  lastMail(to: string, kind?: Mail['kind']): Promise<Mail>;
}

export async function startTestGateway(options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const ownDb = options.db ? undefined : await createTestDb();
  const gateway = await startGateway({
    port: 0,
    db: ownDb,
    seed: false,
    log: () => undefined,
    ...options,
  });
  const mailbox = async (): Promise<Mail[]> => {
    const res = await fetch(`${gateway.url}/_dev/mailbox.json`);
    return (await res.json()) as Mail[];
  };
  return {
    ...gateway,
    async close() {
      await gateway.close();
      await ownDb?.close();
    },
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

/** The token_hash and type a mail link carries (what the app's callback page reads). */
export function linkToken(mail: Mail): { tokenHash: string; type: string } {
  const url = new URL(mail.link);
  return { tokenHash: url.searchParams.get('token_hash') ?? '', type: url.searchParams.get('type') ?? '' };
}
