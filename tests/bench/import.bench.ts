// Import: a 5,000-row Grouvee-format file parsed and matched against the device's
// catalogue (fake-indexeddb holding the 70,000-game bench catalogue) under 5 s; its writes applied
// into the outbox in batches under 3 s; then pushed through sync_push (PGlite) at ≥ 1,000/s, as the
// sync engine pushes them: PUSH_BATCH_SIZE at a time, each outbox row as push.ts sends it (its edit
// clock, protocol SYNC_PROTOCOL).
// The machine is shared, so each phase also gives its process CPU time, and two peers run in the
// same process: the first writes of the same plan applied one mutate() each (the path every other
// write takes), and the engine's plain push bench (sync-push.bench.ts) on a fresh database.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { PUSH_BATCH_SIZE, SYNC_PROTOCOL } from '../../src/core/constants.ts';
import { bigGrouveeFile } from '../../src/core/import/fixtures.ts';
import { planImport, planMutations, type PlannedMutation } from '../../src/core/import/plan.ts';
import { MutationError } from '../../src/core/mutations.ts';
import type { SearchGame } from '../../src/core/search/types.ts';
import { CheckpointDb, type GameRow } from '../../src/store/db.ts';
import { createImportJob, runImportJob } from '../../src/data/import/apply.ts';
import { readLibrary } from '../../src/data/import/library.ts';
import { createImportReader } from '../../src/data/import/read-file.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { toPushMutation } from '../../src/sync/push.ts';
import type { Db } from '../../supabase/local/db.ts';
import { asActor, createAccount } from '../support/test-db.ts';

const ME = 1;
const NOW = '2026-11-25T12:00:00.000Z';
/** Writes of the plan the per-write peer applies (one mutate() each). */
const PEER_WRITES = 1000;

const toRow = (g: SearchGame): GameRow => ({
  id: g.id,
  igdb_id: g.id,
  name: g.name,
  slug: null,
  first_release_date: g.first_release_date ?? null,
  category: g.category ?? null,
  alternative_names: [...(g.alternative_names ?? [])],
  platforms: [...(g.platforms ?? [])],
  genres: [...(g.genres ?? [])],
  igdb_rating: g.rating ?? null,
  rating_count: g.rating_count ?? null,
});

export interface ImportBench {
  rows: number;
  matched: number;
  choices: number;
  notFound: number;
  mutations: number;
  refused: number;
  parseMatchMs: number;
  parseMatchCpuMs: number;
  applyMs: number;
  applyCpuMs: number;
  /** The first PEER_WRITES writes of the same plan, one mutate() each, on a device like the first. */
  perWriteMs: number;
  perWrites: number;
  pushed: number;
  pushMs: number;
  pushCpuMs: number;
  pushPerSecond: number;
  /** What was pushed, for the same push on another server. */
  serverGames: ServerGame[];
  outbox: ReturnType<typeof toPushMutation>[];
}

/** Wall and process CPU time of `fn`, in ms. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

async function deviceWith(catalogue: readonly GameRow[]): Promise<CheckpointDb> {
  const db = new CheckpointDb(`bench-import-${randomUUID()}`);
  await db.games.bulkPut([...catalogue]);
  return db;
}

/** The per-write peer: the plan's first writes, one mutate() each (refusals skipped, as an import does). */
async function perWrite(db: CheckpointDb, writes: readonly PlannedMutation[]): Promise<void> {
  for (const w of writes) {
    try {
      await mutate(db, w.name, w.args as never, { me: ME, now: NOW });
    } catch (error) {
      if (!(error instanceof MutationError)) throw error;
    }
  }
}

