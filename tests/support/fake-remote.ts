// An in-memory stand-in for sync_push / sync_pull, so the engine can be tested in milliseconds.
// It keeps what the sync protocol depends on — applied mutation ids with their stored results,
// one result per mutation (ok, or rejected with the spec's code and message) without blocking
// the rest, a change log with tombstones, a cursor that never goes backwards, pages that never
// split a transaction, the same scope rules, retention (a pruned log refuses older cursors) — and
// a subset of the mutations (review.create/update, review_like.set, comment.add/delete,
// follow.set, wishlist.set, progress.set, journal.add/update/delete); any other name is rejected
// as unknown. Review drafts (supabase/schema/tables/public.rating.sql) reach their author only. Edit clocks
// (supabase/schema/tables/public.edit_clock.sql): the newest edit of each field of review.create/update and journal.update, and of a
// game's shelf (wishlist.set), wins by HLC and an older one answers `superseded`; the sync protocol
// (supabase/schema/tables/public.sync_protocol.sql): a row shaped for a protocol below `minProtocol` stops the push with
// client_too_old, unapplied and unrecorded.
// tests/integration/sync-contract.test.ts runs the same suite against this and the real server,
// which is what makes it a fake worth testing with.
import type {
  CommentRow,
  FollowRow,
  GameRow,
  LikeRow,
  PlaySessionRow,
  ProgressRow,
  ReviewRow,
  UserRow,
  WishlistRow,
} from '../../src/store/db.ts';
import type { ServerChange } from '../../src/store/overlay.ts';
import { SYNC_PROTOCOL } from '../../src/core/constants.ts';
import { formatHlc, HLC_PATTERN } from '../../src/core/hlc.ts';
import {
  AuthError,
  CLIENT_TOO_OLD_MESSAGE,
  RejectedBatchError,
  type PullPage,
  type PushMutation,
  type PushReply,
  type PushResult,
  type Remote,
  type SyncScope,
} from '../../src/sync/remote.ts';

interface RowTypes {
  game: GameRow;
  user: UserRow;
  rating: ReviewRow;
  comment: CommentRow;
  content_like: LikeRow;
  user_follow: FollowRow;
  game_progress: ProgressRow;
  user_wishlist: WishlistRow;
  play_session: PlaySessionRow;
}
type Table = keyof RowTypes;
type Tables = { [K in Table]: Map<number, RowTypes[K]> };

/** One row of the change log, as app.log_change writes it. `tx` plays the transaction id. */
interface LogEntry {
  tx: number;
  table: Table;
  id: number;
  op: 'upsert' | 'delete';
  key: Record<string, unknown>;
  user: number | null;
  subject: number | null;
  game: number | null;
  rating: number | null;
}

/** clocks: `user:entity:row:field` → the HLC of the newest edit of that field. */
interface State {
  tables: Tables;
  log: LogEntry[];
  nextId: number;
  clocks: Record<string, string>;
}

type Args = Record<string, unknown>;

