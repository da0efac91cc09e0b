// The catalogue function: request validation, the bulk-query allow-list, upstream
// IGDB mode against a local stub (token caching, headers, errors) and local catalogue mode over
// the bundled seed. Nothing here reaches the internet or needs /work/shared.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import handler from '../../supabase/functions/igdb-search/index.ts';
import { forgetToken } from '../../supabase/functions/igdb-search/twitch-token.ts';
import { startIgdbStub, type IgdbStub } from '../support/igdb-stub.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

interface Answer {
  readonly success: boolean;
  readonly games: Array<Record<string, unknown>>;
  readonly error?: string;
}

const ENV_KEYS = ['IGDB_CLIENT_ID', 'IGDB_CLIENT_SECRET', 'IGDB_TOKEN_URL', 'IGDB_API_URL', 'CATALOGUE_FILE'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

function localMode(): void {
  for (const k of ENV_KEYS) delete process.env[k];
}

async function call(body: unknown, init: RequestInit = {}): Promise<{ status: number; answer: Answer }> {
  const res = await handler(
    new Request('http://test/functions/v1/igdb-search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    }),
  );
  return { status: res.status, answer: (await res.json()) as Answer };
}

const bulk = (requestBody: string, endpoint = 'games') => call({ isBulkRequest: true, endpoint, requestBody });

afterAll(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

describe('upstream IGDB mode (stubbed Twitch and IGDB)', () => {
  let stub: IgdbStub;
  beforeAll(async () => {
    stub = await startIgdbStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    forgetToken();
    process.env.IGDB_CLIENT_ID = 'client-abc';
    process.env.IGDB_CLIENT_SECRET = 'secret-xyz';
    process.env.IGDB_TOKEN_URL = stub.tokenUrl;
    process.env.IGDB_API_URL = stub.apiUrl;
    stub.tokenRequests.length = 0;
    stub.gamesRequests.length = 0;
    stub.expiresIn = 3600;
    stub.gamesStatus = 200;
    stub.gamesBody = [{ id: 1942, name: 'The Witcher 3: Wild Hunt' }];
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches a client-credentials token once, reuses it until expiry, then fetches a new one', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    await call({ searchTerm: 'witcher', limit: 5 });
    now += 30 * 60_000;
    await call({ searchTerm: 'witcher', limit: 5 });
    expect(stub.tokenRequests).toHaveLength(1);
    const token = stub.tokenRequests[0];
    expect(token?.query.get('client_id')).toBe('client-abc');
    expect(token?.query.get('client_secret')).toBe('secret-xyz');
    expect(token?.query.get('grant_type')).toBe('client_credentials');
    now += 30 * 60_000; // past the token's hour (and its early-refresh margin)
    await call({ searchTerm: 'witcher', limit: 5 });
    expect(stub.tokenRequests).toHaveLength(2);
    const [first, second, third] = stub.gamesRequests.map((r) => r.headers.authorization);
    expect(first).toMatch(/^Bearer token-\d+$/);
    expect(second).toBe(first);
    expect(third).toMatch(/^Bearer token-\d+$/);
    expect(third).not.toBe(first);
  });

  it('sends Client-ID and Bearer headers and the search query text', async () => {
    const { status, answer } = await call({ searchTerm: 'The "Witcher" 3', limit: 5 });
    expect(status).toBe(200);
    expect(answer).toEqual({ success: true, games: [{ id: 1942, name: 'The Witcher 3: Wild Hunt' }] });
    const sent = stub.gamesRequests[0];
    expect(sent?.headers['client-id']).toBe('client-abc');
    expect(sent?.headers.authorization).toMatch(/^Bearer token-\d+$/);
    expect(sent?.body).toMatch(/^search "The Witcher 3"; fields [a-z_.,]+; limit 5; where version_parent = null;$/);
  });

  it('sends getById as a where id query', async () => {
    const { answer } = await call({ type: 'getById', gameId: 1942 });
    expect(answer.success).toBe(true);
    expect(stub.gamesRequests[0]?.body).toMatch(/^fields [a-z_.,]+; where id = 1942; limit 1;$/);
  });

  it('re-serialises an allowed bulk query instead of forwarding the raw text', async () => {
    const { answer } = await bulk(
      'fields  name ,cover.url;\n where parent_game=1942 & category = (1,2) ;sort first_release_date asc; limit 20;',
    );
    expect(answer.success).toBe(true);
    expect(stub.gamesRequests[0]?.body).toBe(
      'fields name,cover.url; where parent_game = 1942 & category = (1,2); sort first_release_date asc; limit 20;',
    );
  });

  it("reports a failing upstream as 'IGDB API error: {status}'", async () => {
    stub.gamesStatus = 500;
    stub.gamesBody = { message: 'boom' };
    const { status, answer } = await call({ searchTerm: 'witcher', limit: 5 });
    expect(status).toBe(502);
    expect(answer).toEqual({ success: false, games: [], error: 'IGDB API error: 500' });
  });

  it('shares one token request between concurrent calls', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call({ searchTerm: 'witcher', limit: 5 })));
    expect(answers.every((a) => a.answer.success)).toBe(true);
    expect(stub.tokenRequests).toHaveLength(1);
    expect(stub.gamesRequests).toHaveLength(3);
  });

  it('reports an unreachable IGDB as a 502, not a 500', async () => {
    process.env.IGDB_API_URL = 'http://127.0.0.1:9/v4';
    const { status, answer } = await call({ searchTerm: 'witcher', limit: 5 });
    expect(status).toBe(502);
    expect(answer).toEqual({ success: false, games: [], error: 'IGDB API error: unreachable' });
  });

  it('never contacts IGDB for a rejected bulk query', async () => {
    const { status } = await bulk('fields *;');
    expect(status).toBe(400);
    expect(stub.gamesRequests).toHaveLength(0);
    expect(stub.tokenRequests).toHaveLength(0);
  });
});

