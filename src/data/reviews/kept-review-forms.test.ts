import { describe, expect, it } from 'vitest';
import { keptFormKey } from '../../core/reviews/review-form-kept.ts';
import { memoryStorage } from '../../../tests/support/memory-storage.ts';
import { keptCommentKey, readKeptComment } from '../../core/reviews/comment-form-kept.ts';
import { keptStore } from '../kept-forms.ts';
import { browserKeptReviewForms } from './kept-review-forms.ts';

describe('kept review forms (and the store they share with kept comments)', () => {
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

  it('forgets every member’s at once, comments too, and leaves the device’s other keys', () => {
    const storage = memoryStorage();
    storage.setItem('checkpoint.theme', 'light');
    const kept = browserKeptReviewForms(storage);
    const comments = keptStore(readKeptComment, storage);
    kept.keep(5, 1, { text: 'a' });
    kept.keep(5, 2, { text: 'b' });
    kept.keep(6, 1, { rating: 2 });
    comments.keep(keptCommentKey(5, 9), 'a comment');
    comments.keep(keptCommentKey(6, 9, '3.@kim'), '@kim a reply');
    expect(storage.length).toBe(6);
    kept.forgetAll();
    expect([kept.read(5, 1), kept.read(5, 2), kept.read(6, 1)]).toEqual([null, null, null]);
    expect([comments.read(keptCommentKey(5, 9)), comments.read(keptCommentKey(6, 9, '3.@kim'))]).toEqual([null, null]);
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

describe('the kept store', () => {
  it('keeps a value under its key, forgets it for null, and reads through its reader', () => {
    const storage = memoryStorage();
    const comments = keptStore(readKeptComment, storage);
    const key = keptCommentKey(5, 9);
    comments.keep(key, 'typed');
    expect(keptStore(readKeptComment, storage).read(key)).toBe('typed');
    comments.keep(key, null);
    expect(comments.read(key)).toBeNull();
    expect(storage.length).toBe(0);
    storage.setItem(key, JSON.stringify(42));
    expect(comments.read(key)).toBeNull();
  });
});
