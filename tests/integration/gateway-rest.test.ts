// The gateway's PostgREST stand-in (/rest/v1/rpc), the function bridge and the /_dev endpoints,
// driven by supabase-js and plain fetch against throwaway functions in the test's own database.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleSettingsOf, routinesOf } from '../../supabase/local/schema-cache.ts';
import { linkToken, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { grantTestFunctions } from '../support/test-db.ts';

let gw: TestGateway;
/** Known to the test so it can mint tokens the gateway accepts (or, expired, must refuse). */
const JWT_SECRET = 'gateway-rest-test-secret-of-at-least-32-chars';

const FUNCTIONS_SQL = `
  create function public.t_add(a int, b int default 10) returns int language sql immutable as 'select a + b';
  create function public.t_series(n int) returns setof int language sql stable as 'select generate_series(1, n)';
  create function public.t_pairs(n int) returns table (i int, label text) language sql stable
    as $$ select g, 'item ' || g from generate_series(1, n) g $$;
  create function public.t_echo(doc jsonb, tags text[] default '{}') returns jsonb language sql immutable
    as $$ select jsonb_build_object('doc', doc, 'tags', to_jsonb(tags)) $$;
  create type public.t_pair as (i int, label text);
  create function public.t_one_pair(n int) returns public.t_pair language sql immutable
    as $$ select (n, null)::public.t_pair $$;
  create function public.t_doc() returns json language sql immutable
    as $$ select '{"a": null, "b": [1, null, {"c": null}], "big": "x"}'::json $$;
  create function public.t_nothing() returns int language sql immutable as 'select null::int';
  create function public.t_fail() returns void language plpgsql as $$
    begin raise exception 'Comment exceeds 500 characters' using errcode = 'P0001', hint = 'Shorten it', detail = 'length 501'; end $$;
  create function public.t_whoami() returns jsonb language sql stable
    as $$ select jsonb_build_object('uid', auth.uid(), 'role', current_user, 'method', current_setting('request.method', true)) $$;
  create function public.t_noop() returns void language sql as 'select';
  create function public.t_timeouts() returns jsonb language sql stable
    as $$ select jsonb_build_object('statement', current_setting('statement_timeout'), 'lock', current_setting('lock_timeout')) $$;
  create function public.t_sleep(seconds float8) returns void language sql as 'select pg_sleep(seconds)';
  create table public.t_notes (id serial primary key, owner uuid not null default auth.uid(), body text not null unique);
  alter table public.t_notes enable row level security;
  create policy t_notes_own on public.t_notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
  create function public.t_add_note(body text) returns int language sql security invoker
    as $$ insert into public.t_notes (body) values (body) returning id $$;
  create function public.t_my_notes() returns setof public.t_notes language sql stable security invoker
    as 'select * from public.t_notes order by id';
  ${grantTestFunctions('t_')}
  grant select, insert on public.t_notes to authenticated;
  grant usage on sequence public.t_notes_id_seq to authenticated;
  revoke execute on function public.t_add_note(text) from public, anon;
`;

beforeAll(async () => {
  gw = await startTestGateway({ jwtSecret: JWT_SECRET });
  await gw.db.exec(FUNCTIONS_SQL);
});
afterAll(async () => {
  await gw?.close();
});

async function signedInClient(name: string) {
  const email = `${name}@example.test`;
  const sb = gw.client();
  await sb.auth.signUp({ email, password: 'secret-pw1' });
  const verified = await sb.auth.verifyOtp({
    token_hash: linkToken(await gw.lastMail(email, 'signup')).tokenHash,
    type: 'signup',
  });
  const session = verified.data.session;
  if (!session) throw new Error('no session');
  return { sb, userId: session.user.id, accessToken: session.access_token };
}

const rpc = (fn: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${gw.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    ...init,
    headers: { apikey: gw.anonKey, 'Content-Type': 'application/json', ...init.headers },
  });

describe('calling functions with supabase-js', () => {
  it('passes named arguments and fills defaults', async () => {
    const sb = gw.client();
    expect((await sb.rpc('t_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await sb.rpc('t_add', { a: 2 })).data).toBe(12);
  });

  it('returns set-returning and TABLE functions as arrays, jsonb as JSON', async () => {
    const sb = gw.client();
    expect((await sb.rpc('t_series', { n: 3 })).data).toEqual([1, 2, 3]);
    expect((await sb.rpc('t_pairs', { n: 2 })).data).toEqual([
      { i: 1, label: 'item 1' },
      { i: 2, label: 'item 2' },
    ]);
    const echo = await sb.rpc('t_echo', { doc: { a: [1, { b: null }] }, tags: ['x', 'y z'] });
    expect(echo.data).toEqual({ doc: { a: [1, { b: null }] }, tags: ['x', 'y z'] });
  });

  it('answers a one-value function with that value: json as written, a row as an object, null as null', async () => {
    const text = async (fn: string, accept = 'application/json') =>
      (await rpc(fn, { body: fn === 't_one_pair' ? '{"n": 4}' : '{}', headers: { Accept: accept } })).text();
    expect(await text('t_doc')).toBe('{"a": null, "b": [1, null, {"c": null}], "big": "x"}');
    expect(JSON.parse(await text('t_one_pair'))).toEqual({ i: 4, label: null });
    expect(await text('t_nothing')).toBe('null');
    expect((await gw.client().rpc('t_one_pair', { n: 4 })).data).toEqual({ i: 4, label: null });
    // nulls=stripped drops null members, as PostgREST does.
    expect(JSON.parse(await text('t_one_pair', 'application/vnd.pgrst.object+json;nulls=stripped'))).toEqual({ i: 4 });
    expect(JSON.parse(await text('t_doc', 'application/vnd.pgrst.array+json;nulls=stripped'))).toEqual({
      b: [1, null, {}],
      big: 'x',
    });
  });

  it('calls stable functions with GET and query-string arguments', async () => {
    const { data, error } = await gw.client().rpc('t_series', { n: 2 }, { get: true });
    expect(error).toBeNull();
    expect(data).toEqual([1, 2]);
  });

  it('answers a void function with 204 and no data', async () => {
    const res = await gw.client().rpc('t_noop');
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
  });

  it('.single() returns the row, or PGRST116 with 406 for zero rows', async () => {
    const one = await gw.client().rpc('t_pairs', { n: 1 }).single();
    expect(one.data).toEqual({ i: 1, label: 'item 1' });
    const none = await gw.client().rpc('t_pairs', { n: 0 }).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    expect(none.error?.message).toBe('JSON object requested, multiple (or no) rows returned');
    expect(none.error?.details).toBe('The result contains 0 rows');
    const maybe = await gw.client().rpc('t_pairs', { n: 0 }).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

// supabase/local/schema-cache.ts: each function's signature and each role's settings are read
// once, and read again after a `NOTIFY pgrst` (which the DDL event triggers send), as PostgREST's
// schema cache. Over a PostgreSQL server (TEST_DATABASE_URL) the gateway has no cache.
describe('the schema cache', () => {
  it('calls a function replaced with another signature or kind as it is now, and a dropped one is gone', async () => {
    const sb = gw.client();
    await gw.db.exec(`create function public.t_cached(a int) returns int language sql immutable as 'select a + 1';
      grant execute on function public.t_cached(int) to anon`);
    expect((await sb.rpc('t_cached', { a: 1 })).data).toBe(2);
    expect((await sb.rpc('t_cached', { a: 2 })).data).toBe(3);
    await gw.db.exec(`drop function public.t_cached(int);
      create function public.t_cached(x text) returns setof text language sql immutable as 'select x union all select x';
      grant execute on function public.t_cached(text) to anon`);
    expect((await sb.rpc('t_cached', { x: 'y' })).data).toEqual(['y', 'y']);
    expect((await sb.rpc('t_cached', { a: 1 })).error?.code).toBe('PGRST202');
    await gw.db.exec('drop function public.t_cached(text)');
    expect((await sb.rpc('t_cached', { x: 'y' })).error?.code).toBe('PGRST202');
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    "reads a function's signature and a role's settings once, and again after NOTIFY pgrst",
    async () => {
      const reads: string[] = [];
      const db = gw.db;
      const counted = {
        ...db,
        query: <T extends Record<string, unknown>>(sql: string, params?: unknown[]) => {
          if (sql.includes('from pg_proc')) reads.push('routines');
          if (sql.includes('pg_catalog.pg_db_role_setting')) reads.push('settings');
          return db.query<T>(sql, params);
        },
      };
      expect((await routinesOf(counted, 'public', 't_timeouts')).map((r) => r.name)).toEqual(['t_timeouts']);
      expect(await routinesOf(counted, 'public', 't_timeouts')).toHaveLength(1);
      expect(await roleSettingsOf(counted, 'anon')).toEqual([
        { name: 'statement_timeout', value: '8s' },
        { name: 'lock_timeout', value: '8s' },
        { name: 'statement_timeout', value: '3s' },
      ]);
      expect(await roleSettingsOf(counted, 'anon')).toHaveLength(3);
      expect(reads).toEqual(['routines', 'settings']);
      // A name with no function is looked up every time (it may be created at any moment).
      expect(await routinesOf(counted, 'public', 't_not_yet')).toEqual([]);
      expect(await routinesOf(counted, 'public', 't_not_yet')).toEqual([]);
      expect(reads).toEqual(['routines', 'settings', 'routines', 'routines']);
      // DDL anywhere (here a comment) sends the notice; so does PostgREST's own reload.
      await db.exec("comment on function public.t_timeouts() is 'timeouts'");
      await routinesOf(counted, 'public', 't_timeouts');
      await db.exec("notify pgrst, 'reload config'");
      await roleSettingsOf(counted, 'anon');
      expect(reads.slice(4)).toEqual(['routines', 'settings']);
    },
  );
});

describe('PostgREST errors', () => {
  it('unknown function or argument names: 404 PGRST202', async () => {
    const { error, status } = await gw.client().rpc('t_missing', { x: 1, a: 2 });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    expect(error?.message).toBe('Could not find the function public.t_missing(a, x) in the schema cache');
    const wrongArgs = await gw.client().rpc('t_add', { c: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
    expect(wrongArgs.error?.hint).toBe('Perhaps you meant to call the function public.t_add(a, b)');
  });

  it('a wrong argument type: 400 with the database message', async () => {
    const { error, status } = await gw.client().rpc('t_add', { a: 'three' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('malformed JSON: 400 PGRST102', async () => {
    const res = await rpc('t_add', { body: '{"a": 1,' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
  });

  it('a body over 1 MiB: 413 with a JSON error', async () => {
    const res = await rpc('t_echo', { body: JSON.stringify({ doc: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('RAISE passes message, detail and hint through with 400', async () => {
    const { error, status } = await gw.client().rpc('t_fail');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'Comment exceeds 500 characters',
      details: 'length 501',
      hint: 'Shorten it',
    });
  });

  it('a unique violation: 409 23505', async () => {
    const { sb } = await signedInClient('unique');
    expect((await sb.rpc('t_add_note', { body: 'only once' })).error).toBeNull();
    const again = await sb.rpc('t_add_note', { body: 'only once' });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
  });

  it('a function the role may not execute: 401 for anon', async () => {
    const { status, error } = await gw.client().rpc('t_add_note', { body: 'anon note' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('GET runs read-only: a volatile write fails with 405', async () => {
    const { accessToken } = await signedInClient('readonly');
    const res = await fetch(`${gw.url}/rest/v1/rpc/t_add_note?body=x`, {
      headers: { apikey: gw.anonKey, Authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { code: string }).code).toBe('25006');
  });
});

describe('JWT and roles', () => {
  it('an expired token: 401 PGRST303', async () => {
    const { userId } = await signedInClient('expired');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await rpc('t_whoami', { headers: { Authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('a token signed with another secret: 401 PGRST301', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const res = await rpc('t_whoami', { headers: { Authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST301');
  });

  it('anon runs as anon, a signed-in user as authenticated with auth.uid()', async () => {
    const anon = await gw.client().rpc('t_whoami');
    expect(anon.data).toEqual({ uid: null, role: 'anon', method: 'POST' });
    const { sb, userId } = await signedInClient('roles');
    const me = await sb.rpc('t_whoami');
    expect(me.data).toEqual({ uid: userId, role: 'authenticated', method: 'POST' });
  });

  it("each API role runs with hosted's timeouts, applied per request as PostgREST does", async () => {
    expect((await gw.client().rpc('t_timeouts')).data).toEqual({ statement: '3s', lock: '8s' });
    const { sb } = await signedInClient('timeouts');
    expect((await sb.rpc('t_timeouts')).data).toEqual({ statement: '8s', lock: '8s' });
    // The service role sets none of its own: authenticator's, as on a PostgREST login.
    const service = await fetch(`${gw.url}/rest/v1/rpc/t_timeouts`, {
      method: 'POST',
      headers: {
        apikey: gw.serviceRoleKey,
        Authorization: `Bearer ${gw.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(await service.json()).toEqual({ statement: '8s', lock: '8s' });
  });

  // PGlite (WebAssembly) has no timer signal to cancel a statement with; a server does.
  it.skipIf(!process.env.TEST_DATABASE_URL)("a visitor's statement past 3 s is cancelled (57014)", async () => {
    const started = Date.now();
    const slow = await gw.client().rpc('t_sleep', { seconds: 4.5 });
    expect(slow.error?.code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(4_400);
    expect((await gw.client().rpc('t_sleep', { seconds: 0.1 })).error).toBeNull();
  });

  it('security invoker functions see only the caller’s rows under RLS', async () => {
    const a = await signedInClient('rls-a');
    const b = await signedInClient('rls-b');
    await a.sb.rpc('t_add_note', { body: 'note of a' });
    await b.sb.rpc('t_add_note', { body: 'note of b' });
    const mine = await a.sb.rpc('t_my_notes');
    expect((mine.data as { body: string; owner: string }[]).map((r) => r.body)).toEqual(['note of a']);
    expect((mine.data as { owner: string }[])[0]?.owner).toBe(a.userId);
  });
});

describe('edges of the gateway', () => {
  it('answers CORS preflights like Supabase', async () => {
    const res = await fetch(`${gw.url}/rest/v1/rpc/t_add`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of [
      'authorization',
      'apikey',
      'content-type',
      'prefer',
      'x-client-info',
      'accept-profile',
      'content-profile',
      'x-supabase-api-version',
    ]) {
      expect(allowed).toContain(h);
    }
    const call = await rpc('t_series', { body: '{"n":1}', headers: { Prefer: 'count=exact' } });
    expect(call.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(call.headers.get('content-range')).toBe('0-0/1');
  });

  it('compresses a large answer in brotli or gzip as the client accepts, and a small one not at all', async () => {
    /** The raw answer (fetch would unpack it): its Content-Encoding and its body unpacked by hand. */
    const raw = (fn: string, args: unknown, acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; json: unknown }>((resolve, reject) => {
        const body = JSON.stringify(args);
        const req = request(`${gw.url}/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: { apikey: gw.anonKey, 'Content-Type': 'application/json', 'Accept-Encoding': acceptEncoding },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const text =
              encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
            resolve({ encoding, vary: res.headers['vary'], json: JSON.parse(text.toString('utf8')) as unknown });
          });
        });
        req.end(body);
      });
    const pairs = Array.from({ length: 500 }, (_, i) => ({ i: i + 1, label: `item ${i + 1}` }));
    const cases: Array<[string, string | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const [accept, expected] of cases) {
      const answer = await raw('t_pairs', { n: 500 }, accept);
      expect([accept, answer.encoding]).toEqual([accept, expected]);
      expect(answer.vary).toBe('Accept-Encoding');
      expect(answer.json).toEqual(pairs);
    }
    // Under 2 KB it goes as it is, whatever the client accepts.
    const small = await raw('t_add', { a: 1 }, 'gzip, br');
    expect(small.encoding).toBeUndefined();
    expect(small.json).toBe(11);
  });

  it('reaches the catalogue function on both paths', async () => {
    for (const path of ['/functions/v1/igdb-search', '/.netlify/functions/igdb-search']) {
      const res = await fetch(`${gw.url}${path}`, {
        method: 'POST',
        body: JSON.stringify({ searchTerm: 'zelda', limit: 5 }),
      });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { success: boolean; games: Array<{ name: string }> };
      expect(answer.success).toBe(true);
      expect(answer.games.length).toBeGreaterThan(0);
      expect(answer.games.every((g) => /zelda/i.test(g.name))).toBe(true);
      expect((await fetch(`${gw.url}${path}`, { method: 'OPTIONS' })).status).toBe(204);
      const bad = await fetch(`${gw.url}${path}`, { method: 'POST', body: JSON.stringify({ query: 'zelda' }) });
      expect(bad.status).toBe(400);
    }
    const viaClient = await gw.client().functions.invoke('igdb-search', { body: { searchTerm: 'zelda', limit: 3 } });
    expect(viaClient.data).toMatchObject({ success: true });
  });

  it('serves /_dev/config.json and /_dev/mailbox.json', async () => {
    expect(await (await fetch(`${gw.url}/_dev/config.json`)).json()).toEqual({
      supabaseUrl: gw.url,
      anonKey: gw.anonKey,
    });
    await signedInClient('mailbox');
    const mails = (await (await fetch(`${gw.url}/_dev/mailbox.json`)).json()) as Record<string, unknown>[];
    expect(mails[0]).toEqual({
      to: 'mailbox@example.test',
      kind: 'signup',
      link: expect.stringContaining('token_hash='),
      sent_at: expect.any(String),
    });
    expect(Object.keys(mails[0] ?? {}).sort()).toEqual(['kind', 'link', 'sent_at', 'to']);
    const page = await fetch(`${gw.url}/_dev/mailbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('mailbox@example.test');
  });
});
