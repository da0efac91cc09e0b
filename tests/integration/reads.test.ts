// The screen reads (the public.get_* functions) as callers see them: one database, members writing
// through sync_push exactly as the app's outbox does, then each screen read as a visitor and as
// different members, under their own role and JWT claims as PostgREST would run it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAccount, createTestDb, VISITOR, type Actor, type TestDb } from '../support/test-db.ts';

// A small real catalogue (IGDB-shaped, as import_catalogue takes it).
const GAMES = [
  {
    id: 1942,
    name: 'The Witcher 3: Wild Hunt',
    first_release_date: 1431993600,
    category: 0,
    genres: ['Role-playing (RPG)', 'Adventure'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 4', 'Xbox One'],
    developer: 'CD Projekt RED',
    publisher: 'CD Projekt',
  },
  {
    id: 12503,
    name: 'The Witcher 3: Wild Hunt - Hearts of Stone',
    first_release_date: 1444694400,
    category: 2,
    parent_game: 1942,
    genres: ['Role-playing (RPG)'],
    developer: 'CD Projekt RED',
  },
  {
    id: 12502,
    name: 'The Witcher 3: Wild Hunt - Blood and Wine',
    first_release_date: 1464652800,
    category: 2,
    parent_game: 1942,
    genres: ['Role-playing (RPG)'],
    developer: 'CD Projekt RED',
  },
  {
    id: 7346,
    name: 'The Legend of Zelda: Breath of the Wild',
    first_release_date: 1488499200,
    category: 0,
    genres: ['Adventure'],
    platforms: ['Nintendo Switch', 'Wii U'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
  },
  {
    id: 26758,
    name: 'Mario Kart 8 Deluxe',
    first_release_date: 1493337600,
    category: 0,
    genres: ['Racing'],
    platforms: ['Nintendo Switch'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
  },
  {
    id: 673,
    name: 'Doom',
    first_release_date: 755481600,
    category: 0,
    genres: ['Shooter'],
    platforms: ['PC (Microsoft Windows)'],
    developer: 'id Software',
  },
  {
    id: 121,
    name: 'Minecraft',
    first_release_date: 1321574400,
    category: 0,
    genres: ['Simulator', 'Adventure'],
    developer: 'Mojang Studios',
  },
  {
    id: 119133,
    name: 'Elden Ring',
    first_release_date: 1645747200,
    category: 0,
    genres: ['Role-playing (RPG)'],
    developer: 'FromSoftware',
    publisher: 'Bandai Namco Entertainment',
  },
  {
    id: 113112,
    name: 'Hades',
    first_release_date: 1600300800,
    category: 0,
    genres: ['Role-playing (RPG)', 'Indie'],
    developer: 'Supergiant Games',
  },
  {
    id: 26226,
    name: 'Celeste',
    first_release_date: 1516838400,
    category: 0,
    genres: ['Platform', 'Indie'],
    developer: 'Maddy Makes Games',
  },
  {
    id: 427,
    name: 'Final Fantasy VII',
    first_release_date: 854668800,
    category: 0,
    genres: ['Role-playing (RPG)'],
    developer: 'Square',
  },
  {
    id: 1020,
    name: 'Grand Theft Auto V',
    first_release_date: 1379376000,
    category: 0,
    genres: ['Shooter', 'Racing'],
    developer: 'Rockstar North',
    publisher: 'Rockstar Games',
  },
  {
    id: 2155,
    name: 'Dark Souls',
    first_release_date: 1316649600,
    category: 0,
    genres: ['Role-playing (RPG)'],
    developer: 'FromSoftware',
  },
];

type Row = Record<string, unknown>;
interface PushResult {
  id: string;
  status: string;
  code?: string;
  message?: string;
  result?: Row;
}

let db: TestDb;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let dave: Actor;
let erin: Actor;
let frank: Actor;
const ids: Record<string, number> = {};
let witcherReview = 0; // alice's review of The Witcher 3
const comment = { bobTop: randomUUID(), carolTop: randomUUID(), aliceReply: randomUUID(), daveReply: randomUUID() };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Pushes mutations as the member, as the outbox would, and expects every one applied. */
async function push(
  actor: Actor,
  ...mutations: Array<[string, Row]>
): Promise<{ results: PushResult[]; user_id: number }> {
  const out = await call<{ results: PushResult[]; user_id: number }>(
    db,
    actor,
    'public.sync_push($1::uuid, $2::jsonb)',
    [randomUUID(), JSON.stringify(mutations.map(([name, args]) => ({ id: randomUUID(), name, args })))],
  );
  for (const result of out.results) expect(result.status, JSON.stringify(result)).toBe('ok');
  return out;
}

const read = <T = Row>(actor: Actor, sql: string, params: unknown[] = []) => call<T>(db, actor, sql, params);

beforeAll(async () => {
  db = await createTestDb();
  await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  for (const row of await db.query<{ id: number; igdb_id: number }>('select id, igdb_id from public.game')) {
    ids[row.igdb_id] = row.id;
  }
  // Members are created in this order, so the directory's 'recent' sort is known.
  alice = await createAccount(db, 'alice');
  ids.alice = (await push(alice, ['profile.update', { name: 'Alice Liddell', bio: 'Open-world RPG fan' }])).user_id;
  bob = await createAccount(db, 'bob');
  ids.bob = (await push(bob, ['profile.update', { bio: 'Speedrunner of NINTENDO classics' }])).user_id;
  carol = await createAccount(db, 'carol');
  ids.carol = (await push(carol, ['profile.update', { name: 'Carol Danvers' }])).user_id;
  dave = await createAccount(db, 'dave');
  ids.dave = (await push(dave, ['profile.update', { bio: 'Boomer shooters only' }])).user_id;
  erin = await createAccount(db, 'erin');
  ids.erin = (await push(erin, ['profile.update', { bio: 'Cozy games' }])).user_id;
  frank = await createAccount(db, 'frank');
  ids.frank = (await push(frank, ['profile.update', { bio: 'Lurker' }])).user_id;

  // Alice rates 11 games (so her Top 10 leaves one out); two 9s to check the tie-break.
  const aliceReviews = await push(
    alice,
    [
      'review.create',
      {
        igdb_id: 1942,
        rating: 9.5,
        review: 'A masterpiece of side quests.',
        platform: 'PC',
        post_date_time: minutesAgo(50),
      },
    ],
    ['review.create', { igdb_id: 7346, rating: 10, review: 'Pure freedom.', post_date_time: minutesAgo(300) }],
    ['review.create', { igdb_id: 119133, rating: 9, post_date_time: minutesAgo(290) }],
    ['review.create', { igdb_id: 2155, rating: 9, review: 'Hard but fair.', post_date_time: minutesAgo(280) }],
    ['review.create', { igdb_id: 113112, rating: 8.5, post_date_time: minutesAgo(270) }],
    ['review.create', { igdb_id: 26758, rating: 8, post_date_time: minutesAgo(260) }],
    ['review.create', { igdb_id: 673, rating: 7.5, review: '   ', post_date_time: minutesAgo(250) }],
    ['review.create', { igdb_id: 26226, rating: 7, post_date_time: minutesAgo(240) }],
    ['review.create', { igdb_id: 427, rating: 6.5, post_date_time: minutesAgo(230) }],
    ['review.create', { igdb_id: 1020, rating: 6, post_date_time: minutesAgo(220) }],
    ['review.create', { igdb_id: 121, rating: 5, post_date_time: minutesAgo(210) }],
    ['progress.set', { igdb_id: 1942, started: true, at: minutesAgo(400) }],
    ['progress.set', { igdb_id: 7346, completed: true, at: minutesAgo(350) }],
    ['wishlist.set', { igdb_id: 12502, in: true, priority: 2 }],
    ['collection.set', { igdb_id: 12503, in: true }],
    ['top5.replace', { games: [{ igdb_id: 7346 }, { igdb_id: 1942 }, { igdb_id: 673 }] }],
    ['follow.set', { user_id: ids.bob }],
  );
  witcherReview = Number(aliceReviews.results[0]?.result?.id);

  await push(
    bob,
    ['review.create', { igdb_id: 1942, rating: 8, review: 'Great, if long.', post_date_time: minutesAgo(40) }],
    ['follow.set', { user_id: ids.alice }],
    ['review_like.set', { rating_id: witcherReview, liked: true }],
    [
      'comment.add',
      {
        key: comment.bobTop,
        rating_id: witcherReview,
        content: 'Blood and Wine is the best part.',
        created_at: minutesAgo(10),
      },
    ],
  );
  await push(
    carol,
    ['review.create', { igdb_id: 1942, rating: 6.5, post_date_time: minutesAgo(30) }],
    ['follow.set', { user_id: ids.alice }],
    [
      'comment.add',
      { key: comment.carolTop, rating_id: witcherReview, content: 'I never finished it.', created_at: minutesAgo(5) },
    ],
  );
  await push(alice, [
    'comment.add',
    {
      key: comment.aliceReply,
      rating_id: witcherReview,
      parent_key: comment.bobTop,
      content: '@bob agreed!',
      created_at: minutesAgo(8),
    },
  ]);
  // A reply to a reply attaches to the top-level comment.
  await push(
    dave,
    ['review.create', { igdb_id: 1942, rating: 10, review: 'Best RPG ever made.', post_date_time: minutesAgo(20) }],
    [
      'comment.add',
      {
        key: comment.daveReply,
        rating_id: witcherReview,
        parent_key: comment.aliceReply,
        content: '@alice same',
        created_at: minutesAgo(7),
      },
    ],
  );
  await push(bob, ['comment_like.set', { comment_key: comment.carolTop, liked: true }]);

  // Erin's activity: three older items far apart, then one burst written in a single push.
  await push(
    erin,
    ['review.create', { igdb_id: 673, rating: 7, review: 'Rip and tear.', post_date_time: minutesAgo(120) }],
    ['review.create', { igdb_id: 121, rating: 6, post_date_time: minutesAgo(60) }],
    ['progress.set', { igdb_id: 113112, started: true, at: minutesAgo(30) }],
  );
  await push(
    erin,
    ['wishlist.set', { igdb_id: 119133, in: true }],
    ['collection.set', { igdb_id: 26226, in: true }],
    ['progress.set', { igdb_id: 26758, completed: true }],
    ['review.create', { igdb_id: 26758, rating: 9, review: 'Great with friends.' }],
    ['comment.add', { rating_id: witcherReview, content: 'Nice review!' }],
    ['review_like.set', { rating_id: witcherReview, liked: true }],
  );
});

afterAll(async () => {
  await db?.close();
});

describe('get_game_page', () => {
  it('finds a game by internal id, by external id and by slug, and answers null when there is none', async () => {
    const byId = await read<{ game: Row }>(VISITOR, 'public.get_game_page($1)', [String(ids[1942])]);
    const byIgdb = await read<{ game: Row }>(VISITOR, 'public.get_game_page($1)', ['1942']);
    const bySlug = await read<{ game: Row }>(VISITOR, 'public.get_game_page($1)', ['the-witcher-3-wild-hunt']);
    for (const page of [byId, byIgdb, bySlug]) {
      expect(page.game).toMatchObject({
        igdb_id: 1942,
        name: 'The Witcher 3: Wild Hunt',
        slug: 'the-witcher-3-wild-hunt',
      });
      expect(page.game).not.toHaveProperty('search_name');
      expect(page.game).not.toHaveProperty('search_vector');
    }
    expect(await read(VISITOR, 'public.get_game_page($1)', ['no-such-game'])).toBeNull();
    expect(await read(VISITOR, 'public.get_game_page($1)', ['987654321'])).toBeNull();
  });

  it("refuses a blank or malformed identifier with the spec's message", async () => {
    for (const bad of ['', '   ', 'not a slug!', "1942'; drop table game; --"]) {
      await expect(read(VISITOR, 'public.get_game_page($1)', [bad])).rejects.toThrow(
        'Invalid or missing game identifier',
      );
    }
    await expect(read(VISITOR, 'public.get_game_page(null)')).rejects.toThrow('Invalid or missing game identifier');
  });

  it('summarises every rating: count, average to one decimal and a 10-bucket histogram', async () => {
    // The Witcher 3: alice 9.5, bob 8, carol 6.5, dave 10.
    const page = await read<{ ratings: { count: number; average: number; histogram: number[] } }>(
      VISITOR,
      'public.get_game_page($1)',
      ['1942'],
    );
    expect(page.ratings).toEqual({ count: 4, average: 8.5, histogram: [0, 0, 0, 0, 0, 1, 0, 1, 1, 1] });
    const unrated = await read<{ ratings: Row }>(VISITOR, 'public.get_game_page($1)', [
      'the-witcher-3-wild-hunt-hearts-of-stone',
    ]);
    expect(unrated.ratings).toEqual({ count: 0, average: null, histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
  });

  it('lists only written reviews, newest first, at most p_review_limit, with authors', async () => {
    const page = await read<{ reviews: Array<Row & { author: Row }>; review_count: number }>(
      VISITOR,
      'public.get_game_page($1, 2)',
      ['1942'],
    );
    expect(page.review_count).toBe(3);
    expect(page.reviews.map((r) => r.review)).toEqual(['Best RPG ever made.', 'Great, if long.']);
    expect(page.reviews[0]?.author).toEqual({ id: ids.dave, username: 'dave', name: null, avatar_url: null });
    const all = await read<{ reviews: Array<Row & { author: Row }> }>(VISITOR, 'public.get_game_page($1)', ['1942']);
    expect(all.reviews.map((r) => r.user_id)).toEqual([ids.dave, ids.bob, ids.alice]);
    expect(all.reviews[2]).toMatchObject({ like_count: 2, comment_count: 5 });
    // Doom's only review is blank text: counted in ratings, not listed.
    const doom = await read<{ reviews: Row[]; ratings: { count: number } }>(VISITOR, 'public.get_game_page($1)', [
      'doom',
    ]);
    expect(doom.reviews.map((r) => r.review)).toEqual(['Rip and tear.']);
    expect(doom.ratings.count).toBe(2);
  });

  it('names its platforms and related games: DLCs in release order, and the parent on a DLC', async () => {
    const page = await read<{ platforms: Row[]; related: { parent: Row | null; dlcs: Row[] } }>(
      VISITOR,
      'public.get_game_page($1)',
      ['1942'],
    );
    expect(page.platforms.map((p) => p.name)).toEqual(['PC (Microsoft Windows)', 'PlayStation 4', 'Xbox One']);
    expect(page.platforms[0]).toEqual({ id: expect.any(Number), name: 'PC (Microsoft Windows)' });
    expect(page.related.parent).toBeNull();
    expect(page.related.dlcs.map((d) => d.igdb_id)).toEqual([12503, 12502]);
    const dlc = await read<{ related: { parent: Row; dlcs: Row[] } }>(VISITOR, 'public.get_game_page($1)', ['12503']);
    expect(dlc.related.parent).toMatchObject({ igdb_id: 1942, name: 'The Witcher 3: Wild Hunt' });
    expect(dlc.related.dlcs).toEqual([]);
  });

  it("adds the caller's own status only when signed in", async () => {
    expect((await read<{ me: unknown }>(VISITOR, 'public.get_game_page($1)', ['1942'])).me).toBeNull();
    const mine = await read<{
      me: { review: Row; progress: Row; rated: boolean; in_wishlist: boolean; in_collection: boolean };
    }>(alice, 'public.get_game_page($1)', ['1942']);
    expect(mine.me.review).toMatchObject({ rating: 9.5, review: 'A masterpiece of side quests.', user_id: ids.alice });
    expect(mine.me.progress).toMatchObject({ started: true, completed: false });
    expect(mine.me).toMatchObject({ rated: true, in_wishlist: false, in_collection: false });
    const wished = await read<{ me: Row }>(alice, 'public.get_game_page($1)', ['12502']);
    expect(wished.me).toEqual({ review: null, progress: null, rated: false, in_wishlist: true, in_collection: false });
    const owned = await read<{ me: Row }>(alice, 'public.get_game_page($1)', ['12503']);
    expect(owned.me).toMatchObject({ in_wishlist: false, in_collection: true });
    const finished = await read<{ me: { progress: Row } }>(alice, 'public.get_game_page($1)', ['7346']);
    expect(finished.me.progress).toMatchObject({ started: true, completed: true });
  });
});

describe('get_profile', () => {
  interface Profile {
    user: Row;
    is_self: boolean;
    is_following: boolean;
    stats: Row;
    top5: Array<{ position: number; game: Row; rating: number }>;
    top10: Array<{ game: Row; rating: number; post_date_time: string }>;
    wishlist: Array<Row & { game: Row }>;
    collection: Array<Row & { game: Row }>;
    started: Array<Row & { game: Row }>;
    finished: Array<Row & { game: Row }>;
  }

  it("counts the member's games, reviews, lists and follows exactly", async () => {
    const profile = await read<Profile>(VISITOR, 'public.get_profile($1)', [ids.alice]);
    expect(profile.user).toMatchObject({
      id: ids.alice,
      username: 'alice',
      name: 'Alice Liddell',
      bio: 'Open-world RPG fan',
    });
    // Games: started The Witcher 3, finished Zelda. Lists: one wishlist and one collection entry.
    expect(profile.stats).toEqual({ games: 2, reviews: 11, lists: 2, following: 1, followers: 2 });
    expect(profile.wishlist.map((w) => w.game.igdb_id)).toEqual([12502]);
    expect(profile.wishlist[0]).toMatchObject({ priority: 2, igdb_id: 12502 });
    expect(profile.collection.map((c) => c.game.igdb_id)).toEqual([12503]);
    expect(profile.started.map((p) => p.game.igdb_id)).toEqual([1942]);
    expect(profile.finished.map((p) => p.game.igdb_id)).toEqual([7346]);
  });

  it('shows the email to the member alone', async () => {
    const own = await read<Profile>(alice, 'public.get_profile($1)', [ids.alice]);
    expect(own.is_self).toBe(true);
    expect(own.user.email).toBe('alice@example.test');
    for (const viewer of [VISITOR, bob]) {
      const seen = await read<Profile>(viewer, 'public.get_profile($1)', [ids.alice]);
      expect(seen.is_self).toBe(false);
      expect(seen.user).not.toHaveProperty('email');
      expect(JSON.stringify(seen)).not.toContain('@example.test');
    }
  });

  it('says whether the caller follows the member', async () => {
    expect((await read<Profile>(bob, 'public.get_profile($1)', [ids.alice])).is_following).toBe(true);
    expect((await read<Profile>(dave, 'public.get_profile($1)', [ids.alice])).is_following).toBe(false);
    expect((await read<Profile>(VISITOR, 'public.get_profile($1)', [ids.alice])).is_following).toBe(false);
  });

  it("keeps the Top 5 in its saved order, with the member's ratings", async () => {
    const { top5 } = await read<Profile>(VISITOR, 'public.get_profile($1)', [ids.alice]);
    expect(top5.map((t) => [t.position, t.game.igdb_id, t.rating])).toEqual([
      [1, 7346, 10],
      [2, 1942, 9.5],
      [3, 673, 7.5],
    ]);
    expect(Object.keys(top5[0]?.game ?? {})).toEqual(
      expect.arrayContaining(['id', 'igdb_id', 'name', 'slug', 'cover_url', 'release_date']),
    );
  });

  it('ranks the Top 10 by rating, newer first on a tie, and leaves out the eleventh', async () => {
    const { top10 } = await read<Profile>(VISITOR, 'public.get_profile($1)', [ids.alice]);
    expect(top10.map((t) => t.rating)).toEqual([10, 9.5, 9, 9, 8.5, 8, 7.5, 7, 6.5, 6]);
    // Dark Souls (280 min ago) is newer than Elden Ring (290 min ago).
    expect(top10.slice(2, 4).map((t) => t.game.igdb_id)).toEqual([2155, 119133]);
    expect(top10.map((t) => t.game.igdb_id)).not.toContain(121);
  });

  it('answers null for a member that does not exist', async () => {
    expect(await read(VISITOR, 'public.get_profile($1)', [987654])).toBeNull();
  });
});

describe('get_review', () => {
  interface Comment {
    id: number;
    content: string;
    parent_comment_id: number | null;
    liked_by_me: boolean;
    like_count: number;
    author: Row;
  }
  interface ReviewPage {
    review: Row;
    author: Row;
    game: Row;
    platform: Row;
    liked_by_me: boolean;
    comments: Comment[];
    comment_count: number;
  }

  it('finds the review by external game id and by internal id, with author, game and platform', async () => {
    const byIgdb = await read<ReviewPage>(VISITOR, 'public.get_review($1, $2)', [ids.alice, 1942]);
    const byId = await read<ReviewPage>(VISITOR, 'public.get_review($1, $2)', [ids.alice, ids[1942]]);
    for (const page of [byIgdb, byId]) {
      expect(page.review).toMatchObject({ id: witcherReview, rating: 9.5, like_count: 2 });
      expect(page.author).toMatchObject({ id: ids.alice, username: 'alice' });
      expect(page.author).not.toHaveProperty('email');
      expect(page.game).toMatchObject({ igdb_id: 1942 });
      expect(page.game).not.toHaveProperty('search_vector');
      expect(page.platform).toEqual({ id: expect.any(Number), name: 'PC' });
    }
    expect(await read(VISITOR, 'public.get_review($1, $2)', [ids.frank, 1942])).toBeNull();
  });

  it('lists comments threaded: newest thread first, each reply under its top-level comment, oldest first', async () => {
    const page = await read<ReviewPage>(VISITOR, 'public.get_review($1, $2)', [ids.alice, 1942]);
    // Erin's "Nice review!" is the newest thread (written just now), then Carol's, then Bob's.
    expect(page.comments.map((c) => c.content)).toEqual([
      'Nice review!',
      'I never finished it.',
      'Blood and Wine is the best part.',
      '@bob agreed!',
      '@alice same',
    ]);
    const bobTop = page.comments[2];
    expect(bobTop?.parent_comment_id).toBeNull();
    expect(page.comments.slice(3).map((c) => c.parent_comment_id)).toEqual([bobTop?.id, bobTop?.id]);
    expect(page.comments[4]?.author).toEqual({ id: ids.dave, username: 'dave', name: null, avatar_url: null });
    expect(page.comment_count).toBe(5);
  });

  it('says what the caller liked, per caller', async () => {
    const asBob = await read<ReviewPage>(bob, 'public.get_review($1, $2)', [ids.alice, 1942]);
    expect(asBob.liked_by_me).toBe(true);
    expect(asBob.comments.find((c) => c.content === 'I never finished it.')).toMatchObject({
      liked_by_me: true,
      like_count: 1,
    });
    for (const viewer of [carol, VISITOR]) {
      const page = await read<ReviewPage>(viewer, 'public.get_review($1, $2)', [ids.alice, 1942]);
      expect(page.liked_by_me).toBe(false);
      expect(page.comments.every((c) => !c.liked_by_me)).toBe(true);
    }
  });
});

describe('review lists', () => {
  it('get_recent_reviews: only reviews with text, newest first, 1 to 50', async () => {
    const recent = await read<Array<Row & { author: Row; game: Row }>>(VISITOR, 'public.get_recent_reviews()');
    const expected = await db.query<{ id: number }>(
      `select id from public.rating where review is not null and btrim(review) <> '' order by post_date_time desc, id desc limit 10`,
    );
    expect(recent.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(recent.every((r) => typeof r.review === 'string' && r.review.trim() !== '')).toBe(true);
    expect(recent[0]).toMatchObject({
      review: 'Great with friends.',
      author: { username: 'erin' },
      game: { igdb_id: 26758, name: 'Mario Kart 8 Deluxe' },
    });
    expect(await read<Row[]>(VISITOR, 'public.get_recent_reviews(2)')).toHaveLength(2);
    expect(await read<Row[]>(VISITOR, 'public.get_recent_reviews(0)')).toHaveLength(1);
    const written =
      (await db.query<{ n: number }>(`select count(*)::int as n from public.rating where btrim(review) <> ''`))[0]?.n ??
      0;
    expect(await read<Row[]>(VISITOR, 'public.get_recent_reviews(1000)')).toHaveLength(Math.min(written, 50));
  });

  it('get_user_reviews sorts recent, oldest, highest and lowest, pages, and counts the total', async () => {
    const ratings = async (sort: string, limit = 50, offset = 0) =>
      await read<{ reviews: Array<{ rating: number; game: Row }>; total: number }>(
        VISITOR,
        'public.get_user_reviews($1, $2, $3, $4)',
        [ids.alice, sort, limit, offset],
      );
    const highest = await ratings('highest');
    expect(highest.total).toBe(11);
    expect(highest.reviews.map((r) => r.rating)).toEqual([10, 9.5, 9, 9, 8.5, 8, 7.5, 7, 6.5, 6, 5]);
    expect((await ratings('lowest')).reviews.map((r) => r.rating)).toEqual([5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9, 9.5, 10]);
    expect((await ratings('recent')).reviews[0]?.game.igdb_id).toBe(1942);
    expect((await ratings('oldest')).reviews[0]?.game.igdb_id).toBe(7346);
    expect((await ratings('highest', 3, 1)).reviews.map((r) => r.rating)).toEqual([9.5, 9, 9]);
    await expect(ratings('best')).rejects.toThrow('Invalid sort option');
  });
});

describe('users', () => {
  interface Directory {
    users: Array<Row & { username: string }>;
    total: number;
    stats: { total_users: number; active_reviewers: number; total_reviews: number; you_follow: number };
    top_reviewers: Array<Row & { username: string }>;
  }
  const directory = (actor: Actor, query: string | null = null, sort = 'relevant') =>
    read<Directory>(actor, 'public.get_users($1, $2)', [query, sort]);

  it('lists everyone but the caller, with counts and follow state', async () => {
    const seen = await directory(bob);
    expect(seen.users.map((u) => u.username).sort()).toEqual(['alice', 'carol', 'dave', 'erin', 'frank']);
    expect(seen.total).toBe(5);
    expect(seen.users.find((u) => u.username === 'alice')).toMatchObject({
      name: 'Alice Liddell',
      bio: 'Open-world RPG fan',
      follower_count: 2,
      following_count: 1,
      review_count: 11,
      avg_rating: 7.8,
      is_following: true,
    });
    expect(seen.users.find((u) => u.username === 'carol')).toMatchObject({ is_following: false, review_count: 1 });
    expect(JSON.stringify(seen)).not.toContain('@example.test');
    expect((await directory(VISITOR)).total).toBe(6);
  });

  it('searches username, name and bio case-insensitively', async () => {
    expect((await directory(bob, 'ALI')).users.map((u) => u.username)).toEqual(['alice']);
    expect((await directory(alice, 'nintendo')).users.map((u) => u.username)).toEqual(['bob']);
    expect((await directory(alice, 'danvers')).users.map((u) => u.username)).toEqual(['carol']);
    expect((await directory(alice, 'alice')).users).toEqual([]);
  });

  it('sorts by followers, reviews and join date', async () => {
    expect((await directory(dave, null, 'followers')).users[0]?.username).toBe('alice');
    expect((await directory(dave, null, 'reviews')).users.map((u) => u.username).slice(0, 2)).toEqual([
      'alice',
      'erin',
    ]);
    expect((await directory(alice, null, 'recent')).users.map((u) => u.username)).toEqual([
      'frank',
      'erin',
      'dave',
      'carol',
      'bob',
    ]);
    await expect(directory(alice, null, 'loudest')).rejects.toThrow('Invalid sort option');
  });

  it('reports community stats and the top reviewers only without a query', async () => {
    const total = (await db.query<{ n: number }>('select count(*)::int as n from public.rating'))[0]?.n;
    const seen = await directory(alice);
    expect(seen.stats).toEqual({ total_users: 6, active_reviewers: 5, total_reviews: total, you_follow: 1 });
    expect(seen.top_reviewers.map((u) => u.username)).toEqual(['alice', 'erin', 'bob']);
    expect(seen.top_reviewers[0]).toMatchObject({ review_count: 11 });
    expect((await directory(alice, 'bo')).top_reviewers).toEqual([]);
    expect((await directory(VISITOR)).stats.you_follow).toBe(0);
  });

  it('search_users answers the header box from 2 characters', async () => {
    expect(await read(VISITOR, 'public.search_users($1)', ['Al'])).toEqual([
      { id: ids.alice, username: 'alice', name: 'Alice Liddell', bio: 'Open-world RPG fan', avatar_url: null },
    ]);
    expect(await read(VISITOR, 'public.search_users($1)', ['a'])).toEqual([]);
    expect(await read(VISITOR, 'public.search_users($1)', ['%'])).toEqual([]);
    expect((await read<Row[]>(VISITOR, 'public.search_users($1)', ['COZY'])).map((u) => u.username)).toEqual(['erin']);
  });
});

describe('get_user_activity', () => {
  interface Item {
    type: string;
    id: number;
    date: string;
    game: Row;
    rating?: number;
    review?: string;
    comment?: string;
    reviewed_author?: Row;
  }

  it('merges every kind, newest first, and orders a burst within 2 seconds by kind', async () => {
    const items = await read<Item[]>(VISITOR, 'public.get_user_activity($1)', [ids.erin]);
    expect(items.map((i) => [i.type, i.game.igdb_id])).toEqual([
      // The last push, all at one moment: review_like 8, comment 7, review 6, completed 4,
      // started 3, collection 2, wishlist 1.
      ['review_like', 1942],
      ['comment', 1942],
      ['review', 26758],
      ['completed', 26758],
      ['started', 26758],
      ['collection', 26226],
      ['wishlist', 119133],
      // Then by date alone: started 30 minutes ago, a rating 60, a review 120.
      ['started', 113112],
      ['rating', 121],
      ['review', 673],
    ]);
    expect(items[0]).toMatchObject({ rating: 9.5, reviewed_author: { id: ids.alice, username: 'alice' } });
    expect(items[1]).toMatchObject({ comment: 'Nice review!', reviewed_author: { username: 'alice' } });
    expect(items[2]).toMatchObject({ rating: 9, review: 'Great with friends.' });
    expect(items[8]).toMatchObject({ rating: 6 });
    expect(items[8]).not.toHaveProperty('review');
  });

  it('cuts the feed to p_limit and is empty for a member with no activity', async () => {
    expect((await read<Item[]>(VISITOR, 'public.get_user_activity($1, 3)', [ids.erin])).map((i) => i.type)).toEqual([
      'review_like',
      'comment',
      'review',
    ]);
    expect(await read(VISITOR, 'public.get_user_activity($1)', [ids.frank])).toEqual([]);
  });
});

describe('get_platforms', () => {
  it('lists every platform by name', async () => {
    const platforms = await read<Array<{ id: number; name: string }>>(VISITOR, 'public.get_platforms()');
    const names = platforms.map((p) => p.name);
    const byLowerName = (a: string, b: string) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
    expect(names).toEqual([...names].sort(byLowerName));
    expect(names).toEqual(expect.arrayContaining(['PC', 'PS5', 'Nintendo Switch', 'PlayStation 4']));
    expect(Object.keys(platforms[0] ?? {}).sort()).toEqual(['id', 'name']);
  });
});
