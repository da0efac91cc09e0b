// One mutation, the same answer on both sides (device and server). Every mutation in the registry
// (src/core/mutations.ts) has samples here: calls that are applied and calls that are refused.
// Each sample is applied locally (applyLocal on a device whose mirrors were pulled from the
// server, fake-indexeddb) and through sync_push (the real migrations, as the member); then:
// - both sides applied it, or both refused it with the same message;
// - the device's mirrors equal the server's rows as a fresh device pulls them, compared in one
//   shape (ids and clock times left out, references by natural key: a game by igdb_id, a review by
//   author and game, a comment by author and text).
// A mutation without samples, or without a sample that applies, fails the first test.
// Runs on PGlite, and on PostgreSQL 15 through tests/support/with-postgres.ts.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { Dexie } from 'dexie';
import { afterAll, describe, expect, it } from 'vitest';
import { MutationError, mutationNames, type MutationName } from '../../src/core/mutations.ts';
import { CheckpointDb, MIRROR_NAMES, type MirrorName } from '../../src/store/db.ts';
import { applyLocal } from '../../src/store/mutators/registry.ts';
import { APPLY_TABLES } from '../../src/store/mutators/scope.ts';
import { createRpcRemote, type RpcCall } from '../../src/data/remote.ts';
import { pullChanges } from '../../src/sync/pull.ts';
import { addToScope, adoptMember } from '../../src/sync/state.ts';
import { IGDB, createMember, importCatalogue, pushAll, pushBatch, type Member } from '../support/fixtures.ts';
import { call, createTestDb, type Actor } from '../support/test-db.ts';

Object.assign(Dexie.dependencies, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });

const db = await createTestDb();
afterAll(() => db.close());
await importCatalogue(db);

type Args = Record<string, unknown>;

/** What each sample starts from: two members and their rows, made through sync_push. */
interface Scene {
  readonly me: Member;
  readonly other: Member;
  /** The other member's review of The Witcher 3, and its two comments (theirs and mine). */
  readonly otherReview: number;
  readonly otherComment: { id: number; key: string };
  readonly myComment: { id: number; key: string };
  /** My review of Hades (no likes, no comments), and my play session's key. */
  readonly myReview: number;
  readonly sessionKey: string;
  readonly yesterday: string;
}

interface Sample {
  readonly title: string;
  readonly args: (s: Scene) => Args;
  /** The server refuses it (and so must the device, with the same message). */
  readonly refused?: true;
  /** More writes of mine before the sample, through sync_push. */
  readonly before?: (s: Scene) => Array<readonly [MutationName, Args]>;
}

const s = (title: string, args: (scene: Scene) => Args, more: Partial<Sample> = {}): Sample => ({
  title,
  args,
  ...more,
});
const no = (title: string, args: (scene: Scene) => Args, more: Partial<Sample> = {}): Sample => ({
  title,
  args,
  refused: true,
  ...more,
});
let unknownGames = 9_900_000;
/** A game neither side knows yet (each sample its own: a game made by one sample stays for the next). */
const unknownGame = () => ++unknownGames;

