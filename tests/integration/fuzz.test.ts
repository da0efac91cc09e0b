// Fuzz test of every RPC and the catalogue function. CI runs FUZZ_CASES (default
// 1,000) calls; `npm run bench` runs the full 10,000 (tests/bench/fuzz.bench.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestGateway, signUpMember, type TestGateway } from '../support/gateway.ts';
import { randomUUID } from 'node:crypto';
import { fuzzGateway, mayHaveWritten, rpcTargets } from '../support/fuzz.ts';
import { mulberry32 } from '../support/random.ts';
import { importCatalogue } from '../../supabase/local/catalogue.ts';

let gateway: TestGateway;
const tokens: string[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  await importCatalogue(gateway.db);
  for (const name of ['fuzz_one', 'fuzz_two']) {
    const member = await signUpMember(gateway, name);
    const { data } = await member.client.auth.getSession();
    tokens.push(data.session?.access_token ?? '');
  }
}, 180_000);

afterAll(async () => {
  await gateway?.close();
});

it('covers every callable RPC', async () => {
  const names = (await rpcTargets(gateway.db)).map((t) => t.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'sync_push',
      'sync_pull',
      'search_games_secure',
      'get_game_page',
      'browse_games',
      'get_or_create_user',
      'delete_account',
    ]),
  );
});

it("tells a sync_push that applied a write from one whose every write was refused, by the server's own answers", async () => {
  const push = async (mutations: unknown[]) => {
    const res = await fetch(`${gateway.url}/rest/v1/rpc/sync_push`, {
      method: 'POST',
      body: JSON.stringify({ p_client_id: randomUUID(), p_mutations: mutations, p_protocol: 2 }),
      headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey, Authorization: `Bearer ${tokens[0]}` },
    });
    return { status: res.status, text: await res.text() };
  };
  const id = randomUUID();
  const applied = await push([
    {
      id,
      name: 'wishlist.set',
      args: { igdb_id: 1942, in: true },
      hlc: `${String(Date.now()).padStart(15, '0')}-000000-fuzzcheck`,
    },
  ]);
  expect(applied.status, applied.text).toBe(200);
  expect(mayHaveWritten('/rest/v1/rpc/sync_push', applied.status, applied.text), applied.text).toBe(true);
  const refused = await push([{ id: randomUUID(), name: 'wishlist.set', args: { igdb_id: 'not a game' } }]);
  expect(refused.status, refused.text).toBe(200);
  expect(mayHaveWritten('/rest/v1/rpc/sync_push', refused.status, refused.text), refused.text).toBe(false);
  expect(mayHaveWritten('/rest/v1/rpc/get_game_page', 404, '{}')).toBe(false);
});

it('answers thousands of malformed calls without a 5xx, a crash or a partial write', async () => {
  const seed = Number(process.env['FUZZ_SEED'] ?? 20261121);
  const cases = Number(process.env['FUZZ_CASES'] ?? 1000);
  const outcome = await fuzzGateway(gateway, { cases, rand: mulberry32(seed), tokens });
  expect(outcome.failures, `seed ${seed}`).toEqual([]);
  expect(outcome.calls).toBe(cases);
  expect(outcome.checksumChecks).toBeGreaterThan(0);
  // The gateway still answers normally afterwards.
  const { data, error } = await gateway.client().rpc('search_games_secure', { search_query: 'zelda', limit_count: 5 });
  expect(error).toBeNull();
  expect((data as unknown[]).length).toBeGreaterThan(0);
}, 600_000);

it('refuses JSON nested deeper than any real request with a 400, not a 500', async () => {
  const deep = `{"p_query": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
  const res = await fetch(`${gateway.url}/rest/v1/rpc/search_users`, {
    method: 'POST',
    body: deep,
    headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey },
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { code: string }).code).toBe('PGRST102');
  // A bracket inside a string is text, not nesting.
  const ok = await fetch(`${gateway.url}/rest/v1/rpc/search_users`, {
    method: 'POST',
    body: JSON.stringify({ p_query: '['.repeat(5000) }),
    headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey },
  });
  expect(ok.status).toBe(200);
});
