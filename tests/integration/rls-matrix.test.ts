// The permission matrix of the API as PostgREST exposes it: every table × every operation × each
// actor (visitor = anon, another member, the owner of the rows), run as PostgREST runs requests
// (role + JWT claims), plus every path that could leak an email or edit someone else's review or
// comment, and every public function called as each actor. Each probe rolls back, so cases are
// independent. Runs on PGlite, and on PostgreSQL 15 through tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Queryable, Row } from '../../supabase/local/db.ts';
import { VISITOR, call, createAccount, createTestDb, type Actor } from '../support/test-db.ts';
import {
  IGDB,
  SYNCED_TABLES,
  counterDrift,
  createMember,
  fingerprint,
  fingerprintAll,
  importCatalogue,
  probe,
  pushAll,
  pushOk,
  quoteIdent,
  type Member,
  type Mutation,
  type Probe,
} from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());

// ---------------------------------------------------------------------------------------------
// The world: an owner, another member, a third member to follow, a leaver (deleted in one test),
// and a newcomer whose account has no member row yet. Everything is written through sync_push.

const games = await importCatalogue(db);
const gameId = (igdb: number): number => games.get(igdb) ?? Number.NaN;
const owner = await createMember(db, 'owner_ann');
const other = await createMember(db, 'other_bob');
const third = await createMember(db, 'third_cy');
const leaver = await createMember(db, 'leaver_dee');
const newcomer = await createAccount(db, 'newcomer_eve');
const members = [owner, other, third, leaver];

const pushAllOk = (m: Member, mutations: readonly Mutation[]) => pushAll(db, m.actor, mutations);

const ownerReview = Number(
  (
    await pushOk(db, owner.actor, 'review.create', {
      igdb_id: IGDB.witcher3,
      rating: 9,
      review: 'Owner review',
      platform: 'PC',
      is_recommended: true,
    })
  ).id,
);
const otherReview = Number(
  (
    await pushOk(db, other.actor, 'review.create', {
      igdb_id: IGDB.gta5,
      rating: 7.5,
      review: 'Other review',
      platform: 'PC',
    })
  ).id,
);
const leaverReview = Number(
  (await pushOk(db, leaver.actor, 'review.create', { igdb_id: IGDB.rdr2, rating: 8, review: 'Leaver review' })).id,
);
const ownerCommentKey = randomUUID();
const otherCommentKey = randomUUID();
await pushAllOk(owner, [
  ['review.create', { igdb_id: IGDB.zelda, rating: 10, platform: 'Nintendo Switch' }],
  ['top5.replace', { games: [{ igdb_id: IGDB.witcher3 }] }],
  ['progress.set', { igdb_id: IGDB.eldenRing, started: true }],
  ['wishlist.set', { igdb_id: IGDB.hades, in: true, priority: 3 }],
  ['collection.set', { igdb_id: IGDB.celeste, in: true }],
  ['follow.set', { user_id: other.id, following: true }],
  ['comment.add', { key: ownerCommentKey, rating_id: otherReview, content: 'Owner comment' }],
  ['review_like.set', { rating_id: otherReview, liked: true }],
  ['review_like.set', { rating_id: leaverReview, liked: true }],
  ['comment.add', { key: randomUUID(), rating_id: leaverReview, content: 'Owner on leaver' }],
]);
await pushAllOk(other, [
  ['comment.add', { key: otherCommentKey, rating_id: ownerReview, content: 'Other comment' }],
  ['review_like.set', { rating_id: ownerReview, liked: true }],
  ['follow.set', { user_id: owner.id }],
  ['follow.set', { user_id: leaver.id }],
  ['progress.set', { igdb_id: IGDB.hades, completed: true }],
  ['wishlist.set', { igdb_id: IGDB.stardew, in: true }],
  ['collection.set', { igdb_id: IGDB.portal2, in: true }],
  ['top5.replace', { games: [{ igdb_id: IGDB.gta5 }] }],
  ['comment_like.set', { comment_key: ownerCommentKey, liked: true }],
]);
await pushAllOk(owner, [['comment_like.set', { comment_key: otherCommentKey, liked: true }]]);
await pushAllOk(leaver, [
  ['comment.add', { key: randomUUID(), rating_id: ownerReview, content: 'Leaver comment' }],
  ['review_like.set', { rating_id: ownerReview, liked: true }],
  ['comment_like.set', { comment_key: ownerCommentKey, liked: true }],
  ['follow.set', { user_id: owner.id }],
  ['wishlist.set', { igdb_id: IGDB.hollowKnight, in: true }],
]);

async function one<T extends Row>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await db.query<T>(sql, params);
  if (!row) throw new Error(`fixture lookup found nothing: ${sql}`);
  return row;
}
const ownerComment = Number(
  (await one<{ id: number }>('select id from public.comment where client_key = $1::uuid', [ownerCommentKey])).id,
);
const otherComment = Number(
  (await one<{ id: number }>('select id from public.comment where client_key = $1::uuid', [otherCommentKey])).id,
);
const ownerLike = Number(
  (
    await one<{ id: number }>(
      'select id from public.content_like where user_id = $1::bigint and rating_id = $2::bigint',
      [owner.id, otherReview],
    )
  ).id,
);
const ownerFollow = Number(
  (
    await one<{ id: number }>(
      'select id from public.user_follow where follower_id = $1::bigint and following_id = $2::bigint',
      [owner.id, other.id],
    )
  ).id,
);
const ownerProgress = Number(
  (await one<{ id: number }>('select id from public.game_progress where user_id = $1::bigint', [owner.id])).id,
);
const ownerWish = Number(
  (await one<{ id: number }>('select id from public.user_wishlist where user_id = $1::bigint', [owner.id])).id,
);
const ownerCollected = Number(
  (await one<{ id: number }>('select id from public.user_collection where user_id = $1::bigint', [owner.id])).id,
);
const ownerTop = Number(
  (await one<{ id: number }>('select id from public.user_top_games where user_id = $1::bigint', [owner.id])).id,
);
const ownerApplied = String(
  (
    await one<{ mutation_id: string }>(
      'select mutation_id::text from public.sync_applied where user_id = $1::bigint limit 1',
      [owner.id],
    )
  ).mutation_id,
);
const platformPc = Number((await one<{ id: number }>(`select id from public.platform where name = 'PC'`)).id);
const platformSwitch = Number(
  (await one<{ id: number }>(`select id from public.platform where name = 'Nintendo Switch'`)).id,
);
const anyChange = Number((await one<{ id: number }>('select id from public.sync_change order by id limit 1')).id);
// The owner's play journal: one public session and one private one.
const [ownerSession, ownerPrivateSession] = (
  await pushAllOk(owner, [
    ['journal.add', { key: randomUUID(), igdb_id: IGDB.witcher3, played_on: '2026-01-02', minutes: 90 }],
    [
      'journal.add',
      {
        key: randomUUID(),
        igdb_id: IGDB.witcher3,
        played_on: '2026-01-03',
        minutes: 30,
        note: 'private note',
        is_private: true,
      },
    ],
  ])
).map((r) => Number(r.result?.id));
// The owner's private review draft (supabase/schema/tables/public.rating.sql): theirs alone, liked and commented on by nobody.
const DRAFT_WORDS = 'Draft words nobody else may read';
const ownerDraft = Number(
  (await pushOk(db, owner.actor, 'review.create', { igdb_id: IGDB.hades, rating: 3, review: DRAFT_WORDS, draft: true }))
    .id,
);