/** Every mutation's samples: the type makes a new mutation need an entry, the first test a sample that applies. */
const SAMPLES: { readonly [N in MutationName]: readonly Sample[] } = {
  'game.ensure': [
    s('a game from the external catalogue', () => ({
      igdb_id: unknownGame(),
      name: ' Outer Wilds ',
      genres: ['Adventure'],
      platforms: ['PC (Microsoft Windows)'],
    })),
    s('a game already in the catalogue', () => ({ igdb_id: IGDB.portal2, name: 'Portal 2' })),
    no('a blank name', () => ({ igdb_id: unknownGame(), name: ' \u200b ' })),
    no('no igdb id', () => ({ igdb_id: -1, name: 'Nope' })),
  ],
  'review.create': [
    s('a review with text', () => ({
      igdb_id: IGDB.celeste,
      rating: 9.5,
      review: ' Tight \u200b',
      is_recommended: true,
      playtime_hours: 12,
    })),
    s('a review whose text is blank', () => ({ igdb_id: IGDB.celeste, rating: 6, review: '\u200b\u200f ' })),
    s('a review of a game found externally', () => ({
      igdb_id: unknownGame(),
      rating: 7,
      game: { name: 'Outer Wilds' },
    })),
    s('a draft', () => ({ igdb_id: IGDB.stardew, rating: 8, draft: true })),
    no('a second review of a game', () => ({ igdb_id: IGDB.hades, rating: 5 })),
    no('a rating out of range', () => ({ igdb_id: IGDB.celeste, rating: 11 })),
    no('a rating off the half steps', () => ({ igdb_id: IGDB.celeste, rating: 7.3 })),
    no('playtime out of range', () => ({ igdb_id: IGDB.celeste, rating: 7, playtime_hours: 0 })),
    no('a game unknown to both', () => ({ igdb_id: unknownGame(), rating: 7 })),
  ],
  'review.update': [
    s('a new rating and text', () => ({ igdb_id: IGDB.hades, rating: 9, review: '2 > 1 <tag> <b>yes</b>' })),
    s('text made blank', () => ({ igdb_id: IGDB.hades, review: ' \ufeff\u2060 ' })),
    s('back to draft while nobody replied', () => ({ igdb_id: IGDB.hades, draft: true })),
    no('a game I did not review', () => ({ igdb_id: IGDB.celeste, rating: 4 })),
    no('text too long', () => ({ igdb_id: IGDB.hades, review: 'x'.repeat(10_001) })),
  ],
  'review.delete': [
    s('my review, by game', () => ({ igdb_id: IGDB.hades })),
    s('my review, by id', (sc) => ({ rating_id: sc.myReview })),
    no("another member's review", (sc) => ({ rating_id: sc.otherReview })),
    no('neither id', () => ({})),
  ],
  'review_like.set': [
    s('a like', (sc) => ({ rating_id: sc.otherReview, liked: true })),
    s('an unlike of a review never liked', (sc) => ({ rating_id: sc.otherReview, liked: false })),
    s('a like given twice', (sc) => ({ rating_id: sc.otherReview, liked: true }), {
      before: (sc) => [['review_like.set', { rating_id: sc.otherReview, liked: true }]],
    }),
    no('a review that is not there', () => ({ rating_id: 987_654, liked: true })),
  ],
  'comment.add': [
    s('a comment', (sc) => ({ key: randomUUID(), rating_id: sc.otherReview, content: '\u200b Nice 👨‍👩‍👧 ' })),
    s('a reply to a reply, attached to its thread', (sc) => ({
      key: randomUUID(),
      rating_id: sc.otherReview,
      parent_id: sc.myComment.id,
      content: '@other yes',
    })),
    s("a reply by the parent's key", (sc) => ({
      key: randomUUID(),
      rating_id: sc.otherReview,
      parent_key: sc.otherComment.key,
      content: 'by key',
    })),
    no('only zero-width characters', (sc) => ({
      key: randomUUID(),
      rating_id: sc.otherReview,
      content: ' \u200b\u200b ',
    })),
    no('too long', (sc) => ({ key: randomUUID(), rating_id: sc.otherReview, content: 'x'.repeat(501) })),
    no('a parent that is not there', (sc) => ({
      key: randomUUID(),
      rating_id: sc.otherReview,
      parent_id: 987_654,
      content: 'lost',
    })),
    no('a review that is not there', () => ({ key: randomUUID(), rating_id: 987_654, content: 'lost' })),
  ],
  'comment.edit': [
    s('my comment, by id', (sc) => ({ id: sc.myComment.id, content: ' edited\u00a0' })),
    s('my comment, by key', (sc) => ({ key: sc.myComment.key, content: 'edited by key' })),
    no('blank', (sc) => ({ id: sc.myComment.id, content: '\u2066\u2069\u200d' })),
    no("another member's comment", (sc) => ({ id: sc.otherComment.id, content: 'mine now' })),
    no('neither id', () => ({ content: 'x' })),
  ],
  'comment.delete': [
    s('my comment', (sc) => ({ id: sc.myComment.id })),
    s('a comment that is already gone', () => ({ key: randomUUID() })),
    no("another member's comment", (sc) => ({ id: sc.otherComment.id })),
  ],
  'comment_like.set': [
    s('a like', (sc) => ({ comment_id: sc.otherComment.id, liked: true })),
    s('a like by key, then none', (sc) => ({ comment_key: sc.otherComment.key, liked: false }), {
      before: (sc) => [['comment_like.set', { comment_id: sc.otherComment.id, liked: true }]],
    }),
    no('neither id', () => ({ liked: true })),
  ],
  'follow.set': [
    s('a follow', (sc) => ({ user_id: sc.other.id, following: true })),
    s('an unfollow', (sc) => ({ user_id: sc.other.id, following: false }), {
      before: (sc) => [['follow.set', { user_id: sc.other.id, following: true }]],
    }),
    no('myself', (sc) => ({ user_id: sc.me.id, following: true })),
  ],
  'progress.set': [
    s('started', () => ({ igdb_id: IGDB.celeste, started: true })),
    s('finished', () => ({ igdb_id: IGDB.celeste, completed: true })),
    s('a game found externally', () => ({ igdb_id: unknownGame(), started: true, game: { name: 'Outer Wilds' } })),
    no('a game unknown to both', () => ({ igdb_id: unknownGame(), started: true })),
  ],
  'wishlist.set': [
    s('wished for, with a note', () => ({ igdb_id: IGDB.eldenRing, in: true, priority: 3, notes: ' someday ' })),
    s('taken off', () => ({ igdb_id: IGDB.eldenRing, in: false }), {
      before: () => [['wishlist.set', { igdb_id: IGDB.eldenRing, in: true }]],
    }),
    no('a game already started', () => ({ igdb_id: IGDB.eldenRing, in: true }), {
      before: () => [['progress.set', { igdb_id: IGDB.eldenRing, started: true }]],
    }),
  ],
  'collection.set': [
    s('collected', () => ({ igdb_id: IGDB.eldenRing, in: true })),
    s('taken out', () => ({ igdb_id: IGDB.eldenRing, in: false }), {
      before: () => [['collection.set', { igdb_id: IGDB.eldenRing, in: true }]],
    }),
    no('a game unknown to both', () => ({ igdb_id: unknownGame(), in: true })),
  ],
  'collection.move': [
    s('from the wishlist to the collection', () => ({ igdb_id: IGDB.eldenRing, to: 'collection' }), {
      before: () => [['wishlist.set', { igdb_id: IGDB.eldenRing, in: true }]],
    }),
    s('from the collection to the wishlist', () => ({ igdb_id: IGDB.eldenRing, to: 'wishlist' }), {
      before: () => [['collection.set', { igdb_id: IGDB.eldenRing, in: true }]],
    }),
    no('a game unknown to both', () => ({ igdb_id: unknownGame(), to: 'wishlist' })),
  ],
  'top5.replace': [
    s('my reviewed game', () => ({ games: [{ igdb_id: IGDB.hades }] })),
    s('emptied', () => ({ games: [] }), { before: () => [['top5.replace', { games: [{ igdb_id: IGDB.hades }] }]] }),
    no('a game I did not review', () => ({ games: [{ igdb_id: IGDB.hades }, { igdb_id: IGDB.celeste }] })),
    no('six games', () => ({
      games: [IGDB.hades, IGDB.celeste, IGDB.zelda, IGDB.gta5, IGDB.rdr2, IGDB.portal2].map((igdb_id) => ({ igdb_id })),
    })),
  ],
  'profile.update': [
    s('names, bio and places', () => ({
      name: '\u200bBetty ',
      display_name: '\u3164',
      bio: ' Plays 👨‍👩‍👧 games\u200f ',
      location: '\u00a0',
      platform: 'PC, Switch',
    })),
    s('a new username', (sc) => ({ username: `${sc.me.username}_2` })),
    no('a username taken by another member', (sc) => ({ username: sc.other.username.toUpperCase() })),
    no('a username too short', () => ({ username: 'ab' })),
    no('a website that is not http', () => ({ website: 'javascript:alert(1)' })),
  ],
  'journal.add': [
    s('a session with a note', (sc) => ({
      key: randomUUID(),
      igdb_id: IGDB.celeste,
      played_on: sc.yesterday,
      minutes: 45,
      note: ' fun ',
    })),
    s('a repeated key', (sc) => ({ key: sc.sessionKey, igdb_id: IGDB.hades, played_on: sc.yesterday, minutes: 30 })),
    no('minutes out of range', (sc) => ({
      key: randomUUID(),
      igdb_id: IGDB.celeste,
      played_on: sc.yesterday,
      minutes: 0,
    })),
    no('a day in the future', () => ({
      key: randomUUID(),
      igdb_id: IGDB.celeste,
      played_on: '2999-01-01',
      minutes: 30,
    })),
    no('a note too long', (sc) => ({
      key: randomUUID(),
      igdb_id: IGDB.celeste,
      played_on: sc.yesterday,
      minutes: 30,
      note: 'n'.repeat(281),
    })),
  ],
  'journal.update': [
    s('minutes and privacy', (sc) => ({ key: sc.sessionKey, minutes: 90, is_private: true })),
    no('a session that is not there', () => ({ key: randomUUID(), minutes: 10 })),
    no('neither id', () => ({ minutes: 10 })),
  ],
  'journal.delete': [s('my session', (sc) => ({ key: sc.sessionKey })), no('neither id', () => ({}))],
};