describe('bulk query allow-list', () => {
  beforeEach(localMode);

  it.each([
    ['another endpoint', 'fields name;', 'companies'],
    ['an unknown field', 'fields name,websites.url;', 'games'],
    ['fields *', 'fields *;', 'games'],
    ['a comparison other than =', 'fields name; where id > 0;', 'games'],
    ['a where on another field', 'fields name; where name = 3;', 'games'],
    ['an or', 'fields name; where id = 1 | id = 2;', 'games'],
    ['more than 10 ids', 'fields name; where id = (1,2,3,4,5,6,7,8,9,10,11);', 'games'],
    ['limit 500', 'fields name; limit 500;', 'games'],
    ['sort on another field', 'fields name; sort hypes desc;', 'games'],
    ['an injected second statement', 'fields name; where id = 1; limit 5; fields *; where id > 0;', 'games'],
    ['an injection after a where', 'fields name; where id = 1; fields *; where id > 0', 'games'],
    ['a search statement', 'search "zelda"; fields name;', 'games'],
    ['a missing semicolon', 'fields name', 'games'],
    ['no fields statement', 'where id = 1;', 'games'],
    ['an offset', 'fields name; offset 10;', 'games'],
  ])('rejects %s', async (_label, requestBody, endpoint) => {
    const { status, answer } = await bulk(requestBody, endpoint);
    expect(status).toBe(400);
    expect(answer.success).toBe(false);
    expect(answer.games).toEqual([]);
    expect(answer.error).toMatch(/^Unsupported bulk query: /);
  });
});

