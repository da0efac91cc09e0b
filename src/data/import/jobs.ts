// What the import screens call: the member's library for the preview, and the jobs
// on this device's database (apply.ts) started, run, paused and resumed. Only one run of a job at
// a time in this page: a second call for a job already running joins the first. A run holds a Web
// Lock named after its job while it goes, so another tab can see it (each batch is one transaction
// that moves the job on, so two runs could not apply a write twice; the lock keeps them from
// racing and from both telling the member).
import { liveQuery } from 'dexie';
import type { Library, PlannedMutation } from '../../core/import/plan.ts';
import { localDb } from '../backend.ts';
import type { CheckpointDb, ImportJobRow } from '../../store/db.ts';
import {
  createImportJob,
  discardImportJob,
  readImportJob,
  resumeImportJob,
  runImportJob,
  unfinishedImports,
  type ImportProgress,
} from './apply.ts';
import { readLibrary } from './library.ts';

/** What became of a job's writes on the server, as far as this page has heard. */
export interface ImportSyncState {
  /** Queued and not answered yet (offline, or the push is on its way). */
  readonly pending: number;
  /** Answered ok by the server: saved. */
  readonly saved: number;
  /** Refused, by this device's rules while applying or by the server, each named with why. */
  readonly refused: ReadonlyArray<{ readonly label: string; readonly message: string }>;
}

/**
 * Follows a job's writes to the server: how many still wait in the outbox, how many the server
 * accepted, and which were refused (by the device while applying, or by the server: the device's
 * record of refusals, db.refused, which the push writes wherever it runs, this page, another tab or
 * the service worker, in the transaction that takes the row out of the outbox). A live query, so a
 * push in any of them is heard.
 */
export function watchImportSync(
  jobId: string,
  onChange: (state: ImportSyncState) => void,
  db: CheckpointDb = localDb(),
): () => void {
  // The refusals read, kept while watching: one the table's bound drops later is still refused.
  const byServer = new Map<string, string>();
  const read = async (): Promise<ImportSyncState | null> => {
    const job = await readImportJob(db, jobId);
    if (!job) return null;
    const refusedHere = new Map(job.refused.map((r) => [r.index, r.message]));
    const name = (i: number) => job.mutations[i]?.label ?? job.mutations[i]?.name ?? `Change ${i + 1}`;
    const queued = job.mutations.flatMap((m, i) =>
      i < job.done && !refusedHere.has(i) && m.id ? [{ i, id: m.id }] : [],
    );
    const ids = queued.map((q) => q.id);
    const [waiting, refusals] = await Promise.all([
      db.outbox.where('id').anyOf(ids).count(),
      db.refused.where('id').anyOf(ids).toArray(),
    ]);
    for (const r of refusals) byServer.set(r.id, r.message);
    const refusedThere = queued.filter((q) => byServer.has(q.id));
    return {
      pending: waiting,
      saved: queued.length - waiting - refusedThere.length,
      refused: [
        ...[...refusedHere].map(([i, message]) => ({ label: name(i), message })),
        ...refusedThere.map((q) => ({ label: name(q.i), message: byServer.get(q.id) ?? '' })),
      ],
    };
  };
  const subscription = liveQuery(read).subscribe({
    next: (state) => {
      if (state) onChange(state);
    },
    // A failed read leaves the numbers last shown; the next change to what it reads reads again.
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

export type { ImportProgress };

export const loadLibrary = (me: number): Promise<Library> => readLibrary(localDb(), me);
export const startImportJob = (
  me: number,
  fileName: string,
  mutations: readonly PlannedMutation[],
  labels: readonly string[] = [],
): Promise<string> => createImportJob(localDb(), me, fileName, mutations, new Date(), labels);
export const memberImports = (me: number): Promise<ImportJobRow[]> => unfinishedImports(localDb(), me);
export const discardImport = (jobId: string): Promise<void> => discardImportJob(localDb(), jobId);
export const importJob = (jobId: string): Promise<ImportJobRow | undefined> => readImportJob(localDb(), jobId);

interface Run {
  readonly promise: Promise<ImportProgress>;
  readonly controller: AbortController;
  readonly listeners: Set<(p: ImportProgress) => void>;
}
const runs = new Map<string, Run>();

/** Runs (or joins the run of) a job until it is done or paused; `onProgress` hears every batch. */
export function runImport(jobId: string, onProgress: (p: ImportProgress) => void): Promise<ImportProgress> {
  const running = runs.get(jobId);
  if (running) {
    running.listeners.add(onProgress);
    return running.promise;
  }
  const controller = new AbortController();
  const listeners = new Set([onProgress]);
  const run = () =>
    runImportJob(localDb(), jobId, { signal: controller.signal, onProgress: (p) => listeners.forEach((l) => l(p)) });
  const locks = webLocks();
  const promise = (locks ? holding(locks, lockName(jobId), run) : run()).finally(() => runs.delete(jobId));
  runs.set(jobId, { promise, controller, listeners });
  return promise;
}

/** Stops a running job after its current batch (it is paused: Resume goes on from there). */
export function pauseImport(jobId: string): void {
  runs.get(jobId)?.controller.abort();
}

/** Sets a paused job running and runs it. */
export async function resumeImport(jobId: string, onProgress: (p: ImportProgress) => void): Promise<ImportProgress> {
  await resumeImportJob(localDb(), jobId);
  return runImport(jobId, onProgress);
}

/** True when this page or another tab of this origin is running the job now. */
export async function isImportRunningAnywhere(jobId: string): Promise<boolean> {
  if (runs.has(jobId)) return true;
  const held = (await webLocks()?.query())?.held ?? [];
  return held.some((lock) => lock.name === lockName(jobId));
}

const lockName = (jobId: string) => `checkpoint.import.${jobId}`;
/** The browser's Web Locks (absent in Node and in a page that is not a secure context). */
const webLocks = (): LockManager | undefined => (globalThis.navigator as Navigator | undefined)?.locks;

/** Runs `work` holding the named lock, which is let go when `work` settles. */
function holding<T>(locks: LockManager, name: string, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    locks.request(name, () => work().then(resolve, reject)).catch(reject);
  });
}
