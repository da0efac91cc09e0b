// Sync against bad input (supabase/schema/functions/app.sync_push_apply.sql): a mutation with text Postgres cannot store
// (\u0000, half of an emoji) is refused alone as invalid_text while the batch around it applies; a
// clock from the far future is dated on arrival; sync_pull refuses an oversized scope, a protocol
// of 0 or below and a cursor out of range by name. (Through the gateway: sync-bad-text-gateway.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '../../src/core/hlc.ts';
import { INVALID_TEXT, INVALID_TEXT_MESSAGE } from '../../src/core/storable-text.ts';
import { call, createTestDb, type Actor, type TestDb } from '../support/test-db.ts';
import {
  IGDB,
  attempt,
  createMember,
  importCatalogue,
  pushOk,
  type Member,
  type MutationResult,
} from '../support/fixtures.ts';

let db: TestDb;
let ann: Member;
let ben: Member;
let reviewId: number;

beforeAll(async () => {
  db = await createTestDb();
  await importCatalogue(db);
  ann = await createMember(db, 'bad_text_ann');
  ben = await createMember(db, 'bad_text_ben');
  reviewId = (await pushOk(db, ben.actor, 'review.create', { igdb_id: IGDB.witcher3, rating: 8, review: 'Fine' }))
    .id as number;
}, 120_000);
afterAll(() => db.close());

interface Reply {
  results: MutationResult[];
  clock: string | null;
  client_too_old?: { id: string | null; code: string };
}
interface Row {
  id: string;
  name: string;
  args: Record<string, unknown>;
  hlc?: string;
}

/** sync_push as the gateway calls it: the batch as JSON text, read as json (not jsonb). */
function pushJson(actor: Actor, rows: readonly Row[], protocol = 3, client = randomUUID()): Promise<Reply> {
  return call<Reply>(db, actor, 'public.sync_push($1::uuid, $2::json, $3::integer)', [
    client,
    JSON.stringify(rows),
    protocol,
  ]);
}

const row = (name: string, args: Record<string, unknown>, hlc?: string): Row => ({
  id: randomUUID(),
  name,
  args,
  ...(hlc ? { hlc } : {}),
});

const BAD = { nul: 'before\u0000after', 'half an emoji': 'broken \ud83d emoji' } as const;
const GAME = { name: 'Bad Text Quest', slug: 'bad-text-quest' };
const igdbFor = (() => {
  let next = 990_100;
  return () => next++;
})();

/** Every text a mutation carries ([S2]'s mutations, core/mutations.ts), with the text put in. */
const TEXT_FIELDS: ReadonlyArray<readonly [string, string, (text: string) => Record<string, unknown>]> = [
  ['game.ensure', 'name', (t) => ({ igdb_id: igdbFor(), ...GAME, name: t })],
  ['game.ensure', 'summary', (t) => ({ igdb_id: igdbFor(), ...GAME, summary: t })],
  ['game.ensure', 'genres', (t) => ({ igdb_id: igdbFor(), ...GAME, genres: ['RPG', t] })],
  ['game.ensure', 'developer', (t) => ({ igdb_id: igdbFor(), ...GAME, developer: t })],
  ['review.create', 'review', (t) => ({ igdb_id: IGDB.portal2, rating: 7, review: t })],
  ['review.create', 'review (a draft)', (t) => ({ igdb_id: IGDB.portal2, rating: 7, review: t, draft: true })],
  ['review.create', 'platform', (t) => ({ igdb_id: IGDB.portal2, rating: 7, platform: t })],
  ['review.create', 'game.name', (t) => ({ igdb_id: igdbFor(), rating: 7, game: { ...GAME, name: t } })],
  ['review.update', 'review', (t) => ({ igdb_id: IGDB.witcher3, review: t })],
  ['comment.add', 'content', (t) => ({ key: randomUUID(), rating_id: reviewId, content: t })],
  ['comment.edit', 'content', (t) => ({ key: randomUUID(), content: t })],
  ['wishlist.set', 'notes', (t) => ({ igdb_id: IGDB.hades, in: true, notes: t })],
  ['profile.update', 'name', (t) => ({ name: t })],
  ['profile.update', 'display_name', (t) => ({ display_name: t })],
  ['profile.update', 'bio', (t) => ({ bio: t })],
  ['profile.update', 'location', (t) => ({ location: t })],
  ['profile.update', 'platform', (t) => ({ platform: t })],
  ['profile.update', 'website', (t) => ({ website: `https://example.test/${t}` })],
  [
    'journal.add',
    'note',
    (t) => ({ key: randomUUID(), igdb_id: IGDB.hades, played_on: '2026-01-02', minutes: 30, note: t }),
  ],
  ['journal.update', 'note', (t) => ({ key: randomUUID(), note: t })],
];