/** sync_pull's order: games, then members, then reviews, then the rest; by id within each. */
const ORDER: Partial<Record<string, number>> = { game: 0, user: 1, rating: 2 };
const rank = (table: string): number => ORDER[table] ?? 3;
/** The natural key each table's tombstones carry (the log_change trigger's arguments). */
const KEYS: Record<Table, readonly string[]> = {
  game: ['igdb_id'],
  user: [],
  rating: ['user_id', 'game_id'],
  comment: ['client_key'],
  content_like: ['user_id', 'rating_id', 'comment_id'],
  user_follow: ['follower_id', 'following_id'],
  game_progress: ['user_id', 'game_id'],
  user_wishlist: ['user_id', 'igdb_id'],
  play_session: ['client_key'],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_BATCH = 500;
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

/** What app.fail raises: the spec's message with a stable code. */
class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
function fail(code: string, message: string): never {
  throw new Refusal(code, message);
}

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const digits = (value: unknown): number | null => (/^\d+$/.test(String(value ?? '')) ? Number(value) : null);
const btrim = (text: string): string => text.replace(/^ +| +$/g, '');
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && btrim(value) !== '' ? btrim(value) : null;
const slugify = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
const clone = <T>(value: T): T => structuredClone(value);
/** U+0000, or a surrogate code unit without its other half: what Postgres's text and jsonb refuse. */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character Postgres refuses.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const hasUnstorableText = (value: unknown): boolean =>
  typeof value === 'string'
    ? UNSTORABLE.test(value)
    : typeof value === 'object' && value !== null
      ? Object.entries(value).some(([key, v]) => UNSTORABLE.test(key) || hasUnstorableText(v))
      : false;

export class FakeSyncServer {
  private state: State = {
    tables: {
      game: new Map(),
      user: new Map(),
      rating: new Map(),
      comment: new Map(),
      content_like: new Map(),
      user_follow: new Map(),
      game_progress: new Map(),
      user_wishlist: new Map(),
      play_session: new Map(),
    },
    log: [],
    nextId: 1,
    clocks: {},
  };
  /** sync_protocol.min_protocol: rows shaped for an older protocol are answered client_too_old. */
  minProtocol = 1;
  private tx = 0;
  /** The change log's low-water mark: no change of a transaction below it is kept. */
  private lowWater = 0;
  private nowMs = 0;
  private now = new Date().toISOString();
  private readonly applied = new Map<string, { user: number; result: PushResult }>();

  /** Games as import_catalogue takes them (IGDB-shaped: id is the IGDB id). */
  constructor(games: ReadonlyArray<{ readonly id: number; readonly name: string }> = []) {
    this.transaction(() => {
      for (const g of games) this.insertGame(g.id, g.name);
    });
  }

  addMember(username: string): number {
    return this.transaction(() => {
      const id = this.state.nextId++;
      this.put('user', {
        id,
        provider_id: `fake-${id}`,
        username,
        name: null,
        display_name: null,
        bio: null,
        avatar_url: null,
        location: null,
        website: null,
        platform: null,
        created_at: this.now,
        updated_at: this.now,
        follower_count: 0,
        following_count: 0,
      });
      return id;
    });
  }

  /** The server ids of the games, in catalogue order. */
  gameIds(): number[] {
    return [...this.state.tables.game.keys()];
  }

  /** Whether the server has applied (or rejected) a mutation id: recorded exactly once either way. */
  hasApplied(mutationId: string): boolean {
    return this.applied.has(mutationId.toLowerCase());
  }

  /** A row as the server holds it now (for tests that look behind the protocol). */
  row(table: string, id: number): unknown {
    const rows: ReadonlyMap<number, unknown> | undefined = Object.entries(this.state.tables).find(
      ([name]) => name === table,
    )?.[1];
    return clone(rows?.get(id));
  }

  /**
   * What app.prune_sync_changes does once the window has passed over everything logged so far:
   * the log is emptied and the mark raised above every transaction in it. Returns the rows pruned.
   */
  pruneChangeLog(): number {
    const pruned = this.state.log.length;
    this.state.log = [];
    this.lowWater = Math.max(this.lowWater, this.tx + 1);
    return pruned;
  }

  /** The remote as a member (or a visitor, null) sees it. */
  remoteFor(member: number | null): Remote {
    return {
      push: async (clientId, mutations) => clone(this.push(member, clientId, mutations)),
      pull: async (cursor, scope, limit) => clone(this.pull(member, cursor, scope, limit)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Protocol

  private transaction<T>(fn: () => T): T {
    this.tx += 1;
    // Each transaction is dated after the one before, as the real server's are (a call through the gateway takes
    // milliseconds). Two in one millisecond would give server-dated edits (rows without `hlc`) the same time, and
    // the random client ids in their clocks would then decide which of two successive edits of a field wins.
    this.nowMs = Math.max(Date.now(), this.nowMs + 1);
    this.now = new Date(this.nowMs).toISOString();
    return fn();
  }

  private push(me: number | null, clientId: string, mutations: readonly PushMutation[]): PushReply {
    if (me === null) throw new AuthError('User not authenticated');
    if (mutations.length > MAX_BATCH) throw new RejectedBatchError('batch_too_large', 'At most 500 mutations per push');
    // Postgres reads the whole call's jsonb before any mutation runs: one text it cannot hold fails
    // the call with 400, and nothing of the batch is applied.
    if (mutations.some((m) => hasUnstorableText(m.args)))
      throw new RejectedBatchError('22P05', 'unsupported Unicode escape sequence');
    return this.transaction(() => {
      const results: PushResult[] = [];
      let tooOld: PushReply['client_too_old'] = null;
      for (const m of mutations) {
        if (!UUID.test(m.id)) {
          results.push({ id: m.id, status: 'rejected', code: 'invalid_args', message: 'Mutation id must be a UUID' });
          continue;
        }
        const seen = this.applied.get(m.id.toLowerCase());
        if (seen && seen.user !== me) {
          results.push({ id: m.id, status: 'rejected', code: 'id_conflict', message: 'Mutation id already used' });
          continue;
        }
        if (seen) {
          results.push(seen.result);
          continue;
        }
        const shape = Math.min(m.v ?? SYNC_PROTOCOL, SYNC_PROTOCOL);
        if (shape < this.minProtocol) {
          tooOld = { id: m.id, message: CLIENT_TOO_OLD_MESSAGE };
          break;
        }
        const hlc =
          shape >= 2 && HLC_PATTERN.test(m.hlc ?? '')
            ? m.hlc!
            : formatHlc({ ms: Date.parse(this.now), counter: 0, device: clientId.toLowerCase() });
        const result = this.savepoint(m, me, hlc);
        this.applied.set(m.id.toLowerCase(), { user: me, result });
        results.push(result);
      }
      return { results, user_id: me, clock: this.memberClock(me), client_too_old: tooOld };
    });
  }

  private memberClock(me: number): string | null {
    const prefix = `${me}:`;
    return Object.entries(this.state.clocks).reduce<string | null>(
      (max, [key, hlc]) => (key.startsWith(prefix) && (max === null || hlc > max) ? hlc : max),
      null,
    );
  }

  /** app.clock_take: true (and the clock kept) when the edit is the newest of the field. */
  private clockTake(me: number, entity: string, row: number, field: string, hlc: string): boolean {
    const key = `${me}:${entity}:${row}:${field}`;
    const held = this.state.clocks[key];
    if (held !== undefined && held > hlc) return false;
    this.state.clocks[key] = hlc;
    return true;
  }

  /** app.apply_clocked: the fields a newer edit holds are taken out before the mutation applies. */
  private applyClocked(me: number, name: string, a: Args, hlc: string): { result: unknown; superseded?: string[] } {
    let target: { entity: string; row: number | undefined; fields: readonly string[] } | null = null;
    if (name === 'review.update') {
      const byId = digits(a.rating_id);
      const igdb = digits(a.igdb_id);
      const row = [...this.state.tables.rating.values()].find(
        (r) => r.user_id === me && (byId !== null ? r.id === byId : r.igdb_id === igdb),
      );
      target = {
        entity: 'rating',
        row: row?.id,
        fields: ['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft'],
      };
    } else if (name === 'journal.update') {
      const row = this.findSession(a);
      target = {
        entity: 'play_session',
        row: row?.user_id === me ? row.id : undefined,
        fields: ['played_on', 'minutes', 'platform_id', 'note', 'is_private'],
      };
    } else if (name === 'wishlist.set') {
      const igdb = digits(a.igdb_id);
      const game = [...this.state.tables.game.values()].find((g) => g.igdb_id === igdb);
      if (game && !this.clockTake(me, 'shelf', game.id, 'shelf', hlc))
        return { result: { igdb_id: game.igdb_id }, superseded: ['shelf'] };
    }
    const lost: string[] = [];
    const args: Args = { ...a };
    if (target?.row !== undefined) {
      for (const field of target.fields) {
        if (!(field in args) && !(field === 'platform' && 'platform_id' in args)) continue;
        if (this.clockTake(me, target.entity, target.row, field, hlc)) continue;
        lost.push(field);
        delete args[field];
        if (field === 'platform') delete args.platform_id;
      }
    }
    const result = this.apply(me, name, args);
    if (
      name === 'review.create' &&
      typeof result === 'object' &&
      result !== null &&
      'id' in result &&
      typeof result.id === 'number'
    ) {
      for (const field of ['rating', 'review', 'is_recommended', 'platform', 'playtime_hours', 'draft'])
        this.clockTake(me, 'rating', result.id, field, hlc);
    }
    return lost.length ? { result, superseded: lost } : { result };
  }

  /** Applies one mutation; a refusal undoes its writes and becomes its result. */
  private savepoint(m: PushMutation, me: number, hlc: string): PushResult {
    const before = clone(this.state);
    try {
      if (typeof m.args !== 'object' || m.args === null || Array.isArray(m.args))
        fail('invalid_args', 'Mutation arguments must be an object');
      const { result, superseded } = this.applyClocked(me, m.name, { ...m.args }, hlc);
      return { id: m.id, status: 'ok', result, ...(superseded ? { superseded } : {}) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.state = before;
      return { id: m.id, status: 'rejected', code: error.code, message: error.message };
    }
  }

  private pull(me: number | null, cursor: string | null, scope: SyncScope, limit: number): PullPage {
    const ratings = new Set([
      ...scope.rating_ids,
      ...[...this.state.tables.rating.values()].filter((r) => r.user_id === me).map((r) => r.id),
    ]);
    const users = new Set(scope.user_ids);
    const games = new Set(scope.game_ids);
    const next = `v1:${this.tx + 1}`;
    const clock = me === null ? null : this.memberClock(me);
    if (cursor === null)
      return {
        cursor: next,
        has_more: false,
        snapshot: true,
        changes: this.snapshot(me, users, games, ratings),
        user_id: me,
        clock,
      };
    const from = /^v1:(\d+)$/.exec(cursor);
    if (!from) throw new RejectedBatchError('invalid_cursor', 'Invalid sync cursor');
    if (Number(from[1]) < this.lowWater)
      throw new RejectedBatchError('cursor_too_old', 'Sync cursor is older than the change log; take a new snapshot');
    const inScope = (e: LogEntry) =>
      (me !== null && (e.user === me || e.subject === me)) ||
      (e.user !== null && users.has(e.user)) ||
      (e.subject !== null && users.has(e.subject)) ||
      (e.game !== null && games.has(e.game)) ||
      (e.rating !== null && ratings.has(e.rating));
    // Play sessions reach their own member only (sync_pull in supabase/schema/tables/public.play_session.sql).
    const visible = (e: LogEntry) => inScope(e) && (e.table !== 'play_session' || (me !== null && e.user === me));
    const entries = this.state.log.filter((e) => e.tx >= Number(from[1]) && visible(e));
    // Whole transactions only: at least one, then as many as fit in the limit.
    const txs = [...new Set(entries.map((e) => e.tx))].sort((a, b) => a - b);
    let taken = 0;
    let count = 0;
    for (const tx of txs) {
      const size = entries.filter((e) => e.tx === tx).length;
      if (taken > 0 && count + size > limit) break;
      taken += 1;
      count += size;
    }
    const hasMore = taken < txs.length;
    const page = entries.filter((e) => (hasMore ? e.tx < (txs[taken] ?? Infinity) : true));
    const latest = new Map<string, LogEntry>();
    for (const e of page) latest.set(`${e.table}:${e.id}`, e);
    const changes: ServerChange[] = [...latest.values()].map((e) => {
      const stored = this.state.tables[e.table].get(e.id);
      // RLS: another member's draft reads as gone.
      const row = stored && !(e.table === 'rating' && this.hiddenDraft(stored as ReviewRow, me)) ? stored : undefined;
      return row
        ? { table: e.table, op: 'upsert', id: e.id, row }
        : { table: e.table, op: 'delete', id: e.id, key: e.key };
    });
    return {
      cursor: hasMore ? `v1:${txs[taken]}` : next,
      has_more: hasMore,
      snapshot: false,
      changes: this.withGames(changes),
      user_id: me,
      clock,
    };
  }

  private snapshot(me: number | null, users: Set<number>, games: Set<number>, ratings: Set<number>): ServerChange[] {
    const t = this.state.tables;
    const mine = (id: number) => id === me || users.has(id);
    const ratingIds = new Set(ratings);
    const comments = [...t.comment.values()].filter((c) => c.user_id === me || ratingIds.has(c.rating_id));
    const onRatings = new Set(comments.filter((c) => ratingIds.has(c.rating_id)).map((c) => c.id));
    const rows: ServerChange[] = [
      ...[...t.user.values()].filter((u) => mine(u.id)).map((row) => ({ table: 'user' as const, row })),
      ...[...t.rating.values()]
        .filter((r) => !this.hiddenDraft(r, me) && (mine(r.user_id) || games.has(r.game_id) || ratingIds.has(r.id)))
        .map((row) => ({ table: 'rating' as const, row })),
      ...comments.map((row) => ({ table: 'comment' as const, row })),
      ...[...t.content_like.values()]
        .filter(
          (l) =>
            l.user_id === me ||
            (l.rating_id !== null && ratingIds.has(l.rating_id)) ||
            (l.comment_id !== null && onRatings.has(l.comment_id)),
        )
        .map((row) => ({ table: 'content_like' as const, row })),
      ...[...t.user_follow.values()]
        .filter((f) => mine(f.follower_id) || mine(f.following_id))
        .map((row) => ({ table: 'user_follow' as const, row })),
      ...[...t.game_progress.values()]
        .filter((p) => mine(p.user_id))
        .map((row) => ({ table: 'game_progress' as const, row })),
      ...[...t.user_wishlist.values()]
        .filter((w) => mine(w.user_id))
        .map((row) => ({ table: 'user_wishlist' as const, row })),
      ...[...t.play_session.values()]
        .filter((s) => s.user_id === me)
        .map((row) => ({ table: 'play_session' as const, row })),
      ...[...t.game.values()].filter((g) => games.has(g.id)).map((row) => ({ table: 'game' as const, row })),
    ].map(({ table, row }) => ({ table, op: 'upsert', id: row.id, row }));
    return this.withGames(rows);
  }

  /** Adds the games the rows refer to (not comments'), once each, and sorts as the server does. */
  private withGames(changes: ServerChange[]): ServerChange[] {
    const out = new Map(changes.map((c) => [`${c.table}:${c.id}`, c]));
    for (const c of changes) {
      const row: Record<string, unknown> =
        c.op === 'upsert' && c.table !== 'game' && c.table !== 'comment' ? { ...c.row } : {};
      const gameId = num(row.game_id);
      const game = gameId === null ? undefined : this.state.tables.game.get(gameId);
      if (game) out.set(`game:${game.id}`, { table: 'game', op: 'upsert', id: game.id, row: game });
    }
    return [...out.values()].sort((a, b) => rank(a.table) - rank(b.table) || a.id - b.id);
  }

  // -------------------------------------------------------------------------------------------
  // Storage, with the change log the triggers would write

  private put<K extends Table>(table: K, row: RowTypes[K]): void {
    this.state.tables[table].set(row.id, row);
    this.logChange(table, row, 'upsert');
  }

  private remove<K extends Table>(table: K, row: RowTypes[K]): void {
    this.state.tables[table].delete(row.id);
    this.logChange(table, row, 'delete');
  }

  private logChange(table: Table, row: { id: number }, op: LogEntry['op']): void {
    const r: Record<string, unknown> = { ...row };
    const key = Object.fromEntries(KEYS[table].map((k) => [k, r[k] ?? null]));
    const entry: LogEntry = {
      tx: this.tx,
      table,
      id: row.id,
      op,
      key,
      user: num(r.user_id),
      subject: null,
      game: num(r.game_id),
      rating: num(r.rating_id),
    };
    if (table === 'user') entry.user = row.id;
    if (table === 'game') entry.game = row.id;
    if (table === 'rating') entry.rating = row.id;
    if (table === 'user_follow') Object.assign(entry, { user: num(r.follower_id), subject: num(r.following_id) });
    if (table === 'content_like' && entry.rating === null)
      entry.rating = this.state.tables.comment.get(num(r.comment_id) ?? 0)?.rating_id ?? null;
    if (table === 'comment' || table === 'content_like') entry.game = null;
    this.state.log.push(entry);
  }

  private bump<K extends 'rating' | 'comment' | 'user'>(
    table: K,
    id: number,
    field: 'like_count' | 'comment_count' | 'follower_count' | 'following_count',
    delta: number,
  ): void {
    const row = this.state.tables[table].get(id);
    if (!row) return;
    const fields: Record<string, unknown> = { ...row };
    const current = num(fields[field]) ?? 0;
    this.put(table, { ...row, [field]: Math.max(0, current + delta) });
  }

  private insertGame(igdbId: number, name: string): GameRow {
    const game: GameRow = { id: this.state.nextId++, igdb_id: igdbId, name, slug: slugify(name) };
    this.put('game', game);
    return game;
  }

  private resolveGame(a: Args): GameRow {
    const igdb = digits(a.igdb_id);
    if (igdb === null) return fail('invalid_game', 'Game data missing valid IGDB ID');
    const found = [...this.state.tables.game.values()].find((g) => g.igdb_id === igdb);
    if (found) return found;
    const summary = a.game;
    if (
      typeof summary === 'object' &&
      summary !== null &&
      'name' in summary &&
      typeof summary.name === 'string' &&
      btrim(summary.name) !== ''
    ) {
      return this.insertGame(igdb, btrim(summary.name));
    }
    return fail('game_not_found', 'Game not found in database. Please select a game from the search results.');
  }

  // -------------------------------------------------------------------------------------------
  // The mutations this fake knows (twins of app.m_* in supabase/migrations)

  private apply(me: number, name: string, a: Args): unknown {
    switch (name) {
      case 'review.create':
        return this.reviewCreate(me, a);
      case 'review.update':
        return this.reviewUpdate(me, a);
      case 'review_like.set':
        return this.reviewLikeSet(me, a);
      case 'comment.add':
        return this.commentAdd(me, a);
      case 'comment.delete':
        return this.commentDelete(me, a);
      case 'follow.set':
        return this.followSet(me, a);
      case 'wishlist.set':
        return this.wishlistSet(me, a);
      case 'progress.set':
        return this.progressSet(me, a);
      case 'journal.add':
        return this.journalAdd(me, a);
      case 'journal.update':
        return this.journalUpdate(me, a);
      case 'journal.delete':
        return this.journalDelete(me, a);
      default:
        return fail('unknown_mutation', `Unknown mutation: ${name}`);
    }
  }

  private checkReviewFields(a: Args): void {
    if ('rating' in a) {
      const rating = a.rating;
      if (typeof rating !== 'number') fail('invalid_rating', 'Rating must be a number from 1 to 10');
      else if (rating < 1 || rating > 10 || !Number.isInteger(rating * 2))
        fail('invalid_rating', 'Rating must be from 1 to 10 in steps of 0.5');
    }
    const playtime = a.playtime_hours;
    if (
      playtime !== undefined &&
      playtime !== null &&
      !(typeof playtime === 'number' && Number.isInteger(playtime) && playtime >= 1 && playtime <= 99_999)
    ) {
      fail('invalid_playtime', 'Playtime must be whole hours from 1 to 99999');
    }
    if (typeof a.review === 'string' && a.review.length > 10_000)
      fail('review_too_long', 'Review exceeds 10000 characters');
    if (a.platform_id != null || textOrNull(a.platform) !== null) {
      fail('platform_not_found', `Platform "${String(a.platform_id ?? a.platform)}" not found in database`);
    }
  }

  /** A draft is its author's alone (the rating select policy). */
  private hiddenDraft(row: ReviewRow, me: number | null): boolean {
    return row.is_draft === true && row.user_id !== me;
  }

  /** app.refuse_draft_target: no likes or comments on a draft; another member's is not found. */
  private publishedReview(me: number, ratingId: number, what: 'liked' | 'commented on'): void {
    const review = this.state.tables.rating.get(ratingId);
    if (!review || this.hiddenDraft(review, me)) fail('review_not_found', 'Review not found');
    if (review.is_draft === true)
      fail('review_is_draft', `This review is a draft: it can be ${what} once it is published`);
  }

  private reviewCreate(me: number, a: Args): ReviewRow {
    const game = this.resolveGame(a);
    if (!('rating' in a)) fail('invalid_rating', 'Rating must be a number from 1 to 10');
    this.checkReviewFields(a);
    if ('draft' in a && typeof a.draft !== 'boolean') fail('invalid_draft', 'Draft must be true or false');
    if ([...this.state.tables.rating.values()].some((r) => r.user_id === me && r.game_id === game.id)) {
      fail('already_reviewed', 'You have already reviewed this game');
    }
    const at = typeof a.post_date_time === 'string' ? a.post_date_time : this.now;
    const age = Date.parse(this.now) - Date.parse(at);
    const posted = age < 0 || age > THIRTY_DAYS_MS ? this.now : at;
    const row: ReviewRow = {
      id: this.state.nextId++,
      user_id: me,
      game_id: game.id,
      igdb_id: game.igdb_id,
      rating: num(a.rating) ?? 0,
      review: textOrNull(a.review),
      post_date_time: posted,
      updated_at: posted,
      is_recommended: typeof a.is_recommended === 'boolean' ? a.is_recommended : null,
      platform_id: null,
      playtime_hours: num(a.playtime_hours),
      slug: game.slug,
      like_count: 0,
      comment_count: 0,
      is_draft: a.draft === true,
    };
    this.put('rating', row);
    return row;
  }

  private reviewUpdate(me: number, a: Args): ReviewRow {
    this.checkReviewFields(a);
    const byId = digits(a.rating_id);
    const igdb = digits(a.igdb_id);
    const row = [...this.state.tables.rating.values()].find(
      (r) => r.user_id === me && (byId !== null ? r.id === byId : r.igdb_id === igdb),
    );
    if (!row) return fail('review_forbidden', 'Review not found or you do not have permission to edit it');
    if ('draft' in a && typeof a.draft !== 'boolean') fail('invalid_draft', 'Draft must be true or false');
    const wasDraft = row.is_draft === true;
    const draft = typeof a.draft === 'boolean' ? a.draft : wasDraft;
    if (draft && !wasDraft && (row.like_count > 0 || row.comment_count > 0)) {
      fail('review_has_replies', 'A review with likes or comments cannot go back to being a draft');
    }
    const next: ReviewRow = {
      ...row,
      rating: 'rating' in a ? (num(a.rating) ?? row.rating) : row.rating,
      review: 'review' in a ? textOrNull(a.review) : row.review,
      is_recommended:
        'is_recommended' in a ? (typeof a.is_recommended === 'boolean' ? a.is_recommended : null) : row.is_recommended,
      playtime_hours: 'playtime_hours' in a ? num(a.playtime_hours) : row.playtime_hours,
      is_draft: draft,
    };
    if (wasDraft && !draft) {
      // Published: dated when it was published (rating_guard).
      const at =
        typeof a.post_date_time === 'string' && a.post_date_time !== row.post_date_time ? a.post_date_time : this.now;
      const age = Date.parse(this.now) - Date.parse(at);
      const posted = age < 0 || age > THIRTY_DAYS_MS ? this.now : at;
      this.put('rating', { ...next, post_date_time: posted, updated_at: posted });
      return this.state.tables.rating.get(row.id) ?? next;
    }
    const changed =
      (['rating', 'review', 'is_recommended', 'playtime_hours'] as const).some((k) => next[k] !== row[k]) ||
      draft !== wasDraft;
    this.put('rating', changed ? { ...next, updated_at: this.now } : next);
    return this.state.tables.rating.get(row.id) ?? next;
  }

  private reviewLikeSet(me: number, a: Args): unknown {
    const ratingId = digits(a.rating_id);
    if (ratingId === null) return fail('invalid_review', 'Invalid review ID');
    const review = this.state.tables.rating.get(ratingId);
    if (!review || this.hiddenDraft(review, me)) fail('review_not_found', 'Review not found');
    if (a.liked !== false && review.is_draft === true) this.publishedReview(me, ratingId, 'liked');
    const liked = a.liked !== false;
    const like = [...this.state.tables.content_like.values()].find((l) => l.user_id === me && l.rating_id === ratingId);
    if (liked && !like) {
      this.put('content_like', {
        id: this.state.nextId++,
        user_id: me,
        rating_id: ratingId,
        comment_id: null,
        is_like: true,
        created_at: this.now,
      });
      this.bump('rating', ratingId, 'like_count', 1);
    } else if (!liked && like) {
      this.remove('content_like', like);
      this.bump('rating', ratingId, 'like_count', -1);
    }
    return { rating_id: ratingId, liked, like_count: this.state.tables.rating.get(ratingId)?.like_count };
  }

  private findComment(a: Args, idField: string, keyField: string): CommentRow | undefined {
    const id = digits(a[idField]);
    const key = a[keyField];
    if (id !== null) return this.state.tables.comment.get(id);
    if (typeof key === 'string' && UUID.test(key))
      return [...this.state.tables.comment.values()].find((c) => c.client_key === key);
    return fail('invalid_comment', 'Invalid comment ID');
  }

  private commentAdd(me: number, a: Args): CommentRow {
    const ratingId = digits(a.rating_id);
    if (ratingId === null) return fail('invalid_review', 'Invalid review ID');
    const content = btrim(typeof a.content === 'string' ? a.content : '');
    if (content === '') fail('comment_empty', 'Comment cannot be empty');
    if (content.length > 500) fail('comment_too_long', 'Comment exceeds 500 characters');
    const key = typeof a.key === 'string' ? a.key : null;
    const existing =
      key === null ? undefined : [...this.state.tables.comment.values()].find((c) => c.client_key === key);
    if (existing) return existing.user_id === me ? existing : fail('invalid_comment', 'Invalid comment ID');
    this.publishedReview(me, ratingId, 'commented on');
    let parent = 'parent_id' in a || 'parent_key' in a ? this.findComment(a, 'parent_id', 'parent_key') : undefined;
    if (('parent_id' in a || 'parent_key' in a) && !parent) fail('parent_not_found', 'Parent comment not found');
    // Replies attach to their top-level ancestor, on the same review.
    for (let depth = 0; parent?.parent_comment_id != null && depth < 10; depth++)
      parent = this.state.tables.comment.get(parent.parent_comment_id);
    if (parent && parent.rating_id !== ratingId) fail('parent_not_found', 'Parent comment not found');
    const at = typeof a.created_at === 'string' ? a.created_at : this.now;
    const age = Date.parse(this.now) - Date.parse(at);
    const created = age < 0 || age > THIRTY_DAYS_MS ? this.now : at;
    const row: CommentRow = {
      id: this.state.nextId++,
      client_key: key,
      user_id: me,
      rating_id: ratingId,
      content,
      parent_comment_id: parent?.id ?? null,
      is_published: true,
      created_at: created,
      updated_at: created,
      like_count: 0,
    };
    this.put('comment', row);
    this.bump('rating', ratingId, 'comment_count', 1);
    return row;
  }

  /** Deletes a comment with what cascades from it: its replies and its likes. */
  private deleteComment(comment: CommentRow): void {
    for (const reply of [...this.state.tables.comment.values()].filter((c) => c.parent_comment_id === comment.id))
      this.deleteComment(reply);
    for (const like of [...this.state.tables.content_like.values()].filter((l) => l.comment_id === comment.id))
      this.remove('content_like', like);
    this.remove('comment', comment);
    this.bump('rating', comment.rating_id, 'comment_count', -1);
  }

  private commentDelete(me: number, a: Args): unknown {
    const comment = this.findComment(a, 'id', 'key');
    if (comment && comment.user_id !== me)
      fail('comment_forbidden', 'Comment not found or you do not have permission to delete it');
    if (comment) this.deleteComment(comment);
    return {
      id: comment?.id ?? null,
      key: a.key ?? null,
      deleted: comment !== undefined,
      comment_count: comment ? (this.state.tables.rating.get(comment.rating_id)?.comment_count ?? null) : null,
    };
  }

  private followSet(me: number, a: Args): unknown {
    const target = digits(a.user_id);
    if (target === null) return fail('invalid_user', 'Invalid user ID');
    if (target === me) fail('self_follow', 'You cannot follow yourself');
    if (!this.state.tables.user.has(target)) fail('user_not_found', 'User not found');
    const following = a.following !== false;
    const row = [...this.state.tables.user_follow.values()].find(
      (f) => f.follower_id === me && f.following_id === target,
    );
    if (following && !row) {
      this.put('user_follow', { id: this.state.nextId++, follower_id: me, following_id: target, created_at: this.now });
      this.bump('user', target, 'follower_count', 1);
      this.bump('user', me, 'following_count', 1);
    } else if (!following && row) {
      this.remove('user_follow', row);
      this.bump('user', target, 'follower_count', -1);
      this.bump('user', me, 'following_count', -1);
    }
    return { user_id: target, following, follower_count: this.state.tables.user.get(target)?.follower_count };
  }

  private isStarted(me: number, gameId: number): boolean {
    return [...this.state.tables.game_progress.values()].some(
      (p) => p.user_id === me && p.game_id === gameId && (p.started || p.completed),
    );
  }

  private wishlistSet(me: number, a: Args): unknown {
    const game = this.resolveGame(a);
    const row = [...this.state.tables.user_wishlist.values()].find((w) => w.user_id === me && w.game_id === game.id);
    if (a.in === false) {
      if (row) this.remove('user_wishlist', row);
      return { igdb_id: game.igdb_id, in: false };
    }
    if (this.isStarted(me, game.id)) fail('game_started', 'Cannot add to wishlist: game already started or completed');
    const next: WishlistRow = {
      id: row?.id ?? this.state.nextId++,
      user_id: me,
      igdb_id: game.igdb_id,
      game_id: game.id,
      priority: 'priority' in a ? (num(a.priority) ?? 0) : (row?.priority ?? 0),
      notes: 'notes' in a ? textOrNull(a.notes) : (row?.notes ?? null),
      added_at: row?.added_at ?? this.now,
    };
    this.put('user_wishlist', next);
    return { ...next, in: true };
  }

  private progressSet(me: number, a: Args): ProgressRow {
    if (digits(a.igdb_id) === null) fail('invalid_game', 'Game data missing valid IGDB ID');
    let game: GameRow;
    try {
      game = this.resolveGame(a);
    } catch {
      return fail('game_not_found', 'Game must be added to database first');
    }
    const completed = a.completed === true;
    const started = a.started === true || completed;
    const at = typeof a.at === 'string' ? a.at : this.now;
    const row = [...this.state.tables.game_progress.values()].find((p) => p.user_id === me && p.game_id === game.id);
    const next: ProgressRow = {
      id: row?.id ?? this.state.nextId++,
      user_id: me,
      game_id: game.id,
      igdb_id: game.igdb_id,
      started: (row?.started ?? false) || started,
      completed: (row?.completed ?? false) || completed,
      started_date: row?.started_date ?? (started ? at : null),
      completed_date: row?.completed_date ?? (completed ? at : null),
      created_at: row?.created_at ?? this.now,
      updated_at: this.now,
    };
    this.put('game_progress', next);
    if (next.started) {
      const listed = [...this.state.tables.user_wishlist.values()].find(
        (w) => w.user_id === me && w.game_id === game.id,
      );
      if (listed) this.remove('user_wishlist', listed);
    }
    return next;
  }

  // The play journal (app.m_journal_* and play_session_guard). Platforms are not modelled here:
  // any platform id is refused as unknown, like review platforms above.
  private journalFields(a: Args, creating: boolean): void {
    if (creating || 'played_on' in a) {
      const day = typeof a.played_on === 'string' ? a.played_on : '';
      const time = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
      if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== day)
        fail('invalid_play_date', 'Play date must be a valid date');
      if (day < '1970-01-01') fail('invalid_play_date', 'Play date cannot be before 1970');
      if (time > Date.parse(this.now) + 86_400_000) fail('invalid_play_date', 'Play date cannot be in the future');
    }
    const minutes = a.minutes;
    if (
      (creating || 'minutes' in a) &&
      !(typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440)
    ) {
      fail('invalid_minutes', 'Minutes played must be a whole number from 1 to 1440');
    }
    if (typeof a.note === 'string' && btrim(a.note).length > 280) fail('note_too_long', 'Note exceeds 280 characters');
    if (a.platform_id != null) fail('platform_not_found', `Platform "${String(a.platform_id)}" not found in database`);
  }

  private findSession(a: Args): PlaySessionRow | undefined {
    const id = digits(a.id);
    if (id !== null) return this.state.tables.play_session.get(id);
    if (typeof a.key === 'string' && UUID.test(a.key))
      return [...this.state.tables.play_session.values()].find((s) => s.client_key === a.key);
    return fail('invalid_session', 'Invalid play session ID');
  }

  private journalAdd(me: number, a: Args): PlaySessionRow {
    const key =
      typeof a.key === 'string' && UUID.test(a.key) ? a.key : fail('invalid_session', 'Invalid play session ID');
    const same = [...this.state.tables.play_session.values()].find((s) => s.client_key === key);
    if (same) return same.user_id === me ? same : fail('invalid_session', 'Invalid play session ID');
    const game = this.resolveGame(a);
    this.journalFields(a, true);
    const row: PlaySessionRow = {
      id: this.state.nextId++,
      client_key: key,
      user_id: me,
      game_id: game.id,
      igdb_id: game.igdb_id,
      played_on: String(a.played_on),
      minutes: num(a.minutes) ?? 0,
      platform_id: null,
      note: textOrNull(a.note),
      is_private: a.is_private === true,
      created_at: this.now,
      updated_at: this.now,
    };
    this.put('play_session', row);
    return row;
  }

  private journalUpdate(me: number, a: Args): PlaySessionRow {
    const row = this.findSession(a);
    if (!row || row.user_id !== me)
      return fail('session_forbidden', 'Play session not found or you do not have permission to edit it');
    this.journalFields(a, false);
    const next: PlaySessionRow = {
      ...row,
      played_on: 'played_on' in a ? String(a.played_on) : row.played_on,
      minutes: 'minutes' in a ? (num(a.minutes) ?? row.minutes) : row.minutes,
      platform_id: 'platform_id' in a ? null : row.platform_id,
      note: 'note' in a ? textOrNull(a.note) : row.note,
      is_private: 'is_private' in a ? a.is_private === true : row.is_private,
      updated_at: this.now,
    };
    this.put('play_session', next);
    return next;
  }

  private journalDelete(me: number, a: Args): unknown {
    const row = this.findSession(a);
    if (row && row.user_id !== me)
      fail('session_forbidden', 'Play session not found or you do not have permission to delete it');
    if (row) this.remove('play_session', row);
    return { id: row?.id ?? null, key: a.key ?? null, deleted: row !== undefined };
  }
}
