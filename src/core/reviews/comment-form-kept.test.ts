import { describe, expect, it } from 'vitest';
import { isKeptCommentKey, keptCommentKey, keptCommentText, readKeptComment } from './comment-form-kept.ts';
import { keptFormKey } from './review-form-kept.ts';

describe('kept comments', () => {
  it('are kept per member and review, and a reply per thread and whom it answers', () => {
    expect(keptCommentKey(5, 42)).toBe('checkpoint.comment-form.5.42');
    expect(keptCommentKey(5, 42, '7.@story_first')).toBe('checkpoint.comment-form.5.42.7.@story_first');
    expect(isKeptCommentKey(keptCommentKey(5, 42))).toBe(true);
    expect(isKeptCommentKey(keptFormKey(5, 42))).toBe(false);
    expect(isKeptCommentKey('checkpoint.theme')).toBe(false);
  });

  it('keep what was typed, not what the form opened with', () => {
    expect(keptCommentText('', 'Great review')).toBe('Great review');
    expect(keptCommentText('', '  spaced  ')).toBe('  spaced  ');
    expect(keptCommentText('', '')).toBeNull();
    expect(keptCommentText('', '   ')).toBeNull();
    // A reply opens with its @mention: that alone is nothing typed.
    expect(keptCommentText('@kim ', '@kim ')).toBeNull();
    expect(keptCommentText('@kim ', '@kim')).toBeNull();
    expect(keptCommentText('@kim ', '@kim agreed')).toBe('@kim agreed');
    // The mention taken out and other words typed: kept as it is.
    expect(keptCommentText('@kim ', 'agreed')).toBe('agreed');
  });

  it('read back only a text the form could have kept', () => {
    expect(readKeptComment('Half a thought')).toBe('Half a thought');
    expect(readKeptComment('x'.repeat(600))).toBe('x'.repeat(600));
    for (const bad of ['', '   ', 'x'.repeat(2001), 42, null, ['text'], { text: 'a' }])
      expect(readKeptComment(bad)).toBeNull();
  });
});
