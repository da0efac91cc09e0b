// Password hashing as GoTrue does it: bcrypt, cost 10, `$2a$` hashes (Go's bcrypt writes those;
// bcryptjs would write `$2b$`), minimum length 6 (GoTrue's default). The work runs in a small pool
// of worker threads (password-worker.mjs), so sign-ins queue there while the gateway's own thread
// keeps answering; 'inline' keeps it on that thread, for the load bench's comparison only.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import bcrypt from 'bcryptjs';
import { weakPassword } from './errors.ts';

const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;
/**
 * Compared against when the account does not exist, so a wrong email costs as long as a wrong
 * password and response time does not reveal which accounts exist. A cost-10 hash of a random
 * string nobody kept.
 */
const DUMMY_HASH = '$2a$10$s8OgmfsaPUV621CdqcLziOevGBnIA9Lyav4BQj3zeJ0NXHCQSjsKi';

/** 'workers' (the default): a pool of worker threads; 'inline': on the gateway's thread. */
export type PasswordHashing = 'workers' | 'inline';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a null hash (no account, or no password), after the same work as a real compare. */
  matches(password: string, hash: string | null): Promise<boolean>;
  /** Stops the workers; later calls fail. */
  close(): Promise<void>;
}

export function checkPasswordStrength(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw weakPassword();
}

const salt = () => bcrypt.genSaltSync(BCRYPT_COST).replace(/^\$2b\$/, '$2a$');

/** One worker per spare core, at least one, at most two: the database and the HTTP thread need the rest. */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

export function createPasswordHasher(mode: PasswordHashing = 'workers', size = defaultPoolSize()): PasswordHasher {
  if (mode === 'inline') {
    return {
      hash: (password) => bcrypt.hash(password, salt()),
      matches: (password, hash) => bcrypt.compare(password, hash ?? DUMMY_HASH).then((ok) => ok && hash !== null),
      close: async () => undefined,
    };
  }
  const pool = new WorkerPool(Math.max(1, size));
  return {
    hash: async (password) => String(await pool.run({ op: 'hash', password, salt: salt() })),
    matches: async (password, hash) =>
      (await pool.run({ op: 'compare', password, hash: hash ?? DUMMY_HASH })) === true && hash !== null,
    close: () => pool.close(),
  };
}

type Task = { op: 'hash'; password: string; salt: string } | { op: 'compare'; password: string; hash: string };
type Reply = { id: number; result?: unknown; error?: string };

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

/** Workers started on first use (a gateway that signs nobody in starts none); each task goes to the least busy. */
class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly size: number) {}

  run(task: Task): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('Password hashing has been closed'));
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      // Held by its tasks: a waiting sign-in keeps the process alive, an idle worker does not.
      if (slot.pending.size === 1) slot.worker.ref();
      slot.worker.postMessage({ id, ...task });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
    for (const slot of slots) this.fail(slot, new Error('Password hashing has been closed'));
  }

  private pick(): Slot {
    if (this.slots.length < this.size) {
      const idle = this.slots.find((s) => s.pending.size === 0);
      return idle ?? this.start();
    }
    return this.slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
  }

  private start(): Slot {
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', ({ id, result, error }: Reply) => {
      const call = slot.pending.get(id);
      slot.pending.delete(id);
      if (slot.pending.size === 0) worker.unref();
      if (error !== undefined) call?.reject(new Error(error));
      else call?.resolve(result);
    });
    const gone = (error: Error) => {
      // A worker that died is replaced by the next task; its own tasks fail.
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      this.fail(slot, error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`password worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private fail(slot: Slot, error: Error): void {
    for (const call of slot.pending.values()) call.reject(error);
    slot.pending.clear();
  }
}
