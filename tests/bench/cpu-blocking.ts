// Total Blocking Time from the main thread's CPU time. Lighthouse's TBT takes each
// task's wall-clock length, times the CPU slowdown it emulates (4×): on a shared machine a task's
// wall-clock length includes the time other processes held the CPU, so under load our pages' long
// tasks stretch past 50 ms while the baseline page, with almost none, does not, and the difference
// grows with the machine's load (+ 40 ms idle, + 400 to + 1,050 ms in CI runs of the same code). A
// trace records each task's thread time as well (`tdur`: the CPU time the main thread itself
// spent), which another process's load does not lengthen. The same rule on it: each top-level task
// from the first contentful paint on blocks for max(0, slowdown × CPU time − 50 ms).

/** A trace event as Chromium writes it (times in microseconds). */
export interface TraceTask {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's own CPU time in the event, when the trace recorded it. */
  readonly tdur?: number;
}

/** Lighthouse's names for a main-thread task (TraceProcessor.isScheduleableTask). */
const TASK_NAMES = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'TaskQueueManager::ProcessTaskFromWorkQueue',
]);

/** The time tasks a blocking task counts before it blocks (Lighthouse's 50 ms). */
export const BLOCKING_AFTER_MS = 50;

/**
 * The blocking time, in ms, of the main thread's `events` from `fromTs` (the first contentful
 * paint) on, by CPU time × `slowdown`. Only top-level tasks count: a task inside another (a nested
 * run loop) is part of it.
 */
export function cpuBlockingTime(events: readonly TraceTask[], fromTs: number, slowdown: number): number {
  const tasks = events
    .filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && e.ts >= fromTs && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if (task.ts < coveredUntil) continue;
    coveredUntil = end;
    blocking += Math.max(0, (slowdown * (task.tdur ?? task.dur ?? 0)) / 1000 - BLOCKING_AFTER_MS);
  }
  return blocking;
}
