// Applying a confirmed import: the plan's writes are stored as a job (`imports`, its
// writes, written once; `importProgress`, how far it got), then applied batch by batch. Each batch
// is one transaction over the mirrors, the outbox and the job's progress: every write is applied
// locally and queued exactly as mutate() does, and the job's `done` moves on in the same commit.
// A closed tab leaves the job at a batch boundary; the next visit goes on from there
// (resume-imports.ts), and nothing is applied or queued twice. The sync engine pushes the outbox
// as it does every write, so an import works offline and reaches the server once.
// A batch is applied by the ordinary local applies over a stage (stage.ts): the rows it names are
// read up front, the applies run in memory, and what they wrote is put at once — the same rows,
// shadows and outbox rows (with their clocks, in order) as one mutate() per write would leave.
import { Dexie } from 'dexie';
import { compareMoments } from '../../core/dates.ts';
import { IMPORT_BATCH_SIZE } from '../../core/import/constants.ts';
import type { PlannedMutation } from '../../core/import/plan.ts';
import { isMutationName, MutationError, parseMutation, type MutationName } from '../../core/mutations.ts';
import { randomUuid, randomUuids } from '../../core/random-uuid.ts';
import type { CheckpointDb, ImportJobRow, ImportProgressRow, ImportWritesRow } from '../../store/db.ts';
import { emitLocalWrite } from '../../store/events.ts';
import { applyThrough } from '../../store/mutators/registry.ts';
import { APPLY_TABLES } from '../../store/mutators/scope.ts';
import { enqueueAll, QUEUE_TABLES } from '../../sync/mutate.ts';
import { watchTempIds } from '../../store/overlay.ts';
import { ImportStage } from './stage.ts';

export interface ImportProgress {
  readonly done: number;
  readonly total: number;
  readonly refused: number;
  readonly state: ImportJobRow['state'];
}

const progressOf = (job: ImportJobRow): ImportProgress => ({
  done: job.done,
  total: job.mutations.length,
  refused: job.refused.length,
  state: job.state,
});
const JOB_TABLES = ['imports', 'importProgress'] as const;
const GONE = 'This import is no longer on the device.';

/**
 * A job's writes never change once stored, so a page keeps them after their first read: a batch
 * then reads only the job's progress (a few numbers), not the whole plan again.
 */
const writesCache = new WeakMap<CheckpointDb, Map<string, ImportWritesRow>>();

async function writesOf(db: CheckpointDb, jobId: string): Promise<ImportWritesRow | undefined> {
  let byJob = writesCache.get(db);
  if (!byJob) {
    byJob = new Map();
    writesCache.set(db, byJob);
  }
  const kept = byJob.get(jobId);
  if (kept) return kept;
  const stored = await db.imports.get(jobId);
  if (stored) byJob.set(jobId, stored);
  return stored;
}

const forget = (db: CheckpointDb, jobId: string) => writesCache.get(db)?.delete(jobId);

/** Stores a confirmed plan as a running job; returns its id. Nothing is applied yet. */
export async function createImportJob(
  db: CheckpointDb,
  me: number,
  fileName: string,
  mutations: readonly PlannedMutation[],
  now = new Date(),
  labels: readonly string[] = [],
): Promise<string> {
  const id = randomUuid();
  // Each write's mutation id is chosen now and stored with it, so the done screen can tell which of
  // the job's writes the server has answered, and how.
  const ids = randomUuids(mutations.length);
  await db.transaction('rw', JOB_TABLES, async () => {
    await db.imports.add({
      id,
      member_id: me,
      file_name: fileName,
      created_at: now.toISOString(),
      mutations: mutations.map((mu, i) => ({
        name: mu.name,
        args: mu.args,
        id: ids[i] ?? randomUuid(),
        ...(labels[i] ? { label: labels[i] } : {}),
      })),
    });
    await db.importProgress.add({ id, done: 0, state: mutations.length === 0 ? 'done' : 'running', refused: [] });
  });
  return id;
}

/** The job as the screens read it (its writes and its progress), or undefined when it is gone. */
export async function readImportJob(db: CheckpointDb, jobId: string): Promise<ImportJobRow | undefined> {
  return db.transaction('r', JOB_TABLES, async () => {
    const [progress, writes] = await Promise.all([db.importProgress.get(jobId), writesOf(db, jobId)]);
    return progress && writes ? { ...writes, ...progress } : undefined;
  });
}

