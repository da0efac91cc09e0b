// The hand-written checks against the zod schemas they replaced (the schemas are restated here as
// they were in data/games-remote.ts and data/remote.ts): on a corpus of good answers and of every
// answer made from them by breaking one field (removed, null, another type, NaN, Infinity, an
// array, a class instance…), both accept and reject the same answers, and give the same data.
import { describe, expect, it } from 'vitest';
import { z } from '../zod.ts';
import {
  AnswerShapeError,
  browseAnswer,
  gamePageAnswer,
  pullChange,
  pullPageAnswer,
  pullRowChange,
  pullRows,
  pullTooOld,
  platformsAnswer,
} from './server-answers.ts';

const maybe = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const Card = z.object({
  id: z.number(),
  igdb_id: z.number(),
  name: z.string(),
  slug: maybe(z.string()),
  cover_url: maybe(z.string()),
  release_date: maybe(z.string()),
  release_year: maybe(z.number()),
  category: maybe(z.number()),
  summary: maybe(z.string()),
});
const GamePageAnswer = z.looseObject({
  game: z.looseObject({ id: z.number(), igdb_id: z.number(), name: z.string(), slug: maybe(z.string()) }),
  related: z._default(z.partial(z.object({ parent: maybe(Card), dlcs: z._default(z.array(Card), []) })), {}),
  ratings: maybe(z.looseObject({ count: z.number(), average: z.nullable(z.number()) })),
});
const ChangeSchema = z.discriminatedUnion('op', [
  z.object({ table: z.string(), op: z.literal('upsert'), id: z.number(), row: z.looseObject({ id: z.number() }) }),
  z.object({
    table: z.string(),
    op: z.literal('delete'),
    id: z.number(),
    key: z.nullish(z.record(z.string(), z.unknown())),
  }),
]);
const PullPageSchema = z.object({
  cursor: z.string(),
  has_more: z.boolean(),
  snapshot: z.boolean(),
  changes: z.array(z.unknown()),
  // Protocol 3's groups (checked apart, by pullRows); absent before it.
  rows: z._default(z.array(z.unknown()), []),
  user_id: z.nullable(z.number()),
  clock: z.nullish(z.string()),
});
const PullTooOldSchema = z.object({ client_too_old: z.object({ message: z.string() }) });
// As they were in data/search/remote.ts.
const BrowseSchema = z.object({ total: z.number(), games: z.array(z.record(z.string(), z.unknown())) });
const PlatformsSchema = z.array(z.object({ id: z.number(), name: z.string() }));

class Instance {
  id = 1;
  igdb_id = 2;
  name = 'x';
  message = 'm';
}
/** What a broken field is made of. */
const WRONG: readonly unknown[] = [
  undefined,
  null,
  '',
  'text',
  0,
  -1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  [1, 'a'],
  {},
  { id: 1 },
  new Date(0),
  new Instance(),
  Object.create(null) as unknown,
];
const REMOVED = Symbol('removed');

/** Every value made from `value` by replacing one field (at any depth) with each wrong value, or removing it. */
function broken(value: unknown): unknown[] {
  const out: unknown[] = WRONG.slice();
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      for (const b of broken(item)) out.push(value.map((x, j) => (j === i ? b : x)));
    });
    out.push([...value, null], [...value, 'extra']);
  } else if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      for (const b of [...broken(obj[key]), REMOVED]) {
        const copy: Record<string, unknown> = { ...obj };
        if (b === REMOVED) delete copy[key];
        else copy[key] = b;
        out.push(copy);
      }
    }
    out.push({ ...obj, unknown_key: 'kept or dropped' });
  }
  return out;
}

type Outcome = { ok: true; data: unknown } | { ok: false };
const viaZod = (schema: z.ZodMiniType, v: unknown): Outcome => {
  const r = schema.safeParse(v);
  return r.success ? { ok: true, data: r.data } : { ok: false };
};
function viaGuard(check: (v: unknown) => unknown, v: unknown): Outcome {
  try {
    return { ok: true, data: check(v) };
  } catch (error) {
    if (!(error instanceof AnswerShapeError)) throw error;
    return { ok: false };
  }
}

