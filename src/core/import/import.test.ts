import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT } from '../export/schema.ts';
import { checkpointRows, readExport, upgradeExport } from './checkpoint.ts';
import { guessMapping } from './columns.ts';
import { IMPORT_MAX_BYTES, ImportFileError } from './constants.ts';
import { parseCsv } from './csv.ts';
import { decodeText } from './decode.ts';
import { grouveeFile, type GrouveeGame } from './fixtures.ts';
import { importSessionKey, nameUuid } from './key.ts';
import { mapRating, mapStatus, parseDay, sessionsOf } from './mapping.ts';
import { decideMatch, type MatchCandidate } from './match.ts';
import { readFileKind, readRows } from './parse.ts';
import { planImport, planMutations, type Library } from './plan.ts';
import { INVALID_TEXT_MESSAGE, isStorableValue } from '../storable-text.ts';
import { emptyRow, type ImportRow, type ParsedImport } from './types.ts';

const TODAY = '2026-11-25';
const NOW = Date.parse('2026-11-25T12:00:00Z');
const enc = (text: string) => new TextEncoder().encode(text);
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof ImportFileError) return e.reason;
    throw e;
  }
  return 'accepted';
};

const witcher: GrouveeGame = {
  id: 1,
  name: 'The Witcher 3: Wild Hunt',
  release: '2015-05-19',
  shelves: ['Played', 'Favorites'],
  rating: 4,
  review: 'Loved it,\nevery "quest" <script>alert(1)</script>',
  dates: [{ date_started: '2021-01-10', date_finished: '2021-02-01', seconds_played: 3600 * 50 }],
};
const hades: GrouveeGame = {
  id: 2,
  name: 'Hades',
  release: '2020-Q3',
  shelves: ['Playing'],
  dates: [{ date_started: '2026-11-20', seconds_played: 5400 }],
};
const zelda: GrouveeGame = { id: 3, name: 'Tears of the Kingdom', shelves: ['Wish List'] };
const celeste: GrouveeGame = {
  id: 4,
  name: 'Celeste',
  shelves: ['Backlog', 'Couch co-op'],
  statuses: [{ status: 'Abandoned', date: '2020-01-01' }],
};