describe('sync_push: text Postgres cannot store is refused alone', () => {
  it.each(
    TEXT_FIELDS.flatMap(([name, field, args]) =>
      Object.entries(BAD).map(([kind, text]) => [name, field, kind, args, text] as const),
    ),
  )('%s %s with %s: the writes around it apply', async (name, _field, _kind, args, text) => {
    const before = row('comment.add', { key: randomUUID(), rating_id: reviewId, content: 'First good one' });
    const bad = row(name, args(text));
    const after = row('profile.update', { location: `Good ${randomUUID().slice(0, 8)}` });
    const reply = await pushJson(ann.actor, [before, bad, after]);
    expect(reply.results.map((r) => [r.id, r.status])).toEqual([
      [before.id, 'ok'],
      [bad.id, 'rejected'],
      [after.id, 'ok'],
    ]);
    expect(reply.results[1]).toEqual({
      id: bad.id,
      status: 'rejected',
      code: INVALID_TEXT,
      message: INVALID_TEXT_MESSAGE,
    });
    const state = await db.query<{ comment: number; location: string; recorded: number }>(
      `select (select count(*)::int from public.comment where client_key = $1::uuid) as comment,
              (select location from public."user" where id = $2) as location,
              (select count(*)::int from public.sync_applied where mutation_id = $3::uuid) as recorded`,
      [before.args.key, ann.id, bad.id],
    );
    expect(state[0]).toEqual({ comment: 1, location: after.args.location, recorded: 0 });
  });

  it('answers every refused position in order, and a repeat of the batch applies nothing twice', async () => {
    const rows = [
      row('profile.update', { bio: '\u0000' }),
      row('wishlist.set', { igdb_id: IGDB.celeste, in: true }),
      row('profile.update', { bio: '\udc00 alone' }),
      row('collection.set', { igdb_id: IGDB.celeste, in: true }),
      row('comment.add', { key: randomUUID(), rating_id: reviewId, content: 'x\ud800' }),
    ];
    const client = randomUUID();
    const first = await pushJson(ann.actor, rows, 3, client);
    expect(first.results.map((r) => [r.id, r.code ?? r.status])).toEqual([
      [rows[0]!.id, INVALID_TEXT],
      [rows[1]!.id, 'ok'],
      [rows[2]!.id, INVALID_TEXT],
      [rows[3]!.id, 'ok'],
      [rows[4]!.id, INVALID_TEXT],
    ]);
    const again = await pushJson(ann.actor, rows, 3, client);
    expect(again.results).toEqual(first.results);
  });

  it('keeps a valid emoji and an escaped backslash before u0000 (plain text, not a null)', async () => {
    const ok = row('profile.update', { bio: 'GG 🎮 \\u0000 is fine' });
    const reply = await pushJson(ann.actor, [ok]);
    expect(reply.results[0]?.status).toBe('ok');
    const bio = await db.query<{ bio: string }>('select bio from public."user" where id = $1', [ann.id]);
    expect(bio[0]?.bio).toBe('GG 🎮 \\u0000 is fine');
  });

  it('stops where a shape the server no longer reads stops the batch, refused rows behind it unanswered', async () => {
    await db.query('update public.sync_protocol set min_protocol = 2');
    try {
      const rows = [
        row('profile.update', { bio: 'a\u0000' }),
        row('profile.update', { location: 'Before the old row' }),
        { ...row('profile.update', { location: 'Old shape' }), v: 1 },
        row('profile.update', { bio: 'b\u0000' }),
        row('profile.update', { location: 'After it' }),
      ];
      const reply = await pushJson(ann.actor, rows);
      expect(reply.results.map((r) => r.id)).toEqual([rows[0]!.id, rows[1]!.id]);
      expect(reply.results.map((r) => r.code ?? r.status)).toEqual([INVALID_TEXT, 'ok']);
      expect(reply.client_too_old).toMatchObject({ id: rows[2]!.id, code: 'client_too_old' });
      // A whole call too old: no results, refused rows included.
      const old = await pushJson(ann.actor, rows, 1);
      expect(old.results).toEqual([]);
      expect(old.client_too_old).toMatchObject({ id: null, code: 'client_too_old' });
    } finally {
      await db.query('update public.sync_protocol set min_protocol = 1');
    }
  });

  it('still refuses a batch that is no list, and more than 500 mutations, as a whole', async () => {
    const notList = await attempt(() =>
      call(db, ann.actor, 'public.sync_push($1::uuid, $2::json, 3)', [randomUUID(), '{"bio": "\\u0000"}']),
    );
    expect(notList.ok || notList.error.hint).toBe('invalid_args');
    const big = Array.from({ length: 501 }, () => row('profile.update', { bio: '\u0000' }));
    const tooMany = await attempt(() => pushJson(ann.actor, big));
    expect(tooMany.ok || tooMany.error.hint).toBe('batch_too_large');
  });
});

