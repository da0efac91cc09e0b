import { describe, expect, it } from 'vitest';
import { hasSpoiler, hideSpoilers, parseSpoilers, safeCutIndex, SPOILER_PLACEHOLDER, wrapSpoiler } from './spoiler.ts';

describe('parseSpoilers', () => {
  it('splits text into plain and spoiler segments', () => {
    expect(parseSpoilers('Great ending: ||Aerith dies|| and I cried.')).toEqual([
      { kind: 'text', text: 'Great ending: ' },
      { kind: 'spoiler', text: 'Aerith dies' },
      { kind: 'text', text: ' and I cried.' },
    ]);
    expect(parseSpoilers('||a|| and ||b||')).toEqual([
      { kind: 'spoiler', text: 'a' },
      { kind: 'text', text: ' and ' },
      { kind: 'spoiler', text: 'b' },
    ]);
    expect(parseSpoilers('no markers here')).toEqual([{ kind: 'text', text: 'no markers here' }]);
    expect(parseSpoilers('')).toEqual([]);
  });

  it('keeps a spoiler across lines and the spaces inside it', () => {
    expect(parseSpoilers('||line one\n line two ||')).toEqual([{ kind: 'spoiler', text: 'line one\n line two ' }]);
  });

  it('leaves an unbalanced or empty marker as typed', () => {
    expect(parseSpoilers('a || b')).toEqual([{ kind: 'text', text: 'a || b' }]);
    expect(parseSpoilers('||a|| b ||c')).toEqual([
      { kind: 'spoiler', text: 'a' },
      { kind: 'text', text: ' b ||c' },
    ]);
    expect(parseSpoilers('empty |||| and blank ||  ||')).toEqual([
      { kind: 'text', text: 'empty |||| and blank ||  ||' },
    ]);
    expect(parseSpoilers('one | pipe')).toEqual([{ kind: 'text', text: 'one | pipe' }]);
  });

  it('reads a backslash before a pipe as a literal pipe, inside and outside spoilers', () => {
    expect(parseSpoilers('a \\|| b ||')).toEqual([{ kind: 'text', text: 'a || b ||' }]);
    expect(parseSpoilers('||x \\|| y||')).toEqual([{ kind: 'spoiler', text: 'x || y' }]);
    expect(parseSpoilers('C:\\path')).toEqual([{ kind: 'text', text: 'C:\\path' }]);
  });

  it('keeps markup inside a spoiler as text (rendered as text, never as HTML)', () => {
    expect(parseSpoilers('||<img src=x onerror=alert(1)>||')).toEqual([
      { kind: 'spoiler', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('hideSpoilers', () => {
  it('replaces every spoiler by the placeholder and never returns its text', () => {
    const raw = 'Loved it. ||The king is the traitor.|| Also ||Mira lives||.';
    const hidden = hideSpoilers(raw);
    expect(hidden).toBe(`Loved it. ${SPOILER_PLACEHOLDER} Also ${SPOILER_PLACEHOLDER}.`);
    expect(hidden).not.toContain('traitor');
    expect(hidden).not.toContain('Mira');
    expect(hasSpoiler(raw)).toBe(true);
    expect(hasSpoiler('a || b')).toBe(false);
    expect(hideSpoilers('a || b')).toBe('a || b');
  });
});

describe('safeCutIndex', () => {
  const raw = 'Intro text ||secret part|| outro';
  it('moves a cut inside a spoiler before it', () => {
    expect(safeCutIndex(raw, raw.indexOf('secret') + 3)).toBe(raw.indexOf('||'));
    expect(safeCutIndex(raw, 4)).toBe(4);
    expect(safeCutIndex(raw, 500)).toBe(raw.length);
  });
  it('moves it after a spoiler that opens the text, and never between a backslash and its pipe', () => {
    expect(safeCutIndex('||secret|| after', 4)).toBe('||secret||'.length);
    expect(safeCutIndex('a\\|b', 2)).toBe(1);
  });
});

describe('wrapSpoiler (the toolbar button)', () => {
  it('wraps the selection, leaving the spaces around it outside, and selects the wrapped text', () => {
    const value = 'The end: she was dead all along.';
    const from = value.indexOf(' she');
    const edit = wrapSpoiler(value, from, value.length - 1);
    expect(edit.value).toBe('The end: ||she was dead all along||.');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('she was dead all along');
  });
  it('inserts ||spoiler|| at the caret with the word selected', () => {
    const edit = wrapSpoiler('Ending: ', 8, 8);
    expect(edit).toEqual({ value: 'Ending: ||spoiler||', selectionStart: 10, selectionEnd: 17 });
    expect(parseSpoilers(edit.value).at(-1)).toEqual({ kind: 'spoiler', text: 'spoiler' });
  });
});
