// Applying a confirmed import (issue 18 §2): the plan's writes are stored as a job in `imports`,
// then applied batch by batch. Each batch is one transaction over the mirrors, the outbox and the
// job: every write is applied locally and queued exactly as mutate() does, and the job's `done`
// moves on in the same commit. A closed tab leaves the job at a batch boundary; the next visit goes
// on from there (resumeImports), and nothing is applied or queued twice. The sync engine pushes the
// outbox as it does every write, so an import works offline and reaches the server once.
import { IMPORT_BATCH_SIZE } from '../../core/import/constants.ts';
import type { PlannedMutation } from '../../core/import/plan.ts';
import { isMutationName, MutationError, parseMutation } from '../../core/mutations.ts';
import type { CheckpointDb, ImportJobRow } from '../../store/db.ts';
import { emitLocalWrite } from '../../store/events.ts';
import { applyLocal } from '../../store/mutators/registry.ts';
import { APPLY_TABLES } from '../../store/mutators/scope.ts';
import { enqueue, QUEUE_TABLES } from '../../sync/mutate.ts';
import { randomUuid } from '../../core/random-uuid.ts';

export interface ImportProgress { readonly done: number; readonly total: number; readonly refused: number; readonly state: ImportJobRow['state'] }

const progressOf = (job: ImportJobRow): ImportProgress => ({ done: job.done, total: job.mutations.length, refused: job.refused.length, state: job.state });

/** Stores a confirmed plan as a running job; returns its id. Nothing is applied yet. */
export async function createImportJob(db: CheckpointDb, me: number, fileName: string, mutations: readonly PlannedMutation[], now = new Date()): Promise<string> {
  const id = randomUuid();
  await db.imports.add({
    id, member_id: me, file_name: fileName, created_at: now.toISOString(), done: 0,
    state: mutations.length === 0 ? 'done' : 'running', refused: [],
    mutations: mutations.map((mu) => ({ name: mu.name, args: mu.args })),
  });
  return id;
}

/**
 * Applies the job's next batch (one transaction); returns the progress after it. A write the
 * device refuses (a rule the file breaks that the preview could not know) is skipped, counted and
 * named in the job, never queued: the rest of the batch goes on.
 */
export async function applyImportBatch(db: CheckpointDb, jobId: string, now: () => string = () => new Date().toISOString(), size = IMPORT_BATCH_SIZE): Promise<ImportProgress> {
  const progress = await db.transaction('rw', [...APPLY_TABLES, ...QUEUE_TABLES, 'imports'], async () => {
    const job = await db.imports.get(jobId);
    if (!job) throw new Error('This import is no longer on the device.');
    if (job.state !== 'running') return progressOf(job);
    const end = Math.min(job.done + size, job.mutations.length);
    const refused = [...job.refused];
    const ctx = { me: job.member_id, now: now() };
    for (let i = job.done; i < end; i++) {
      const planned = job.mutations[i];
      if (!planned) continue;
      try {
        if (!isMutationName(planned.name)) throw new MutationError('unknown_mutation', `Unknown write "${planned.name}"`);
        const args = parseMutation(planned.name, planned.args);
        // Check everything, then write: a refusal leaves no trace (store/mutators/CONTEXT.md, rule 2).
        await applyLocal(db, planned.name, args, ctx);
        await enqueue(db, randomUuid(), planned.name, args, ctx.now);
      } catch (error) {
        if (!(error instanceof MutationError)) throw error;
        refused.push({ index: i, message: error.message });
      }
    }
    const state: ImportJobRow['state'] = end >= job.mutations.length ? 'done' : 'running';
    await db.imports.update(jobId, { done: end, state, refused });
    return { done: end, total: job.mutations.length, refused: refused.length, state };
  });
  // Only after the commit (as mutate() does): the pusher must never see a write that could roll back.
  emitLocalWrite();
  return progress;
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
  let progress = progressOf(await mustGet(db, jobId));
  options.onProgress?.(progress);
  while (progress.state === 'running') {
    if (options.signal?.aborted) {
      await db.imports.update(jobId, { state: 'paused' });
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

async function mustGet(db: CheckpointDb, jobId: string): Promise<ImportJobRow> {
  const job = await db.imports.get(jobId);
  if (!job) throw new Error('This import is no longer on the device.');
  return job;
}

/** Sets a paused job running again (the member chose Resume). */
export async function resumeImportJob(db: CheckpointDb, jobId: string): Promise<void> {
  await db.imports.where('id').equals(jobId).modify((job) => { if (job.state === 'paused') job.state = 'running'; });
}

/** Drops a paused job: what it applied stays, the rest is never applied. */
export async function discardImportJob(db: CheckpointDb, jobId: string): Promise<void> {
  await db.imports.delete(jobId);
}

/** The member's unfinished imports (running or paused), oldest first. */
export async function unfinishedImports(db: CheckpointDb, me: number): Promise<ImportJobRow[]> {
  const jobs = await db.imports.where('member_id').equals(me).toArray();
  return jobs.filter((j) => j.state !== 'done').sort((a, b) => a.created_at.localeCompare(b.created_at));
}