// ---------------------------------------------------------------------------------------------
// The matrix.

type Who = 'visitor' | 'other' | 'owner' | 'newcomer';
/** reads: rows come back; hidden: error or no rows; allowed: no error and the table changed;
 *  denied: the table did not change (and an error, if any, is a permission error);
 *  refused: a rule of the API's says no (P0001, its own message) and the table did not change. */
type Expect = 'reads' | 'hidden' | 'allowed' | 'denied' | 'refused';
interface Case {
  who: Who;
  expect: Expect;
  table: string;
  what: string;
  sql: string;
  params: unknown[];
}

const ACTORS: Record<Who, Actor> = { visitor: VISITOR, other: other.actor, owner: owner.actor, newcomer };
const SUBJECT: Record<Who, string> = {
  visitor: 'visitor',
  other: 'other member',
  owner: 'owner',
  newcomer: 'new account',
};
const caseName = (c: Case): string =>
  `${SUBJECT[c.who]} ${c.expect === 'reads' || c.expect === 'allowed' ? 'can' : 'cannot'} ${
    c.who === 'owner' ? c.what.replaceAll("owner's", 'their own') : c.what
  }`;

const cases: Case[] = [];
/** Adds the same statement for several actors, each with its expectation. */
function add(
  table: string,
  what: string,
  sql: string,
  params: unknown[],
  expectations: Partial<Record<Who, Expect>>,
): void {
  for (const [who, expect] of Object.entries(expectations) as Array<[Who, Expect]>)
    cases.push({ who, expect, table, what, sql, params });
}
const readable: Partial<Record<Who, Expect>> = { visitor: 'reads', other: 'reads', owner: 'reads' };
const nobody: Partial<Record<Who, Expect>> = { visitor: 'denied', other: 'denied', owner: 'denied' };
const ownerOnly: Partial<Record<Who, Expect>> = { visitor: 'denied', other: 'denied', owner: 'allowed' };
const fresh = () => randomUUID();
const ruled: Partial<Record<Who, Expect>> = { other: 'refused', owner: 'refused' };

// user
add(
  'user',
  "read owner's public profile",
  'select id, username, follower_count, following_count from public."user" where id = $1::bigint',
  [owner.id],
  readable,
);
add('user', "select owner's email column", 'select email from public."user" where id = $1::bigint', [owner.id], {
  visitor: 'hidden',
  other: 'hidden',
  owner: 'hidden',
});
add('user', 'select every email', 'select email from public."user"', [], {
  visitor: 'hidden',
  other: 'hidden',
  owner: 'hidden',
});
add('user', 'select * from "user"', 'select * from public."user"', [], {
  visitor: 'hidden',
  other: 'hidden',
  owner: 'hidden',
});
add(
  'user',
  "read owner's row through to_jsonb",
  'select to_jsonb(u) as j from public."user" u where u.id = $1::bigint',
  [owner.id],
  { visitor: 'hidden', other: 'hidden', owner: 'hidden' },
);
add(
  'user',
  "read owner's row as text",
  'select u::text as t from public."user" u where u.id = $1::bigint',
  [owner.id],
  { visitor: 'hidden', other: 'hidden', owner: 'hidden' },
);
add(
  'user',
  'insert a member row for another account',
  `insert into public."user" (provider_id, username) values ($1::text, 'squatter')`,
  [fresh()],
  { visitor: 'denied', other: 'denied', owner: 'denied' },
);
add(
  'user',
  "insert a member row with the owner's auth id",
  `insert into public."user" (provider_id, username) values ($1::text, 'impostor')`,
  [owner.actor.authId],
  { visitor: 'denied', other: 'denied', newcomer: 'denied' },
);
add(
  'user',
  'insert its own member row',
  `insert into public."user" (provider_id, username) values ($1::text, 'newcomer_eve')`,
  [newcomer.authId],
  { newcomer: 'allowed' },
);
add(
  'user',
  'insert its own member row with follower_count',
  `insert into public."user" (provider_id, username, follower_count) values ($1::text, 'newcomer_eve', 100)`,
  [newcomer.authId],
  { newcomer: 'denied' },
);
add(
  'user',
  "update owner's bio",
  `update public."user" set bio = 'changed' where id = $1::bigint`,
  [owner.id],
  ownerOnly,
);
add(
  'user',
  "update owner's username",
  `update public."user" set username = 'renamed_one' where id = $1::bigint`,
  [owner.id],
  ownerOnly,
);
add(
  'user',
  "write owner's follower_count",
  'update public."user" set follower_count = 99 where id = $1::bigint',
  [owner.id],
  nobody,
);
add(
  'user',
  "write owner's following_count",
  'update public."user" set following_count = 99 where id = $1::bigint',
  [owner.id],
  nobody,
);
add(
  'user',
  "write owner's email",
  `update public."user" set email = 'x@evil.test' where id = $1::bigint`,
  [owner.id],
  nobody,
);
add(
  'user',
  "re-link owner's row to another account",
  'update public."user" set provider_id = $2::text where id = $1::bigint',
  [owner.id, fresh()],
  nobody,
);
add('user', "delete owner's member row", 'delete from public."user" where id = $1::bigint', [owner.id], ownerOnly);

