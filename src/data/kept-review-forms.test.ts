import { describe, expect, it } from 'vitest';
import { keptFormKey } from '../core/review-form-kept.ts';
import { memoryStorage } from '../../tests/support/memory-storage.ts';
import { browserKeptReviewForms } from './kept-review-forms.ts';

describe('kept review forms', () => {
  it('gives back what was kept, per member and game', () => {
    const storage = memoryStorage();
    const kept = browserKeptReviewForms(storage);
    kept.keep(5, 1942, { text: 'Long review', rating: 7.5 });
    expect(kept.read(5, 1942)).toEqual({ text: 'Long review', rating: 7.5 });
    // A new page (a reload) reads the same.
    expect(browserKeptReviewForms(storage).read(5, 1942)).toEqual({ text: 'Long review', rating: 7.5 });
    expect(kept.read(6, 1942)).toBeNull();
    expect(kept.read(5, 26226)).toBeNull();
  });

  it('keeps nothing for nothing changed, and forgets on request', () => {
    const storage = memoryStorage();
    const kept = browserKeptReviewForms(storage);
    kept.keep(5, 1942, {});
    expect(storage.length).toBe(0);
    kept.keep(5, 1942, { text: 'a' });
    kept.keep(5, 1942, {});
    expect(kept.read(5, 1942)).toBeNull();
    kept.keep(5, 1942, { text: 'b' });
    kept.forget(5, 1942);
    expect(kept.read(5, 1942)).toBeNull();
  });

  it('forgets every member’s at once and leaves the device’s other keys', () => {
    const storage = memoryStorage();
    storage.setItem('checkpoint.theme', 'light');
    const kept = browserKeptReviewForms(storage);
    kept.keep(5, 1, { text: 'a' });
    kept.keep(5, 2, { text: 'b' });
    kept.keep(6, 1, { rating: 2 });
    kept.forgetAll();
    expect([kept.read(5, 1), kept.read(5, 2), kept.read(6, 1)]).toEqual([null, null, null]);
    expect(storage.length).toBe(1);
    expect(storage.getItem('checkpoint.theme')).toBe('light');
  });

  it('ignores a corrupt or foreign value instead of failing', () => {
    const storage = memoryStorage();
    const kept = browserKeptReviewForms(storage);
    storage.setItem(keptFormKey(5, 1), '{not json');
    storage.setItem(keptFormKey(5, 2), JSON.stringify({ rating: 'ten' }));
    storage.setItem(keptFormKey(5, 3), JSON.stringify(['text']));
    expect([kept.read(5, 1), kept.read(5, 2), kept.read(5, 3)]).toEqual([null, null, null]);
  });

  it('is best-effort when the browser refuses storage or has none', () => {
    const full = browserKeptReviewForms(memoryStorage(true));
    expect(() => full.keep(5, 1, { text: 'a' })).not.toThrow();
    expect(full.read(5, 1)).toBeNull();
    const none = browserKeptReviewForms(undefined);
    expect(() => {
      none.keep(5, 1, { text: 'a' });
      none.forgetAll();
    }).not.toThrow();
    expect(none.read(5, 1)).toBeNull();
  });
});
