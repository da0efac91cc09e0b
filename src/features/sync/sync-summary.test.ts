import { expect, it } from 'vitest';
import { INITIAL_STATUS, type SyncStatus } from '../../sync/status.ts';
import { describeLastError } from './last-error.ts';
import { changesWaiting, connectionOf, summarizeSync } from './sync-summary.ts';

const status = (patch: Partial<SyncStatus>): SyncStatus => ({ ...INITIAL_STATUS, ...patch });

it('says nothing when online with nothing pending', () => {
  expect(summarizeSync(status({}), false)).toBeNull();
  expect(summarizeSync(status({ lastSyncedAt: 1, lastError: null }), false)).toBeNull();
});

it('counts waiting changes in the singular and the plural', () => {
  expect(changesWaiting(1)).toBe('1 change waiting');
  expect(changesWaiting(3)).toBe('3 changes waiting');
  expect(summarizeSync(status({ pending: 3 }), false)).toMatchObject({
    label: '3 changes waiting',
    count: null,
    tone: 'pending',
  });
  expect(summarizeSync(status({ pending: 1 }), false)).toMatchObject({ label: '1 change waiting', tone: 'pending' });
});

it('shows Offline, with what waits as a counter', () => {
  expect(summarizeSync(status({ online: false }), false)).toEqual({
    label: 'Offline',
    count: null,
    description: 'Offline',
    tone: 'offline',
  });
  expect(summarizeSync(status({ online: false, pending: 2 }), false)).toEqual({
    label: 'Offline',
    count: 2,
    description: 'Offline · 2 changes waiting',
    tone: 'offline',
  });
});

it("says the server can't be reached when the network is up and the server does not answer, and Offline only without a network", () => {
  expect(connectionOf(status({}))).toBe('online');
  expect(connectionOf(status({ reachable: false }))).toBe('unreachable');
  expect(connectionOf(status({ online: false, reachable: false }))).toBe('offline');
  expect(summarizeSync(status({ reachable: false }), false)).toEqual({
    label: "Can't reach server",
    count: null,
    description: "Can't reach server",
    tone: 'offline',
  });
  expect(summarizeSync(status({ reachable: false, pending: 1 }), false)).toEqual({
    label: "Can't reach server",
    count: 1,
    description: "Can't reach server · 1 change waiting",
    tone: 'offline',
  });
  // No network outranks the server: it cannot be told apart then.
  expect(summarizeSync(status({ online: false, reachable: false, pending: 1 }), false)).toMatchObject({
    label: 'Offline',
    count: 1,
  });
  // A retry running against a server that did not answer keeps saying so until its answer comes
  // (retries come every few seconds while the page is on screen: "Syncing…" would flash with each).
  expect(summarizeSync(status({ reachable: false, syncing: true, pending: 1 }), false)).toEqual({
    label: "Can't reach server",
    count: 1,
    description: "Can't reach server · 1 change waiting",
    tone: 'offline',
  });
  expect(summarizeSync(status({ online: false, syncing: true }), false)).toMatchObject({ label: 'Offline' });
});

it('shows an expired session above the connection, with what waits, until the member signs in again', () => {
  expect(
    summarizeSync(
      status({ sessionExpired: true, pending: 2, lastError: 'Your session has expired. Please sign in again.' }),
      false,
    ),
  ).toEqual({
    label: 'Session expired',
    count: 2,
    description: 'Session expired · 2 changes waiting',
    tone: 'danger',
  });
  expect(summarizeSync(status({ sessionExpired: true, online: false, syncing: true }), false)).toMatchObject({
    label: 'Session expired',
    count: null,
  });
  expect(summarizeSync(status({ sessionExpired: true }), true)).toMatchObject({ label: 'Storage full' });
});

it('shows Syncing… while a sync runs, and a full disk above all', () => {
  expect(summarizeSync(status({ syncing: true, pending: 4 }), false)).toMatchObject({
    label: 'Syncing…',
    tone: 'syncing',
  });
  expect(summarizeSync(status({ syncing: true, online: false }), true)).toMatchObject({
    label: 'Storage full',
    tone: 'danger',
  });
});

it('words a failure to reach the server for people, and keeps other errors as they are', () => {
  expect(describeLastError(status({}))).toBeNull();
  expect(
    describeLastError(status({ online: false, backoffUntil: 5, lastError: 'sync_push failed (no answer): TypeError' })),
  ).toBe('Could not reach the server');
  expect(
    describeLastError(status({ reachable: false, backoffUntil: 5, lastError: 'sync_push failed (503): down' })),
  ).toBe('Could not reach the server');
  expect(describeLastError(status({ lastError: 'Your session has expired. Please sign in again.' }))).toBe(
    'Your session has expired. Please sign in again.',
  );
  expect(
    describeLastError(
      status({ lastError: 'The quota has been exceeded. QuotaExceededError: The quota has been exceeded.' }),
      true,
    ),
  ).toBe('Storage is full');
  // Offline since, but the last failure was not the network's: keep its words.
  expect(
    describeLastError(
      status({ online: false, backoffUntil: null, lastError: 'Your session has expired. Please sign in again.' }),
    ),
  ).toBe('Your session has expired. Please sign in again.');
});

it('says Not saved, with how many, while writes the server refused wait to be dismissed, over syncing and offline', () => {
  expect(summarizeSync(status({ online: false, pending: 2 }), false, 1)).toEqual({
    label: 'Not saved',
    count: 1,
    description: 'Not saved · 1 change refused by the server',
    tone: 'danger',
  });
  expect(summarizeSync(status({ syncing: true }), false, 3)?.description).toBe(
    'Not saved · 3 changes refused by the server',
  );
  // A full disk and an expired session still come first: nothing at all is saved then.
  expect(summarizeSync(status({}), true, 1)?.label).toBe('Storage full');
  expect(summarizeSync(status({ sessionExpired: true }), false, 1)?.label).toBe('Session expired');
  expect(summarizeSync(status({}), false, 0)).toBeNull();
});
