import { describe, expect, it } from 'vitest';
import { cleanOrNull, cleanText, isBlank, MARK_RANGES, SPACE_RANGES } from './blank-text.ts';
import { parseMutation } from './mutations.ts';
import { commentProblem } from './reviews/comments.ts';

const every = (ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)));

describe('isBlank / cleanText', () => {
  it('counts every blank character and direction mark as blank, alone and together', () => {
    const all = [...every(SPACE_RANGES), ...every(MARK_RANGES)];
    for (const ch of all) expect(isBlank(ch), `U+${ch.codePointAt(0)?.toString(16)}`).toBe(true);
    expect(isBlank(all.join(''))).toBe(true);
    expect(cleanText(all.join(''))).toBe('');
    expect(isBlank(' \u200b\u200b ')).toBe(true);
    expect(isBlank('\u00a0\u2060\ufeff\u200e\u202e\u2066\u2069')).toBe(true);
  });

  it('keeps visible text as typed and trims blank space at its edges only', () => {
    expect(cleanText(' \u200b hello \u00a0world\u200b\ufeff\n')).toBe('hello \u00a0world');
    expect(cleanText('a\u200bb')).toBe('a\u200bb');
    // A family emoji is joined by ZWJs: inside the text, never trimmed.
    expect(cleanText(' 👨‍👩‍👧 ')).toBe('👨‍👩‍👧');
    expect(isBlank('👨‍👩‍👧')).toBe(false);
  });

  it('keeps direction marks and tag characters beside visible text', () => {
    expect(cleanText(' שלום!\u200f ')).toBe('שלום!\u200f');
    const scotland = '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}';
    expect(cleanText(`Go ${scotland}`)).toBe(`Go ${scotland}`);
  });

  it('reads null and blank optional fields as null', () => {
    expect(cleanOrNull(undefined)).toBeNull();
    expect(cleanOrNull(null)).toBeNull();
    expect(cleanOrNull('\u3164\u2800')).toBeNull();
    expect(cleanOrNull(' Jo ')).toBe('Jo');
  });

  it('does not count visible look-alikes as blank', () => {
    for (const text of ['.', '_', '\u00b7', 'ㅤa', '\u0301', '0']) expect(isBlank(text), text).toBe(false);
  });
});

describe('the mutations refuse blank text with the spec message', () => {
  const key = '00000000-0000-4000-8000-000000000001';
  it('comment.add and comment.edit', () => {
    expect(() => parseMutation('comment.add', { key, rating_id: 1, content: ' \u200b\u200b ' })).toThrow(
      'Comment cannot be empty',
    );
    expect(() => parseMutation('comment.edit', { id: 1, content: '\ufeff\u200d' })).toThrow(
      'Comment content cannot be empty',
    );
    expect(parseMutation('comment.add', { key, rating_id: 1, content: '\u200b hi 👨‍👩‍👧 \u200b' }).content).toBe('hi 👨‍👩‍👧');
  });

  it('a game name', () => {
    expect(() => parseMutation('game.ensure', { igdb_id: 5, name: '\u2060 ' })).toThrow('Game name is required');
  });

  it('commentProblem, what the comment box says before sending', () => {
    expect(commentProblem(' \u200b\u200b ')).toBe('Comment cannot be empty');
    expect(commentProblem('\u200e', 'edit')).toBe('Comment content cannot be empty');
    expect(commentProblem('ok')).toBeNull();
  });
});