/**
 * Applies the job's next batch (one transaction); returns the progress after it. A write the
 * device refuses (a rule the file breaks that the preview could not know) is skipped, counted and
 * named in the job, never queued: the rest of the batch goes on.
 */
export async function applyImportBatch(
  db: CheckpointDb,
  jobId: string,
  now: () => string = () => new Date().toISOString(),
  size = IMPORT_BATCH_SIZE,
): Promise<ImportProgress> {
  const progress = await db.transaction('rw', [...APPLY_TABLES, ...QUEUE_TABLES, ...JOB_TABLES], async () => {
    const [current, job] = await Promise.all([db.importProgress.get(jobId), writesOf(db, jobId)]);
    if (!current || !job) throw new Error(GONE);
    const total = job.mutations.length;
    if (current.state !== 'running')
      return { done: current.done, total, refused: current.refused.length, state: current.state };
    const end = Math.min(current.done + size, total);
    const refused = [...current.refused];
    const ctx = { me: job.member_id, now: now() };
    const writes: Array<{ index: number; name: MutationName; args: unknown }> = [];
    for (let i = current.done; i < end; i++) {
      const planned = job.mutations[i];
      if (!planned) continue;
      try {
        if (!isMutationName(planned.name))
          throw new MutationError('unknown_mutation', `Unknown write "${planned.name}"`);
        writes.push({ index: i, name: planned.name, args: parseMutation(planned.name, planned.args) });
      } catch (error) {
        if (!(error instanceof MutationError)) throw error;
        refused.push({ index: i, message: error.message });
      }
    }
    const stage = new ImportStage(db);
    // Awaited as a Dexie promise: whatever the reads inside did, this goes on in the transaction's zone.
    await Dexie.Promise.resolve(prefetch(stage, ctx.me, writes));
    const queued: Array<{ id: string; name: string; args: unknown }> = [];
    const ids = randomUuids(writes.length);
    // The stage reads and writes through this transaction itself, so the applies run outside
    // Dexie's zone; waitFor keeps the transaction open meanwhile and comes back into the zone.
    await Dexie.waitFor(async () => {
      const stopWatching = watchTempIds(stage.mint);
      try {
        for (const write of writes) {
          stage.begin();
          try {
            // Check everything, then write: a refusal leaves no trace (mutators/CONTEXT.md, rule 2).
            await applyThrough(stage.db, write.name, write.args as never, ctx);
            stage.commit();
            const id = job.mutations[write.index]?.id ?? ids[queued.length] ?? randomUuid();
            queued.push({ id, name: write.name, args: write.args });
          } catch (error) {
            stage.rollback();
            if (!(error instanceof MutationError)) throw error;
            refused.push({ index: write.index, message: error.message });
          }
        }
      } finally {
        stopWatching();
      }
    });
    // Never write outside the batch's transaction.
    if (!stage.inZone()) throw new Error('The import lost its transaction.');
    await stage.flush();
    await enqueueAll(db, queued, ctx.now);
    refused.sort((a, b) => a.index - b.index);
    const state: ImportJobRow['state'] = end >= total ? 'done' : 'running';
    await db.importProgress.put({ id: jobId, done: end, state, refused });
    return { done: end, total, refused: refused.length, state };
  });
  if (progress.state === 'done') forget(db, jobId);
  // Only after the commit (as mutate() does): the pusher must never see a write that could roll back.
  emitLocalWrite();
  return progress;
}

const igdbOf = (args: unknown): number | null => {
  const id = (args as { igdb_id?: unknown }).igdb_id;
  return typeof id === 'number' ? id : null;
};

/** The member's own tables each kind of write reads, by game (mutators/*: own-rows.ts). */
const OWN_TABLES: Readonly<Record<string, readonly OwnTable[]>> = {
  'progress.set': ['progress', 'wishlist', 'collection'],
  'wishlist.set': ['progress', 'wishlist', 'collection'],
  'collection.set': ['progress', 'wishlist', 'collection'],
  'collection.move': ['progress', 'wishlist', 'collection'],
  'review.create': ['reviews'],
  'review.update': ['reviews'],
  'top5.replace': ['reviews'],
};
type OwnTable = 'reviews' | 'progress' | 'wishlist' | 'collection';