/** Both on every answer of the corpus: the same accept/reject, and equal data when accepted. */
function expectSame(schema: z.ZodMiniType, check: (v: unknown) => unknown, corpus: readonly unknown[]) {
  let accepted = 0;
  let rejected = 0;
  for (const v of corpus) {
    const want = viaZod(schema, v);
    const got = viaGuard(check, v);
    expect({ input: v, ok: got.ok }).toEqual({ input: v, ok: want.ok });
    if (want.ok && got.ok) {
      expect(got.data).toEqual(want.data);
      accepted++;
    } else rejected++;
  }
  // The corpus has both kinds, many of each.
  expect(accepted).toBeGreaterThan(20);
  expect(rejected).toBeGreaterThan(100);
}

const card = (id: number) => ({
  id,
  igdb_id: 1000 + id,
  name: `DLC ${id}`,
  slug: `dlc-${id}`,
  cover_url: null,
  release_date: '2016-05-31',
  release_year: 2016,
  category: 2,
  summary: 'More.',
  extra_field: 'dropped',
});
const GAME_PAGES: readonly unknown[] = [
  {
    game: {
      id: 7,
      igdb_id: 1942,
      slug: 'the-witcher-3-wild-hunt',
      name: 'The Witcher 3: Wild Hunt',
      summary: 'RPG',
      platforms: [6, 48],
    },
    related: { parent: null, dlcs: [card(1), card(2)] },
    ratings: { count: 3, average: 8.5, extra: true },
  },
  { game: { id: 1, igdb_id: 2, name: 'Hades' } },
  { game: { id: 1, igdb_id: 2, name: 'Hades', slug: null }, related: {}, ratings: null },
  { game: { id: 1, igdb_id: 2, name: 'Hades' }, related: { parent: card(9) }, ratings: { count: 0, average: null } },
  {
    game: { id: 1, igdb_id: 2, name: 'Hades' },
    related: { parent: { id: 1, igdb_id: 2, name: 'P' }, dlcs: [] },
    extra: [1],
  },
];

describe('gamePageAnswer against the zod schema it replaced', () => {
  it('accepts and rejects the same answers and gives the same data', () => {
    const corpus = GAME_PAGES.flatMap((v) => [v, ...broken(v)]);
    expectSame(GamePageAnswer, gamePageAnswer, corpus);
  });

  it('says which field is wrong', () => {
    expect(() =>
      gamePageAnswer({ game: { id: 1, igdb_id: 2, name: 'Hades' }, related: { dlcs: [card(1), { id: 'x' }] } }),
    ).toThrow('unexpected shape at related.dlcs.1.id');
    // The page shows the game from the answer at once: one without its name is refused.
    expect(() => gamePageAnswer({ game: { id: 1, igdb_id: 2 } })).toThrow('unexpected shape at game.name');
  });
});

const CHANGES: readonly unknown[] = [
  { table: 'games', op: 'upsert', id: 7, row: { id: 7, name: 'The Witcher 3', extra: { a: 1 } } },
  { table: 'reviews', op: 'delete', id: 3 },
  { table: 'reviews', op: 'delete', id: 3, key: null },
  { table: 'wishlist', op: 'delete', id: 4, key: { user_id: 1, game_id: 7 } },
  { table: 'future_table', op: 'upsert', id: 1, row: { id: 1 } },
];

describe('pullChange against the zod schema it replaced', () => {
  it('accepts and rejects the same changes and gives the same data', () => {
    expectSame(
      ChangeSchema,
      (v) => pullChange(v),
      CHANGES.flatMap((v) => [v, ...broken(v)]),
    );
  });
});

const PAGES: readonly unknown[] = [
  { cursor: 'c1', has_more: false, snapshot: true, changes: CHANGES, user_id: null, clock: '0001' },
  { cursor: '', has_more: true, snapshot: false, changes: [], user_id: 4 },
  { cursor: 'c', has_more: true, snapshot: false, changes: [1, 'anything'], user_id: 4, clock: null },
  { cursor: 'c', has_more: false, snapshot: false, changes: [], rows: [{ table: 'comment' }, 2], user_id: 4 },
];

describe('pullPageAnswer and pullTooOld against the zod schemas they replaced', () => {
  it('accepts and rejects the same pages and gives the same data', () => {
    expectSame(PullPageSchema, pullPageAnswer, [...PAGES, ...PAGES.flatMap(broken)]);
  });

  it('tells a client-too-old answer as the schema did', () => {
    const answers = [
      { client_too_old: { message: 'Update the app' } },
      { client_too_old: { message: 'Update', extra: 1 }, other: 2 },
      ...PAGES,
    ];
    const corpus = answers.flatMap((v) => [v, ...broken(v)]);
    let told = 0;
    for (const v of corpus) {
      const want = PullTooOldSchema.safeParse(v);
      const got = pullTooOld(v);
      expect({ input: v, told: got !== null }).toEqual({ input: v, told: want.success });
      if (want.success) {
        expect(got).toEqual(want.data);
        told++;
      }
    }
    expect(told).toBeGreaterThan(5);
  });
});