// ---------------------------------------------------------------------------------------------
// The two sides

const CASTS: Record<string, string> = {
  p_client_id: 'uuid',
  p_mutations: 'jsonb',
  p_cursor: 'text',
  p_scope: 'jsonb',
  p_limit: 'integer',
  p_protocol: 'integer',
};

/** The app's own remote (createRpcRemote) over the test database, calling as the actor. */
function rpcAs(actor: Actor): RpcCall {
  return async (fn, args) => {
    const keys = Object.keys(args).filter((k) => args[k] !== undefined);
    const sql = `public.${fn}(${keys.map((k, i) => `${k} => $${i + 1}::${CASTS[k] ?? 'text'}`).join(', ')})`;
    const params = keys.map((k) =>
      typeof args[k] === 'object' && args[k] !== null ? JSON.stringify(args[k]) : args[k],
    );
    return { data: await call(db, actor, sql, params), error: null, status: 200 };
  };
}

let members = 0;
async function makeScene(): Promise<Scene> {
  const n = ++members;
  const me = await createMember(db, `contract_me_${n}`);
  const other = await createMember(db, `contract_other_${n}`);
  const [review] = await pushAll(db, other.actor, [
    ['review.create', { igdb_id: IGDB.witcher3, rating: 8, review: 'Long and good' }],
  ]);
  const otherReview = Number(review?.result?.id);
  const otherKey = randomUUID();
  const myKey = randomUUID();
  const sessionKey = randomUUID();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const [otherComment] = await pushAll(db, other.actor, [
    ['comment.add', { key: otherKey, rating_id: otherReview, content: 'First' }],
  ]);
  const mine = await pushAll(db, me.actor, [
    ['comment.add', { key: myKey, rating_id: otherReview, parent_key: otherKey, content: 'Reply' }],
    ['review.create', { igdb_id: IGDB.hades, rating: 7, review: 'Mine' }],
    ['journal.add', { key: sessionKey, igdb_id: IGDB.hades, played_on: yesterday, minutes: 20 }],
  ]);
  return {
    me,
    other,
    otherReview,
    sessionKey,
    yesterday,
    otherComment: { id: Number(otherComment?.result?.id), key: otherKey },
    myComment: { id: Number(mine[0]?.result?.id), key: myKey },
    myReview: Number(mine[1]?.result?.id),
  };
}