/**
 * Reads, all at once, what the batch's writes will ask for: their games, the member's own rows of
 * those games that each kind of write reads, the journal keys they use, and the shadows of those
 * rows. Anything else an apply reads (Top 5, follows, platforms, a new game's slug) is read when
 * asked: this only saves requests, it decides nothing.
 */
async function prefetch(
  stage: ImportStage,
  me: number,
  writes: ReadonlyArray<{ name: string; args: unknown }>,
): Promise<void> {
  const games = new Set<number>();
  const own = new Map<OwnTable, Set<number>>();
  const keys = new Set<string>();
  for (const { name, args } of writes) {
    const ids =
      name === 'top5.replace'
        ? (args as { games: Array<{ igdb_id: number }> }).games.map((g) => g.igdb_id)
        : [igdbOf(args)];
    for (const id of ids) {
      if (id === null) continue;
      games.add(id);
      for (const table of OWN_TABLES[name] ?? []) {
        let set = own.get(table);
        if (!set) {
          set = new Set();
          own.set(table, set);
        }
        set.add(id);
      }
    }
    if (name === 'journal.add') keys.add((args as { key: string }).key);
  }
  await Promise.all([
    stage.table('games').prefetch('igdb_id', [...games]),
    ...[...own].map(([table, ids]) =>
      stage.table(table).prefetch(
        '[user_id+igdb_id]',
        [...ids].map((id) => [me, id]),
        true,
      ),
    ),
    stage.table('journal').prefetch('client_key', [...keys]),
  ]);
  await stage.prefetchShadows([...own.keys()]);
}

export interface RunOptions {
  readonly onProgress?: (progress: ImportProgress) => void;
  /** Checked between batches: the member cancelled (the job is paused, to resume later). */
  readonly signal?: AbortSignal;
  readonly now?: () => string;
  readonly batchSize?: number;
}

/** Applies batches until the job is done, paused, or `signal` aborts (then it is paused). */
export async function runImportJob(db: CheckpointDb, jobId: string, options: RunOptions = {}): Promise<ImportProgress> {
  const job = await readImportJob(db, jobId);
  if (!job) throw new Error(GONE);
  let progress = progressOf(job);
  options.onProgress?.(progress);
  while (progress.state === 'running') {
    if (options.signal?.aborted) {
      await setState(db, jobId, 'running', 'paused');
      progress = { ...progress, state: 'paused' };
      break;
    }
    progress = await applyImportBatch(db, jobId, options.now, options.batchSize);
    options.onProgress?.(progress);
    // Let the page paint and take input between batches.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return progress;
}

async function setState(
  db: CheckpointDb,
  jobId: string,
  from: ImportProgressRow['state'],
  to: ImportProgressRow['state'],
): Promise<void> {
  await db.importProgress
    .where('id')
    .equals(jobId)
    .modify((p) => {
      if (p.state === from) p.state = to;
    });
}

/** Sets a paused job running again (the member chose Resume). */
export async function resumeImportJob(db: CheckpointDb, jobId: string): Promise<void> {
  await setState(db, jobId, 'paused', 'running');
}

/** Drops a paused job: what it applied stays, the rest is never applied. */
export async function discardImportJob(db: CheckpointDb, jobId: string): Promise<void> {
  await db.transaction('rw', JOB_TABLES, async () => {
    await db.imports.delete(jobId);
    await db.importProgress.delete(jobId);
  });
  forget(db, jobId);
}

/** The member's unfinished imports (running or paused), oldest first. */
export async function unfinishedImports(db: CheckpointDb, me: number): Promise<ImportJobRow[]> {
  return db.transaction('r', JOB_TABLES, async () => {
    const ids = (await db.imports.where('member_id').equals(me).primaryKeys()) as string[];
    const progress = await db.importProgress.bulkGet(ids);
    const open = ids.filter((_, i) => progress[i] !== undefined && progress[i]?.state !== 'done');
    const jobs = await Promise.all(open.map((id) => readImportJob(db, id)));
    return jobs
      .filter((j): j is ImportJobRow => j !== undefined)
      .sort((a, b) => compareMoments(a.created_at, b.created_at));
  });
}
