import { describe, expect, it } from 'vitest';
import { CONTEXT_FIELDS } from '../../core/export/refs.ts';
import { progressText, unfilledText } from './export-text.ts';

describe('progressText', () => {
  it('counts the files of a .zip, and says no count before the first or for one file', () => {
    expect(progressText(null)).toBe('Preparing your export…');
    expect(progressText({ done: 3, total: 6 })).toBe('Preparing your export: 3 of 6 files');
    expect(progressText({ done: 1, total: 1 })).toBe('Preparing your export…');
  });
});

describe('unfilledText', () => {
  const fields = CONTEXT_FIELDS;
  it('names how many comments and likes stayed blank, and why', () => {
    expect(unfilledText({ comments: 2, likes: 1, fields, why: 'offline' })).toBe(
      "2 comments and 1 like are on reviews this device doesn't hold, and Checkpoint couldn't be reached: the review's author and game are blank in the file. Export again when you're online to fill them in.",
    );
    expect(unfilledText({ comments: 0, likes: 1, fields, why: 'offline' })).toMatch(
      /^1 like is on a review this device doesn't hold/,
    );
    expect(unfilledText({ comments: 1, likes: 0, fields, why: 'unknown' })).toBe(
      "1 comment is on a review that is no longer on Checkpoint: the review's author and game are blank in the file.",
    );
  });
});
