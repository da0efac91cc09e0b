// Offline copies of other members' tabs: most recent first, a limit on members, and storage that
// is missing, full or holds something unreadable never breaks the tab. Node has no localStorage:
// a Map-backed one with the Web Storage methods stands in, as fake-indexeddb does for IndexedDB.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../tests/support/memory-storage.ts';
import { savedPages } from './saved-pages.ts';

const KEY = 'checkpoint.test-pages';
let storage: ReturnType<typeof memoryStorage>;
const pages = () =>
  savedPages(KEY, 2, (entry) => {
    if (!Array.isArray(entry['items'])) throw new Error('no items');
    return { items: entry['items'].map(Number), more: entry['more'] === true };
  });

beforeEach(() => {
  storage = memoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('saved pages', () => {
  it('reads back what was saved for a member, with when', () => {
    pages().save(7, { items: [1, 2], more: true }, 1_000);
    expect(pages().read(7)).toEqual({ value: { items: [1, 2], more: true }, savedAt: 1_000 });
    expect(pages().read(8)).toBeNull();
  });

  it('keeps the most recently viewed members only, a new save replacing the old one', () => {
    const p = pages();
    p.save(1, { items: [1], more: false }, 1);
    p.save(2, { items: [2], more: false }, 2);
    p.save(1, { items: [10], more: false }, 3);
    p.save(3, { items: [3], more: false }, 4);
    expect(p.read(2)).toBeNull();
    expect(p.read(1)?.value.items).toEqual([10]);
    expect(p.read(3)?.value.items).toEqual([3]);
    expect((JSON.parse(storage.getItem(KEY) ?? '[]') as Array<{ user: number }>).map((e) => e.user)).toEqual([3, 1]);
  });

  it('treats an unreadable entry, or unreadable storage, as no copy', () => {
    storage.setItem(KEY, JSON.stringify([{ user: 5, savedAt: 1, items: 'not a list' }, { user: 'x' }, null]));
    expect(pages().read(5)).toBeNull();
    storage.setItem(KEY, '{not json');
    expect(pages().read(5)).toBeNull();
    pages().save(5, { items: [5], more: false }, 2);
    expect(pages().read(5)?.value.items).toEqual([5]);
  });

  it('a browser that refuses storage just keeps no copy', () => {
    storage.full = true;
    expect(() => pages().save(1, { items: [1], more: false })).not.toThrow();
    expect(pages().read(1)).toBeNull();
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(pages().read(1)).toBeNull();
    expect(() => pages().save(1, { items: [1], more: false })).not.toThrow();
  });
});
