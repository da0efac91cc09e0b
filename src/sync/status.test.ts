import { describe, expect, it } from 'vitest';
import { createSyncStatus, INITIAL_STATUS } from './status.ts';

describe('sync status store', () => {
  it('replaces the snapshot and notifies only when a field changes (useSyncExternalStore)', () => {
    const status = createSyncStatus();
    const seen: number[] = [];
    const unsubscribe = status.subscribe(() => seen.push(status.getSnapshot().pending));
    const first = status.getSnapshot();
    expect(first).toEqual(INITIAL_STATUS);
    status.update({ pending: 0, syncing: false });
    expect(status.getSnapshot()).toBe(first);
    status.update({ pending: 2 });
    status.update({ pending: 2 });
    expect(status.getSnapshot()).not.toBe(first);
    expect(status.getSnapshot()).toMatchObject({ pending: 2, syncing: false });
    unsubscribe();
    status.update({ pending: 3 });
    expect(seen).toEqual([2]);
  });

  it('starts from what it is given', () => {
    expect(createSyncStatus({ online: false }).getSnapshot()).toEqual({ ...INITIAL_STATUS, online: false });
  });
});
