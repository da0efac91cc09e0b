// Text that looks empty (supabase/schema/functions/app.clean_text.sql): app.is_blank / app.clean_text
// answer as src/core/blank-text.ts does for every character of the rule and for mixed text, and
// the server refuses or clears blank comments, reviews, names, bios and game names however they
// arrive (sync_push, a direct table write). Runs on PGlite, and on PostgreSQL 15 through
// tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanText, isBlank, MARK_RANGES, SPACE_RANGES } from '../../src/core/blank-text.ts';
import { asActor, createTestDb } from '../support/test-db.ts';
import { IGDB, createMember, importCatalogue, push, pushOk } from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
await importCatalogue(db);
const member = await createMember(db, 'blank_betty');

const chars = (ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)));
// Around each range, the neighbours that are not in it (so a typo in a bound shows).
const neighbours = [...SPACE_RANGES, ...MARK_RANGES]
  .flatMap(([from, to]) => [from - 1, to + 1])
  .map((cp) => String.fromCodePoint(cp));

const SAMPLES = [
  '',
  ' \u200b\u200b ',
  'hello',
  ' \u200b hello \u00a0world\u200b\ufeff\n',
  'a\u200bb',
  ' 👨‍👩‍👧 ',
  ' שלום!\u200f ',
  'Go 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
  '\u202ehidden\u202c',
  '\t\r\n',
  '2 > 1 <tag>',
  '\u3164\u2800',
  ...chars(SPACE_RANGES),
  ...chars(MARK_RANGES),
  ...neighbours,
  ...neighbours.map((n) => ` ${n}\u200b`),
];

describe('one rule on both sides', () => {
  it('app.is_blank and app.clean_text answer as isBlank and cleanText, text by text', async () => {
    const rows = await db.query<{ i: number; blank: boolean; clean: string }>(
      'select i::int, app.is_blank(t) as blank, app.clean_text(t) as clean from jsonb_array_elements_text($1::jsonb) with ordinality as x(t, i)',
      [JSON.stringify(SAMPLES)],
    );
    expect(rows).toHaveLength(SAMPLES.length);
    const server = rows.sort((a, b) => a.i - b.i).map((r) => [r.blank, r.clean]);
    expect(server).toEqual(SAMPLES.map((s) => [isBlank(s), cleanText(s)]));
    // The samples really cover both answers.
    expect(server.filter(([blank]) => blank).length).toBeGreaterThan(50);
    expect(server.filter(([blank]) => !blank).length).toBeGreaterThan(20);
  });
});

const review = await pushOk(db, member.actor, 'review.create', {
  igdb_id: IGDB.hades,
  rating: 8,
  review: 'Fine',
  platform: 'PC',
});
const ratingId = Number(review.id);

describe('the server refuses or clears blank text', () => {
  it('a comment of zero-width characters, with the spec message', async () => {
    const [added] = await push(db, member.actor, [
      ['comment.add', { key: randomUUID(), rating_id: ratingId, content: ' \u200b\u200b ' }],
    ]);
    expect(added).toMatchObject({ status: 'rejected', code: 'comment_empty', message: 'Comment cannot be empty' });
    const comment = await pushOk(db, member.actor, 'comment.add', {
      key: randomUUID(),
      rating_id: ratingId,
      content: '\u200b Nice 👨‍👩‍👧 \ufeff',
    });
    expect(comment.content).toBe('Nice 👨‍👩‍👧');
    const [edited] = await push(db, member.actor, [['comment.edit', { id: comment.id, content: '\u2060\u200e' }]]);
    expect(edited).toMatchObject({
      status: 'rejected',
      code: 'comment_empty',
      message: 'Comment content cannot be empty',
    });
  });

  it('a direct insert of a blank comment, as PostgREST would run it', async () => {
    const error = await asActor(db, member.actor, (q) =>
      q.query('insert into public.comment (user_id, rating_id, content) values ($1, $2, $3)', [
        member.id,
        ratingId,
        '\u00a0\u200c',
      ]),
    ).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe('Comment cannot be empty');
  });

  it('a blank review text is saved as none; visible text keeps what was typed, "2 > 1 <tag>" included', async () => {
    const cleared = await pushOk(db, member.actor, 'review.update', { igdb_id: IGDB.hades, review: ' \u200b\u200f ' });
    expect(cleared.review).toBeNull();
    const kept = await pushOk(db, member.actor, 'review.update', {
      igdb_id: IGDB.hades,
      review: ' 2 > 1 <tag> <b>bold</b>\u200b',
    });
    expect(kept.review).toBe('2 > 1 <tag> <b>bold</b>');
  });

  it('blank names and bio are cleared, visible ones trimmed of invisible edges', async () => {
    const user = await pushOk(db, member.actor, 'profile.update', {
      name: '\u3164',
      display_name: '\u200bBetty\u200b',
      bio: '\ufeff \u2066\u2069',
      location: ' \u00a0',
    });
    expect(user).toMatchObject({ name: null, display_name: 'Betty', bio: null, location: null });
  });

  it('a game whose name is blank is refused', async () => {
    const [result] = await push(db, member.actor, [['game.ensure', { igdb_id: 9_000_001, name: '\u200b\u200b' }]]);
    expect(result).toMatchObject({ status: 'rejected', code: 'game_name_required', message: 'Game name is required' });
  });
});
