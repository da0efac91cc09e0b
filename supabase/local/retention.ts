// The local stand-in for hosted Supabase's pg_cron job (the baseline schedules it): prunes
// the sync change log to its window once at start and then every hour, so a gateway that runs
// for months keeps a bounded log. A failed prune is logged and tried again at the next tick; it
// never stops the gateway.
import type { Log } from './context.ts';
import type { Db } from './db.ts';

export const DEFAULT_RETENTION_DAYS = 30;
const HOUR_MS = 3_600_000;

export interface RetentionOptions {
  /** Changes older than this many days are pruned. */
  readonly days: number;
  /** Between prunes. Default one hour. */
  readonly everyMs?: number;
}

export interface RetentionJob {
  /** Resolves once the timer is off and no prune is running (so the database can be closed). */
  stop(): Promise<void>;
}

export function startRetention(db: Db, options: RetentionOptions, log: Log): RetentionJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const prune = async () => {
    try {
      const rows = await db.query<{ pruned: string }>(
        'select app.prune_sync_changes(make_interval(days => $1::int))::text as pruned',
        [options.days],
      );
      const pruned = Number(rows[0]?.pruned ?? 0);
      if (pruned > 0) log(`pruned ${pruned} sync change${pruned === 1 ? '' : 's'} older than ${options.days} days`);
    } catch (error) {
      log(`pruning sync changes failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // A prune still running when the next tick comes (a huge first prune) is not doubled.
  const tick = () => {
    if (stopped || running) return;
    running = prune().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, options.everyMs ?? HOUR_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
