// The member's library as this device holds it, in the shape the import's planner compares with
// (core/import/plan.ts): statuses, lists, reviews, journal keys, Top 5 and follows. One read
// transaction, so the preview is of one moment.
import type { Library, LibraryEntry } from '../../core/import/plan.ts';
import type { CheckpointDb } from '../../store/db.ts';

export async function readLibrary(db: CheckpointDb, me: number): Promise<Library> {
  return db.transaction(
    'r',
    ['progress', 'wishlist', 'collection', 'reviews', 'journal', 'topGames', 'follows', 'games'],
    async () => {
      const lo = [me, -Infinity];
      const hi = [me, '\uffff'];
      const [progress, wishlist, collection, reviews, journal, top, follows] = await Promise.all([
        db.progress.where('user_id').equals(me).toArray(),
        db.wishlist.where('user_id').equals(me).toArray(),
        db.collection.where('user_id').equals(me).toArray(),
        db.reviews.where('[user_id+igdb_id]').between(lo, hi).toArray(),
        db.journal.where('[user_id+played_on]').between(lo, hi).toArray(),
        db.topGames.where('user_id').equals(me).sortBy('position'),
        db.follows.where('[follower_id+following_id]').between(lo, hi).toArray(),
      ]);
      const games = new Map<number, { -readonly [K in keyof LibraryEntry]: LibraryEntry[K] }>();
      const entry = (igdb: number) => {
        let e = games.get(igdb);
        if (!e) {
          e = { started: false, finished: false, wishlist: false, collection: false, review: null };
          games.set(igdb, e);
        }
        return e;
      };
      for (const p of progress) {
        const e = entry(p.igdb_id);
        e.started = p.started || p.completed;
        e.finished = p.completed;
      }
      for (const w of wishlist) entry(w.igdb_id).wishlist = true;
      for (const c of collection) entry(c.igdb_id).collection = true;
      for (const r of reviews)
        entry(r.igdb_id).review = { rating: r.rating, review: r.review, draft: r.is_draft === true };
      const topGames = await db.games.bulkGet(top.map((t) => t.game_id));
      return {
        me,
        games,
        sessionKeys: new Set(journal.map((s) => s.client_key)),
        top5: topGames.flatMap((g) => (g ? [g.igdb_id] : [])),
        follows: new Set(follows.map((f) => f.following_id)),
      };
    },
  );
}
