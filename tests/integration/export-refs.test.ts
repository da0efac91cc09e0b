// What an export says its comments and likes were on (public.get_export_refs): a member's
// comment on another member's review, their like of it and their like of a third member's comment
// there, read back by get_export_refs as the member (RLS: another's draft stays out), then the
// whole export built on a device that holds none of those reviews (fake-indexeddb) with the answer
// filled in. Runs on PGlite, and on PostgreSQL 15 through tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { readExportRefs } from '../../src/core/export/refs.ts';
import { buildExportFile } from '../../src/data/export.ts';
import { call, createTestDb, VISITOR, type Actor } from '../support/test-db.ts';
import { IGDB, createMember, importCatalogue, pushOk } from '../support/fixtures.ts';
import { commentRow, openLocalDb, userRow } from '../support/local-db.ts';

const db = await createTestDb();
afterAll(() => db.close());

await importCatalogue(db);
const ada = await createMember(db, 'export_ada');
const bo = await createMember(db, 'export_bo');
const cy = await createMember(db, 'export_cy');

const review = Number((await pushOk(db, bo.actor, 'review.create', { igdb_id: IGDB.celeste, rating: 9 })).id);
const draft = Number(
  (await pushOk(db, bo.actor, 'review.create', { igdb_id: IGDB.hades, rating: 7, review: 'Unsure', draft: true })).id,
);
const cyComment = Number(
  (await pushOk(db, cy.actor, 'comment.add', { key: randomUUID(), rating_id: review, content: 'So good' })).id,
);
const adaKey = randomUUID();
const adaComment = Number(
  (await pushOk(db, ada.actor, 'comment.add', { key: adaKey, rating_id: review, content: 'Agreed' })).id,
);
await pushOk(db, ada.actor, 'review_like.set', { rating_id: review, liked: true });
await pushOk(db, ada.actor, 'comment_like.set', { comment_id: cyComment, liked: true });

const refs = (actor: Actor, reviewIds: number[], commentIds: number[]) =>
  call(db, actor, 'public.get_export_refs($1::bigint[], $2::bigint[])', [reviewIds, commentIds]).then(readExportRefs);

const celeste = { igdb_id: IGDB.celeste, name: 'Celeste', slug: 'celeste', release_year: 2018 };

describe('get_export_refs', () => {
  it("names each review by its author and game, and each liked comment's review, in one call", async () => {
    const answer = await refs(ada.actor, [review, 987_654], [cyComment]);
    expect(answer.reviews).toEqual([
      { id: review, user_id: bo.id, username: 'export_bo', game: expect.objectContaining(celeste) },
    ]);
    expect(answer.comments).toEqual([{ id: cyComment, rating_id: review }]);
    // A liked comment alone brings its review.
    expect((await refs(ada.actor, [], [cyComment])).reviews.map((r) => r.id)).toEqual([review]);
  });

  it("leaves another member's draft out, as every read does", async () => {
    expect((await refs(ada.actor, [draft], [])).reviews).toEqual([]);
    expect((await refs(VISITOR, [draft, review], [])).reviews.map((r) => r.id)).toEqual([review]);
  });

  it('takes at most 1,000 ids of each kind', async () => {
    const thousand = [...Array.from({ length: 999 }, (_, i) => 1_000_000 + i), review];
    expect((await refs(ada.actor, thousand, thousand)).reviews.map((r) => r.id)).toEqual([review]);
    await expect(refs(ada.actor, [...thousand, 2_000_000], [])).rejects.toThrow('at most 1,000');
    await expect(refs(ada.actor, [], [...thousand, 2_000_000])).rejects.toThrow('at most 1,000');
  });
});

describe('an export on a device that holds none of the reviews', () => {
  it('says what each comment and like was on, in the JSON and in the CSV', async () => {
    const device = openLocalDb();
    try {
      // What a pull leaves of the member's own rows: their comment and likes, not the review.
      await device.users.put(userRow(ada.id, 'export_ada'));
      await device.comments.put(commentRow(adaComment, ada.id, review, { client_key: adaKey, content: 'Agreed' }));
      const at = '2026-11-20T12:00:00.000Z';
      await device.likes.bulkPut([
        { id: 1, user_id: ada.id, rating_id: review, comment_id: null, is_like: true, created_at: at },
        { id: 2, user_id: ada.id, rating_id: null, comment_id: cyComment, is_like: true, created_at: at },
      ]);
      const asked: unknown[] = [];
      const options = {
        db: device,
        fetchRefs: (wanted: { reviewIds: readonly number[]; commentIds: readonly number[] }) => {
          asked.push(wanted);
          return refs(ada.actor, [...wanted.reviewIds], [...wanted.commentIds]);
        },
      };
      const json = await buildExportFile(ada.id, 'json', options);
      expect(asked).toEqual([{ reviewIds: [review], commentIds: [cyComment] }]);
      const on = {
        review_id: review,
        author_id: bo.id,
        author_username: 'export_bo',
        game: celeste,
      };
      expect(json.data.comments.map((c) => c.on)).toEqual([on]);
      expect(json.data.likes.map((l) => [l.kind, l.review])).toEqual([
        ['review', on],
        ['comment', on],
      ]);
      expect(json.unfilled).toBeNull();

      const csv = await buildExportFile(ada.id, 'csv', options);
      const files = unzipSync(new Uint8Array(await csv.blob.arrayBuffer()));
      const read = (name: string) =>
        Papa.parse<Record<string, string>>(strFromU8(files[name] ?? new Uint8Array()), {
          header: true,
          skipEmptyLines: true,
        }).data;
      const named = { review_id: String(review), review_author: 'export_bo', igdb_id: '26226', game: 'Celeste' };
      expect(read('comments.csv')).toEqual([expect.objectContaining({ ...named, comment: 'Agreed' })]);
      expect(read('likes.csv')).toEqual([
        expect.objectContaining({ ...named, kind: 'review' }),
        expect.objectContaining({ ...named, kind: 'comment', comment_id: String(cyComment) }),
      ]);
    } finally {
      await device.delete();
    }
  });
});
