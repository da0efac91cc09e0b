// A member's library from IndexedDB: every game they have started, finished,
// wishlisted, collected, rated or (their own) logged a session of, one item per game, as the
// profile's Library tab filters it. Another member's is what the device holds for them (their
// public rows, brought by the profile's read-through); one's own includes writes not synced yet.
import type { LibraryItem } from '../../core/library/library-view.ts';
import type { LibraryStatus } from '../../core/library/library-query.ts';
import { platformName } from '../../core/platforms.ts';
import type { CheckpointDb, GameRow } from '../../store/db.ts';
import { getGames } from './games.ts';
import { counts, hasText } from './shapes.ts';
import { releaseYearOf } from '../../core/dates.ts';
import { tableSignature } from './library-head.ts';

export interface LibraryGame extends LibraryItem {
  readonly game: Pick<GameRow, 'id' | 'igdb_id' | 'name' | 'slug' | 'cover_url'>;
}

interface Acc {
  statuses: Set<LibraryStatus>;
  played: Set<string>;
  rating: number | null;
  reviewed: boolean;
  updatedAt: string;
  minutes: number;
  reviewMinutes: number;
}

function releaseOf(game: GameRow): string | null {
  if (game.release_date) return game.release_date.slice(0, 10);
  if (typeof game.first_release_date === 'number')
    return new Date(game.first_release_date * 1000).toISOString().slice(0, 10);
  return null;
}

export async function loadLibrary(db: CheckpointDb, userId: number): Promise<LibraryGame[]> {
  return (await readLibrary(db, userId)).items;
}

export interface LibraryPass {
  readonly items: LibraryGame[];
  /** What the rows were read under (library-head.ts tableSignature, read first). */
  readonly signature: string;
  /** Games the member's rows name that the device holds no row of (left out of items). */
  readonly missingGames: number;
}

/** The full pass with what the Library tab's first pass (library-head.ts) keeps of it. */
export async function loadLibraryPass(db: CheckpointDb, userId: number): Promise<LibraryPass> {
  const signature = await tableSignature(db, userId);
  return { signature, ...(await readLibrary(db, userId)) };
}

async function readLibrary(db: CheckpointDb, userId: number): Promise<{ items: LibraryGame[]; missingGames: number }> {
  const [progress, wishlist, collection, reviews, sessions] = await Promise.all([
    db.progress.where('user_id').equals(userId).toArray(),
    db.wishlist.where('user_id').equals(userId).toArray(),
    db.collection.where('user_id').equals(userId).toArray(),
    db.reviews.where('[user_id+post_date_time]').between([userId, ''], [userId, '\uffff']).toArray(),
    // The journal mirror holds only the viewer's own sessions: another member's stays empty here.
    db.journal.where('[user_id+played_on]').between([userId, ''], [userId, '\uffff']).toArray(),
  ]);
  const byGame = new Map<number, Acc>();
  const acc = (gameId: number, at: string): Acc => {
    let a = byGame.get(gameId);
    if (!a) {
      a = {
        statuses: new Set(),
        played: new Set(),
        rating: null,
        reviewed: false,
        updatedAt: at,
        minutes: 0,
        reviewMinutes: 0,
      };
      byGame.set(gameId, a);
    }
    if (at > a.updatedAt) a.updatedAt = at;
    return a;
  };
  for (const p of progress) {
    if (!p.started && !p.completed) continue;
    acc(p.game_id, p.updated_at).statuses.add(p.completed ? 'finished' : 'started');
  }
  for (const w of wishlist) acc(w.game_id, w.added_at).statuses.add('wishlist');
  for (const c of collection) acc(c.game_id, c.added_at).statuses.add('collection');
  const platformIds = new Set<number>();
  for (const r of reviews.filter(counts)) {
    const a = acc(r.game_id, r.updated_at);
    a.rating = r.rating;
    a.reviewed = hasText(r);
    a.reviewMinutes = Math.round((r.playtime_hours ?? 0) * 60);
    if (r.platform_id !== null) platformIds.add(r.platform_id);
  }
  for (const s of sessions) {
    acc(s.game_id, s.updated_at).minutes += s.minutes;
    if (s.platform_id !== null) platformIds.add(s.platform_id);
  }
  const [games, platforms] = await Promise.all([
    getGames(db, [...byGame.keys()]),
    db.platforms.bulkGet([...platformIds]),
  ]);
  const platformNames = new Map(platforms.flatMap((p) => (p ? [[p.id, platformName(p.name)] as const] : [])));
  const name = (id: number | null) => (id === null ? undefined : platformNames.get(id));
  for (const r of reviews) {
    const n = name(r.platform_id);
    if (n && counts(r)) byGame.get(r.game_id)?.played.add(n);
  }
  for (const s of sessions) {
    const n = name(s.platform_id);
    if (n) byGame.get(s.game_id)?.played.add(n);
  }

  const out: LibraryGame[] = [];
  let missingGames = 0;
  [...byGame.entries()].forEach(([, a], i) => {
    const game = games[i];
    // A game whose row the device does not hold yet is left out rather than shown nameless.
    if (!game) {
      missingGames += 1;
      return;
    }
    const release = releaseOf(game);
    out.push({
      key: String(game.igdb_id),
      name: game.name,
      statuses: [...a.statuses],
      // The platforms the member played it on when they said so; else the ones it came out on.
      platforms: a.played.size > 0 ? [...a.played] : [...new Set((game.platforms ?? []).map(platformName))],
      rating: a.rating,
      reviewed: a.reviewed,
      year: releaseYearOf(game),
      releaseDate: release,
      updatedAt: a.updatedAt,
      minutesPlayed: a.minutes > 0 ? a.minutes : a.reviewMinutes,
      game: { id: game.id, igdb_id: game.igdb_id, name: game.name, slug: game.slug, cover_url: game.cover_url ?? null },
    });
  });
  return { items: out, missingGames };
}
