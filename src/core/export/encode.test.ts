import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildExport, pendingKey, type ExportSource } from './build.ts';
import { exportCsvZip, exportJson, toCsv } from './encode.ts';
import { exportFileName } from './file-name.ts';
import { EXPORT_VERSION, exportSchema } from './schema.ts';

const T = '2026-11-20T12:00:00.000Z';

describe('toCsv', () => {
  it('starts with a BOM, ends lines with CRLF and quotes commas, quotes and line breaks as RFC 4180 says', () => {
    const csv = toCsv({
      header: ['a', 'b', 'c'],
      rows: [
        ['one, two', 'say "hi"', 'line\nbreak'],
        [1.5, true, null],
      ],
    });
    expect(csv).toBe('\uFEFFa,b,c\r\n"one, two","say ""hi""","line\nbreak"\r\n1.5,true,');
  });

  it('keeps non-ASCII text as it is', () => {
    expect(toCsv({ header: ['name'], rows: [['Ōkami — 大神 ✨']] })).toBe('\uFEFFname\r\nŌkami — 大神 ✨');
  });

  it('keeps a text a spreadsheet would run as a formula as text', () => {
    expect(toCsv({ header: ['x'], rows: [['=HYPERLINK("http://evil")'], ['@SUM(A1)'], ['plain']] })).toBe(
      '\uFEFFx\r\n"\'=HYPERLINK(""http://evil"")"\r\n"\'@SUM(A1)"\r\nplain',
    );
  });

  it('reads back to the same cells with papaparse', () => {
    const rows = [
      ['a,b', '"q"', 'x\r\ny', ' padded '],
      ['', 'é', '1', '2'],
    ];
    const parsed = Papa.parse<string[]>(toCsv({ header: ['1', '2', '3', '4'], rows }).slice(1), {
      skipEmptyLines: true,
    });
    expect(parsed.data).toEqual([['1', '2', '3', '4'], ...rows]);
  });
});

const source: ExportSource = {
  me: { id: 1, username: 'ada', created_at: '2026-01-02T03:04:05+00:00', platform: 'PC' },
  games: [{ id: 10, igdb_id: 1942, name: 'The Witcher 3', first_release_date: 1_431_993_600 }],
  users: [],
  otherReviews: [],
  otherComments: [],
  platforms: [],
  comments: [],
  likes: [],
  follows: [],
  wishlist: [],
  collection: [],
  topGames: [],
  reviews: [
    {
      id: -5,
      user_id: 1,
      game_id: 10,
      igdb_id: 1942,
      rating: 8.5,
      review: 'Draft',
      post_date_time: T,
      updated_at: T,
      is_recommended: null,
      platform_id: null,
      playtime_hours: null,
      like_count: 0,
      comment_count: 0,
      is_draft: true,
    },
  ],
  progress: [
    { id: 7, game_id: 10, igdb_id: 1942, started: true, completed: false, started_date: T, completed_date: null },
  ],
  journal: [],
  pending: new Set([pendingKey('reviews', -5)]),
  unsynced: 1,
};

describe('the JSON file', () => {
  it('round-trips through the schema unchanged', () => {
    const data = buildExport(source, new Date(T));
    const back = exportSchema().parse(JSON.parse(exportJson(data)));
    expect(back).toEqual(data);
    expect(back.reviews[0]).toMatchObject({
      id: null,
      draft: true,
      synced: false,
      game: { igdb_id: 1942, name: 'The Witcher 3', release_year: 2015 },
    });
    expect(back.profile.joined_at).toBe('2026-01-02T03:04:05.000Z');
  });

  it('is refused by the schema when it is not a Checkpoint export of a known version', () => {
    const data = buildExport(source, new Date(T));
    expect(exportSchema().safeParse({ ...data, version: EXPORT_VERSION + 1 }).success).toBe(false);
    expect(exportSchema().safeParse({ ...data, format: 'something-else' }).success).toBe(false);
    expect(exportSchema().safeParse({ ...data, reviews: [{ ...data.reviews[0], rating: 11 }] }).success).toBe(false);
  });
});

describe('the CSV zip', () => {
  it('holds the six tables, and says how far it is after each file', async () => {
    const progress: Array<[number, number]> = [];
    const zip = await exportCsvZip(buildExport(source, new Date(T)), (p) => progress.push([p.done, p.total]));
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual([
      'games.csv',
      'reviews.csv',
      'journal.csv',
      'comments.csv',
      'likes.csv',
      'follows.csv',
    ]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6].map((done) => [done, 6]));
    expect(strFromU8(files['games.csv'] ?? new Uint8Array()).split('\r\n')[1]).toBe(
      `1942,The Witcher 3,2015,started,${T},,,,8.5,Draft,true,0,,false`,
    );
    expect(strFromU8(files['follows.csv'] ?? new Uint8Array())).toBe('user_id,username,since,synced\r\n');
    expect(strFromU8(files['likes.csv'] ?? new Uint8Array())).toBe(
      'kind,review_id,review_author,igdb_id,game,release_year,comment_id,comment_key,liked_at,synced\r\n',
    );
  });
});

describe('exportFileName', () => {
  it("is checkpoint-<username>-<day>, the day on the member's calendar", () => {
    expect(exportFileName('ada_plays', 'json', new Date(2026, 10, 5, 23, 59))).toBe(
      'checkpoint-ada_plays-2026-11-05.json',
    );
    expect(exportFileName('ada_plays', 'csv', new Date(2026, 0, 31))).toBe('checkpoint-ada_plays-2026-01-31.zip');
    expect(exportFileName('a/b c', 'json', new Date(2026, 0, 1))).toBe('checkpoint-a_b_c-2026-01-01.json');
  });
});
