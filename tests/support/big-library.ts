// A big library beside a small one, for the bench and the e2e check: two demo members
// given games split over wishlist, collection and finished, the last ones reviewed; and the page
// probes both read (long tasks, and when a profile tab's first screen is there).
import type { Gateway } from '../../supabase/local/gateway.ts';

export interface LibrarySize {
  readonly games: number;
  readonly reviews: number;
}

/** Two demo members given a library each: games split over wishlist, collection and finished, some reviewed. */
/** Seeds the first demo member with the big library and the second with the small one; their ids. */
export async function seedLibraries(
  gateway: Gateway,
  bigSize: LibrarySize,
  smallSize: LibrarySize,
): Promise<{ big: number; small: number }> {
  const users = await gateway.db.query<{ id: number }>('select id from public."user" order by id limit 2');
  const [big, small] = users.map((u) => Number(u.id));
  if (big === undefined || small === undefined) throw new Error('the demo members are missing');
  await gateway.db.query(`insert into public.game (igdb_id, name, slug, release_date, platforms)
    select 800000 + g, 'Bench Quest ' || g, 'bench-quest-' || g, date '1990-01-01' + g * 3, array['PC (Microsoft Windows)']
    from generate_series(1, ${bigSize.games}) g`);
  for (const [user, size] of [
    [big, bigSize],
    [small, smallSize],
  ] as const) {
    const third = Math.floor(size.games / 3);
    const ids = (from: number, to: number) =>
      `select id, igdb_id from public.game where igdb_id > ${800000 + from} and igdb_id <= ${800000 + to}`;
    // The small member's games are among the big one's (two members may hold the same games).
    await gateway.db.query(
      `insert into public.user_wishlist (user_id, igdb_id, game_id) select ${user}, igdb_id, id from (${ids(0, third)}) g`,
    );
    await gateway.db.query(
      `insert into public.user_collection (user_id, igdb_id, game_id) select ${user}, igdb_id, id from (${ids(third, 2 * third)}) g`,
    );
    await gateway.db
      .query(`insert into public.game_progress (user_id, game_id, igdb_id, started, completed, started_date, completed_date)
      select ${user}, id, igdb_id, true, true, now() - interval '30 days', now() from (${ids(2 * third, size.games)}) g`);
    await gateway.db.query(`insert into public.rating (user_id, game_id, igdb_id, rating, review, post_date_time)
      select ${user}, id, igdb_id, 1 + (igdb_id % 19) / 2.0, 'A bench review of game ' || igdb_id || ', long enough to wrap over two lines on a phone.', now() - (igdb_id % 1000) * interval '1 hour'
      from (${ids(size.games - size.reviews, size.games)}) g`);
  }
  return { big, small };
}

/**
 * Records every long task in `window.__longtasks` (their durations, ms). Plain scripts, not
 * functions: the test transpiler would wrap named functions in helpers the page lacks.
 */
export const LONG_TASKS_PROBE = `
  window.__longtasks = [];
  new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) { window.__longtasks.push(e.duration); }); })
    .observe({ type: 'longtask', buffered: true });
`;

/**
 * Marks, in the page, when the profile tab's panel first holds its content (no skeleton, nothing
 * busy): `window.__firstScreen`, ms since the navigation began. Timed by the page itself: the
 * gateway shares the test's process with the browser's driver, and its work would otherwise count.
 */
export const FIRST_SCREEN_PROBE = `
  (function () {
    function ready() {
      var panel = document.querySelector('.profile-tabs__panel');
      return document.querySelector('.profile-header') !== null && panel !== null && panel.children.length > 0
        && panel.querySelector('[aria-busy="true"]') === null && panel.querySelector('.skeleton') === null
        && !/Loading/.test(panel.textContent || '');
    }
    function poll() { if (ready()) window.__firstScreen = performance.now(); else requestAnimationFrame(poll); }
    requestAnimationFrame(poll);
  })();
`;

/**
 * A page script: resolves true once the device holds a member's profile as of a finished
 * read-through (syncState's read cursor for `user_ids:<id>` is stored, src/sync/read-through.ts).
 * A first visit's snapshot of a big library is thousands of rows in one transaction: leaving the
 * page before it commits throws it away, and the next visit would take it again.
 */
export const profileStored = (id: number): string => `
  new Promise(function (resolve) {
    var open = indexedDB.open('checkpoint');
    open.onerror = function () { resolve(false); };
    open.onsuccess = function () {
      var db = open.result;
      try {
        var get = db.transaction('syncState', 'readonly').objectStore('syncState').get('main');
        get.onsuccess = function () { var s = get.result; db.close(); resolve(!!(s && s.reads && s.reads['user_ids:${id}'])); };
        get.onerror = function () { db.close(); resolve(false); };
      } catch (e) { db.close(); resolve(false); }
    };
  })
`;