/** A device of `me` whose mirrors hold the scene as the server has it now. */
async function pulledDevice(scene: Scene): Promise<CheckpointDb> {
  const device = new CheckpointDb(`contract-${randomUUID()}`);
  await adoptMember(device, scene.me.id);
  const known = await db.query<{ id: number }>('select id from public.game');
  await addToScope(
    device,
    'game_ids',
    known.map((g) => Number(g.id)),
  );
  await addToScope(device, 'rating_ids', [scene.otherReview]);
  await addToScope(device, 'user_ids', [scene.other.id]);
  await pullChanges(device, createRpcRemote(rpcAs(scene.me.actor)));
  return device;
}

type Outcome = { applied: true } | { applied: false; message: string };

async function applyOnDevice(device: CheckpointDb, scene: Scene, name: MutationName, args: Args): Promise<Outcome> {
  try {
    await device.transaction('rw', APPLY_TABLES, async () => {
      await applyLocal(device, name, args, { me: scene.me.id, now: new Date().toISOString() });
    });
    return { applied: true };
  } catch (error) {
    if (error instanceof MutationError) return { applied: false, message: error.message };
    throw error;
  }
}

async function applyOnServer(scene: Scene, name: MutationName, args: Args): Promise<Outcome> {
  const [result] = await pushBatch(db, scene.me.actor, [{ id: randomUUID(), name, args }]);
  return result?.status === 'ok' ? { applied: true } : { applied: false, message: result?.message ?? '(no answer)' };
}