export async function benchImport(catalogue: readonly SearchGame[], server: Db, rows = 5000): Promise<ImportBench> {
  const games = catalogue.map(toRow);
  const db = await deviceWith(games);
  const year = (g: SearchGame) =>
    g.first_release_date ? new Date(g.first_release_date * 1000).getUTCFullYear() : null;
  // Every 14th game of the catalogue: well-known and obscure alike, with their years.
  const picks = catalogue.filter((_, i) => i % Math.max(1, Math.floor(catalogue.length / rows)) === 0).slice(0, rows);
  const bytes = new TextEncoder().encode(
    bigGrouveeFile(
      picks.map((g) => ({ name: g.name, year: year(g) })),
      rows,
    ),
  );

  const read = await timed(async () => {
    const reader = createImportReader(db, bytes, NOW.slice(0, 10), Date.parse(NOW) / 1000, () => undefined);
    return reader.match(null);
  });
  const { parsed, matches } = read.value;
  const found = new Map(matches);
  const kinds = [...found.values()].map((m) => m.kind);
  // The member settles every choice with its best candidate.
  for (const [line, m] of found)
    if (m.kind === 'choice' && m.candidates[0])
      found.set(line, { kind: 'matched', game: m.candidates[0], by: 'choice' });
  const plan = planImport(parsed, found, await readLibrary(db, ME), { now: Date.parse(NOW) });
  const writes = planMutations(plan);

  const apply = await timed(async () => {
    const job = await createImportJob(db, ME, 'bench.csv', writes);
    return runImportJob(db, job, { now: () => NOW });
  });
  if (apply.value.state !== 'done') throw new Error(`import bench: the job ended ${apply.value.state}`);

  // The peer on a device of its own, in the same run.
  const peerDb = await deviceWith(games);
  const peer = await timed(() => perWrite(peerDb, writes.slice(0, PEER_WRITES)));
  peerDb.close();
  await peerDb.delete();

  // The server has the same games; the outbox goes through sync_push as the member, as the engine sends it.
  const used = new Set(
    writes.map((w) => (w.args as { igdb_id?: number }).igdb_id).filter((id): id is number => id !== undefined),
  );
  const serverGames: ServerGame[] = catalogue
    .filter((g) => used.has(g.id))
    .map((g) => ({
      id: g.id,
      name: g.name,
      first_release_date: g.first_release_date ?? null,
      platforms: g.platforms ?? [],
    }));
  const outbox = (await db.outbox.orderBy('seq').toArray()).map(toPushMutation);
  const push = await benchImportPush(server, serverGames, outbox);
  db.close();
  await db.delete();
  return {
    rows: parsed.rows.length,
    matched: kinds.filter((k) => k === 'matched').length,
    choices: kinds.filter((k) => k === 'choice').length,
    notFound: kinds.filter((k) => k === 'none').length,
    mutations: writes.length,
    refused: apply.value.refused,
    parseMatchMs: read.ms,
    parseMatchCpuMs: read.cpuMs,
    applyMs: apply.ms,
    applyCpuMs: apply.cpuMs,
    perWriteMs: peer.ms,
    perWrites: Math.min(PEER_WRITES, writes.length),
    pushed: push.pushed,
    pushMs: push.ms,
    pushCpuMs: push.cpuMs,
    pushPerSecond: push.perSecond,
    serverGames,
    outbox,
  };
}

/** The import's games as the server's catalogue takes them. */
export type ServerGame = { id: number; name: string; first_release_date: number | null; platforms: readonly string[] };

export interface PushFigures {
  pushed: number;
  ms: number;
  /** This process's CPU time: with PGlite, the database's too; with a server, only the client's. */
  cpuMs: number;
  perSecond: number;
}

/**
 * The import's outbox through sync_push on `server`, as the engine sends it (PUSH_BATCH_SIZE at a
 * time, as the member), on a member of its own: the same push on PGlite and on PostgreSQL 15.
 */
export async function benchImportPush(
  server: Db,
  serverGames: readonly ServerGame[],
  outbox: readonly ReturnType<typeof toPushMutation>[],
): Promise<PushFigures> {
  for (let i = 0; i < serverGames.length; i += 1000)
    await server.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(serverGames.slice(i, i + 1000))]);
  const member = await createAccount(server, `bench_import_${Date.now()}`);
  const clientId = randomUUID();
  const push = await timed(async () => {
    for (let i = 0; i < outbox.length; i += PUSH_BATCH_SIZE) {
      const batch = outbox.slice(i, i + PUSH_BATCH_SIZE);
      const results = await asActor(
        server,
        member,
        async (q) =>
          (
            await q.query<{ r: { results: Array<{ status: string; message?: string }> } }>(
              'select public.sync_push($1::uuid, $2::jsonb, $3::integer) as r',
              [clientId, JSON.stringify(batch), SYNC_PROTOCOL],
            )
          )[0]?.r.results ?? [],
      );
      const bad = results.find((r) => r.status !== 'ok');
      if (bad || results.length !== batch.length)
        throw new Error(`import bench sync_push: ${bad?.message ?? 'missing results'}`);
    }
  });
  return { pushed: outbox.length, ms: push.ms, cpuMs: push.cpuMs, perSecond: (outbox.length / push.ms) * 1000 };
}