// catalogue: game, platform, platform_games
for (const [table, row, insert, update] of [
  [
    'game',
    gameId(IGDB.witcher3),
    `insert into public.game (igdb_id, name, slug) values (999001, 'Fake', 'fake-game')`,
    `update public.game set name = 'Vandalised' where id = $1::bigint`,
  ],
  [
    'platform',
    platformPc,
    `insert into public.platform (name) values ('Fake Console')`,
    `update public.platform set name = 'Vandalised' where id = $1::bigint`,
  ],
  [
    'platform_games',
    Number.NaN,
    'insert into public.platform_games (game_id, platform_id) values ($1::bigint, $2::bigint)',
    'update public.platform_games set platform_id = $2::bigint where game_id = $1::bigint',
  ],
] as const) {
  const params = table === 'platform_games' ? [gameId(IGDB.portal2), platformSwitch] : [row];
  const where = table === 'platform_games' ? 'game_id = $1::bigint' : 'id = $1::bigint';
  add(
    table,
    `read the ${table} catalogue`,
    `select * from public.${table} where ${where}`,
    params.slice(0, 1),
    readable,
  );
  add(table, `insert into ${table}`, insert, table === 'platform_games' ? params : [], nobody);
  add(table, `update ${table}`, update, params, nobody);
  add(table, `delete from ${table}`, `delete from public.${table} where ${where}`, params.slice(0, 1), nobody);
}

// rating
add('rating', "read owner's rating", 'select * from public.rating where id = $1::bigint', [ownerReview], readable);
add(
  'rating',
  'insert a rating as the owner',
  'insert into public.rating (user_id, game_id, rating) values ($1::bigint, $2::bigint, 8)',
  [owner.id, gameId(IGDB.portal2)],
  ownerOnly,
);
add(
  'rating',
  'insert a rating with like_count',
  'insert into public.rating (user_id, game_id, rating, like_count) values ($1::bigint, $2::bigint, 8, 50)',
  [owner.id, gameId(IGDB.portal2)],
  nobody,
);
add(
  'rating',
  'insert a rating with comment_count',
  'insert into public.rating (user_id, game_id, rating, comment_count) values ($1::bigint, $2::bigint, 8, 50)',
  [owner.id, gameId(IGDB.portal2)],
  { owner: 'denied' },
);
add(
  'rating',
  "update owner's rating",
  `update public.rating set review = 'changed', rating = 2 where id = $1::bigint`,
  [ownerReview],
  ownerOnly,
);
add(
  'rating',
  "write owner's rating.like_count",
  'update public.rating set like_count = 99 where id = $1::bigint',
  [ownerReview],
  nobody,
);
add(
  'rating',
  "write owner's rating.comment_count",
  'update public.rating set comment_count = 99 where id = $1::bigint',
  [ownerReview],
  nobody,
);
add(
  'rating',
  "hand owner's rating to someone else",
  'update public.rating set user_id = $2::bigint where id = $1::bigint',
  [ownerReview, other.id],
  nobody,
);
add('rating', "delete owner's rating", 'delete from public.rating where id = $1::bigint', [ownerReview], ownerOnly);
add('rating', "read owner's review draft", 'select * from public.rating where id = $1::bigint', [ownerDraft], {
  visitor: 'hidden',
  other: 'hidden',
  owner: 'reads',
});
add(
  'rating',
  "find owner's review draft by its text",
  'select id from public.rating where review = $1::text',
  [DRAFT_WORDS],
  { visitor: 'hidden', other: 'hidden', owner: 'reads' },
);
add(
  'rating',
  'insert a rating as a draft as the owner',
  'insert into public.rating (user_id, game_id, rating, is_draft) values ($1::bigint, $2::bigint, 8, true)',
  [owner.id, gameId(IGDB.portal2)],
  ownerOnly,
);
add(
  'rating',
  "publish owner's review draft",
  'update public.rating set is_draft = false where id = $1::bigint',
  [ownerDraft],
  ownerOnly,
);
add(
  'rating',
  "edit owner's review draft",
  `update public.rating set review = 'changed' where id = $1::bigint`,
  [ownerDraft],
  ownerOnly,
);
add(
  'rating',
  "delete owner's review draft",
  'delete from public.rating where id = $1::bigint',
  [ownerDraft],
  ownerOnly,
);
add(
  'rating',
  "turn owner's liked and commented review back into a draft",
  'update public.rating set is_draft = true where id = $1::bigint',
  [ownerReview],
  { visitor: 'denied', other: 'denied', owner: 'refused' },
);
add(
  'rating',
  "backdate owner's published review",
  `update public.rating set post_date_time = now() - interval '20 days' where id = $1::bigint`,
  [ownerReview],
  nobody,
);

// comment
add('comment', "read owner's comment", 'select * from public.comment where id = $1::bigint', [ownerComment], readable);
add(
  'comment',
  'insert a comment as the owner',
  `insert into public.comment (user_id, rating_id, content) values ($1::bigint, $2::bigint, 'hello')`,
  [owner.id, otherReview],
  ownerOnly,
);
add(
  'comment',
  'insert a comment with like_count',
  `insert into public.comment (user_id, rating_id, content, like_count) values ($1::bigint, $2::bigint, 'hello', 50)`,
  [owner.id, otherReview],
  { owner: 'denied' },
);
add(
  'comment',
  "update owner's comment",
  `update public.comment set content = 'changed' where id = $1::bigint`,
  [ownerComment],
  ownerOnly,
);
add(
  'comment',
  "write owner's comment.like_count",
  'update public.comment set like_count = 99 where id = $1::bigint',
  [ownerComment],
  nobody,
);
add(
  'comment',
  "unpublish owner's comment",
  'update public.comment set is_published = false where id = $1::bigint',
  [ownerComment],
  nobody,
);
add(
  'comment',
  "move owner's comment to another review",
  'update public.comment set rating_id = $2::bigint where id = $1::bigint',
  [ownerComment, ownerReview],
  nobody,
);
add(
  'comment',
  "delete owner's comment (on the other member's own review)",
  'delete from public.comment where id = $1::bigint',
  [ownerComment],
  ownerOnly,
);

// content_like
add(
  'content_like',
  "read owner's like",
  'select * from public.content_like where id = $1::bigint',
  [ownerLike],
  readable,
);
add(
  'content_like',
  'insert a like as the owner',
  'insert into public.content_like (user_id, rating_id) values ($1::bigint, $2::bigint)',
  [owner.id, ownerReview],
  ownerOnly,
);
add(
  'content_like',
  "turn owner's like into a dislike",
  'update public.content_like set is_like = false where id = $1::bigint',
  [ownerLike],
  nobody,
);
add(
  'content_like',
  "move owner's like to another review",
  'update public.content_like set rating_id = $2::bigint where id = $1::bigint',
  [ownerLike, ownerReview],
  nobody,
);
add(
  'content_like',
  "delete owner's like",
  'delete from public.content_like where id = $1::bigint',
  [ownerLike],
  ownerOnly,
);
add(
  'content_like',
  "like owner's review draft",
  'insert into public.content_like (user_id, rating_id) values ((select app.current_user_id()), $1::bigint)',
  [ownerDraft],
  { visitor: 'denied', ...ruled },
);
add(
  'comment',
  "comment on owner's review draft",
  `insert into public.comment (user_id, rating_id, content) values ((select app.current_user_id()), $1::bigint, 'psst')`,
  [ownerDraft],
  { visitor: 'denied', ...ruled },
);