describe('pullRows and pullRowChange (protocol 3)', () => {
  const group = {
    table: 'comment',
    columns: ['content', 'id', 'rating_id'],
    values: [
      ['First', 1, 9],
      [null, 2, 9],
    ],
  };
  const path = (check: () => unknown) => {
    try {
      check();
    } catch (error) {
      if (error instanceof AnswerShapeError) return error.path;
      throw error;
    }
    return 'accepted';
  };

  it("makes each row an upsert of an object with the group's names, values as sent", () => {
    const rows = pullRows(group);
    expect(rows.idAt).toBe(1);
    expect(rows.values.map((_, i) => pullRowChange(rows, i))).toEqual([
      { table: 'comment', op: 'upsert', id: 1, row: { content: 'First', id: 1, rating_id: 9 } },
      { table: 'comment', op: 'upsert', id: 2, row: { content: null, id: 2, rating_id: 9 } },
    ]);
    expect(pullRows({ ...group, values: [] }).values).toEqual([]);
  });

  it('refuses a group that does not name its columns once each, id among them, and says where', () => {
    for (const wrong of [null, [], 'comment', 1]) expect(path(() => pullRows(wrong))).toEqual([]);
    expect(path(() => pullRows({ ...group, table: 3 }))).toEqual(['table']);
    for (const columns of [undefined, null, 'id', [1, 'id'], ['content', 'rating_id'], ['id', 'content', 'id']])
      expect(path(() => pullRows({ ...group, columns }))).toEqual(['columns']);
    for (const values of [undefined, null, {}, 'x'])
      expect(path(() => pullRows({ ...group, values }))).toEqual(['values']);
  });

  it('refuses a row that is not one value per column with a number for its id', () => {
    const rows = (...values: unknown[]) => pullRows({ ...group, values });
    expect(path(() => pullRowChange(rows(['a', 1, 9], { id: 2 }), 1))).toEqual(['values', 1]);
    expect(path(() => pullRowChange(rows(['a', 1]), 0))).toEqual(['values', 0]);
    expect(path(() => pullRowChange(rows(['a', 1, 9, 'extra']), 0))).toEqual(['values', 0]);
    for (const id of ['1', null, Number.NaN, Number.POSITIVE_INFINITY, {}])
      expect(path(() => pullRowChange(rows(['a', id, 9]), 0))).toEqual(['values', 0, 1]);
    expect(path(() => pullRowChange(rows(['a', 1, 9]), 0))).toBe('accepted');
  });
});

const BROWSE_PAGES: readonly unknown[] = [
  {
    total: 2,
    games: [
      { id: 7, igdb_id: 1942, name: 'The Witcher 3', cover_url: null, platforms: [6, 48] },
      { id: 8, igdb_id: 1020, name: 'GTA V', summary: 'Crime.', rating: { avg: 8.1 } },
    ],
  },
  { total: 0, games: [] },
  { total: 41, games: [{ id: 1, name: 'Hades' }], extra: 'dropped' },
];
const PLATFORMS: readonly unknown[] = [
  [
    { id: 6, name: 'PC (Microsoft Windows)', slug: 'win' },
    { id: 48, name: 'PlayStation 4' },
  ],
  [],
  [{ id: 130, name: 'Nintendo Switch', abbreviation: null }],
];

describe("Browse Games' answers against the zod schemas they replaced", () => {
  it('browseAnswer accepts and rejects the same answers and gives the same data', () => {
    expectSame(
      BrowseSchema,
      browseAnswer,
      BROWSE_PAGES.flatMap((v) => [v, ...broken(v)]),
    );
  });

  it('platformsAnswer accepts and rejects the same answers and gives the same data', () => {
    expectSame(
      PlatformsSchema,
      platformsAnswer,
      PLATFORMS.flatMap((v) => [v, ...broken(v)]),
    );
  });

  it('says which field is wrong', () => {
    expect(() => browseAnswer({ total: 1, games: [{ id: 1 }, 'x'] })).toThrow('unexpected shape at games.1');
    expect(() =>
      platformsAnswer([
        { id: 6, name: 'PC' },
        { id: '48', name: 'PS4' },
      ]),
    ).toThrow('unexpected shape at 1.id');
  });
});
