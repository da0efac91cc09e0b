// The full load test: 200 concurrent simulated members for 60 s on loopback, PGlite.
// Target: no errors, p95 under 200 ms. CI runs a short version (tests/integration/load.test.ts).
//
// A simulated member acts like a quick person: a screen read, a search or a sync every 1–3 s,
// arriving at a random moment of the first pause. The stress run then takes the pauses down to
// 20–200 ms, far beyond what people do, to find the gateway's saturation throughput (there the
// latency is queueing, not work: PGlite serves one query at a time).
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { PasswordHashing } from '../../supabase/local/auth/passwords.ts';
import { runLoad, type LoadRun } from '../support/load.ts';
import { startGatewayProcess } from './gateway-process.ts';

export const FULL_LOAD = { members: 200, durationMs: 60_000, thinkMs: [1000, 3000] } as const;
export const STRESS_LOAD = { members: 200, durationMs: 20_000, thinkMs: [20, 200] } as const;

export function benchLoad(durationMs?: number): Promise<LoadRun> {
  return runLoad({
    members: Number(process.env['LOAD_MEMBERS'] ?? FULL_LOAD.members),
    durationMs: durationMs ?? Number(process.env['LOAD_SECONDS'] ?? FULL_LOAD.durationMs / 1000) * 1000,
    thinkMs: FULL_LOAD.thinkMs,
  });
}

export function benchLoadStress(durationMs: number = STRESS_LOAD.durationMs): Promise<LoadRun> {
  return runLoad({ ...STRESS_LOAD, durationMs });
}

/**
 * 100 members signing in at once (the password grant, bcrypt cost 10), then syncing and reading
 * for `durationMs` after the last sign-in is answered, while readers (anonymous screen reads) keep calling throughout. The
 * gateway runs in its own process (gateway-process.ts), as a server would; the figure is the reads'
 * latency while the sign-ins run, with bcrypt in worker threads and, for comparison, inline on the
 * gateway's one thread, where every read waited for the hashes before it.
 */
export const SIGN_IN_LOAD = { members: 100, readers: 8, durationMs: 60_000, quickMs: 15_000 } as const;

export interface SignInLoadRun {
  readonly signIns: number;
  readonly signInP50: number;
  readonly signInP95: number;
  /** From the first sign-in sent to the last answered. */
  readonly signInWindowMs: number;
  /** Reads answered while sign-ins were running: their count and latency percentiles. */
  readonly readsDuring: number;
  readonly readP50: number;
  readonly readP95: number;
  readonly readP99: number;
  /** All requests after the sign-ins: syncs and reads until the end. */
  readonly after: number;
  readonly afterP95: number;
  readonly errors: number;
  readonly errorSamples: string[];
}

const pct = (xs: readonly number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
};

