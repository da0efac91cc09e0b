// A box keeps what was typed while the page has not rendered it yet, and takes a text from
// elsewhere (address-draft.ts; the filter box and the search boxes use it).
import { describe, expect, it } from 'vitest';
import { cameBack, handedUp, handUp, type HandedUp } from './address-draft.ts';

const typing = (from: HandedUp, ...texts: string[]): HandedUp => texts.reduce(handUp, from);

describe('cameBack', () => {
  it('leaves the box alone while the address lags behind the keys, then skips to the last one', () => {
    let state = typing(handedUp(''), 's', 'st', 'sta');
    // The page renders the first key while three are typed.
    let step = cameBack(state, 's');
    expect(step).toEqual({ next: { shown: 's', pending: ['st', 'sta'] }, fromElsewhere: false });
    state = step.next;
    // It skips to the last.
    step = cameBack(state, 'sta');
    expect(step).toEqual({ next: handedUp('sta'), fromElsewhere: false });
  });

  it('takes a text that is not its own: cleared by a button, or Back', () => {
    const state = typing(handedUp(''), 'st');
    expect(cameBack(cameBack(state, 'st').next, '')).toEqual({ next: handedUp(''), fromElsewhere: true });
    expect(cameBack(state, 'zelda')).toEqual({ next: handedUp('zelda'), fromElsewhere: true });
  });

  it('is unchanged when the address has not changed', () => {
    const state = typing(handedUp('a'), 'ab');
    const step = cameBack(state, 'a');
    expect(step.next).toBe(state);
    expect(step.fromElsewhere).toBe(false);
  });

  it('clears what it handed up when it typed back to the text on show', () => {
    // "x" then Backspace before the page rendered "x": the address stays "", and "" is the box's own.
    const step = cameBack(typing(handedUp(''), 'x', ''), '');
    expect(step).toEqual({ next: handedUp(''), fromElsewhere: false });
    // So after "q" is rendered, a clear from elsewhere is not mistaken for that old key.
    expect(cameBack(cameBack(typing(step.next, 'q'), 'q').next, '')).toEqual({
      next: handedUp(''),
      fromElsewhere: true,
    });
  });
});
