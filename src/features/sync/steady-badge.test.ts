import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { INITIAL_STATUS, type SyncStatus } from '../../sync/status.ts';
import { PASSING_KEPT_MS, PASSING_SHOWN_AFTER_MS, steadyBadge } from './steady-badge.ts';
import { summarizeSync, type BadgeSummary } from './sync-summary.ts';

const summary = (patch: Partial<SyncStatus>) => summarizeSync({ ...INITIAL_STATUS, ...patch }, false);
const syncing = summary({ syncing: true });
const waiting = summary({ pending: 1 });
const offline = summary({ online: false, pending: 1 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The badge over vitest's clock, and every label it showed, in order ('-' for none). */
function badge() {
  const seen: string[] = [];
  const machine = steadyBadge((shown: BadgeSummary | null) => seen.push(shown?.label ?? '-'), {
    setTimeout(run, ms) {
      const handle = setTimeout(run, ms);
      return () => clearTimeout(handle);
    },
    now: () => Date.now(),
  });
  return { machine, seen };
}

it('shows no pill for a sync or a push that ends within the moment', () => {
  const { machine, seen } = badge();
  machine.update(waiting);
  vi.advanceTimersByTime(100);
  machine.update(syncing);
  vi.advanceTimersByTime(PASSING_SHOWN_AFTER_MS - 200);
  machine.update(null);
  vi.advanceTimersByTime(5 * PASSING_SHOWN_AFTER_MS);
  expect(seen).toEqual([]);
});

it('shows Syncing… once a sync has lasted the moment, and keeps it a while after a quick end', () => {
  const { machine, seen } = badge();
  machine.update(syncing);
  vi.advanceTimersByTime(PASSING_SHOWN_AFTER_MS - 1);
  expect(seen).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(seen).toEqual(['Syncing…']);
  // The sync ends just after: the pill stays its minimum, then goes.
  vi.advanceTimersByTime(50);
  machine.update(null);
  expect(seen).toEqual(['Syncing…']);
  vi.advanceTimersByTime(PASSING_KEPT_MS - 51);
  expect(seen).toEqual(['Syncing…']);
  vi.advanceTimersByTime(1);
  expect(seen).toEqual(['Syncing…', '-']);
});

it('hides a passing pill at once when it has already shown its minimum', () => {
  const { machine, seen } = badge();
  machine.update(syncing);
  vi.advanceTimersByTime(PASSING_SHOWN_AFTER_MS + PASSING_KEPT_MS);
  machine.update(null);
  expect(seen).toEqual(['Syncing…', '-']);
});

it('shows a lasting state at once, and a passing one at once after it, as the pill is already there', () => {
  const { machine, seen } = badge();
  machine.update(offline);
  expect(seen).toEqual(['Offline']);
  vi.advanceTimersByTime(60_000);
  // Back online: the queued change is pushed at once, then all is synced; Syncing… is read first.
  machine.update(syncing);
  expect(seen).toEqual(['Offline', 'Syncing…']);
  machine.update(null);
  expect(seen).toEqual(['Offline', 'Syncing…']);
  vi.advanceTimersByTime(PASSING_KEPT_MS);
  expect(seen).toEqual(['Offline', 'Syncing…', '-']);
  // Offline again, then back with nothing to push: Offline goes at once.
  machine.update(summary({ online: false }));
  machine.update(null);
  expect(seen).toEqual(['Offline', 'Syncing…', '-', 'Offline', '-']);
});

it('shows what the state is by the end of the moment, and a lasting state cuts the wait short', () => {
  const first = badge();
  first.machine.update(syncing);
  vi.advanceTimersByTime(PASSING_SHOWN_AFTER_MS / 2);
  first.machine.update(waiting);
  vi.advanceTimersByTime(PASSING_SHOWN_AFTER_MS / 2);
  expect(first.seen).toEqual(['1 change waiting']);

  const second = badge();
  second.machine.update(syncing);
  vi.advanceTimersByTime(10);
  second.machine.update(offline);
  expect(second.seen).toEqual(['Offline']);
  vi.advanceTimersByTime(5 * PASSING_SHOWN_AFTER_MS);
  expect(second.seen).toEqual(['Offline']);
});

it('a passing state back before the pill went keeps the pill', () => {
  const { machine, seen } = badge();
  machine.update(syncing);
  vi.advanceTimersByTime(PASSING_SHOWN_AFTER_MS);
  machine.update(null);
  vi.advanceTimersByTime(PASSING_KEPT_MS / 2);
  machine.update(waiting);
  vi.advanceTimersByTime(5 * PASSING_KEPT_MS);
  expect(seen).toEqual(['Syncing…', '1 change waiting']);
});

it('leaves no timer behind once disposed', () => {
  const { machine, seen } = badge();
  machine.update(syncing);
  machine.dispose();
  vi.advanceTimersByTime(5 * PASSING_SHOWN_AFTER_MS);
  expect(seen).toEqual([]);
  expect(vi.getTimerCount()).toBe(0);
});