export async function benchSignInLoad(
  passwordHashing: PasswordHashing,
  durationMs: number = SIGN_IN_LOAD.durationMs,
): Promise<SignInLoadRun> {
  const gw = await startGatewayProcess({ passwordHashing });
  try {
    const password = 'Str0ng!Passw0rd';
    // One hash for every member (made here, not timed): the sign-ins' compares are what is measured.
    const hash = bcrypt.hashSync(password, bcrypt.genSaltSync(10).replace(/^\$2b\$/, '$2a$'));
    const emails = Array.from({ length: SIGN_IN_LOAD.members }, (_, i) => `signin_${i}@example.test`);
    await gw.db.query(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
       select e, $2, now(), jsonb_build_object('username', split_part(e, '@', 1)), '{"provider":"email"}'
         from unnest($1::text[]) e`,
      [emails, hash],
    );
    const errorSamples: string[] = [];
    let errors = 0;
    const call = async (path: string, body: unknown, token: string, kind: string): Promise<unknown> => {
      try {
        const res = await fetch(`${gw.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: gw.anonKey, Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (!res.ok) {
          errors += 1;
          if (errorSamples.length < 10) errorSamples.push(`${kind} ${res.status} ${text.slice(0, 200)}`);
          return undefined;
        }
        return text === '' ? null : JSON.parse(text);
      } catch (error) {
        errors += 1;
        if (errorSamples.length < 10) errorSamples.push(`${kind} ${String(error)}`);
        return undefined;
      }
    };
    const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; start: number; end: number }> => {
      const start = performance.now();
      const value = await fn();
      return { value, start, end: performance.now() };
    };

    // Set once the sign-ins are answered: the syncing and reading then go on for durationMs.
    let deadline = Infinity;
    const reads: { start: number; end: number }[] = [];
    const readers = Array.from({ length: SIGN_IN_LOAD.readers }, async (_, r) => {
      while (performance.now() < deadline) {
        const fn = r % 2 === 0 ? 'get_recent_reviews' : 'get_users';
        const args =
          fn === 'get_recent_reviews' ? { p_limit: 10 } : { p_query: null, p_sort: 'followers', p_limit: 20 };
        reads.push(await timed(() => call(`/rest/v1/rpc/${fn}`, args, gw.anonKey, `read.${fn}`)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    // The readers run a moment first, so the sign-ins arrive in a gateway that is already busy.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signIns = await Promise.all(
      emails.map((email) =>
        timed(async () => {
          const session = (await call(
            '/auth/v1/token?grant_type=password',
            { email, password },
            gw.anonKey,
            'sign-in',
          )) as { access_token?: string; user?: { id?: string } } | undefined;
          return { token: session?.access_token ?? '', authId: session?.user?.id ?? '', email };
        }),
      ),
    );
    const windowStart = Math.min(...signIns.map((s) => s.start));
    const windowEnd = Math.max(...signIns.map((s) => s.end));
    deadline = performance.now() + durationMs;
    const during = reads.filter((r) => r.start >= windowStart && r.end <= windowEnd).map((r) => r.end - r.start);

    // Then each member does what the app does after signing in: its profile row, pushes and pulls, reads.
    const after: number[] = [];
    await Promise.all(
      signIns.map(async ({ value: m }, i) => {
        if (!m.token) return;
        const name = m.email.split('@')[0] ?? '';
        const id = await call(
          '/rest/v1/rpc/get_or_create_user',
          { auth_id: m.authId, user_email: m.email, user_name: name, user_provider: 'email' },
          m.token,
          'get_or_create_user',
        );
        let cursor: string | null = null;
        for (let step = 0; performance.now() < deadline; step++) {
          const kind = step % 3;
          const t = await timed(() =>
            kind === 0
              ? call(
                  '/rest/v1/rpc/sync_push',
                  {
                    p_client_id: randomUUID(),
                    p_mutations: [
                      {
                        id: randomUUID(),
                        name: 'follow.set',
                        args: { user_id: ((i + step) % 50) + 1, following: true },
                      },
                    ],
                  },
                  m.token,
                  'sync.push',
                )
              : kind === 1
                ? call('/rest/v1/rpc/sync_pull', { p_cursor: cursor, p_scope: {}, p_limit: 200 }, m.token, 'sync.pull')
                : call('/rest/v1/rpc/get_profile', { p_user_id: Number(id) || 1 }, m.token, 'read.profile'),
          );
          if (kind === 1) cursor = (t.value as { cursor?: string } | undefined)?.cursor ?? cursor;
          after.push(t.end - t.start);
          await new Promise((resolve) => setTimeout(resolve, 500 + ((i * 37 + step * 11) % 1000)));
        }
      }),
    );
    await Promise.all(readers);
    const signInMs = signIns.map((s) => s.end - s.start);
    return {
      signIns: signIns.filter((s) => s.value.token).length,
      signInP50: pct(signInMs, 0.5),
      signInP95: pct(signInMs, 0.95),
      signInWindowMs: windowEnd - windowStart,
      readsDuring: during.length,
      readP50: pct(during, 0.5),
      readP95: pct(during, 0.95),
      readP99: pct(during, 0.99),
      after: after.length,
      afterP95: pct(after, 0.95),
      errors,
      errorSamples,
    };
  } finally {
    await gw.close();
  }
}
