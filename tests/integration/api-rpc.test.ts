// The RPC API as the app uses it: unmodified supabase-js against the running local gateway,
// members signed up through the dev mailbox. Happy paths and the spec's errors.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { linkToken, startTestGateway, type TestGateway } from '../support/gateway.ts';

const GAMES = [
  {
    id: 1942,
    name: 'The Witcher 3: Wild Hunt',
    first_release_date: 1431993600,
    category: 0,
    genres: ['Role-playing (RPG)', 'Adventure'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 4'],
    developer: 'CD Projekt RED',
    publisher: 'CD Projekt',
  },
  {
    id: 7346,
    name: 'The Legend of Zelda: Breath of the Wild',
    first_release_date: 1488499200,
    category: 0,
    genres: ['Adventure', 'Role-playing (RPG)'],
    platforms: ['Nintendo Switch', 'Wii U'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
  },
  {
    id: 26226,
    name: 'Celeste',
    first_release_date: 1516752000,
    category: 0,
    genres: ['Platform', 'Indie'],
    platforms: ['PC (Microsoft Windows)', 'Nintendo Switch'],
    developer: 'Maddy Makes Games',
    publisher: 'Maddy Makes Games',
  },
];

let gw: TestGateway;
interface Member {
  client: SupabaseClient;
  authId: string;
  email: string;
  id: number;
}
let alice: Member;
let bob: Member;

async function signUp(username: string): Promise<Member> {
  const email = `${username}@example.test`;
  const password = 'Str0ng!Passw0rd';
  const client = gw.client();
  const { error } = await client.auth.signUp({ email, password, options: { data: { username } } });
  expect(error).toBeNull();
  const { tokenHash, type } = linkToken(await gw.lastMail(email, 'signup'));
  const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: type as 'signup' });
  expect(verified.error).toBeNull();
  const authId = verified.data.user?.id ?? '';
  const { data: id, error: rpcError } = await client.rpc('get_or_create_user', {
    auth_id: authId,
    user_email: email,
    user_name: username,
    user_provider: 'email',
  });
  expect(rpcError).toBeNull();
  return { client, authId, email, id: Number(id) };
}

async function push(member: Member, ...mutations: Array<[string, Record<string, unknown>]>) {
  const { data, error } = await member.client.rpc('sync_push', {
    p_client_id: randomUUID(),
    p_mutations: mutations.map(([name, args]) => ({ id: randomUUID(), name, args })),
  });
  expect(error).toBeNull();
  return (
    data as { results: Array<{ status: string; code?: string; message?: string; result?: Record<string, unknown> }> }
  ).results;
}

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  alice = await signUp('alice_api');
  bob = await signUp('bob_api');
});

afterAll(async () => {
  await gw?.close();
});

describe('members', () => {
  it('get_or_create_user returns the same member id every time', async () => {
    const { data } = await alice.client.rpc('get_or_create_user', {
      auth_id: alice.authId,
      user_email: alice.email,
      user_name: 'x',
      user_provider: 'email',
    });
    expect(data).toBe(alice.id);
  });

  it('get_or_create_user refuses another account id and visitors', async () => {
    const other = await alice.client.rpc('get_or_create_user', {
      auth_id: bob.authId,
      user_email: bob.email,
      user_name: 'x',
      user_provider: 'email',
    });
    expect(other.error?.message).toBe('User not authenticated');
    const visitor = await gw.client().rpc('get_or_create_user', { auth_id: alice.authId });
    expect(visitor.error?.message).toBe('No authenticated user provided');
    expect(visitor.status).toBe(401);
  });

  it('get_my_user shows the own email; nobody else sees it', async () => {
    const own = await alice.client.rpc('get_my_user');
    expect((own.data as { email: string }).email).toBe(alice.email);
    const pulled = await bob.client.rpc('sync_pull', { p_cursor: null, p_scope: { user_ids: [alice.id] } });
    expect(JSON.stringify(pulled.data)).not.toContain(alice.email);
  });

  it("profile.update validates the username with the spec's messages", async () => {
    const [short, bad, ok] = await push(
      alice,
      ['profile.update', { username: 'al' }],
      ['profile.update', { username: 'al ice!' }],
      ['profile.update', { bio: 'I like RPGs', username: 'alice_api' }],
    );
    expect(short?.message).toBe('Username must be at least 3 characters');
    expect(bad?.message).toBe('Username can only contain letters, numbers, and underscores');
    expect(ok?.status).toBe('ok');
    expect(ok?.result?.bio).toBe('I like RPGs');
  });
});