// user_follow
add(
  'user_follow',
  "read owner's follow",
  'select * from public.user_follow where id = $1::bigint',
  [ownerFollow],
  readable,
);
add(
  'user_follow',
  'insert a follow as the owner',
  'insert into public.user_follow (follower_id, following_id) values ($1::bigint, $2::bigint)',
  [owner.id, third.id],
  ownerOnly,
);
add(
  'user_follow',
  "redirect owner's follow",
  'update public.user_follow set following_id = $2::bigint where id = $1::bigint',
  [ownerFollow, third.id],
  nobody,
);
add(
  'user_follow',
  "delete owner's follow (of the other member)",
  'delete from public.user_follow where id = $1::bigint',
  [ownerFollow],
  ownerOnly,
);

// game_progress, user_wishlist, user_collection, user_top_games
add(
  'game_progress',
  "read owner's progress",
  'select * from public.game_progress where id = $1::bigint',
  [ownerProgress],
  readable,
);
add(
  'game_progress',
  'insert progress as the owner',
  'insert into public.game_progress (user_id, game_id, started) values ($1::bigint, $2::bigint, true)',
  [owner.id, gameId(IGDB.stardew)],
  ownerOnly,
);
add(
  'game_progress',
  "update owner's progress",
  'update public.game_progress set completed = true where id = $1::bigint',
  [ownerProgress],
  ownerOnly,
);
add(
  'game_progress',
  "give owner's progress to someone else",
  'update public.game_progress set user_id = $2::bigint where id = $1::bigint',
  [ownerProgress, other.id],
  nobody,
);
add(
  'game_progress',
  "delete owner's progress",
  'delete from public.game_progress where id = $1::bigint',
  [ownerProgress],
  ownerOnly,
);

add(
  'user_wishlist',
  "read owner's wishlist",
  'select * from public.user_wishlist where id = $1::bigint',
  [ownerWish],
  readable,
);
add(
  'user_wishlist',
  'insert into the wishlist as the owner',
  'insert into public.user_wishlist (user_id, igdb_id, game_id) values ($1::bigint, $2::bigint, $3::bigint)',
  [owner.id, IGDB.portal2, gameId(IGDB.portal2)],
  ownerOnly,
);
add(
  'user_wishlist',
  "update owner's wishlist entry",
  'update public.user_wishlist set priority = 9, notes = $2::text where id = $1::bigint',
  [ownerWish, 'changed'],
  ownerOnly,
);
add(
  'user_wishlist',
  "delete owner's wishlist entry",
  'delete from public.user_wishlist where id = $1::bigint',
  [ownerWish],
  ownerOnly,
);

add(
  'user_collection',
  "read owner's collection",
  'select * from public.user_collection where id = $1::bigint',
  [ownerCollected],
  readable,
);
add(
  'user_collection',
  'insert into the collection as the owner',
  'insert into public.user_collection (user_id, igdb_id, game_id) values ($1::bigint, $2::bigint, $3::bigint)',
  [owner.id, IGDB.stardew, gameId(IGDB.stardew)],
  ownerOnly,
);
add(
  'user_collection',
  "update owner's collection entry",
  `update public.user_collection set added_at = now() - interval '1 day' where id = $1::bigint`,
  [ownerCollected],
  nobody,
);
add(
  'user_collection',
  "delete owner's collection entry",
  'delete from public.user_collection where id = $1::bigint',
  [ownerCollected],
  ownerOnly,
);

add(
  'user_top_games',
  "read owner's top games",
  'select * from public.user_top_games where id = $1::bigint',
  [ownerTop],
  readable,
);
add(
  'user_top_games',
  'insert a top game as the owner',
  'insert into public.user_top_games (user_id, game_id, position) values ($1::bigint, $2::bigint, 2)',
  [owner.id, gameId(IGDB.zelda)],
  ownerOnly,
);
add(
  'user_top_games',
  "reorder owner's top games",
  'update public.user_top_games set position = 3 where id = $1::bigint',
  [ownerTop],
  ownerOnly,
);
add(
  'user_top_games',
  "delete owner's top game",
  'delete from public.user_top_games where id = $1::bigint',
  [ownerTop],
  ownerOnly,
);

// play_session: public unless private; the owner writes, nobody moves a session to someone else.
add(
  'play_session',
  "read owner's public play session",
  'select * from public.play_session where id = $1::bigint',
  [ownerSession],
  readable,
);
add(
  'play_session',
  "read owner's private play session",
  'select * from public.play_session where id = $1::bigint',
  [ownerPrivateSession],
  { visitor: 'hidden', other: 'hidden', owner: 'reads' },
);
add(
  'play_session',
  "find owner's private play session by its note",
  `select id from public.play_session where note = 'private note'`,
  [],
  { visitor: 'hidden', other: 'hidden', owner: 'reads' },
);
add(
  'play_session',
  'log a play session as the owner',
  `insert into public.play_session (client_key, user_id, game_id, played_on, minutes) values ($1::uuid, $2::bigint, $3::bigint, '2026-01-04', 20)`,
  [fresh(), owner.id, gameId(IGDB.witcher3)],
  ownerOnly,
);
add(
  'play_session',
  "update owner's public play session",
  'update public.play_session set minutes = 5, note = $2::text where id = $1::bigint',
  [ownerSession, 'changed'],
  ownerOnly,
);
add(
  'play_session',
  "make owner's private play session public",
  'update public.play_session set is_private = false where id = $1::bigint',
  [ownerPrivateSession],
  ownerOnly,
);
add(
  'play_session',
  "give owner's play session to someone else",
  'update public.play_session set user_id = $2::bigint where id = $1::bigint',
  [ownerSession, other.id],
  nobody,
);
add(
  'play_session',
  "move owner's play session to another game",
  'update public.play_session set game_id = $2::bigint where id = $1::bigint',
  [ownerSession, gameId(IGDB.gta5)],
  nobody,
);
add(
  'play_session',
  "read the change log of owner's play sessions",
  `select id from public.sync_change where tbl = 'play_session' and user_id = $1::bigint`,
  [owner.id],
  { visitor: 'hidden', other: 'hidden', owner: 'reads' },
);
add(
  'play_session',
  "delete owner's private play session",
  'delete from public.play_session where id = $1::bigint',
  [ownerPrivateSession],
  ownerOnly,
);

