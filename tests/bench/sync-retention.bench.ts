// The change-log prune (app.prune_sync_changes) on a grown log: `rows` changes in 1,000
// transactions, the older half past the window. Figures: the first prune (deletes half), a repeat
// with nothing to prune (the hourly tick's usual case), and a pull from the new low-water mark.
import type { Db } from '../../supabase/local/db.ts';

export interface PruneFigures {
  readonly pruned: number;
  readonly firstMs: number;
  readonly repeatMs: number;
  readonly pullMs: number;
}

export async function benchPrune(db: Db, rows = 100_000): Promise<PruneFigures> {
  const transactions = 1000;
  for (let t = 0; t < transactions; t++) {
    await db.query(
      `insert into public.sync_change (tbl, row_id, op, user_id, changed_at)
      select 'rating', g, 'upsert', 1, now() - case when $2::int < $3::int then interval '40 days' else interval '1 day' end
      from generate_series(1, $1::int) g`,
      [rows / transactions, t, transactions / 2],
    );
  }
  let started = performance.now();
  const pruned = Number((await db.query<{ n: string }>('select app.prune_sync_changes()::text as n'))[0]?.n);
  const firstMs = performance.now() - started;
  if (pruned !== rows / 2) throw new Error(`prune bench: pruned ${pruned} of ${rows} rows, expected half`);
  started = performance.now();
  await db.query('select app.prune_sync_changes()');
  const repeatMs = performance.now() - started;
  const pulls = 20;
  started = performance.now();
  for (let i = 0; i < pulls; i++) {
    await db.query(
      `select public.sync_pull('v1:' || (select low_water from public.sync_retention)::text, '{}'::jsonb, 1000)`,
    );
  }
  return { pruned, firstMs, repeatMs, pullMs: (performance.now() - started) / pulls };
}
