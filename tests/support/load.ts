// A bounded load test of the gateway: N simulated members, each a closed loop of
// screen reads, searches (database and catalogue function) and sync pushes with real mutations,
// for a fixed time, on loopback only. Reports throughput, latency percentiles and errors; it stops
// by itself. Members are made directly in the database with tokens signed by the gateway's secret
// (signing up 200 members through GoTrue would measure password hashing, not the gateway).
import { randomUUID } from 'node:crypto';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { createJwtKeys } from '../../supabase/local/jwt.ts';
import { importCatalogue } from '../../supabase/local/catalogue.ts';
import { mulberry32 } from './random.ts';

export interface LoadOptions {
  readonly members: number;
  readonly durationMs: number;
  readonly seed?: number;
  /** Pause between one member's requests (a person reading the screen), in ms: min and max. */
  readonly thinkMs?: readonly [number, number];
}

export interface LoadFigures {
  readonly requests: number;
  readonly errors: number;
  readonly errorSamples: string[];
  readonly throughput: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly byKind: Record<string, { n: number; p95: number }>;
  readonly pushedMutations: number;
}

const QUERIES = [
  'zelda',
  'mario',
  'final fantasy 7',
  'witcher',
  'hollow knight',
  'portal',
  'pokemon red',
  'halo',
  'dark souls',
  'celeste',
  'stardew',
  'hades',
];
const percentile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