// sync_applied: private to its owner. The member's own insert is the API's path: sync_push runs
// as the caller and records each mutation there.
add(
  'sync_applied',
  "read owner's applied mutations",
  'select mutation_id, result from public.sync_applied where user_id = $1::bigint',
  [owner.id],
  { visitor: 'hidden', other: 'hidden', owner: 'reads' },
);
add('sync_applied', 'read any applied mutation', 'select mutation_id, user_id, result from public.sync_applied', [], {
  visitor: 'hidden',
});
add(
  'sync_applied',
  'record an applied mutation as the owner',
  `insert into public.sync_applied (mutation_id, user_id, client_id, name, status, result) values ($1::uuid, $2::bigint, $1::uuid, 'x', 'ok', '{}')`,
  [fresh(), owner.id],
  ownerOnly,
);
add(
  'sync_applied',
  "rewrite owner's applied mutation",
  `update public.sync_applied set result = '{}' where mutation_id = $1::uuid`,
  [ownerApplied],
  nobody,
);
add(
  'sync_applied',
  "forget owner's applied mutation",
  'delete from public.sync_applied where mutation_id = $1::uuid',
  [ownerApplied],
  nobody,
);

// sync_change: the change log holds ids of public rows; readable, never writable.
add(
  'sync_change',
  'read the change log',
  'select id, tbl, row_id, op from public.sync_change where id = $1::bigint',
  [anyChange],
  readable,
);
add(
  'sync_change',
  'insert into the change log',
  `insert into public.sync_change (tbl, row_id, op) values ('rating', $1::bigint, 'delete')`,
  [ownerReview],
  nobody,
);
add(
  'sync_change',
  'update the change log',
  `update public.sync_change set op = 'delete' where id = $1::bigint`,
  [anyChange],
  nobody,
);
add(
  'sync_change',
  'delete from the change log',
  'delete from public.sync_change where id = $1::bigint',
  [anyChange],
  nobody,
);

// sync_retention: the change log's low-water mark, read by sync_pull as its caller; only the
// prune (app.prune_sync_changes, service role and scheduler) moves it.
add(
  'sync_retention',
  'read the low-water mark',
  'select low_water::text as w from public.sync_retention',
  [],
  readable,
);
add('sync_retention', 'insert a second mark', 'insert into public.sync_retention (id) values (false)', [], nobody);
add('sync_retention', 'lower the mark', `update public.sync_retention set low_water = '0'::xid8`, [], nobody);
add('sync_retention', 'delete the mark', 'delete from public.sync_retention', [], nobody);

const TABLES = [
  'user',
  'game',
  'platform',
  'platform_games',
  'rating',
  'comment',
  'content_like',
  'user_follow',
  'game_progress',
  'user_wishlist',
  'user_collection',
  'user_top_games',
  'sync_applied',
  'sync_change',
  'sync_retention',
  'play_session',
];

describe('permission matrix: table × operation × actor', () => {
  it('covers every table with select, insert, update and delete', () => {
    for (const table of TABLES) {
      const verbs = new Set(
        cases.filter((c) => c.table === table).map((c) => c.sql.trim().split(/\s/)[0]?.toLowerCase()),
      );
      expect([...verbs].sort(), table).toEqual(['delete', 'insert', 'select', 'update']);
    }
  });

  it.each(cases.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    const before = await fingerprintBefore(c.table);
    const { outcome, check: after } = await probe(
      db,
      ACTORS[c.who],
      (q) => q.query(c.sql, c.params),
      (q) => fingerprint(q, c.table),
    );
    switch (c.expect) {
      case 'reads':
        expect(outcome.ok ? outcome.value.length : outcome.error.message).toBeGreaterThan(0);
        break;
      case 'hidden':
        if (outcome.ok) expect(outcome.value).toEqual([]);
        else expect(outcome.error.code).toBe('42501');
        break;
      case 'allowed':
        expect(outcome.ok ? 'ok' : outcome.error.message).toBe('ok');
        expect(after).not.toBe(before);
        break;
      case 'denied':
        if (!outcome.ok) expect(`${outcome.error.code} ${outcome.error.message}`).toMatch(/^42501 /);
        expect(after).toBe(before);
        break;
      case 'refused':
        expect(outcome.ok ? 'ok' : outcome.error.code).toBe('P0001');
        expect(after).toBe(before);
        break;
    }
  });
});

