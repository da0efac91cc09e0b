// Issue 18 §2, import: a 5,000-row Grouvee-format file parsed and matched against the device's
// catalogue (fake-indexeddb holding the 70,000-game bench catalogue) under 5 s; its writes applied
// into the outbox in batches under 3 s; then pushed through sync_push (PGlite) at ≥ 1,000/s.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { bigGrouveeFile } from '../../src/core/import/fixtures.ts';
import { planImport, planMutations } from '../../src/core/import/plan.ts';
import type { SearchGame } from '../../src/core/search/types.ts';
import { CheckpointDb, type GameRow } from '../../src/store/db.ts';
import { createImportJob, runImportJob } from '../../src/data/import/apply.ts';
import { readLibrary } from '../../src/data/import/library.ts';
import { createImportReader } from '../../src/data/import/read-file.ts';
import type { Db } from '../../supabase/local/db.ts';
import { asActor, createAccount } from '../support/test-db.ts';

const ME = 1;
const NOW = '2026-11-25T12:00:00.000Z';

const toRow = (g: SearchGame): GameRow => ({
  id: g.id, igdb_id: g.id, name: g.name, slug: null, first_release_date: g.first_release_date ?? null, category: g.category ?? null,
  alternative_names: [...(g.alternative_names ?? [])], platforms: [...(g.platforms ?? [])], genres: [...(g.genres ?? [])],
  igdb_rating: g.rating ?? null, rating_count: g.rating_count ?? null,
});

export interface ImportBench {
  parseMatchMs: number; rows: number; matched: number; choices: number; notFound: number;
  applyMs: number; mutations: number; pushPerSecond: number; pushMs: number;
}

export async function benchImport(catalogue: readonly SearchGame[], server: Db, rows = 5000): Promise<ImportBench> {
  const db = new CheckpointDb(`bench-import-${randomUUID()}`);
  await db.games.bulkPut(catalogue.map(toRow));
  const year = (g: SearchGame) => (g.first_release_date ? new Date(g.first_release_date * 1000).getUTCFullYear() : null);
  // Every 14th game of the catalogue: well-known and obscure alike, with their years.
  const picks = catalogue.filter((_, i) => i % Math.max(1, Math.floor(catalogue.length / rows)) === 0).slice(0, rows);
  const bytes = new TextEncoder().encode(bigGrouveeFile(picks.map((g) => ({ name: g.name, year: year(g) })), rows));

  let t = performance.now();
  const reader = createImportReader(db, bytes, NOW.slice(0, 10), Date.parse(NOW) / 1000, () => undefined);
  const { parsed, matches } = await reader.match(null);
  const parseMatchMs = performance.now() - t;
  const found = new Map(matches);
  const kinds = [...found.values()].map((m) => m.kind);
  // The member settles every choice with its best candidate.
  for (const [line, m] of found) if (m.kind === 'choice' && m.candidates[0]) found.set(line, { kind: 'matched', game: m.candidates[0], by: 'choice' });
  const plan = planImport(parsed, found, await readLibrary(db, ME), { now: Date.parse(NOW) });
  const writes = planMutations(plan);

  t = performance.now();
  const job = await createImportJob(db, ME, 'bench.csv', writes);
  const end = await runImportJob(db, job, { now: () => NOW });
  const applyMs = performance.now() - t;
  if (end.state !== 'done') throw new Error(`import bench: the job ended ${end.state}`);

  // The server has the same games; the outbox goes through sync_push as the member, 100 at a time.
  const used = new Set(writes.map((w) => (w.args as { igdb_id?: number }).igdb_id).filter((id): id is number => id !== undefined));
  const games = catalogue.filter((g) => used.has(g.id)).map((g) => ({ id: g.id, name: g.name, first_release_date: g.first_release_date ?? null, platforms: g.platforms ?? [] }));
  for (let i = 0; i < games.length; i += 1000) await server.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(games.slice(i, i + 1000))]);
  const member = await createAccount(server, `bench_import_${Date.now()}`);
  const outbox = await db.outbox.orderBy('seq').toArray();
  const clientId = randomUUID();
  t = performance.now();
  for (let i = 0; i < outbox.length; i += 100) {
    const batch = outbox.slice(i, i + 100).map((o) => ({ id: o.id, name: o.name, args: o.args }));
    const results = await asActor(server, member, async (q) =>
      (await q.query<{ r: { results: Array<{ status: string; message?: string }> } }>('select public.sync_push($1::uuid, $2::jsonb) as r', [clientId, JSON.stringify(batch)]))[0]?.r.results ?? []);
    const bad = results.find((r) => r.status !== 'ok');
    if (bad || results.length !== batch.length) throw new Error(`import bench sync_push: ${bad?.message ?? 'missing results'}`);
  }
  const pushMs = performance.now() - t;
  db.close();
  await db.delete();
  return {
    parseMatchMs, rows: parsed.rows.length, matched: kinds.filter((k) => k === 'matched').length, choices: kinds.filter((k) => k === 'choice').length,
    notFound: kinds.filter((k) => k === 'none').length, applyMs, mutations: writes.length, pushPerSecond: (outbox.length / pushMs) * 1000, pushMs,
  };
}
