// The client side of sync (issue 3): pushing 1,000 queued mutations from IndexedDB to the gateway,
// and pulling 10,000 changed rows into IndexedDB (fake-indexeddb), through supabase-js over HTTP.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { CheckpointDb } from '../../src/store/db.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { createSupabaseRemote } from '../../src/data/remote.ts';
import { pullChanges } from '../../src/sync/pull.ts';
import { pushOutbox } from '../../src/sync/push.ts';
import { adoptMember } from '../../src/sync/state.ts';
import { signUpMember, startTestGateway } from '../support/gateway.ts';

export async function benchSyncEngine(): Promise<{ pushPerSecond: number; pushMs: number; pullMs: number; pulledRows: number }> {
  const gw = await startTestGateway();
  try {
    const games = Array.from({ length: 1000 }, (_, i) => ({ id: 800_000 + i, name: `Bench Game ${i}`, platforms: ['PC (Microsoft Windows)'] }));
    await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(games)]);
    const member = await signUpMember(gw, `bench_${Date.now() % 100_000}`);
    const remote = createSupabaseRemote(member.client);

    // Push: 1,000 writes queued offline (reviews, wishlist, collection, progress), then one push.
    const db = new CheckpointDb(`bench-push-${randomUUID()}`);
    await adoptMember(db, member.id);
    await db.games.bulkPut(games.map((g, i) => ({ id: i + 1, igdb_id: g.id, name: g.name, slug: `bench-game-${i}` })));
    const now = new Date().toISOString();
    for (const [i, g] of games.entries()) {
      const kind = i % 4;
      if (kind === 0) await mutate(db, 'review.create', { igdb_id: g.id, rating: 1 + (i % 19) / 2, review: `Review ${i}` }, { me: member.id, now });
      else if (kind === 1) await mutate(db, 'wishlist.set', { igdb_id: g.id, in: true }, { me: member.id, now });
      else if (kind === 2) await mutate(db, 'collection.set', { igdb_id: g.id, in: true }, { me: member.id, now });
      else await mutate(db, 'progress.set', { igdb_id: g.id, completed: true }, { me: member.id, now });
    }
    let start = performance.now();
    const pushed = await pushOutbox(db, remote);
    const pushMs = performance.now() - start;
    if (pushed.accepted !== 1000 || (await db.outbox.count()) !== 0) throw new Error(`push bench: ${JSON.stringify(pushed)}`);

    // Pull: a device with a cursor, then 10,000 comments on one review arrive as changes.
    const reader = new CheckpointDb(`bench-pull-${randomUUID()}`);
    await adoptMember(reader, member.id);
    await pullChanges(reader, remote);
    const review = (await gw.db.query<{ id: number }>('select id from public.rating where user_id = $1 limit 1', [member.id]))[0];
    for (let i = 0; i < 10_000; i += 500) {
      const batch = Array.from({ length: 500 }, (_, k) => ({ id: randomUUID(), name: 'comment.add', args: { key: randomUUID(), rating_id: review?.id, content: `Comment ${i + k}` } }));
      const { error } = await member.client.rpc('sync_push', { p_client_id: randomUUID(), p_mutations: batch });
      if (error) throw error;
    }
    start = performance.now();
    const pulled = await pullChanges(reader, remote);
    const pullMs = performance.now() - start;
    if ((await reader.comments.count()) !== 10_000) throw new Error(`pull bench: ${await reader.comments.count()} comments stored`);
    await db.delete();
    await reader.delete();
    return { pushPerSecond: (1000 / pushMs) * 1000, pushMs, pullMs, pulledRows: pulled.changes };
  } finally {
    await gw.close();
  }
}