describe('reviews, likes and comments', () => {
  let reviewId = 0;
  let commentId = 0;

  it('creates one review per game and refuses a second', async () => {
    const [first, second] = await push(
      alice,
      [
        'review.create',
        { igdb_id: 1942, rating: 9.5, review: 'Superb side quests.', platform: 'PC', playtime_hours: 120 },
      ],
      ['review.create', { igdb_id: 1942, rating: 8 }],
    );
    expect(first?.status).toBe('ok');
    reviewId = Number(first?.result?.id);
    expect(second).toMatchObject({
      status: 'rejected',
      code: 'already_reviewed',
      message: 'You have already reviewed this game',
    });
  });

  it('refuses a rating off the half-step scale and a playtime out of range', async () => {
    const [rating, playtime] = await push(
      bob,
      ['review.create', { igdb_id: 1942, rating: 7.3 }],
      ['review.create', { igdb_id: 1942, rating: 7, playtime_hours: 100000 }],
    );
    expect(rating?.code).toBe('invalid_rating');
    expect(playtime?.code).toBe('invalid_playtime');
  });

  it('lets only the owner edit a review', async () => {
    const [other] = await push(bob, ['review.update', { rating_id: reviewId, rating: 1 }]);
    expect(other?.message).toBe('Review not found or you do not have permission to edit it');
    const [own] = await push(alice, ['review.update', { rating_id: reviewId, rating: 10 }]);
    expect(own?.result?.rating).toBe(10);
  });

  it('deletes a review by its game, as a review written offline is named', async () => {
    const [created, deleted, again] = await push(
      bob,
      ['review.create', { igdb_id: 7346, rating: 6 }],
      ['review.delete', { igdb_id: 7346 }],
      ['review.delete', { igdb_id: 7346 }],
    );
    expect(created?.status).toBe('ok');
    expect(deleted?.result).toMatchObject({ rating_id: created?.result?.id, deleted: true });
    expect(again?.result).toMatchObject({ deleted: false });
  });

  it('simple_toggle_like toggles and keeps the count exact', async () => {
    const on = await bob.client.rpc('simple_toggle_like', { p_user_id: bob.id, p_review_id: reviewId });
    expect(on.data).toMatchObject({ success: true, liked: true, likeCount: 1 });
    const off = await bob.client.rpc('simple_toggle_like', { p_user_id: bob.id, p_review_id: reviewId });
    expect(off.data).toMatchObject({ success: true, liked: false, likeCount: 0 });
    const wrongUser = await bob.client.rpc('simple_toggle_like', { p_user_id: alice.id, p_review_id: reviewId });
    expect(wrongUser.data).toMatchObject({ success: false, error: 'Invalid user ID' });
    const visitor = await gw.client().rpc('simple_toggle_like', { p_user_id: bob.id, p_review_id: reviewId });
    expect(visitor.data).toMatchObject({ success: false, error: 'User not authenticated' });
  });

  it('comments, replies to the top-level ancestor, and enforces the 500-character rule', async () => {
    const [top] = await push(bob, ['comment.add', { key: randomUUID(), rating_id: reviewId, content: '  Agreed!  ' }]);
    commentId = Number(top?.result?.id);
    expect(top?.result?.content).toBe('Agreed!');
    const [reply] = await push(alice, [
      'comment.add',
      { rating_id: reviewId, parent_id: commentId, content: '@bob_api thanks' },
    ]);
    const [nested] = await push(bob, [
      'comment.add',
      { rating_id: reviewId, parent_id: Number(reply?.result?.id), content: '@alice_api np' },
    ]);
    expect(nested?.result?.parent_comment_id).toBe(commentId);
    const [empty, long, orphan] = await push(
      bob,
      ['comment.add', { rating_id: reviewId, content: '   ' }],
      ['comment.add', { rating_id: reviewId, content: 'x'.repeat(501) }],
      ['comment.add', { rating_id: reviewId, parent_id: 999999, content: 'hi' }],
    );
    expect(empty?.message).toBe('Comment cannot be empty');
    expect(long?.message).toBe('Comment exceeds 500 characters');
    expect(orphan?.message).toBe('Parent comment not found');
  });

  it('lets only the author edit or delete a comment', async () => {
    const [edit, del] = await push(
      alice,
      ['comment.edit', { id: commentId, content: 'hijack' }],
      ['comment.delete', { id: commentId }],
    );
    expect(edit?.message).toBe('Comment not found or you do not have permission to edit it');
    expect(del?.message).toBe('Comment not found or you do not have permission to delete it');
  });

  it('simple_toggle_comment_like answers the count', async () => {
    const { data } = await alice.client.rpc('simple_toggle_comment_like', {
      p_user_id: alice.id,
      p_comment_id: commentId,
    });
    expect(data).toMatchObject({ success: true, liked: true, likeCount: 1 });
  });
});