describe('sync_push: a clock from the far future is dated on arrival', () => {
  const DAY = 86_400_000;
  const device = randomUUID();
  const clockAt = (ms: number) => formatHlc({ ms, counter: 0, device });
  const bio = async (m: Member) =>
    (await db.query<{ bio: string | null }>('select bio from public."user" where id = $1', [m.id]))[0]?.bio;

  it('a forged 999999999999999 clock does not beat a later honest edit, and is never the member clock', async () => {
    const forged = await pushJson(ann.actor, [
      row('profile.update', { bio: 'Forged forever' }, `999999999999999-000000-${device}`),
    ]);
    expect(forged.results[0]?.status).toBe('ok');
    expect(forged.clock?.slice(0, 15)).not.toBe('999999999999999');
    const honest = await pushJson(ann.actor, [row('profile.update', { bio: 'Honest' }, clockAt(Date.now() + 1000))]);
    expect(honest.results[0]).toMatchObject({ status: 'ok' });
    expect(honest.results[0]).not.toHaveProperty('superseded');
    expect(await bio(ann)).toBe('Honest');
  });

  it('a device three days ahead does not make a field uneditable; an hour ahead still wins in its hour', async () => {
    await pushJson(ben.actor, [row('profile.update', { bio: 'From the future' }, clockAt(Date.now() + 3 * DAY))]);
    const later = await pushJson(ben.actor, [row('profile.update', { bio: 'Now' }, clockAt(Date.now() + 1000))]);
    expect(later.results[0]).not.toHaveProperty('superseded');
    expect(await bio(ben)).toBe('Now');
    // Within a day ahead a clock is taken as it is: the newer clock keeps the field.
    await pushJson(ben.actor, [row('profile.update', { bio: 'An hour ahead' }, clockAt(Date.now() + 3_600_000))]);
    const older = await pushJson(ben.actor, [row('profile.update', { bio: 'Now again' }, clockAt(Date.now() + 2000))]);
    expect(older.results[0]).toMatchObject({ superseded: ['bio'] });
    expect(await bio(ben)).toBe('An hour ahead');
  });

  it('dates a far-future clock on arrival in a batch read jsonb (SQL callers) too', async () => {
    const out = await call<Reply>(db, ann.actor, 'public.sync_push($1::uuid, $2::jsonb, 3)', [
      randomUUID(),
      JSON.stringify([row('profile.update', { bio: 'Forged again' }, `210000000000000-000000-${device}`)]),
    ]);
    expect(out.clock?.slice(0, 15) ?? '').not.toBe('210000000000000');
    const clocks = await db.query<{ n: number }>(
      `select count(*)::int as n from public.edit_clock where left(hlc, 15) > app.hlc_horizon()`,
    );
    expect(clocks[0]?.n).toBe(0);
  });
});

describe('sync_pull: odd arguments refused by name', () => {
  const pull = (actor: Actor, cursor: string | null, scope: unknown, protocol: number) =>
    attempt(() =>
      call<Record<string, unknown>>(db, actor, 'public.sync_pull($1::text, $2::jsonb, 100, true, $3::integer)', [
        cursor,
        JSON.stringify(scope),
        protocol,
      ]),
    );

  it('refuses a scope list over 1,000 ids as scope_too_large, and takes 1,000', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    for (const field of ['game_ids', 'user_ids', 'rating_ids', 'author_ids']) {
      const over = await pull(ann.actor, null, { [field]: ids(1001) }, 3);
      expect(over.ok || over.error.hint, field).toBe('scope_too_large');
    }
    const huge = await pull(ann.actor, null, { game_ids: ids(200_000) }, 3);
    expect(huge.ok || huge.error.hint).toBe('scope_too_large');
    const fine = await pull(ann.actor, null, { game_ids: ids(1000), user_ids: ids(1000) }, 3);
    expect(fine.ok).toBe(true);
  });

  it('refuses ids that are no bigint as invalid_args', async () => {
    for (const bad of [['99999999999999999999'], [1.5], ['x'], [{ id: 1 }]]) {
      const out = await pull(ann.actor, null, { game_ids: bad }, 3);
      expect(out.ok || out.error.hint, JSON.stringify(bad)).toBe('invalid_args');
    }
  });

  it('answers a protocol of 0 or below client_too_old, on pull and push', async () => {
    for (const protocol of [0, -1, -2147483648]) {
      const out = await pull(ann.actor, null, {}, protocol);
      expect(out.ok && out.value, String(protocol)).toMatchObject({ client_too_old: { code: 'client_too_old' } });
      expect(out.ok && out.value).not.toHaveProperty('changes');
      const pushed = await pushJson(ann.actor, [row('profile.update', { location: 'Never' })], protocol);
      expect(pushed.results).toEqual([]);
      expect(pushed.client_too_old).toMatchObject({ id: null, code: 'client_too_old' });
    }
  });

  it('refuses a cursor out of range or malformed as invalid_cursor', async () => {
    const now = await db.query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x');
    const ahead = (BigInt(now[0]!.x) + 1000n).toString();
    for (const cursor of [
      'v1:99999999999999999999999',
      'v1:18446744073709551616',
      'v1:18446744073709551615',
      `v1:${ahead}`,
      'v1:-1',
      'v1:1e9',
      ' v1:1',
    ]) {
      const out = await pull(ann.actor, cursor, {}, 3);
      expect(out.ok || out.error.hint, cursor).toBe('invalid_cursor');
    }
    const snapshot = await pull(ann.actor, null, {}, 3);
    const cursor = snapshot.ok ? String(snapshot.value.cursor) : '';
    const next = await pull(ann.actor, cursor, {}, 3);
    expect(next.ok).toBe(true);
  });
});
