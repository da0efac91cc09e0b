// The filter box keeps what was typed while the page has not rendered it yet (filter-box.tsx).
import { describe, expect, it } from 'vitest';
import { followValue, type Typed } from './filter-box.tsx';

const start = (value: string): Typed => ({ draft: value, shown: value, pending: [] });
const typing = (from: Typed, ...texts: string[]): Typed => ({
  ...from,
  draft: texts.at(-1) ?? from.draft,
  pending: [...from.pending, ...texts],
});

describe('followValue', () => {
  it('keeps the typed text while the value lags behind it, key after key', () => {
    let typed = typing(start(''), 's', 'st', 'sta');
    // The page renders the first key while three are typed.
    typed = followValue(typed, 's');
    expect(typed).toEqual({ draft: 'sta', shown: 's', pending: ['st', 'sta'] });
    // It skips to the last.
    typed = followValue(typed, 'sta');
    expect(typed).toEqual({ draft: 'sta', shown: 'sta', pending: [] });
  });

  it('takes a value that is not its own: cleared by a button, or Back', () => {
    const typed = typing(start(''), 'st');
    expect(followValue(followValue(typed, 'st'), '')).toEqual(start(''));
    expect(followValue(typed, 'zelda')).toEqual(start('zelda'));
  });

  it('is unchanged when the value has not changed', () => {
    const typed = typing(start('a'), 'ab');
    expect(followValue(typed, 'a')).toBe(typed);
  });

  it('clears what it typed when it typed back to the value on show', () => {
    // "x" then Backspace before the page rendered "x": the value stays "", and "" is the box's own.
    const typed = followValue(typing(start(''), 'x', ''), '');
    expect(typed).toEqual(start(''));
    // So after "q" is rendered, a clear from elsewhere is not mistaken for that old key.
    expect(followValue(followValue(typing(typed, 'q'), 'q'), '')).toEqual(start(''));
  });
});