async function member(
  gateway: Gateway,
  sign: (claims: Record<string, unknown>) => Promise<string>,
  i: number,
): Promise<{ token: string; id: number }> {
  const email = `load_${i}@example.test`;
  const [row] = await gateway.db.query<{ id: string }>(
    `insert into auth.users (email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values ($1, now(), jsonb_build_object('username', $2::text), '{"provider":"email"}') returning id`,
    [email, `load_${i}`],
  );
  const authId = row?.id ?? '';
  const token = await sign({
    sub: authId,
    role: 'authenticated',
    email,
    aud: 'authenticated',
    user_metadata: { username: `load_${i}` },
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  const res = await fetch(`${gateway.url}/rest/v1/rpc/get_or_create_user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ auth_id: authId, user_email: email, user_name: `load_${i}`, user_provider: 'email' }),
  });
  if (!res.ok) throw new Error(`member ${i}: ${res.status} ${await res.text()}`);
  return { token, id: Number(await res.json()) };
}

export interface LoadRun extends LoadFigures {
  /** Counters that drifted from their rows after the run (should be none). */
  readonly counterDrift: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadRun> {
  const secret = `load-test-secret-${randomUUID()}`;
  // Every member calls from 127.0.0.1: the per-IP limits would measure themselves, not the gateway.
  const gateway = await startGateway({
    port: 0,
    inMemory: true,
    jwtSecret: secret,
    seed: false,
    rateLimits: 'relaxed',
    log: () => undefined,
  });
  try {
    await importCatalogue(gateway.db);
    const igdbIds = (
      await gateway.db.query<{ igdb_id: number; slug: string }>('select igdb_id, slug from public.game order by id')
    ).map((g) => [g.igdb_id, g.slug] as const);
    const keys = await createJwtKeys(secret);
    const members: { token: string; id: number }[] = [];
    for (let i = 0; i < options.members; i++) members.push(await member(gateway, keys.sign, i));
    const rand = mulberry32(options.seed ?? 7);
    const [thinkMin, thinkMax] = options.thinkMs ?? [20, 200];
    const samples: { kind: string; ms: number }[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    let pushed = 0;
    const deadline = performance.now() + options.durationMs;

    const request = async (kind: string, path: string, body: unknown, token: string): Promise<unknown> => {
      const start = performance.now();
      try {
        const res = await fetch(`${gateway.url}${path}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey, Authorization: `Bearer ${token}` },
        });
        const text = await res.text();
        samples.push({ kind, ms: performance.now() - start });
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

    const loop = async (m: { token: string; id: number }, seed: number) => {
      const r = mulberry32(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
      let cursor: string | null = null;
      // Members arrive spread over one pause, as people do, not all in the same millisecond.
      await new Promise((resolve) => setTimeout(resolve, r() * thinkMax));
      while (performance.now() < deadline) {
        const x = r();
        const [igdb, slug] = pick(igdbIds);
        if (x < 0.35) {
          const screen = pick(['game', 'game', 'profile', 'recent', 'users']);
          if (screen === 'game')
            await request(
              'read.game_page',
              '/rest/v1/rpc/get_game_page',
              { p_identifier: r() < 0.5 ? slug : String(igdb) },
              m.token,
            );
          else if (screen === 'profile')
            await request('read.profile', '/rest/v1/rpc/get_profile', { p_user_id: pick(members).id }, m.token);
          else if (screen === 'recent')
            await request('read.recent_reviews', '/rest/v1/rpc/get_recent_reviews', { p_limit: 10 }, m.token);
          else
            await request(
              'read.users',
              '/rest/v1/rpc/get_users',
              { p_query: null, p_sort: 'followers', p_limit: 20, p_offset: 0 },
              m.token,
            );
        } else if (x < 0.65) {
          if (r() < 0.7)
            await request(
              'search.database',
              '/rest/v1/rpc/search_games_secure',
              { search_query: pick(QUERIES), limit_count: 50 },
              m.token,
            );
          else
            await request(
              'search.function',
              '/functions/v1/igdb-search',
              { searchTerm: pick(QUERIES), limit: 20 },
              m.token,
            );
        } else if (x < 0.9) {
          const mutations = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
            const [game] = pick(igdbIds);
            const kind = r();
            if (kind < 0.4) return { id: randomUUID(), name: 'wishlist.set', args: { igdb_id: game, in: r() < 0.7 } };
            if (kind < 0.7)
              return {
                id: randomUUID(),
                name: 'review.create',
                args: {
                  igdb_id: game,
                  rating: 1 + Math.floor(r() * 19) / 2,
                  review: 'Load test review',
                  platform: 'PC',
                },
              };
            return {
              id: randomUUID(),
              name: 'follow.set',
              args: { user_id: pick(members.filter((o) => o.id !== m.id)).id, following: r() < 0.8 },
            };
          });
          const reply = (await request(
            'sync.push',
            '/rest/v1/rpc/sync_push',
            { p_client_id: randomUUID(), p_mutations: mutations },
            m.token,
          )) as { results?: unknown[] } | undefined;
          pushed += reply?.results?.length ?? 0;
        } else {
          const page = (await request(
            'sync.pull',
            '/rest/v1/rpc/sync_pull',
            { p_cursor: cursor, p_scope: {}, p_limit: 200 },
            m.token,
          )) as { cursor?: string } | undefined;
          cursor = page?.cursor ?? cursor;
        }
        await new Promise((resolve) => setTimeout(resolve, thinkMin + r() * (thinkMax - thinkMin)));
      }
    };
    const started = performance.now();
    await Promise.all(members.map((m) => loop(m, Math.floor(rand() * 2 ** 31))));
    const elapsed = performance.now() - started;
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    const kinds = [...new Set(samples.map((s) => s.kind))];
    const byKind = Object.fromEntries(
      kinds.map((k) => {
        const ms = samples
          .filter((s) => s.kind === k)
          .map((s) => s.ms)
          .sort((a, b) => a - b);
        return [k, { n: ms.length, p95: percentile(ms, 0.95) }];
      }),
    );
    const [drift] = await gateway.db.query<{ n: number }>(`
      select (select count(*) from public."user" u where u.follower_count <> (select count(*) from public.user_follow f where f.following_id = u.id)
                or u.following_count <> (select count(*) from public.user_follow f where f.follower_id = u.id))::int as n`);
    return {
      counterDrift: drift?.n ?? -1,
      requests: samples.length,
      errors,
      errorSamples,
      throughput: samples.length / (elapsed / 1000),
      p50: percentile(all, 0.5),
      p95: percentile(all, 0.95),
      p99: percentile(all, 0.99),
      byKind,
      pushedMutations: pushed,
    };
  } finally {
    await gateway.close();
  }
}