describe('request validation', () => {
  beforeEach(localMode);

  it('answers a blank search with success and no games', async () => {
    expect(await call({ searchTerm: '   ', limit: 5 })).toEqual({ status: 200, answer: { success: true, games: [] } });
  });

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[]'],
    ['no known kind', { hello: 1 }],
    ['a limit over 50', { searchTerm: 'zelda', limit: 51 }],
    ['a non-numeric gameId', { type: 'getById', gameId: 'abc' }],
    ['an unknown type', { type: 'getAll' }],
    ['a bulk request without requestBody', { isBulkRequest: true, endpoint: 'games' }],
    ['a searchTerm over 200 characters', { searchTerm: 'z'.repeat(201) }],
    ['a fractional limit', { searchTerm: 'zelda', limit: 2.5 }],
    ['a null limit', { searchTerm: 'zelda', limit: null }],
    ['a gameId of 0', { type: 'getById', gameId: '0' }],
    ['isBulkRequest false', { isBulkRequest: false, endpoint: 'games', requestBody: 'fields name;' }],
  ])('answers %s with 400 and a message', async (_label, body) => {
    const { status, answer } = await call(body);
    expect(status).toBe(400);
    expect(answer.success).toBe(false);
    expect(answer.games).toEqual([]);
    expect(answer.error).toMatch(/^Invalid request: /);
  });

  it('names every field that is wrong', async () => {
    const { status, answer } = await call({ isBulkRequest: true, endpoint: 5, requestBody: 'x'.repeat(4001) });
    expect(status).toBe(400);
    expect(answer.error).toBe(
      'Invalid request: endpoint: must be a string of at most 100 characters; requestBody: must be a string of at most 4000 characters',
    );
  });

  it('accepts a gameId given as digits and a search without a limit', async () => {
    expect((await call({ type: 'getById', gameId: '427' })).answer.games[0]).toMatchObject({
      id: 427,
      name: 'Final Fantasy VII',
    });
    const { status, answer } = await call({ searchTerm: '  the  ' });
    expect(status).toBe(200);
    const more = await call({ searchTerm: 'the', limit: 50 });
    expect(more.answer.games.length).toBeGreaterThan(20);
    expect(answer.games).toEqual(more.answer.games.slice(0, 20));
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const { status, answer } = await call({ searchTerm: 'x'.repeat(20_000) });
    expect(status).toBe(413);
    expect(answer.success).toBe(false);
  });

  it('stops reading a streamed body without Content-Length at the cap', async () => {
    const chunk = new TextEncoder().encode(`{"searchTerm":"${'x'.repeat(4000)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body, duplex: 'half' };
    const res = await handler(new Request('http://test/functions/v1/igdb-search', init));
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  it('answers other methods with 405', async () => {
    const res = await handler(new Request('http://test/functions/v1/igdb-search', { method: 'GET' }));
    expect(res.status).toBe(405);
    expect(((await res.json()) as Answer).success).toBe(false);
  });

  it('answers a CORS preflight', async () => {
    const res = await handler(new Request('http://test/functions/v1/igdb-search', { method: 'OPTIONS' }));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('content-type');
  });
});

describe('local catalogue mode (bundled seed)', () => {
  beforeEach(localMode);

  it('finds games by folded name, numerals and prefix, exact matches first', async () => {
    const ff = await call({ searchTerm: 'final fantasy 7', limit: 5 });
    expect(ff.answer.games[0]).toMatchObject({ id: 427, name: 'Final Fantasy VII' });
    const pokemon = await call({ searchTerm: 'POKEMON emer', limit: 5 });
    expect(pokemon.answer.games[0]?.name).toBe('Pokémon Emerald Version');
    const fallout = await call({ searchTerm: 'fallout', limit: 3 });
    expect(fallout.answer.games).toHaveLength(3);
    for (const g of fallout.answer.games) expect(String(g.name).toLowerCase()).toContain('fallout');
  });

  it('answers getById in the IGDB shape', async () => {
    const { answer } = await call({ type: 'getById', gameId: '77' });
    expect(answer.games).toHaveLength(1);
    expect(answer.games[0]).toMatchObject({
      id: 77,
      name: 'Dragon Age: Origins - Awakening',
      category: 2,
      genres: expect.arrayContaining([{ name: 'Role-playing (RPG)' }]),
      platforms: expect.arrayContaining([{ name: 'Xbox 360' }]),
      alternative_names: [{ name: 'Dragon Age Origins: Awakening' }],
      involved_companies: expect.arrayContaining([
        { company: { name: 'BioWare Edmonton' }, developer: true, publisher: false },
      ]),
    });
    expect((await call({ type: 'getById', gameId: 999_999_999 })).answer).toEqual({ success: true, games: [] });
  });

  it('answers a bulk query for add-ons of a parent sorted by release date, limit respected', async () => {
    const all = await bulk(
      'fields name,first_release_date,parent_game; where parent_game = 231; sort first_release_date asc; limit 20;',
    );
    expect(all.answer.games.length).toBe(3);
    const dates = all.answer.games.map((g) => Number(g.first_release_date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    for (const g of all.answer.games) expect(g.parent_game).toBe(231);
    expect(Object.keys(all.answer.games[0] ?? {}).sort()).toEqual(['first_release_date', 'id', 'name', 'parent_game']);
    const newest = await bulk(
      'fields name,first_release_date; where parent_game = 231; sort first_release_date desc; limit 2;',
    );
    expect(newest.answer.games.map((g) => g.id)).toEqual(
      [...all.answer.games]
        .reverse()
        .slice(0, 2)
        .map((g) => g.id),
    );
  });

  it('answers bulk category and id-list lookups', async () => {
    const one = await bulk('fields category,parent_game; where id = 77;');
    expect(one.answer.games).toEqual([{ id: 77, category: 2, parent_game: expect.any(Number) }]);
    const several = await bulk('fields name; where id = (13,14,77) & category = 0; sort name asc;');
    expect(several.answer.games.map((g) => g.name)).toEqual(['Fallout 2', 'Fallout: A Post Nuclear Role Playing Game']);
  });
});

describe('through the gateway', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    localMode();
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it('serves the function at /functions/v1/igdb-search and /.netlify/functions/igdb-search', async () => {
    for (const path of ['/functions/v1/igdb-search', '/.netlify/functions/igdb-search']) {
      const res = await fetch(`${gw.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: gw.anonKey },
        body: JSON.stringify({ searchTerm: 'final fantasy vii', limit: 3 }),
      });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Answer;
      expect(answer.success).toBe(true);
      expect(answer.games[0]?.name).toBe('Final Fantasy VII');
    }
  });
});