describe('reading files', () => {
  it('reads a Grouvee export: JSON in quoted cells, quoted newlines, CRLF and a BOM', () => {
    const bytes = enc(`\uFEFF${grouveeFile([witcher, hades, zelda, celeste], '\r\n')}`);
    const file = readFileKind(bytes);
    expect(file.kind).toBe('grouvee');
    const { rows, source } = readRows(file, TODAY);
    expect(source).toBe('grouvee');
    const [w, h, z, c] = rows;
    expect(w).toMatchObject({
      title: 'The Witcher 3: Wild Hunt',
      year: 2015,
      rating: 8,
      finished: true,
      started: true,
      started_at: '2021-01-10',
      finished_at: '2021-02-01',
      unmapped: ['Favorites'],
    });
    expect(w?.review).toContain('every "quest"');
    expect(w?.review).toContain('\n');
    // 50 h between Jan 10 and Feb 1: spread over the days, at most a day each, all of it logged.
    expect(w?.sessions.reduce((s, x) => s + x.minutes, 0)).toBe(3000);
    expect(
      w?.sessions.every((s) => s.minutes <= 1440 && s.played_on >= '2021-01-10' && s.played_on <= '2021-02-01'),
    ).toBe(true);
    expect(h).toMatchObject({ year: 2020, started: true, finished: false, rating: null });
    expect(h?.sessions).toEqual([expect.objectContaining({ played_on: '2026-11-20', minutes: 90 })]);
    expect(w?.sessions.map((s) => s.minutes)).toEqual([1440, 1440, 120]);
    expect(z).toMatchObject({ wishlist: true, started: false });
    expect(c).toMatchObject({ collection: true, unmapped: ['Couch co-op', 'Abandoned'] });
  });

  it("takes a Grouvee game's play dates from its dates alone, never from the day it was shelved", () => {
    // Every shelf in the fixture was added on 2020-06-01, after these games were played.
    const hollow: GrouveeGame = {
      id: 5,
      name: 'Hollow Knight',
      shelves: ['Played'],
      dates: [{ date_started: '2019-01-02', date_finished: '2019-02-10' }],
    };
    const demons: GrouveeGame = { id: 6, name: "Demon's Souls", shelves: ['Played'] };
    const outer: GrouveeGame = { id: 7, name: 'Outer Wilds', shelves: ['Playing'] };
    const [h, d, o] = readRows(readFileKind(enc(grouveeFile([hollow, demons, outer]))), TODAY).rows;
    expect(h).toMatchObject({ finished: true, started_at: '2019-01-02', finished_at: '2019-02-10' });
    expect(d).toMatchObject({ finished: true, started_at: null, finished_at: null });
    expect(o).toMatchObject({ started: true, started_at: null, finished_at: null });
  });

  it('reads ; separated CSV with a decimal comma, and guesses the columns and the scale', () => {
    const text = 'Titel;Year;Score;Status;Hours\n"Hades";2020;"8,5";finished;12\nCeleste;2018;9;wishlist;\n';
    const file = readFileKind(enc(text.replace('Titel', 'Title')));
    expect(file.kind).toBe('csv');
    if (file.kind !== 'csv') return;
    expect(file.sheet.delimiter).toBe(';');
    expect(file.guess.columns).toMatchObject({ title: 0, year: 1, rating: 2, status: 3, hours: 4 });
    expect(file.guess.scale).toBe('1-10');
    const { rows } = readRows(file, TODAY);
    expect(rows[0]).toMatchObject({ title: 'Hades', year: 2020, rating: 8.5, finished: true, playtime_hours: 12 });
    expect(rows[0]?.problems[0]).toMatch(/no date/);
    expect(rows[1]).toMatchObject({ wishlist: true, rating: 9 });
  });

  it('reads UTF-16 (with a BOM) and Latin-1, and refuses binary', () => {
    const text = 'title,rating\nPokémon Red,5\n';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      le[2 + i * 2] = text.charCodeAt(i) & 0xff;
      le[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    expect(decodeText(le)).toEqual({ text, encoding: 'utf-16le' });
    const latin1 = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    expect(decodeText(latin1)).toEqual({ text, encoding: 'windows-1252' });
    expect(refusal(() => decodeText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0x49, 0x48])))).toBe(
      'binary',
    );
  });

  it('refuses empty, too large, broken quoting, foreign JSON and conflicting duplicates, with a clear reason', () => {
    expect(refusal(() => readFileKind(enc('')))).toBe('empty');
    expect(refusal(() => readFileKind(enc('\uFEFF  \n')))).toBe('empty');
    expect(refusal(() => decodeText(new Uint8Array(IMPORT_MAX_BYTES + 1)))).toBe('too_large');
    expect(refusal(() => parseCsv('title,rating\n"Hades,9\nCeleste,8\n'))).toBe('broken_quoting');
    expect(refusal(() => readRows(readFileKind(enc('{"name":"x"}')), TODAY))).toBe('wrong_format');
    expect(refusal(() => readFileKind(enc('{"format": "checkpoint-export", ')))).toBe('broken_json');
    expect(refusal(() => readRows(readFileKind(enc(grouveeFile([witcher, { ...witcher, rating: 2 }]))), TODAY))).toBe(
      'duplicate_rows',
    );
    // The same row twice is read once, and said so.
    const twice = readRows(readFileKind(enc(grouveeFile([zelda, zelda]))), TODAY);
    expect(twice.rows).toHaveLength(1);
    expect(twice.notes[0]).toMatch(/1 repeated row was read once/);
    const message = (() => {
      try {
        readRows(readFileKind(enc(grouveeFile([witcher, { ...witcher, rating: 2 }]))), TODAY);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(message).toBe(
      'Rows 1 and 2 are the same game ("The Witcher 3: Wild Hunt") with different data. Keep one of them and import again.',
    );
  });
});

describe('mappings', () => {
  it('maps every rating scale to 1–10 in half steps', () => {
    expect([1, 2.5, 3, 5].map((r) => mapRating(String(r), '1-5'))).toEqual([2, 5, 6, 10]);
    expect(mapRating('7.3', '1-10')).toBe(7.5);
    expect(mapRating('0.4', '1-10')).toBe(1);
    expect(mapRating('83', '1-100')).toBe(8.5);
    expect(mapRating('5', '1-100')).toBe(1);
    expect(mapRating('★★★½', 'stars')).toBe(7);
    expect(mapRating('4.5/5', '1-5')).toBe(9);
    expect(mapRating('', '1-5')).toBeNull();
    expect(mapRating('11', '1-10')).toBe('invalid');
    expect(mapRating('great', '1-5')).toBe('invalid');
  });

  it("maps Grouvee's shelves and other statuses to ours, and names the rest", () => {
    expect(['Played', 'Playing', 'Wish List', 'Backlog', 'Owned', 'want-to-play', 'Completed'].map(mapStatus)).toEqual([
      'finished',
      'started',
      'wishlist',
      'collection',
      'collection',
      'wishlist',
      'finished',
    ]);
    expect(mapStatus('Favorites')).toBeNull();
  });

  it('reads the dates files write and makes day-sized journal sessions', () => {
    expect(['2021-3-4', '2021-03-04T10:00:00Z', '04.03.2021', '2021/03/04'].map(parseDay)).toEqual(
      Array(4).fill('2021-03-04'),
    );
    expect(parseDay('2021-02-30')).toBeNull();
    expect(sessionsOf({ started: '2021-01-01', finished: '2021-01-01', minutes: 3000 }, TODAY)).toEqual([
      { played_on: '2021-01-01', minutes: 1440 },
    ]);
    expect(sessionsOf({ started: null, finished: null, minutes: 60 }, TODAY)).toEqual([]);
  });

  it('makes the same valid uuid from the same name, and different ones per member', () => {
    expect(nameUuid('a')).toBe(nameUuid('a'));
    expect(nameUuid('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(importSessionKey(1, 'x')).not.toBe(importSessionKey(2, 'x'));
  });
});

describe('Checkpoint exports', () => {
  const v1 = {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: '2026-11-20T10:00:00.000Z',
    unsynced_changes: 0,
    profile: {
      id: 7,
      username: 'me',
      display_name: null,
      bio: null,
      avatar_url: null,
      location: null,
      website: null,
      platforms: [],
      joined_at: null,
      synced: true,
    },
    library: [
      {
        game: { igdb_id: 1942, name: 'The Witcher 3', release_year: 2015, slug: null },
        started: true,
        started_at: '2021-01-10T12:00:00.000Z',
        finished: true,
        finished_at: '2021-02-01T12:00:00.000Z',
        wishlist: null,
        collection: null,
        minutes_played: 90,
        synced: true,
      },
    ],
    reviews: [
      {
        id: 5,
        game: { igdb_id: 1942, name: 'The Witcher 3', release_year: 2015, slug: null },
        rating: 9.5,
        review: 'Great',
        is_recommended: true,
        platform: null,
        playtime_hours: 80,
        draft: false,
        posted_at: '2021-02-02T10:00:00.000Z',
        updated_at: '2021-02-02T10:00:00.000Z',
        like_count: 0,
        comment_count: 0,
        synced: true,
      },
    ],
    comments: [],
    likes: [],
    top5: [{ position: 1, game: { igdb_id: 1942, name: 'The Witcher 3', release_year: 2015, slug: null } }],
    top10: [],
    following: [{ user_id: 3, username: 'friend', since: '2021-01-01T00:00:00.000Z', synced: true }],
    journal: [
      {
        id: 9,
        key: '0b7e9c52-2f43-4c1e-9d0a-5e6f7a8b9c0d',
        game: { igdb_id: 1942, name: 'The Witcher 3', release_year: 2015, slug: null },
        played_on: '2021-01-10',
        minutes: 90,
        platform: null,
        note: 'Velen',
        private: true,
        created_at: '2021-01-10T20:00:00.000Z',
        updated_at: '2021-01-10T20:00:00.000Z',
        synced: true,
      },
    ],
  };

  it('imports a version 1 file', () => {
    const parsed = checkpointRows(readExport(v1));
    expect(parsed.rows).toEqual([
      expect.objectContaining({
        igdb_id: 1942,
        rating: 9.5,
        finished: true,
        draft: false,
        sessions: [expect.objectContaining({ minutes: 90, is_private: true, note: 'Velen' })],
      }),
    ]);
    expect(parsed.top5).toEqual([1942]);
    expect(parsed.follows).toEqual([3]);
  });

  it("keeps each review's platform: the imported review names it as the exported one did", () => {
    const game = (igdb_id: number, name: string) => ({ igdb_id, name, release_year: 2020, slug: null });
    const review = v1.reviews[0]!;
    const file = {
      ...v1,
      library: [],
      top5: [],
      following: [],
      journal: [],
      reviews: [
        { ...review, game: game(1942, 'The Witcher 3'), platform: 'PlayStation 4' },
        { ...review, id: 6, game: game(26226, 'Celeste'), platform: null },
      ],
    };
    const parsed = checkpointRows(readExport(file));
    expect(parsed.rows.map((r) => [r.igdb_id, r.platform])).toEqual([
      [1942, 'PlayStation 4'],
      [26226, null],
    ]);
    const matches = new Map(
      parsed.rows.map((r) => [
        r.line,
        {
          kind: 'matched' as const,
          by: 'igdb_id' as const,
          game: { igdb_id: r.igdb_id ?? 0, name: r.title, year: r.year, cover_url: null, summary: null },
        },
      ]),
    );
    const empty: Library = { me: 7, games: new Map(), sessionKeys: new Set(), top5: [], follows: new Set() };
    const created = planMutations(planImport(parsed, matches, empty, { now: NOW })).filter(
      (w) => w.name === 'review.create',
    );
    expect(created.map((w) => w.args)).toEqual([
      expect.objectContaining({ igdb_id: 1942, rating: 9.5, review: 'Great', platform: 'PlayStation 4' }),
      expect.not.objectContaining({ platform: expect.anything() }),
    ]);
    // Taking the file's review over a different one of the member's takes its platform too.
    const mine: Library = {
      ...empty,
      games: new Map([
        [
          1942,
          {
            started: false,
            finished: false,
            wishlist: false,
            collection: false,
            review: { rating: 6, review: 'meh', draft: false },
          },
        ],
      ]),
    };
    const taken = planMutations(planImport(parsed, matches, mine, { now: NOW, all: 'file' })).filter(
      (w) => w.name === 'review.update',
    );
    expect(taken.map((w) => w.args)).toEqual([
      expect.objectContaining({ igdb_id: 1942, rating: 9.5, platform: 'PlayStation 4' }),
    ]);
  });

  it('brings an older version up through the upgrade steps, and refuses a newer one', () => {
    // A made-up version 2 that renamed `journal` to `sessions`: a v1 file goes through the 1 → 2 step.
    const upgraded = upgradeExport(v1, { 1: (f) => ({ ...f, sessions: f['journal'], journal: undefined }) }, 2);
    expect(upgraded).toMatchObject({ version: 2, sessions: v1.journal });
    expect(refusal(() => upgradeExport(v1, {}, 2))).toBe('old_version');
    expect(refusal(() => readExport({ ...v1, version: 2 }))).toBe('newer_version');
    expect(refusal(() => readExport({ ...v1, reviews: [{ rating: 'x' }] }))).toBe('invalid_export');
  });
});

describe('matching and planning', () => {
  const cand = (igdb_id: number, name: string, year: number | null): MatchCandidate => ({
    igdb_id,
    name,
    year,
    cover_url: null,
    summary: null,
  });

  it('matches by folded title and year, offers a choice when unsure, and says when nothing is found', () => {
    const ranked = [
      cand(1, 'Final Fantasy VII', 1997),
      cand(2, 'Final Fantasy VII', 2020),
      cand(3, 'Final Fantasy VII Remake', 2020),
    ];
    expect(decideMatch({ title: 'final fantasy 7', year: 1997 }, ranked)).toMatchObject({
      kind: 'matched',
      game: { igdb_id: 1 },
    });
    expect(decideMatch({ title: 'Final Fantasy VII', year: 2021 }, ranked)).toMatchObject({
      kind: 'matched',
      game: { igdb_id: 2 },
    });
    const choice = decideMatch({ title: 'Final Fantasy VII', year: null }, ranked);
    expect(choice.kind).toBe('choice');
    expect(decideMatch({ title: 'Nothing', year: null }, [])).toEqual({ kind: 'none' });
  });

  it('plans only what differs, asks on disagreement, and plans nothing for a file already imported', () => {
    const parsed = readRows(readFileKind(enc(grouveeFile([witcher, hades, zelda, celeste]))), TODAY);
    const games = [
      cand(1942, 'The Witcher 3: Wild Hunt', 2015),
      cand(113112, 'Hades', 2020),
      cand(119388, 'Tears of the Kingdom', 2023),
      cand(26226, 'Celeste', 2018),
    ];
    const matches = new Map(
      parsed.rows.map((r, i) => [
        r.line,
        { kind: 'matched' as const, game: games[i] ?? games[0]!, by: 'name' as const },
      ]),
    );
    const empty: Library = { me: 7, games: new Map(), sessionKeys: new Set(), top5: [], follows: new Set() };
    const sanitize = (t: string) => t.replace(/<script>.*?<\/script>/g, '');
    const plan = planImport(parsed, matches, empty, { now: NOW, sanitizeReview: sanitize });
    expect(plan.added).toBe(4);
    const writes = planMutations(plan);
    expect(writes.map((w) => w.name)).toEqual(
      expect.arrayContaining(['progress.set', 'review.create', 'journal.add', 'wishlist.set', 'collection.set']),
    );
    const review = writes.find((w) => w.name === 'review.create');
    expect(review?.args).toMatchObject({ igdb_id: 1942, rating: 8 });
    expect(JSON.stringify(review?.args)).not.toContain('<script>');
    expect(plan.rows[3]?.skipped.join(' ')).toMatch(/"Couch co-op", "Abandoned"/);

    // The library after that import: the same file plans nothing.
    const keys = new Set(writes.flatMap((w) => (w.name === 'journal.add' ? [(w.args as { key: string }).key] : [])));
    const after: Library = {
      me: 7,
      sessionKeys: keys,
      top5: [],
      follows: new Set(),
      games: new Map([
        [
          1942,
          {
            started: true,
            finished: true,
            wishlist: false,
            collection: false,
            review: { rating: 8, review: sanitize(witcher.review ?? ''), draft: false },
          },
        ],
        [113112, { started: true, finished: false, wishlist: false, collection: false, review: null }],
        [119388, { started: false, finished: false, wishlist: true, collection: false, review: null }],
        [26226, { started: false, finished: false, wishlist: false, collection: true, review: null }],
      ]),
    };
    const again = planImport(parsed, matches, after, { now: NOW, sanitizeReview: sanitize });
    expect(again.mutationCount).toBe(0);
    expect(again.unchanged).toBe(4);

    // A different rating in the library: keep mine by default, take the file's on request.
    const mine: Library = {
      ...after,
      games: new Map([
        ...after.games,
        [1942, { ...after.games.get(1942)!, review: { rating: 6, review: 'meh', draft: false } }],
      ]),
    };
    const kept = planImport(parsed, matches, mine, { now: NOW, sanitizeReview: sanitize });
    expect(kept.conflicts).toBe(1);
    expect(kept.mutationCount).toBe(0);
    const taken = planImport(parsed, matches, mine, {
      now: NOW,
      sanitizeReview: sanitize,
      choices: new Map([[1, 'file']]),
    });
    expect(planMutations(taken)).toEqual([
      expect.objectContaining({ name: 'review.update', args: expect.objectContaining({ rating: 8 }) }),
    ]);
  });

  it('guesses a mapping from a header even with odd names', () => {
    const sheet = parseCsv('Game Name,My Rating,Date Finished\nHades,★★★★,2021-01-01\n');
    expect(guessMapping(sheet)).toMatchObject({ columns: { title: 0, rating: 1, finished: 2 }, scale: 'stars' });
  });
});

describe('text the server cannot store', () => {
  it('refuses the row, named with the message, and plans the good rows around it', () => {
    const row = (line: number, title: string, over: Partial<ImportRow> = {}): ImportRow => ({
      ...emptyRow(line, title),
      rating: 8,
      ...over,
    });
    const parsed: ParsedImport = {
      source: 'checkpoint',
      rows: [
        row(1, 'Hades', { review: 'great' }),
        row(2, 'Celeste', { review: JSON.parse('"bad\\u0000text"') as string }),
        row(3, 'Zelda', {
          rating: null,
          sessions: [{ source_key: 'z', played_on: '2024-01-01', minutes: 30, note: 'x\ud83d', is_private: false }],
        }),
        row(4, 'Portal 2', { review: 'fine 😀' }),
      ],
      top5: [],
      follows: [],
      notes: [],
    };
    const game = (igdb_id: number, name: string) => ({ igdb_id, name, year: 2020, cover_url: null, summary: null });
    const ids = [113112, 26226, 7346, 72];
    const matches = new Map(
      parsed.rows.map((r, i) => [
        r.line,
        { kind: 'matched' as const, game: game(ids[i] ?? 1, r.title), by: 'name' as const },
      ]),
    );
    const empty: Library = { me: 7, games: new Map(), sessionKeys: new Set(), top5: [], follows: new Set() };
    const plan = planImport(parsed, matches, empty, { now: NOW });
    expect(plan.refused).toEqual([
      { line: 2, title: 'Celeste', message: INVALID_TEXT_MESSAGE },
      { line: 3, title: 'Zelda', message: INVALID_TEXT_MESSAGE },
    ]);
    expect(plan.rows.map((r) => r.title)).toEqual(['Hades', 'Portal 2']);
    expect(planMutations(plan).every((m) => isStorableValue(m.args))).toBe(true);
    expect(plan.added).toBe(2);
  });
});
