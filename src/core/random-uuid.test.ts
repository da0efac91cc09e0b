import { afterEach, expect, it, vi } from 'vitest';
import { randomUuid, randomUuids } from './random-uuid.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('makes version 4 UUIDs, each new', () => {
  const ids = Array.from({ length: 1000 }, randomUuid);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(ids.length);
});

it('needs only crypto.getRandomValues, as a page on a plain-HTTP LAN address has (no randomUUID there)', () => {
  const { getRandomValues } = globalThis.crypto;
  vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
  expect(randomUuid()).toMatch(/^[0-9a-f-]{36}$/);
});

it('makes many at once, each new, with the same layout', () => {
  const ids = randomUuids(5000);
  expect(ids).toHaveLength(5000);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(ids.length);
  expect(randomUuids(0)).toEqual([]);
});