describe('follows and lists', () => {
  it('follows idempotently, never oneself', async () => {
    const [a, b, self] = await push(
      alice,
      ['follow.set', { user_id: bob.id, following: true }],
      ['follow.set', { user_id: bob.id, following: true }],
      ['follow.set', { user_id: alice.id, following: true }],
    );
    expect(a?.result?.follower_count).toBe(1);
    expect(b?.result?.follower_count).toBe(1);
    expect(self?.message).toBe('You cannot follow yourself');
  });

  it('finishing a game clears wishlist and collection, which then refuse it', async () => {
    const results = await push(
      bob,
      ['wishlist.set', { igdb_id: 26226, in: true }],
      ['progress.set', { igdb_id: 26226, completed: true }],
      ['wishlist.set', { igdb_id: 26226, in: true }],
      ['collection.set', { igdb_id: 26226, in: true }],
    );
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'rejected', 'rejected']);
    expect(results[1]?.result).toMatchObject({ started: true, completed: true });
    expect(results[2]?.message).toBe('Cannot add to wishlist: game already started or completed');
    expect(results[3]?.message).toBe('Cannot add to collection: game already started or completed');
  });

  it('Top 5 holds only rated games, in order', async () => {
    const [unrated, rated] = await push(
      alice,
      ['top5.replace', { games: [{ igdb_id: 7346 }] }],
      ['top5.replace', { games: [{ igdb_id: 1942 }] }],
    );
    expect(unrated?.code).toBe('top5_unrated');
    expect((rated?.result as unknown as Array<{ position: number }>)[0]?.position).toBe(1);
  });

  it('ensure-game needs a valid IGDB id and a name', async () => {
    const [noId, noName, added] = await push(
      alice,
      ['game.ensure', { igdb_id: -4, name: 'X' }],
      ['game.ensure', { igdb_id: 424242, name: '  ' }],
      ['game.ensure', { igdb_id: 424242, name: 'Brand New Game', release_date: '2026-01-02' }],
    );
    expect(noId?.message).toBe('Game data missing valid IGDB ID');
    expect(noName?.message).toBe('Game name is required');
    expect(added?.result).toMatchObject({ igdb_id: 424242, slug: 'brand-new-game', game_id: '424242' });
  });
});

describe('sync', () => {
  it('sync_push answers 401 to visitors and names a malformed batch', async () => {
    const visitor = await gw.client().rpc('sync_push', { p_client_id: randomUUID(), p_mutations: [] });
    expect(visitor.error?.message).toBe('User not authenticated');
    expect(visitor.status).toBe(401);
    const bad = await alice.client.rpc('sync_push', { p_client_id: randomUUID(), p_mutations: { not: 'a list' } });
    expect(bad.error?.message).toBe('Mutations must be a list');
    expect(bad.status).toBe(400);
  });

  it('sync_pull gives a snapshot then deltas, and names a bad cursor', async () => {
    const snap = await bob.client.rpc('sync_pull', { p_cursor: null, p_scope: {} });
    const { cursor } = snap.data as { cursor: string };
    await push(alice, ['review.create', { igdb_id: 26226, rating: 8, review: 'Tight.' }]);
    const delta = await bob.client.rpc('sync_pull', { p_cursor: cursor, p_scope: { game_ids: [3] } });
    const changes = (delta.data as { changes: Array<{ table: string; row?: { review?: string } }> }).changes;
    expect(changes.some((c) => c.table === 'rating' && c.row?.review === 'Tight.')).toBe(true);
    const bad = await bob.client.rpc('sync_pull', { p_cursor: 'yesterday' });
    expect(bad.error?.message).toBe('Invalid sync cursor');
  });
});

describe('account deletion', () => {
  it('deletes the member, their content and the account', async () => {
    const carol = await signUp('carol_api');
    await push(carol, ['review.create', { igdb_id: 7346, rating: 9 }], ['follow.set', { user_id: alice.id }]);
    const { data, error } = await carol.client.rpc('delete_account');
    expect(error).toBeNull();
    expect(data).toBe(true);
    expect(
      await gw.db.query('select 1 from rating r join "user" u on u.id = r.user_id where u.username = $1', [
        'carol_api',
      ]),
    ).toHaveLength(0);
    expect(
      (await gw.db.query<{ follower_count: number }>('select follower_count from "user" where id = $1', [alice.id]))[0]
        ?.follower_count,
    ).toBe(0);
    const signIn = await gw.client().auth.signInWithPassword({ email: carol.email, password: 'Str0ng!Passw0rd' });
    expect(signIn.error).not.toBeNull();
  });
});
