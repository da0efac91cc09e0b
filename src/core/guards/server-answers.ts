// Hand-written checks of the server answers a first screen reads: get_game_page's answer, a
// read-through's sync_pull page with its changes, and Browse Games' browse_games and
// get_platforms. They accept and reject exactly what the zod schemas they replace did
// (server-answers.test.ts runs both on the same corpus of good and broken answers), and give the
// same data. Why not zod: building and first running a zod schema cost a slow phone about 200 ms of
// the game page's load, before the answer could show. zod stays for everything read after the
// first screen (pushes, settings, the catalogue function), loaded when it is needed.

/** Where the first broken field of an answer is, for the error's message. */
export class AnswerShapeError extends Error {
  constructor(readonly path: readonly (string | number)[]) {
    super(`unexpected shape at ${path.length ? path.join('.') : '(root)'}`);
    this.name = 'AnswerShapeError';
  }
}

type Loose = Record<string, unknown>;

// zod 4's own tests, restated: an object is any non-null non-array object; a record wants a plain
// one (its prototype Object's or none); a number is finite.
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
function isPlainObject(v: unknown): v is Loose {
  if (!isObject(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** Throws where `ok` fails. */
function need(ok: boolean, path: readonly (string | number)[]): void {
  if (!ok) throw new AnswerShapeError(path);
}
/** z.optional(z.nullable(test)): undefined, null or a value `test` accepts. */
const maybe = (v: unknown, test: (v: unknown) => boolean) => v === undefined || v === null || test(v);
/** Sets `key` on `out` as z.object does: an absent optional key stays absent. */
function copy(out: Loose, from: Loose, key: string): void {
  if (key in from) out[key] = from[key];
}

// ---- get_game_page ----

/** A related game's card (z.object: keys not listed here are dropped). */
export interface GamePageCard {
  readonly id: number;
  readonly igdb_id: number;
  readonly name: string;
  readonly slug?: string | null;
  readonly cover_url?: string | null;
  readonly release_date?: string | null;
  readonly release_year?: number | null;
  readonly category?: number | null;
  readonly summary?: string | null;
}

export interface GamePageAnswer {
  readonly game: {
    readonly id: number;
    readonly igdb_id: number;
    readonly name: string;
    readonly slug?: string | null;
  } & Loose;
  readonly related: { readonly parent?: GamePageCard | null; readonly dlcs?: GamePageCard[] };
  readonly ratings?: ({ readonly count: number; readonly average: number | null } & Loose) | null;
  readonly [key: string]: unknown;
}

const CARD_STRINGS = ['slug', 'cover_url', 'release_date', 'summary'] as const;
const CARD_NUMBERS = ['release_year', 'category'] as const;

function card(v: unknown, path: readonly (string | number)[]): GamePageCard {
  need(isObject(v), path);
  const c = v as Loose;
  need(isNumber(c['id']), [...path, 'id']);
  need(isNumber(c['igdb_id']), [...path, 'igdb_id']);
  need(isString(c['name']), [...path, 'name']);
  const out: Loose = { id: c['id'], igdb_id: c['igdb_id'], name: c['name'] };
  for (const key of CARD_STRINGS) {
    need(maybe(c[key], isString), [...path, key]);
    copy(out, c, key);
  }
  for (const key of CARD_NUMBERS) {
    need(maybe(c[key], isNumber), [...path, key]);
    copy(out, c, key);
  }
  return out as unknown as GamePageCard;
}

/**
 * get_game_page's answer (not null): the game (its id, external id, name and slug checked, the rest kept),
 * the related games (the parent's and DLCs' cards) and the members' ratings. Throws AnswerShapeError.
 */
export function gamePageAnswer(data: unknown): GamePageAnswer {
  need(isObject(data), []);
  const a = data as Loose;
  const game = a['game'];
  need(isObject(game), ['game']);
  const g = game as Loose;
  need(isNumber(g['id']), ['game', 'id']);
  need(isNumber(g['igdb_id']), ['game', 'igdb_id']);
  // The page shows the game from this answer at once (games-remote.ts): a game without its name
  // would show as nothing.
  need(isString(g['name']), ['game', 'name']);
  need(maybe(g['slug'], isString), ['game', 'slug']);

  // z._default(…, {}): an absent `related` is {} as it is, without its own defaults.
  let related: GamePageAnswer['related'] = {};
  if (a['related'] !== undefined) {
    const r = a['related'];
    need(isObject(r), ['related']);
    const rel = r as Loose;
    const out: { parent?: GamePageCard | null; dlcs?: GamePageCard[] } = {};
    if (rel['parent'] !== undefined && rel['parent'] !== null) out.parent = card(rel['parent'], ['related', 'parent']);
    else if ('parent' in rel) out.parent = rel['parent'] as null | undefined;
    // z.partial over z._default([]): an absent list is [].
    const dlcs = rel['dlcs'];
    if (dlcs === undefined) out.dlcs = [];
    else {
      need(Array.isArray(dlcs), ['related', 'dlcs']);
      out.dlcs = (dlcs as unknown[]).map((d, i) => card(d, ['related', 'dlcs', i]));
    }
    related = out;
  }

  const ratings = a['ratings'];
  if (ratings !== undefined && ratings !== null) {
    need(isObject(ratings), ['ratings']);
    const rt = ratings as Loose;
    need(isNumber(rt['count']), ['ratings', 'count']);
    need(rt['average'] === null || isNumber(rt['average']), ['ratings', 'average']);
  }
  return { ...a, game: g, related } as GamePageAnswer;
}

// ---- sync_pull ----

export type PullChange =
  | {
      readonly table: string;
      readonly op: 'upsert';
      readonly id: number;
      readonly row: { readonly id: number } & Loose;
    }
  | {
      readonly table: string;
      readonly op: 'delete';
      readonly id: number;
      readonly key?: Record<string, unknown> | null;
    };

export interface PullPageAnswer {
  readonly cursor: string;
  readonly has_more: boolean;
  readonly snapshot: boolean;
  readonly changes: unknown[];
  /** Protocol 3: rows sent as their writes left them, by table and columns (pullRows); [] when absent. */
  readonly rows: unknown[];
  readonly user_id: number | null;
  readonly clock?: string | null;
}

/**
 * Protocol 3: upserts of one table whose rows have the same columns, named once, each row its
 * values in that order (supabase/schema/functions/app.pull_changes.sql). A page of 4,503 changes is 0.68 MB so, against
 * 1.55 MB as change objects, each naming every column.
 */
export interface PullRows {
  readonly table: string;
  readonly columns: readonly string[];
  readonly values: readonly unknown[];
  /** Where `id` is among the columns. */
  readonly idAt: number;
}

/** sync_pull's answer when it can no longer read this client's calls, or null when it is not one. */
export function pullTooOld(data: unknown): { readonly client_too_old: { readonly message: string } } | null {
  if (!isObject(data)) return null;
  const old = data['client_too_old'];
  if (!isObject(old) || !isString(old['message'])) return null;
  return { client_too_old: { message: old['message'] } };
}

/** A sync_pull page; its changes are checked apart (pullChange). Throws AnswerShapeError. */
export function pullPageAnswer(data: unknown): PullPageAnswer {
  need(isObject(data), []);
  const p = data as Loose;
  need(isString(p['cursor']), ['cursor']);
  need(typeof p['has_more'] === 'boolean', ['has_more']);
  need(typeof p['snapshot'] === 'boolean', ['snapshot']);
  need(Array.isArray(p['changes']), ['changes']);
  need(p['rows'] === undefined || Array.isArray(p['rows']), ['rows']);
  need(p['user_id'] === null || isNumber(p['user_id']), ['user_id']);
  need(maybe(p['clock'], isString), ['clock']);
  const out: Loose = {
    cursor: p['cursor'],
    has_more: p['has_more'],
    snapshot: p['snapshot'],
    changes: [...(p['changes'] as unknown[])],
    rows: p['rows'] === undefined ? [] : [...(p['rows'] as unknown[])],
    user_id: p['user_id'],
  };
  copy(out, p, 'clock');
  return out as unknown as PullPageAnswer;
}

/** Throws at `path`, which is only made for an answer that fails. */
function fail(...path: (string | number)[]): never {
  throw new AnswerShapeError(path);
}

/**
 * One change of a pull page: an upsert of a row with an id, or a delete with an optional key.
 * Throws AnswerShapeError, its path within the change (the caller adds the change's place). A page
 * has thousands (docs/decisions/0007-hand-guards-for-first-screen-answers.md): an answer that
 * passes makes one object per change and nothing else.
 */
export function pullChange(data: unknown): PullChange {
  if (!isObject(data)) fail();
  const op = data['op'];
  if (op !== 'upsert' && op !== 'delete') fail('op');
  const table = data['table'];
  if (!isString(table)) fail('table');
  const id = data['id'];
  if (!isNumber(id)) fail('id');
  if (op === 'upsert') {
    const row = data['row'];
    if (!isObject(row)) fail('row');
    if (!isNumber(row['id'])) fail('row', 'id');
    return { table, op, id, row: row as { readonly id: number } & Loose };
  }
  if (!maybe(data['key'], isPlainObject)) fail('key');
  const out: Loose = { table, op, id };
  copy(out, data, 'key');
  return out as unknown as PullChange;
}

/** One group of a page's `rows` (protocol 3): its table, its column names (`id` among them), its rows. */
export function pullRows(data: unknown): PullRows {
  if (!isObject(data)) fail();
  const table = data['table'];
  if (!isString(table)) fail('table');
  const columns = data['columns'];
  if (!Array.isArray(columns) || !columns.every(isString)) fail('columns');
  const idAt = columns.indexOf('id');
  // A name twice would leave one of its values unread.
  if (idAt < 0 || new Set(columns).size !== columns.length) fail('columns');
  const values = data['values'];
  if (!Array.isArray(values)) fail('values');
  return { table, columns, values, idAt };
}

/**
 * A group's row `i` as the upsert it stands for: its values under the group's column names. Throws
 * AnswerShapeError, its path within the group, when the row is not one value per column with a
 * number for `id`.
 */
export function pullRowChange(rows: PullRows, i: number): PullChange & { readonly op: 'upsert' } {
  const values = rows.values[i];
  const { columns } = rows;
  if (!Array.isArray(values) || values.length !== columns.length) fail('values', i);
  const id: unknown = values[rows.idAt];
  if (!isNumber(id)) fail('values', i, rows.idAt);
  const row: Loose = {};
  for (let k = 0; k < columns.length; k++) row[columns[k]!] = values[k];
  return { table: rows.table, op: 'upsert', id, row: row as { readonly id: number } & Loose };
}

// ---- browse_games and get_platforms (Browse Games' first screen) ----

export interface BrowseAnswer {
  readonly total: number;
  /** The page's games, each as the server sent it (fromDatabaseRow reads them). */
  readonly games: Loose[];
}

/** browse_games's answer: the total and the page's games (each a plain object). Throws AnswerShapeError. */
export function browseAnswer(data: unknown): BrowseAnswer {
  need(isObject(data), []);
  const a = data as Loose;
  need(isNumber(a['total']), ['total']);
  const games = a['games'];
  need(Array.isArray(games), ['games']);
  return {
    total: a['total'] as number,
    games: (games as unknown[]).map((game, i) => {
      need(isPlainObject(game), ['games', i]);
      return { ...(game as Loose) };
    }),
  };
}

export interface PlatformAnswer {
  readonly id: number;
  readonly name: string;
}

/** get_platforms's answer: each platform's id and name (other fields dropped). Throws AnswerShapeError. */
export function platformsAnswer(data: unknown): PlatformAnswer[] {
  need(Array.isArray(data), []);
  return (data as unknown[]).map((p, i) => {
    need(isObject(p), [i]);
    const { id, name } = p as Loose;
    need(isNumber(id), [i, 'id']);
    need(isString(name), [i, 'name']);
    return { id: id as number, name: name as string };
  });
}
