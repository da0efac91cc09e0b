// The CPU-time Total Blocking Time (tests/bench/cpu-blocking.ts) that CI's Lighthouse test asserts.
import { describe, expect, it } from 'vitest';
import { cpuBlockingTime, type TraceTask } from '../bench/cpu-blocking.ts';

const ms = 1000;
const task = (startMs: number, wallMs: number, cpuMs: number, name = 'RunTask'): TraceTask => ({
  name,
  ph: 'X',
  ts: startMs * ms,
  dur: wallMs * ms,
  tdur: cpuMs * ms,
});

describe('cpuBlockingTime', () => {
  it('counts each task past 50 ms of CPU time × the slowdown, not its wall-clock length', () => {
    // 40 ms of CPU × 4 = 160 ms: blocks 110. A 300 ms task that ran 10 ms of CPU (the rest another
    // process's) × 4 = 40: blocks nothing. 12.5 ms × 4 = 50: nothing.
    const events = [task(100, 45, 40), task(200, 300, 10), task(600, 13, 12.5)];
    expect(cpuBlockingTime(events, 0, 4)).toBe(110);
    expect(cpuBlockingTime(events, 0, 1)).toBe(0);
  });

  it('counts from the first contentful paint on, top-level tasks only', () => {
    const events = [
      task(10, 100, 100),
      task(500, 100, 60),
      // A nested run loop's task, inside the one before: part of it.
      task(520, 30, 30, 'ThreadControllerImpl::RunTask'),
      task(800, 40, 30, 'ThreadControllerImpl::DoWork'),
      { name: 'FunctionCall', ph: 'X', ts: 900 * ms, dur: 200 * ms, tdur: 200 * ms },
      { name: 'RunTask', ph: 'B', ts: 1200 * ms },
    ];
    expect(cpuBlockingTime(events, 400 * ms, 4)).toBe(190 + 70);
  });

  it('takes the wall-clock length of a task the trace recorded no CPU time for', () => {
    expect(cpuBlockingTime([{ name: 'RunTask', ph: 'X', ts: 0, dur: 20 * ms }], 0, 4)).toBe(30);
  });
});