const baseline = new Map<string, string>();
async function fingerprintBefore(table: string): Promise<string> {
  // The fixture never changes (every probe rolls back), so one reading per table serves all cases.
  const known = baseline.get(table);
  if (known !== undefined) return known;
  const value = await fingerprint(db, table);
  baseline.set(table, value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Editing another member's review or comment, through every API path.

describe("another member's review and comments stay theirs", () => {
  const reviewAndComments = async (q: Queryable) => fingerprintAll(q, ['rating', 'comment', 'content_like']);
  const asOther = (mutations: readonly Mutation[]) =>
    probe(
      db,
      other.actor,
      (q) =>
        q.query(`select public.sync_push($1::uuid, $2::jsonb) as r`, [
          randomUUID(),
          JSON.stringify(mutations.map(([name, args]) => ({ id: randomUUID(), name, args }))),
        ]),
      reviewAndComments,
    );
  const before = () => fingerprintAll(db, ['rating', 'comment', 'content_like']);
  const rejection = (p: Probe<unknown>) => {
    if (!p.outcome.ok) throw new Error(p.outcome.error.message);
    const results = (p.outcome.value[0]?.r as { results: Array<{ status: string; code: string; message: string }> })
      .results;
    return results.map((r) => `${r.status} ${r.code} ${r.message}`);
  };

  it.each([
    [
      'review.update by rating id',
      ['review.update', { rating_id: ownerReview, review: 'hijacked', rating: 1 }],
      'rejected review_forbidden Review not found or you do not have permission to edit it',
    ],
    [
      'review.update by game',
      ['review.update', { igdb_id: IGDB.witcher3, review: 'hijacked' }],
      'rejected review_forbidden Review not found or you do not have permission to edit it',
    ],
    [
      'review.delete',
      ['review.delete', { rating_id: ownerReview }],
      'rejected review_forbidden Review not found or you do not have permission to edit it',
    ],
    [
      'comment.edit by id',
      ['comment.edit', { id: ownerComment, content: 'hijacked' }],
      'rejected comment_forbidden Comment not found or you do not have permission to edit it',
    ],
    [
      'comment.edit by client key',
      ['comment.edit', { key: ownerCommentKey, content: 'hijacked' }],
      'rejected comment_forbidden Comment not found or you do not have permission to edit it',
    ],
    [
      'comment.delete by id',
      ['comment.delete', { id: ownerComment }],
      'rejected comment_forbidden Comment not found or you do not have permission to delete it',
    ],
    [
      'comment.delete by client key',
      ['comment.delete', { key: ownerCommentKey }],
      'rejected comment_forbidden Comment not found or you do not have permission to delete it',
    ],
    [
      'comment.add reusing the comment key',
      ['comment.add', { key: ownerCommentKey, rating_id: otherReview, content: 'hijacked' }],
      'rejected invalid_comment Invalid comment ID',
    ],
  ] as const)('other member cannot change owner content with sync_push %s', async (_name, mutation, expected) => {
    const p = await asOther([mutation as Mutation]);
    expect(rejection(p)).toEqual([expected]);
    expect(p.check).toEqual(await before());
  });

  it('other member cannot edit owner content by direct UPDATE (rows are filtered, nothing changes)', async () => {
    const p = await probe(
      db,
      other.actor,
      async (q) => [
        ...(await q.query(`update public.rating set review = 'hijacked' where id = $1::bigint returning id`, [
          ownerReview,
        ])),
        ...(await q.query(`update public.comment set content = 'hijacked' where id = $1::bigint returning id`, [
          ownerComment,
        ])),
        ...(await q.query('delete from public.comment where id = $1::bigint returning id', [ownerComment])),
        ...(await q.query('delete from public.rating where id = $1::bigint returning id', [ownerReview])),
      ],
      reviewAndComments,
    );
    expect(p.outcome).toEqual({ ok: true, value: [] });
    expect(p.check).toEqual(await before());
  });

  it.each([
    ['simple_toggle_like', 'public.simple_toggle_like($1::bigint, $2::bigint)', () => [owner.id, ownerReview]],
    [
      'simple_toggle_comment_like',
      'public.simple_toggle_comment_like($1::bigint, $2::bigint)',
      () => [owner.id, otherComment],
    ],
  ] as const)("other member cannot %s with the owner's p_user_id", async (_name, fn, params) => {
    const p = await probe(db, other.actor, (q) => q.query(`select ${fn} as r`, params()), reviewAndComments);
    expect(p.outcome.ok && p.outcome.value[0]?.r).toMatchObject({ success: false, error: 'Invalid user ID' });
    expect(p.check).toEqual(await before());
  });

  it('owner can edit and delete their own review and comment through sync_push (the paths above work)', async () => {
    const p = await probe(
      db,
      owner.actor,
      (q) =>
        q.query(`select public.sync_push($1::uuid, $2::jsonb) as r`, [
          randomUUID(),
          JSON.stringify([
            { id: randomUUID(), name: 'review.update', args: { rating_id: ownerReview, review: 'edited' } },
            { id: randomUUID(), name: 'comment.edit', args: { id: ownerComment, content: 'edited' } },
            { id: randomUUID(), name: 'comment.delete', args: { key: ownerCommentKey } },
            { id: randomUUID(), name: 'review.delete', args: { rating_id: ownerReview } },
          ]),
        ]),
      (q) =>
        q.query(
          'select (select count(*) from public.rating where id = $1::bigint)::int as reviews, (select count(*) from public.comment where id = $2::bigint)::int as comments',
          [ownerReview, ownerComment],
        ),
    );
    expect(rejection(p).map((r) => r.split(' ')[0])).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(p.check).toEqual([{ reviews: 0, comments: 0 }]);
  });

  it('visitor cannot push anything: User not authenticated', async () => {
    const p = await probe(
      db,
      VISITOR,
      (q) =>
        q.query(`select public.sync_push($1::uuid, $2::jsonb) as r`, [
          randomUUID(),
          JSON.stringify([
            { id: randomUUID(), name: 'review.update', args: { rating_id: ownerReview, review: 'hijacked' } },
          ]),
        ]),
      reviewAndComments,
    );
    expect(p.outcome.ok ? 'ok' : `${p.outcome.error.code} ${p.outcome.error.message}`).toBe(
      '42501 User not authenticated',
    );
    expect(p.check).toEqual(await before());
  });
});

// ---------------------------------------------------------------------------------------------
// Emails: readable by their owner through get_my_user only.

const emailsOf = (text: string): string[] => members.map((m) => m.email).filter((e) => text.includes(e));

describe('emails never leak', () => {
  it('get_my_user returns the caller, email included, and nobody else', async () => {
    expect(await call(db, owner.actor, 'public.get_my_user()')).toMatchObject({ id: owner.id, email: owner.email });
    const theirs = await call(db, other.actor, 'public.get_my_user()');
    expect(theirs).toMatchObject({ id: other.id, email: other.email });
    expect(emailsOf(JSON.stringify(theirs))).toEqual([other.email]);
    expect(await call(db, VISITOR, 'public.get_my_user()')).toBeNull();
  });

  it("get_or_create_user with the owner's auth id is refused to another member and to a visitor", async () => {
    for (const actor of [other.actor, VISITOR]) {
      const p = await probe(
        db,
        actor,
        (q) => q.query('select public.get_or_create_user($1::text) as r', [owner.actor.authId]),
        (q) => fingerprint(q, 'user'),
      );
      expect(p.outcome.ok ? p.outcome.value : p.outcome.error.code).toBe('42501');
      expect(p.check).toBe(await fingerprint(db, 'user'));
    }
    expect(await call(db, owner.actor, 'public.get_or_create_user($1::text)', [owner.actor.authId])).toBe(owner.id);
  });

  it('sync_pull snapshots and deltas carry no email, for members and visitors', async () => {
    const scope = JSON.stringify({
      user_ids: members.map((m) => m.id),
      rating_ids: [ownerReview, otherReview],
      game_ids: [...games.values()],
    });
    for (const actor of [VISITOR, other.actor, owner.actor]) {
      const snapshot = await call<{ cursor: string; changes: Array<{ table: string; row?: Row }> }>(
        db,
        actor,
        'public.sync_pull(null, $1::jsonb)',
        [scope],
      );
      const users = snapshot.changes.filter((c) => c.table === 'user');
      expect(users).toHaveLength(members.length);
      expect(users.every((u) => u.row && !('email' in u.row))).toBe(true);
      expect(emailsOf(JSON.stringify(snapshot))).toEqual([]);
      const delta = await call(db, actor, 'public.sync_pull($1::text, $2::jsonb)', ['v1:1', scope]);
      expect(emailsOf(JSON.stringify(delta))).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every function of the public schema (found in pg_proc now, so functions added later are
// covered), called by each actor with plausible arguments.

interface Routine {
  name: string;
  signature: string;
  args: Array<{ name: string; type: string }>;
}
const routines = await db.query<Routine & Row>(`
  select p.proname as name, p.oid::regprocedure::text as signature,
         coalesce((select json_agg(json_build_object('name', coalesce(a.name, ''), 'type', format_type(a.type, null)) order by a.ord)
                     from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames,
                                 coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs])))
                          with ordinality as a(type, name, mode, ord)
                    where a.mode in ('i', 'b', 'v')), '[]'::json) as args
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
     and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
   order by p.proname, p.oid`);

/** A plausible value for an argument of function `fn`, aimed at the owner's data whoever calls. */
function plausible(fn: string, arg: { name: string; type: string }): unknown {
  const n = arg.name.toLowerCase();
  const t = arg.type;
  if (t === 'uuid') return randomUUID();
  if (t === 'boolean') return true;
  if (t === 'jsonb' || t === 'json') {
    if (/mutation/.test(n)) return '[]';
    if (/scope/.test(n))
      return JSON.stringify({
        user_ids: members.map((m) => m.id),
        rating_ids: [ownerReview],
        game_ids: [gameId(IGDB.witcher3)],
      });
    if (/games|catalogue/.test(n)) return JSON.stringify([{ id: 999002, name: 'Injected Game' }]);
    return '{}';
  }
  if (/^(bigint|integer|smallint|numeric)(\[\])?$/.test(t)) {
    let v: number;
    if (/limit|size|count/.test(n)) v = 20;
    else if (/offset|page/.test(n)) v = 0;
    else if (/comment/.test(n)) v = ownerComment;
    else if (/review|rating/.test(n)) v = ownerReview;
    else if (/igdb/.test(n)) v = IGDB.witcher3;
    else if (/game/.test(n)) v = gameId(IGDB.witcher3);
    else if (/year/.test(n)) v = 2017;
    else v = owner.id;
    return t.endsWith('[]') ? `{${v}}` : v;
  }
  if (t === 'text' || t === 'character varying') {
    if (/cursor|sort|order/.test(n)) return null; // the function's default
    if (/auth|provider_id/.test(n)) return owner.actor.authId;
    if (/email/.test(n)) return 'probe@example.test';
    if (/provider/.test(n)) return 'email';
    if (/ident|slug/.test(n)) return 'the-witcher-3-wild-hunt';
    if (/genre/.test(n)) return 'Adventure';
    if (/query|search|term/.test(n)) return /user/.test(fn) ? 'owner' : 'witcher';
    if (/user|name/.test(n)) return 'owner_ann';
    return 'witcher';
  }
  if (t === 'text[]') return '{Adventure}';
  return null;
}

function routineCall(r: Routine): { sql: string; params: unknown[] } {
  const params = r.args.map((a) => plausible(r.name, a));
  const list = r.args.map((a, i) => `${a.name ? `${quoteIdent(a.name)} => ` : ''}$${i + 1}::${a.type}`).join(', ');
  return {
    sql: `select coalesce(string_agg(r::text, E'\\n'), '') as out from public.${quoteIdent(r.name)}(${list}) as r`,
    params,
  };
}

/** Rows belonging to the owner, without the counters others legitimately move. */
async function ownerRows(q: Queryable): Promise<string> {
  const parts: string[] = [];
  for (const [table, column] of [
    ['user', 'id'],
    ['rating', 'user_id'],
    ['comment', 'user_id'],
    ['content_like', 'user_id'],
    ['user_follow', 'follower_id'],
    ['game_progress', 'user_id'],
    ['user_wishlist', 'user_id'],
    ['user_collection', 'user_id'],
    ['user_top_games', 'user_id'],
    ['sync_applied', 'user_id'],
  ] as const) {
    const rows = await q.query<{ h: string }>(
      `select md5(coalesce(string_agg((to_jsonb(t) - 'like_count' - 'comment_count' - 'follower_count' - 'following_count' - 'updated_at')::text, '|' order by t::text), '')) as h
         from public.${quoteIdent(table)} t where ${column} = $1::bigint`,
      [owner.id],
    );
    parts.push(`${table}:${rows[0]?.h}`);
  }
  return parts.join(',');
}

const ALL_TABLES = [...new Set([...TABLES, ...SYNCED_TABLES])];
// get_or_create_user is the one get_ function that writes.
const isRead = (r: Routine): boolean => /^(get|search)_/.test(r.name) && r.name !== 'get_or_create_user';

/**
 * A read answers plausible arguments (a visitor may be told to sign in); any other function
 * answers or refuses with a permission error or one of the API's own errors (P0001 + code).
 */
function expectAnsweredOrRefused(r: Routine, who: Who, outcome: Probe<unknown>['outcome']): void {
  if (outcome.ok) return;
  const { code, message } = outcome.error;
  if (isRead(r) && !(who === 'visitor' && code === '42501')) expect(`${code} ${message}`).toBe('an answer');
  expect(`${code} ${message}`).toMatch(/^(42501|P0001) /);
  if (code === '42501' && !message.startsWith('permission denied')) {
    expect(message).toMatch(/^(User not authenticated|No authenticated user provided)$/);
  }
}

describe('every public function, called by each actor', () => {
  it('finds the API functions in pg_proc', () => {
    expect(routines.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'sync_push',
        'sync_pull',
        'get_or_create_user',
        'get_my_user',
        'delete_account',
        'simple_toggle_like',
      ]),
    );
  });

  it.each(routines.map((r) => [r.signature, r] as const))(
    'visitor calling %s: read-only or refused, no email',
    async (_sig, r) => {
      const { sql, params } = routineCall(r);
      const p = await probe(
        db,
        VISITOR,
        (q) => q.query(sql, params),
        (q) => fingerprintAll(q, ALL_TABLES),
      );
      expectAnsweredOrRefused(r, 'visitor', p.outcome);
      expect(emailsOf(JSON.stringify(p.outcome))).toEqual([]);
      expect(JSON.stringify(p.outcome)).not.toContain(DRAFT_WORDS);
      expect(p.check).toEqual(await fingerprintAll(db, ALL_TABLES));
    },
  );

  it.each(routines.map((r) => [r.signature, r] as const))(
    "other member calling %s with the owner's ids: no owner data changed, no foreign email",
    async (_sig, r) => {
      const { sql, params } = routineCall(r);
      const p = await probe(db, other.actor, (q) => q.query(sql, params), ownerRows);
      expectAnsweredOrRefused(r, 'other', p.outcome);
      expect(emailsOf(JSON.stringify(p.outcome)).filter((e) => e !== other.email)).toEqual([]);
      expect(JSON.stringify(p.outcome)).not.toContain(DRAFT_WORDS);
      // delete_account removes the caller, and with it the owner's follow of them: checked below.
      if (r.name !== 'delete_account') expect(p.check).toBe(await ownerRows(db));
    },
  );

  it.each(routines.map((r) => [r.signature, r] as const))('owner calling %s: no other email', async (_sig, r) => {
    const { sql, params } = routineCall(r);
    const p = await probe(
      db,
      owner.actor,
      (q) => q.query(sql, params),
      async () => null,
    );
    expectAnsweredOrRefused(r, 'owner', p.outcome);
    expect(emailsOf(JSON.stringify(p.outcome)).filter((e) => e !== owner.email)).toEqual([]);
  });

  it.each([
    ['visitor', VISITOR],
    ['member', owner.actor],
  ] as const)('import_catalogue is refused to a %s', async (_who, actor) => {
    const p = await probe(
      db,
      actor,
      (q) => q.query(`select public.import_catalogue('[{"id": 999003, "name": "Injected"}]'::jsonb) as n`),
      (q) => fingerprint(q, 'game'),
    );
    expect(p.outcome.ok ? 'ran' : `${p.outcome.error.code} ${p.outcome.error.message}`).toBe(
      '42501 permission denied for function import_catalogue',
    );
    expect(p.check).toBe(await fingerprint(db, 'game'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('delete_account', () => {
  it('deletes only the caller: their content gone, counters of others corrected, auth account gone', async () => {
    const snapshot = async (q: Queryable): Promise<Record<string, number>> =>
      (
        await q.query<Record<string, number>>(
          `
      select (select count(*) from public."user" where id = $1::bigint)::int as member,
             (select count(*) from auth.users where id = $2::uuid)::int as account,
             (select count(*) from public.rating where user_id = $1::bigint)::int as reviews,
             (select count(*) from public.comment where user_id = $1::bigint)::int as comments,
             (select count(*) from public.content_like where user_id = $1::bigint)::int as likes,
             (select count(*) from public.user_follow where $1::bigint in (follower_id, following_id))::int as follows,
             (select count(*) from public.user_wishlist where user_id = $1::bigint)::int as wishlist,
             (select count(*) from public.sync_applied where user_id = $1::bigint)::int as applied,
             (select count(*) from public."user")::int as members,
             (select count(*) from auth.users)::int as accounts,
             (select like_count from public.rating where id = $3::bigint) as owner_review_likes,
             (select comment_count from public.rating where id = $3::bigint) as owner_review_comments,
             (select like_count from public.comment where id = $4::bigint) as owner_comment_likes,
             (select follower_count from public."user" where id = $5::bigint) as owner_followers,
             (select following_count from public."user" where id = $6::bigint) as other_following`,
          [leaver.id, leaver.actor.authId, ownerReview, ownerComment, owner.id, other.id],
        )
      )[0] ?? {};
    const b = await snapshot(db);
    expect(b).toMatchObject({ member: 1, account: 1, reviews: 1, comments: 1, likes: 2, follows: 2, wishlist: 1 });
    const p = await probe(
      db,
      leaver.actor,
      (q) => q.query('select public.delete_account() as ok'),
      async (q) => ({
        after: await snapshot(q),
        owner: await ownerRowsApartFromLeaver(q),
      }),
    );
    expect(p.outcome).toEqual({ ok: true, value: [{ ok: true }] });
    expect(p.check.after).toEqual({
      ...b,
      member: 0,
      account: 0,
      reviews: 0,
      comments: 0,
      likes: 0,
      follows: 0,
      wishlist: 0,
      applied: 0,
      members: Number(b.members) - 1,
      accounts: Number(b.accounts) - 1,
      owner_review_likes: Number(b.owner_review_likes) - 1,
      owner_review_comments: Number(b.owner_review_comments) - 1,
      owner_comment_likes: Number(b.owner_comment_likes) - 1,
      owner_followers: Number(b.owner_followers) - 1,
      other_following: Number(b.other_following) - 1,
    });
    expect(p.check.owner).toBe(await ownerRowsApartFromLeaver(db));
  });

  it('leaves every counter equal to a recount after the deletion', async () => {
    const p = await probe(db, leaver.actor, (q) => q.query('select public.delete_account() as ok'), counterDrift);
    expect(p.outcome.ok).toBe(true);
    expect(p.check).toEqual([]);
    expect(await counterDrift(db)).toEqual([]);
  });

  it('is refused to a visitor', async () => {
    const p = await probe(
      db,
      VISITOR,
      (q) => q.query('select public.delete_account() as ok'),
      (q) => fingerprintAll(q, ['user', 'rating']),
    );
    expect(p.outcome.ok ? 'ran' : p.outcome.error.message).toBe('User not authenticated');
    expect(p.check).toEqual(await fingerprintAll(db, ['user', 'rating']));
  });
});

/** The owner's rows, leaving out the leaver's side of things (likes and comments on the leaver's review). */
async function ownerRowsApartFromLeaver(q: Queryable): Promise<string> {
  const rows = await q.query<{ h: string }>(
    `select md5(coalesce(string_agg(x, '|' order by x), '')) as h from (
       select (to_jsonb(r) - 'like_count' - 'comment_count' - 'updated_at')::text as x from public.rating r where r.user_id = $1::bigint
       union all select (to_jsonb(c) - 'like_count')::text from public.comment c where c.user_id = $1::bigint and c.rating_id <> $2::bigint
       union all select to_jsonb(l)::text from public.content_like l where l.user_id = $1::bigint and l.rating_id is distinct from $2::bigint
       union all select to_jsonb(w)::text from public.user_wishlist w where w.user_id = $1::bigint
     ) s`,
    [owner.id, leaverReview],
  );
  return rows[0]?.h ?? '';
}
