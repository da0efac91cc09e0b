// sync_push throughput: 1,000 realistic mutations in batches, on PGlite, as one member.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../supabase/local/db.ts';
import { asActor, createAccount } from '../support/test-db.ts';

export async function benchSyncPush(db: Db, total = 1000, batchSize = 100): Promise<{ perSecond: number; ms: number }> {
  const games = Array.from({ length: total }, (_, i) => ({
    id: 900_000 + i,
    name: `Bench Game ${i}`,
    platforms: ['PC (Microsoft Windows)'],
  }));
  await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(games)]);
  const member = await createAccount(db, `bench_${Date.now()}`);
  const kinds = ['review.create', 'wishlist.set', 'collection.set', 'progress.set'] as const;
  const mutations = games.map((g, i) => {
    const name = kinds[i % kinds.length] ?? 'review.create';
    const args =
      name === 'review.create'
        ? { igdb_id: g.id, rating: 1 + (i % 19) / 2, review: `Review ${i}`, platform: 'PC' }
        : name === 'progress.set'
          ? { igdb_id: g.id, completed: true }
          : { igdb_id: g.id, in: true };
    return { id: randomUUID(), name, args };
  });
  const clientId = randomUUID();
  const started = performance.now();
  for (let i = 0; i < mutations.length; i += batchSize) {
    const batch = mutations.slice(i, i + batchSize);
    const results = await asActor(
      db,
      member,
      async (q) =>
        (
          await q.query<{ r: { results: Array<{ status: string; message?: string }> } }>(
            'select public.sync_push($1::uuid, $2::jsonb) as r',
            [clientId, JSON.stringify(batch)],
          )
        )[0]?.r.results ?? [],
    );
    const bad = results.find((r) => r.status !== 'ok');
    if (bad || results.length !== batch.length)
      throw new Error(`sync_push bench: ${bad?.message ?? 'missing results'}`);
  }
  const ms = performance.now() - started;
  return { perSecond: (total / ms) * 1000, ms };
}