// ---------------------------------------------------------------------------------------------
// One shape for both sides' rows

type Row = Record<string, unknown>;
/** Clock times differ by design (the device's now, the server's now()). */
const TIME = /(_at|_date|_time)$/;
/** Columns the device computes only where the server's answer replaces it anyway, or never mirrors. */
const SERVER_ONLY = new Set(['search_text', 'search_vector', 'name_flat', 'view_count', 'is_verified', 'popularity']);

async function comparable(device: CheckpointDb): Promise<Record<string, string[]>> {
  const rows = Object.fromEntries(
    await Promise.all(MIRROR_NAMES.map(async (t) => [t, await device.table<Row>(t).toArray()] as const)),
  ) as Record<MirrorName, Row[]>;
  const byId = (table: MirrorName) => new Map(rows[table].map((r) => [r.id, r]));
  const games = byId('games');
  const reviews = byId('reviews');
  const comments = byId('comments');
  const gameRef = (id: unknown) => `game:${String(games.get(id)?.igdb_id ?? id)}`;
  const reviewRef = (id: unknown) => {
    const r = reviews.get(id);
    return r ? `review:${String(r.user_id)}/${String(r.igdb_id)}` : `review:${String(id)}`;
  };
  const commentRef = (id: unknown) => {
    const c = comments.get(id);
    return c ? `comment:${String(c.user_id)}/${String(c.content)}` : id === null ? null : `comment:${String(id)}`;
  };
  const out: Record<string, string[]> = {};
  for (const table of MIRROR_NAMES) {
    out[table] = rows[table]
      .map((row) => {
        const shaped: Row = {};
        for (const [key, value] of Object.entries(row).sort(([a], [b]) => a.localeCompare(b))) {
          if (key === 'id' || TIME.test(key) || SERVER_ONLY.has(key) || value === undefined) continue;
          if (key === 'game_id') shaped[key] = gameRef(value);
          else if (key === 'rating_id') shaped[key] = value === null ? null : reviewRef(value);
          else if (key === 'comment_id' || key === 'parent_comment_id') shaped[key] = commentRef(value);
          else shaped[key] = value;
        }
        return JSON.stringify(shaped);
      })
      .sort();
  }
  return out;
}

describe('every mutation has samples', () => {
  it.each(mutationNames())('%s: at least one sample that applies', (name) => {
    const samples: readonly Sample[] | undefined = (SAMPLES as Partial<Record<string, readonly Sample[]>>)[name];
    expect(samples, `${name} needs samples in ${import.meta.url}`).toBeDefined();
    expect(samples?.some((sample) => !sample.refused)).toBe(true);
  });
});

const cases = mutationNames().flatMap((name) =>
  (SAMPLES[name] ?? []).map((sample) => [name, sample.title, sample] as const),
);

describe('the device and the server give the same answer and the same rows', () => {
  it.each(cases)('%s: %s', async (name, _title, sample) => {
    const scene = await makeScene();
    if (sample.before) await pushAll(db, scene.me.actor, sample.before(scene));
    const device = await pulledDevice(scene);
    try {
      const args = sample.args(scene);
      const local = await applyOnDevice(device, scene, name, args);
      const server = await applyOnServer(scene, name, args);
      expect(server.applied, `server: ${JSON.stringify(server)}`).toBe(!sample.refused);
      expect(local).toEqual(server);
      const fresh = await pulledDevice(scene);
      try {
        expect(await comparable(device)).toEqual(await comparable(fresh));
      } finally {
        await fresh.delete();
      }
    } finally {
      await device.delete();
    }
  });
});
