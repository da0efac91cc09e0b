// Small helpers for the db integration tests: a mini catalogue, members, sync_push / sync_pull
// calls made as PostgREST makes them (test-db.ts), a client-side mirror of pulled rows, and a
// probe that runs a statement as an actor and inspects its effect before rolling everything back.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable, Row } from '../../supabase/local/db.ts';
import { SYNC_PROTOCOL } from '../../src/core/constants.ts';
import { call, createAccount, type Actor } from './test-db.ts';

/** Ten real games, IGDB-shaped as import_catalogue takes them. */
export const GAMES = [
  {
    id: 1942,
    name: 'The Witcher 3: Wild Hunt',
    first_release_date: 1431993600,
    genres: ['Role-playing (RPG)'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 4'],
  },
  {
    id: 1020,
    name: 'Grand Theft Auto V',
    first_release_date: 1379635200,
    genres: ['Shooter', 'Racing'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 5'],
  },
  {
    id: 7346,
    name: 'The Legend of Zelda: Breath of the Wild',
    first_release_date: 1488499200,
    genres: ['Adventure'],
    platforms: ['Nintendo Switch'],
  },
  {
    id: 119133,
    name: 'Elden Ring',
    first_release_date: 1645747200,
    genres: ['Role-playing (RPG)', 'Adventure'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 5'],
  },
  {
    id: 113112,
    name: 'Hades',
    first_release_date: 1600387200,
    genres: ['Role-playing (RPG)', 'Indie'],
    platforms: ['PC (Microsoft Windows)', 'Nintendo Switch'],
  },
  {
    id: 26226,
    name: 'Celeste',
    first_release_date: 1516579200,
    genres: ['Platform', 'Indie'],
    platforms: ['PC (Microsoft Windows)', 'Nintendo Switch'],
  },
  {
    id: 17000,
    name: 'Stardew Valley',
    first_release_date: 1456444800,
    genres: ['Simulator', 'Indie'],
    platforms: ['PC (Microsoft Windows)', 'Nintendo Switch'],
  },
  {
    id: 72,
    name: 'Portal 2',
    first_release_date: 1302566400,
    genres: ['Puzzle', 'Shooter'],
    platforms: ['PC (Microsoft Windows)'],
  },
  {
    id: 14593,
    name: 'Hollow Knight',
    first_release_date: 1488499200,
    genres: ['Platform', 'Adventure'],
    platforms: ['PC (Microsoft Windows)', 'Nintendo Switch'],
  },
  {
    id: 25076,
    name: 'Red Dead Redemption 2',
    first_release_date: 1540512000,
    genres: ['Shooter', 'Adventure'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 4'],
  },
] as const;

export const IGDB = {
  witcher3: 1942,
  gta5: 1020,
  zelda: 7346,
  eldenRing: 119133,
  hades: 113112,
  celeste: 26226,
  stardew: 17000,
  portal2: 72,
  hollowKnight: 14593,
  rdr2: 25076,
} as const;

/** Imports GAMES as the service would and returns the game id of each igdb id. */
export async function importCatalogue(db: Db): Promise<Map<number, number>> {
  await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  const rows = await db.query<{ id: number; igdb_id: number }>('select id, igdb_id from public.game');
  return new Map(rows.map((r) => [Number(r.igdb_id), Number(r.id)]));
}

export interface Member {
  readonly actor: Actor;
  /** The member row's id (user.id). */
  readonly id: number;
  readonly username: string;
  readonly email: string;
}

/** An auth account and its member row, made the way the app makes it (get_or_create_user). */
export async function createMember(db: Db, username: string): Promise<Member> {
  const actor = await createAccount(db, username);
  const id = await call<number>(db, actor, 'public.get_or_create_user($1::text)', [actor.authId]);
  return { actor, id: Number(id), username, email: actor.email ?? '' };
}

// ---------------------------------------------------------------------------------------------
// sync_push / sync_pull

export type Mutation = readonly [name: string, args: Record<string, unknown>];
export interface QueuedMutation {
  id: string;
  name: string;
  args: unknown;
}

export interface MutationResult {
  id: string;
  status: 'ok' | 'rejected';
  code?: string;
  message?: string;
  result?: Record<string, unknown> & { id?: number };
}

/** Outbox rows for the mutations, each with a fresh id. */
export function batchOf(mutations: readonly Mutation[]): QueuedMutation[] {
  return mutations.map(([name, args]) => ({ id: randomUUID(), name, args }));
}

/** sync_push of prepared outbox rows; returns one result per row. */
export async function pushBatch(
  db: Db,
  actor: Actor,
  batch: readonly unknown[],
  clientId: string = randomUUID(),
): Promise<MutationResult[]> {
  const out = await call<{ results: MutationResult[] }>(db, actor, 'public.sync_push($1::uuid, $2::jsonb)', [
    clientId,
    JSON.stringify(batch),
  ]);
  return out.results;
}

/** sync_push of [name, args] pairs, with fresh mutation ids. */
export function push(db: Db, actor: Actor, mutations: readonly Mutation[]): Promise<MutationResult[]> {
  return pushBatch(db, actor, batchOf(mutations));
}

/** Pushes the mutations and fails when any is rejected (for setting up a scene). */
export async function pushAll(db: Db, actor: Actor, mutations: readonly Mutation[]): Promise<MutationResult[]> {
  const results = await push(db, actor, mutations);
  const rejected = results.filter((r) => r.status !== 'ok');
  if (rejected.length > 0) throw new Error(`push rejected: ${JSON.stringify(rejected)}`);
  return results;
}

/** Pushes one mutation and returns its result, failing when it was rejected. */
export async function pushOk(
  db: Db,
  actor: Actor,
  name: string,
  args: Record<string, unknown>,
): Promise<NonNullable<MutationResult['result']>> {
  const [result] = await push(db, actor, [[name, args]]);
  if (result?.status !== 'ok' || !result.result) throw new Error(`${name} rejected: ${JSON.stringify(result)}`);
  return result.result;
}

export interface Change {
  table: string;
  op: 'upsert' | 'delete';
  id: number;
  row?: Row;
  key?: Row;
}

export interface PullResult {
  cursor: string;
  has_more: boolean;
  snapshot: boolean;
  changes: Change[];
  user_id: number | null;
}

export interface Scope {
  game_ids?: number[];
  user_ids?: number[];
  rating_ids?: number[];
}

/** sync_pull as this build's client calls it (protocol 3: a page may carry `rows`, see withRows). */
export const PULL_SQL = `public.sync_pull($1::text, $2::jsonb, $3::integer, true, ${SYNC_PROTOCOL})`;

/** A protocol 3 page's `rows`: upserts of one table with the same columns, each row its values. */
export interface PageRows {
  table: string;
  columns: string[];
  values: unknown[][];
}

const PAGE_RANK: Record<string, number> = { game: 0, user: 1, rating: 2 };
/** Where a change's table comes in sync_pull's order: games, members, reviews, then the rest. */
export const pageRank = (c: Change) => PAGE_RANK[c.table] ?? 3;
/** sync_pull's order: by pageRank, then by id (two tables' rows with the same id in either order). */
export const pageOrder = (a: Change, b: Change) => pageRank(a) - pageRank(b) || a.id - b.id;

/**
 * A page as the client reads it: its `rows` (protocol 3) as upserts among its changes, in
 * sync_pull's order (games, members, reviews, then the rest, by id; here two tables' rows with the
 * same id by table). The changes must already be in that order: a page that breaks it fails here.
 */
export function withRows(page: PullResult & { rows?: PageRows[] }): PullResult {
  const { rows = [], ...rest } = page;
  rest.changes.forEach((c, i) => {
    const prev = rest.changes[i - 1];
    if (prev && pageOrder(prev, c) > 0) throw new Error(`sync_pull's changes out of order at ${i}`);
  });
  if (rows.length === 0) return rest;
  const upserts = rows.flatMap((group) =>
    group.values.map((values): Change => {
      const row = Object.fromEntries(group.columns.map((column, k) => [column, values[k]])) as Row;
      return { table: group.table, op: 'upsert', id: row['id'] as number, row };
    }),
  );
  const byTable = (a: Change, b: Change) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0);
  return { ...rest, changes: [...rest.changes, ...upserts].sort((a, b) => pageOrder(a, b) || byTable(a, b)) };
}

export async function pull(
  db: Db,
  actor: Actor,
  cursor: string | null,
  scope: Scope = {},
  limit = 1000,
): Promise<PullResult> {
  return withRows(await call<PullResult>(db, actor, PULL_SQL, [cursor, JSON.stringify(scope), limit]));
}

/** What a client keeps of pulled rows: the latest row per table and id; tombstones remove. */
export class Mirror {
  readonly rows = new Map<string, Row>();
  apply(changes: readonly Change[]): void {
    for (const c of changes) {
      if (c.op === 'delete') this.rows.delete(`${c.table}:${c.id}`);
      else this.rows.set(`${c.table}:${c.id}`, c.row ?? {});
    }
  }
  /** Rows of one table, by id. */
  table(name: string): Map<number, Row> {
    const out = new Map<number, Row>();
    for (const [key, row] of this.rows) {
      const [table, id] = key.split(':');
      if (table === name) out.set(Number(id), row);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Errors and probes

export interface SqlError {
  code?: string;
  hint?: string;
  message: string;
}
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: SqlError };

export async function attempt<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    const e = error as Partial<SqlError> & { message?: string };
    return { ok: false, error: { code: e.code, hint: e.hint, message: String(e.message) } };
  }
}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

export interface Probe<C> {
  outcome: Outcome<Row[]>;
  check: C;
}

/**
 * Runs `act` as the actor (role and JWT claims as PostgREST sets them), then `check` as the
 * superuser in the same transaction, and rolls everything back, so probes never disturb the
 * fixture or each other. An error in `act` is caught (savepoint) and returned. Both callbacks must
 * use the Queryable they get, never the Db: PGlite has one connection, held by this transaction.
 */
export async function probe<C>(
  db: Db,
  actor: Actor,
  act: (q: Queryable) => Promise<Row[]>,
  check: (q: Queryable) => Promise<C>,
): Promise<Probe<C>> {
  const claims = JSON.stringify({
    sub: actor.authId ?? undefined,
    role: actor.role,
    email: actor.email,
    user_metadata: {},
  });
  try {
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
      await tx.exec(`set local role ${actor.role}`);
      await tx.exec('savepoint probe');
      const outcome = await attempt(() => act(tx));
      if (!outcome.ok) await tx.exec('rollback to savepoint probe');
      await tx.exec('reset role');
      await tx.query(`select set_config('request.jwt.claims', '', true)`);
      throw new Rollback({ outcome, check: await check(tx) });
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as Probe<C>;
    throw error;
  }
  throw new Error('probe did not roll back');
}

export const SYNCED_TABLES = [
  'user',
  'game',
  'rating',
  'comment',
  'content_like',
  'user_follow',
  'game_progress',
  'user_wishlist',
  'user_collection',
  'user_top_games',
] as const;

/** count and hash of a table's rows, to tell whether anything in it changed. */
export async function fingerprint(q: Queryable, table: string): Promise<string> {
  const rows = await q.query<{ n: number; h: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from public.${quoteIdent(table)} t`,
  );
  return `${rows[0]?.n}:${rows[0]?.h}`;
}

export async function fingerprintAll(q: Queryable, tables: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) out[t] = await fingerprint(q, t);
  return out;
}

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Every stored counter that differs from a recount of the rows it counts (expect none). */
export function counterDrift(q: Queryable): Promise<Row[]> {
  return q
    .query(
      `
    select 'rating.like_count' as counter, r.id, r.like_count as stored,
           (select count(*) from public.content_like l where l.rating_id = r.id and l.is_like)::int as actual
      from public.rating r
    union all
    select 'rating.comment_count', r.id, r.comment_count, (select count(*) from public.comment c where c.rating_id = r.id)::int
      from public.rating r
    union all
    select 'comment.like_count', c.id, c.like_count,
           (select count(*) from public.content_like l where l.comment_id = c.id and l.is_like)::int
      from public.comment c
    union all
    select 'user.follower_count', u.id, u.follower_count, (select count(*) from public.user_follow f where f.following_id = u.id)::int
      from public."user" u
    union all
    select 'user.following_count', u.id, u.following_count, (select count(*) from public.user_follow f where f.follower_id = u.id)::int
      from public."user" u`,
    )
    .then((rows) => rows.filter((r) => r.stored !== r.actual));
}
