// One gateway per PGlite data directory: PGlite is a single-process database, and two processes
// writing one directory would corrupt it. The lock is DATA_DIR/gateway.lock holding the owner's
// pid; a lock whose pid is no longer running (a crash, a kill -9) is taken over.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = 'gateway.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Checkpoint server (pid ${pid}) is already using the data directory ${path.resolve(dataDir)}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return {
        async release() {
          // Only remove a lock that is still ours.
          if ((await readPid(file)) === process.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const owner = await readPid(file);
    if (owner !== undefined && isRunning(owner)) throw new DataDirLockedError(dataDir, owner);
    // Stale (or unreadable, half-written) lock: take it over.
    await rm(file, { force: true });
  }
  throw new Error(`Could not lock the data directory ${path.resolve(dataDir)}`);
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
